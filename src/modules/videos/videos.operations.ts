import { z } from 'zod';
import { videoLimitsSchema } from '../../engines/media/video-limits.js';
import { defineOperation, toolArgs } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { catalogueEntry, olderThanQuery, recordId } from '../../shared/media-fields.js';
import { generateTalkingVideoBody, generateVideoBody, generateVideoToolArgs, videoSchema } from './videos.schemas.js';
import { DEFAULT_VIDEO_MODEL, type VideosService } from './videos.service.js';

const tags = ['videos'];

const createdVideo = z.object({
  id: z.number().int(),
  prompt: z.string(),
  image_url: z.literal(''),
  model: z.string(),
  is_video: z.literal(true),
  created_at: z.string(),
  status: z.literal('processing'),
  used_credits: z.number(),
  requested_model: z.string(),
  engine: z.string(),
});

export function videoOperations(videos: VideosService, maxSeconds: number, maxSpeechCharacters: number) {
  return {
    generateVideo: defineOperation({
      name: 'generate_video',
      summary: 'Generate a video (asynchronous: poll GET /api/get-video); paid plans only',
      description: 'Credits are reserved per second of video and refunded if it fails.',
      tags,
      idempotent: true,
      input: generateVideoBody(maxSeconds),
      output: createdVideo,
      errors: [400, 401, 402, 403, 409, 422, 429],
      run: async ({ duration, ...rest }, { caller }) =>
        unwrap(await videos.create(caller, { ...rest, durationSeconds: duration })),
      http: { method: 'POST', path: '/api/generate-video' },
      tool: {
        description: `Generate a short video (paid plans; asynchronous): prompt, model (default here "${DEFAULT_VIDEO_MODEL}"; e.g. MiniMax H3 Max, Veo 3.1 Fast, Seedance 2.5; GET /api/video-models lists each model's input, durations, resolutions and aspect ratios), duration in seconds (5 when the model makes it), aspect_ratio (16:9 by default, 9:16, 1:1, 4:3, 3:4, 21:9, 3:2, 2:3), resolution, generate_audio, image (a first-frame URL; pick the model's Image variant), tailImage (a last frame), referenceImages, reference_videos, referenceAudios. Credits per second, reserved now and refunded if it fails. Returns an id at once: poll get_video with it every 15 to 30 s (videos take minutes) until status is completed; never start another for the wait.`,
        args: toolArgs(
          generateVideoToolArgs(maxSeconds),
          ({ aspect_ratio, generate_audio, reference_videos, ...rest }) => ({
            ...rest,
            aspectRatio: aspect_ratio ?? rest.aspectRatio,
            generateAudio: generate_audio ?? rest.generateAudio,
            referenceVideos: reference_videos ?? rest.referenceVideos,
          }),
        ),
        pending: () => true,
      },
    }),
    generateTalkingVideo: defineOperation({
      name: 'generate_talking_video',
      summary:
        'Generate a talking video: a face picture or clip made to speak (asynchronous: poll GET /api/get-video); paid plans only',
      description:
        'Give image or video, and text with voiceID or audio. Credits are held for the longest the speech could be (its text spoken slowly, or 5 minutes for an audio file), charged per second of speech when it is made, and given back if it fails.',
      tags,
      idempotent: true,
      input: generateTalkingVideoBody(maxSpeechCharacters),
      output: createdVideo,
      errors: [400, 401, 402, 403, 409, 422, 429],
      run: async (input, { caller }) => unwrap(await videos.createTalking(caller, input)),
      http: { method: 'POST', path: '/api/generate-talking-video' },
      tool: {
        description:
          'Make a talking video (paid plans; asynchronous): image (a face picture URL) or video (a face clip URL, 3-300 s), and either text + voiceID (from list_voices) or audio (an audio URL, at most 5 minutes); resolution 480p or 720p; generateCaptions with captionColor (hex). Returns an id at once: poll get_video with it every 15 to 30 s until status is completed.',
        needs: [
          [['image'], ['video']],
          [['text', 'voiceID'], ['audio']],
        ],
        pending: () => true,
      },
    }),
    getVideo: defineOperation({
      name: 'get_video',
      summary: 'Read a video by id',
      description: 'Poll while status is processing; completed gives url, failed gives error.',
      tags,
      input: z.object({ video_id: recordId('the id from the video-creation response') }),
      output: z.object({ video: videoSchema }),
      errors: [400, 401, 404, 429],
      run: async ({ video_id: id }, { caller }) => ({ video: unwrap(await videos.read(caller, id)) }),
      http: { method: 'GET', path: '/api/get-video' },
      tool: {
        description:
          'Read a video by video_id (the id generate_video or generate_talking_video returned): {video: {id, url, status, ...}}; status is processing until completed (with url) or failed (with error, its credits refunded). Poll every 15 to 30 s; videos usually take 1 to 5 minutes.',
        pending: ({ video }) => video.status === 'processing',
      },
    }),
    listVideos: defineOperation({
      name: 'list_videos',
      summary: 'Your videos, newest first',
      tags,
      input: olderThanQuery('videos'),
      output: z.object({ videos: z.array(videoSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit, before }, { caller }) => ({ videos: await videos.list(caller, limit, before) }),
      http: { method: 'GET', path: '/api/videos' },
    }),
    listVideoModels: defineOperation({
      name: 'list_video_models',
      summary: 'The video models offered here and their price in credits per second',
      tags,
      input: z.object({}),
      output: z.object({
        models: z.array(
          catalogueEntry.extend({
            credits_per_second: z.number(),
            limits: videoLimitsSchema
              .nullable()
              .describe(
                'What the hosted service takes of it (input, durations, resolutions, aspectRatios, references, free plan); null: whatever the engine makes',
              ),
          }),
        ),
      }),
      errors: [401, 429],
      run: () => ({ models: videos.catalogue() }),
      http: { method: 'GET', path: '/api/video-models' },
    }),
  };
}
