import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { AppError } from '../../shared/errors.js';
import type { OpenAiVideos } from './openai-videos.js';
import {
  openAiVideoBody,
  openAiVideoId,
  openAiVideoList,
  openAiVideoListQuery,
  openAiVideoSchema,
} from './openai-videos.schemas.js';

const tags = ['videos'];

/**
 * OpenAI's video API. Under /v1, and under /api where the path is free: GET /api/videos is the hosted list (its
 * own shape), so OpenAI's list answers at /v1/videos only.
 */
export function openAiVideoOperations(videos: OpenAiVideos, maxSeconds: number) {
  return {
    createVideo: defineOperation({
      name: 'openai_create_video',
      summary: 'Create a video in the OpenAI format (the official openai client works with baseURL <base>/v1)',
      description:
        'JSON, or multipart/form-data with input_reference as a file part (the first frame; checked before use). ' +
        'Answers at once with status queued; poll GET /v1/videos/{id}. The same records, jobs and credits as POST /api/generate-video (credits per second, refunded if it fails); paid plans only.',
      tags,
      // Null for a multipart form, which the route reads and checks with this schema itself.
      input: openAiVideoBody(maxSeconds).nullish(),
      output: openAiVideoSchema,
      errors: [400, 401, 402, 403, 413, 429],
      run: (body, { caller }) => {
        if (!body) throw new AppError('invalid_input', 'body: send JSON or multipart/form-data with a prompt');
        return videos.create(caller, body);
      },
      http: {
        method: 'POST',
        path: '/v1/videos',
        aliases: ['/api/videos'],
        operationId: 'createVideo',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
    retrieveVideo: defineOperation({
      name: 'openai_retrieve_video',
      summary: 'One video in the OpenAI format: status queued, in_progress, completed or failed',
      tags,
      input: z.object({}),
      params: openAiVideoId,
      output: openAiVideoSchema,
      errors: [400, 401, 404, 429],
      run: ({ id }, { caller }) => videos.retrieve(caller, id),
      http: {
        method: 'GET',
        path: '/v1/videos/:id',
        aliases: ['/api/videos/:id'],
        operationId: 'retrieveVideo',
        openaiErrors: true,
      },
    }),
    listOpenAiVideos: defineOperation({
      name: 'openai_list_videos',
      summary: "Your videos in OpenAI's list shape (after, limit, order); at /v1 only",
      tags,
      input: openAiVideoListQuery,
      output: openAiVideoList,
      errors: [400, 401, 429],
      run: (query, { caller }) => videos.list(caller, query),
      http: { method: 'GET', path: '/v1/videos', operationId: 'listVideosOpenAi', openaiErrors: true },
    }),
    videoContent: defineOperation({
      name: 'openai_video_content',
      summary: 'The MP4 of a completed video (OpenAI format); 409 before it is ready',
      tags,
      input: z.strictObject({
        variant: z.literal('video').optional().describe('Only video: no thumbnails or sprite sheets are made here'),
      }),
      params: openAiVideoId,
      output: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ description: 'The clip, video/mp4' }),
      errors: [400, 401, 404, 409, 429],
      run: ({ id }, { caller }) => videos.content(caller, id),
      http: {
        method: 'GET',
        path: '/v1/videos/:id/content',
        aliases: ['/api/videos/:id/content'],
        operationId: 'downloadVideoContent',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
    deleteVideo: defineOperation({
      name: 'openai_delete_video',
      summary: 'Delete a completed or failed video and its file (OpenAI format); 409 while it is being made',
      tags,
      input: z.object({}),
      params: openAiVideoId,
      output: z.object({ id: z.string(), object: z.literal('video.deleted'), deleted: z.literal(true) }),
      errors: [400, 401, 404, 409, 429],
      run: ({ id }, { caller }) => videos.delete(caller, id),
      http: {
        method: 'DELETE',
        path: '/v1/videos/:id',
        aliases: ['/api/videos/:id'],
        operationId: 'deleteVideo',
        openaiErrors: true,
      },
    }),
  };
}
