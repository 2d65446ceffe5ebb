import { z } from 'zod';
import { AVATAR_MODELS, TALKING_RESOLUTIONS } from '../../engines/spec/talking-video-model.js';
import { ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../../engines/spec/video-model.js';
import { flagField } from '../../shared/body-fields.js';
import { mediaUrl } from '../../shared/media-fields.js';
import { REFERENCE_IMAGE_TYPES } from './video-request-check.js';
import { DEFAULT_VIDEO_MODEL } from './videos.service.js';

/** Seconds as a number, a string ("5") or with its unit ("8s", as some models' option lists write it). */
export const seconds = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}\s*s?$/i, 'must be a whole number of seconds')
        .transform((v) => Number.parseInt(v, 10)),
    ])
    .pipe(z.number().int().min(1).max(max));

const referenceList = <T extends z.ZodType>(item: T, what: string) => z.array(item).max(50, `at most 50 ${what}`);
const referenceClip = z.strictObject({ url: mediaUrl });

/** The body of POST /api/generate-video (the hosted reference's GenerateVideoRequest, 1.0.5); the MCP tool takes the same. */
export const generateVideoBody = (maxSeconds: number) =>
  z.strictObject({
    prompt: z.string().trim().min(1).max(2000),
    model: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default(DEFAULT_VIDEO_MODEL)
      .describe(
        `A name from GET /api/video-models; case and punctuation do not matter. Defaults to "${DEFAULT_VIDEO_MODEL}" (the 1.0.4 default) for older clients`,
      ),
    duration: seconds(maxSeconds)
      .optional()
      .describe(
        `Seconds, as a string such as "5" or "8s"; 1 to ${maxSeconds}. Absent: 5 when the model makes 5 s, else its first length`,
      ),
    aspectRatio: z
      .enum(ASPECT_RATIOS)
      .optional()
      .describe(
        '16:9 where the model takes it, else the model\'s first; absent for a "from input" model: the first frame\'s shape',
      ),
    resolution: z
      .enum(VIDEO_RESOLUTIONS)
      .optional()
      .describe(
        "The model's resolutions (GET /api/video-models); the embedded engine makes 360p to 1080p, and 2k and 4k at 1080p, with a warning",
      ),
    generateAudio: flagField
      .optional()
      .describe(
        'true: a narrated track (a warning when no local voice can speak); false: no audio track; absent: narrated when a local voice is available, else silent',
      ),
    image: mediaUrl.optional().describe('The first frame (image-to-video)'),
    tailImage: mediaUrl
      .optional()
      .describe('The last frame, with image, for "first image + optional last image" models'),
    referenceImages: referenceList(
      z.strictObject({ url: mediaUrl, type: z.enum(REFERENCE_IMAGE_TYPES).optional() }),
      'reference images',
    )
      .optional()
      .describe('Pictures the clip should show ({url, type?: character, object or style}); how many: per model'),
    referenceVideo: mediaUrl.optional().describe('One reference clip (referenceVideos wins when both are given)'),
    referenceVideos: referenceList(referenceClip, 'reference videos')
      .optional()
      .describe('Reference clips ({url}); not with image or tailImage. Checked, but not followed by the local engine'),
    referenceAudios: referenceList(referenceClip, 'reference audios')
      .optional()
      .describe('Reference audio ({url}), the soundtrack here; needs a reference image or video, not with image'),
  });

/**
 * The generate_video tool's arguments: the body with the hosted MCP server's snake_case names (aspect_ratio,
 * generate_audio, reference_videos) beside the REST ones, which older agents send.
 */
export const generateVideoToolArgs = (maxSeconds: number) => {
  const body = generateVideoBody(maxSeconds);
  return body.extend({
    prompt: body.shape.prompt.meta({ examples: ['A sunrise over the sea'] }),
    aspect_ratio: z.enum(ASPECT_RATIOS).optional().describe('16:9 (the default), 9:16, 1:1...'),
    generate_audio: body.shape.generateAudio,
    reference_videos: body.shape.referenceVideos.describe('The same as referenceVideos'),
    aspectRatio: z.enum(ASPECT_RATIOS).optional().describe('The same as aspect_ratio (the REST spelling)'),
    generateAudio: body.shape.generateAudio.describe('The same as generate_audio (the REST spelling)'),
  });
};

/** The body of POST /api/generate-talking-video (the hosted reference's GenerateTalkingVideoRequest); the MCP tool takes the same. */
export const generateTalkingVideoBody = (maxCharacters: number) =>
  z.strictObject({
    image: mediaUrl
      .optional()
      .describe('A face picture to animate (PNG, JPEG or WebP, at least 512x512); give image or video'),
    video: mediaUrl
      .optional()
      .describe('A clip of a face (MP4 or MOV, 3 to 300 seconds) to give the speech to; give image or video'),
    text: z
      .string()
      .trim()
      .min(1)
      .max(maxCharacters)
      .optional()
      .describe("What the face says, spoken with voiceID; with audio, it is only the captions' text"),
    voiceID: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('A voice from GET /api/get-text-to-speech-voices; needed with text when there is no audio'),
    audio: mediaUrl.optional().describe('The speech as an audio file (at most 5 minutes), instead of text and voiceID'),
    avatarModel: z
      .enum(AVATAR_MODELS)
      .optional()
      .describe('premium (the default) or standard; for a picture only; the offline engine animates both alike'),
    resolution: z
      .enum(TALKING_RESOLUTIONS)
      .default('480p')
      .describe('480p (the default) or 720p: the short side of the frame'),
    generateCaptions: flagField.optional().describe('Burn in captions, the word being spoken highlighted'),
    captionColor: z
      .string()
      .trim()
      .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a hex colour such as #FFD700')
      .optional()
      .describe("The highlighted word's colour, as hex (#FFD700 by default)"),
  });

/** A video record as the API returns it. */
export const videoSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  url: z.string().describe('Empty until the video is ready'),
  model: z.string(),
  engine: z.string().describe('The engine that makes it: ffmpeg'),
  requested_model: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  error: z.string().optional().describe('Why it failed; its credits were refunded'),
  created_at: z.string(),
  request: z.object({
    duration: z.string(),
    aspectRatio: z.string(),
    isTextToVideo: z.boolean(),
    isImageToVideo: z.boolean(),
    resolution: z.string().optional(),
    generateAudio: z.boolean().optional(),
    isTalkingVideo: z.boolean().optional().describe('A talking video (POST /api/generate-talking-video)'),
    voiceID: z.string().optional(),
    avatarModel: z.string().optional(),
    generateCaptions: z.boolean().optional(),
    captionColor: z.string().optional(),
    hasAudio: z.boolean().optional().describe('A talking video whose speech was given as an audio file'),
  }),
  used_credits: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
