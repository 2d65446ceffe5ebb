import { z } from 'zod';
import { ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../../engines/spec/video-model.js';
import { flagField } from '../../shared/body-fields.js';
import { mediaUrl } from '../../shared/media-fields.js';
import { DEFAULT_VIDEO_MODEL } from './videos.service.js';

/** Seconds as a number, a string ("5") or with its unit ("8s", as some models' option lists write it). */
const seconds = (max: number) =>
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

/** The body of POST /api/generate-video (the hosted reference's GenerateVideoRequest); the MCP tool takes the same. */
export const generateVideoBody = (maxSeconds: number) =>
  z.strictObject({
    prompt: z.string().trim().min(1).max(2000),
    model: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default(DEFAULT_VIDEO_MODEL)
      .describe('A name from GET /api/video-models; case and punctuation do not matter'),
    duration: seconds(maxSeconds).default(5).describe(`Seconds, as a string such as "5"; 1 to ${maxSeconds}`),
    aspectRatio: z.enum(ASPECT_RATIOS).default('16:9'),
    resolution: z
      .enum(VIDEO_RESOLUTIONS)
      .optional()
      .describe(
        '720p (1280 pixels on the long side, the default) or 1080p (1920); 4k is made at 1080p, with a warning',
      ),
    generateAudio: flagField
      .optional()
      .describe(
        'true: a narrated track (a warning when no local voice can speak); false: no audio track; absent: narrated when a local voice is available, else silent',
      ),
    image: mediaUrl.optional().describe('Image-to-video: the picture the clip is made from'),
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
  }),
  used_credits: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
