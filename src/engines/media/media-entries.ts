import { z } from 'zod';
import { IMAGE_ENGINES } from '../providers/provider-envs.js';
import { videoLimitsSchema } from './video-limits.js';

const SIZE = /^[1-9][0-9]{1,3}x[1-9][0-9]{1,3}$/;
/** A model family ("flux", "openai-dalle"): ATELIER_IMAGE_ROUTES names one to route all its models at once. */
const familyName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, 'expected letters, digits, spaces, . _ or -');

/** An entry of ATELIER_IMAGE_MODELS (and of the default image catalogue). */
export const imageModelSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  aliases: z.array(z.string().trim().min(1).max(100)).default([]),
  /** Routes by family apply to it; a name of the default catalogue gets its family there when this is absent. */
  family: familyName.optional(),
  /** In order of preference: the first one configured here serves the model. */
  engines: z.array(z.enum(IMAGE_ENGINES)).min(1),
  /** The model name sent upstream (openai-compatible) or the checkpoint to load (automatic1111). */
  upstreamModel: z.string().min(1).optional(),
  /** A gpt-image quality tier the name stands for ("OpenAI GPT Image 2 Low"): sent upstream as `quality`. */
  quality: z.enum(['low', 'medium', 'high']).optional(),
  credits: z.number().int().min(0),
  hdCredits: z.number().int().min(0).optional(),
  /** Sizes the model can make ("1024x1024"); any size within the general bounds when absent. */
  sizes: z.array(z.string().regex(SIZE)).min(1).optional(),
});
export type ImageModelEntry = z.input<typeof imageModelSchema>;

/** An entry of ATELIER_VIDEO_MODELS (and of the default video catalogue). */
export const videoModelSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  aliases: z.array(z.string().trim().min(1).max(100)).default([]),
  family: familyName.optional(),
  creditsPerSecond: z.number().int().min(0),
  /** Its inputs, durations, resolutions... as the hosted service checks them; a default model's when absent. */
  limits: videoLimitsSchema.optional(),
});
export type VideoModelEntry = z.input<typeof videoModelSchema>;
