import { z } from 'zod';
import { mediaUrl } from '../../shared/media-fields.js';
import { uploadedFiles } from '../images/uploaded-file.js';
import { seconds } from './videos.schemas.js';

/** OpenAI's default video model when a request names none. */
export const OPENAI_DEFAULT_VIDEO_MODEL = 'sora-2';

/** The body (JSON) or form (multipart, with input_reference as a file) of POST /v1/videos (OpenAI's VideoCreateParams). */
export const openAiVideoBody = (maxSeconds: number) =>
  z.strictObject({
    prompt: z.string().trim().min(1).max(2000),
    model: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'sora-2 (the default), sora-2-pro or any name of GET /api/video-models; ATELIER_OPENAI_VIDEO_ALIASES may send a name to another model',
      ),
    seconds: seconds(maxSeconds)
      .optional()
      .describe(`Seconds as a string ("4", "8", "12"); 1 to ${maxSeconds} here; default 4`),
    size: z
      .string()
      .trim()
      .regex(/^\d{2,4}x\d{2,4}$/, 'must be WIDTHxHEIGHT, e.g. 1280x720 or 720x1280')
      .optional()
      .describe('WIDTHxHEIGHT (720x1280 the default); made at the nearest aspect ratio and resolution the engine has'),
    input_reference: z
      .union([uploadedFiles('input_reference', 1), z.strictObject({ image_url: mediaUrl })])
      .optional()
      .describe('The first frame: a file part (PNG, JPEG or WebP) or {image_url}'),
  });
export type OpenAiVideoBody = z.output<ReturnType<typeof openAiVideoBody>>;

export const openAiVideoId = z.object({
  id: z
    .string()
    .regex(/^video_\d{12}$/, 'must be a video id such as video_000000000012')
    .describe('The id POST /v1/videos answered (video_<number>)'),
});

/** OpenAI's Video object. */
export const openAiVideoSchema = z.object({
  id: z.string(),
  object: z.literal('video'),
  model: z.string(),
  status: z.enum(['queued', 'in_progress', 'completed', 'failed']),
  progress: z.number().int().describe('0 until the clip is made, 100 when it is: the engines report no steps between'),
  created_at: z.number().int(),
  completed_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable().describe('Null: kept until deleted'),
  prompt: z.string().nullable(),
  seconds: z.string(),
  size: z.string(),
  remixed_from_video_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  warnings: z.array(z.string()).optional().describe('An Atelier addition: what could not be honoured'),
});
export type OpenAiVideo = z.input<typeof openAiVideoSchema>;

export const openAiVideoListQuery = z.strictObject({
  after: openAiVideoId.shape.id.optional().describe('The last id of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const openAiVideoList = z.object({
  object: z.literal('list'),
  data: z.array(openAiVideoSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
