import { z } from 'zod';
import { ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../spec/video-model.js';

/**
 * What a video model is made from, as the hosted catalogue (1.0.5) says: text; a first frame (`image`); a first
 * frame and an optional last one (`image`, `tailImage`); reference pictures (`referenceImages`); reference pictures
 * or clips (`referenceImages`, `referenceVideos`).
 */
export const VIDEO_INPUTS = ['text', 'first-frame', 'first-last-frame', 'references', 'references-or-video'] as const;
export type VideoInput = (typeof VIDEO_INPUTS)[number];

/** How many reference clips (video or audio) a model takes, how long and how large each may be. */
export const referenceClipLimits = z.strictObject({
  max: z.int().min(1).max(50),
  minSeconds: z.number().positive().max(300).optional(),
  maxSeconds: z.number().positive().max(300).optional(),
  totalSeconds: z.number().positive().max(600).optional(),
  maxMiB: z.number().positive().max(500).optional(),
  /** Audio only: the file types taken (checked by their first bytes); any audio ffmpeg decodes when absent. */
  formats: z
    .array(z.enum(['wav', 'mp3']))
    .min(1)
    .optional(),
});
export type ReferenceClipLimits = z.infer<typeof referenceClipLimits>;

/** A model's inputs and options as the hosted service checks them; an entry without it takes what the engine makes. */
export const videoLimitsSchema = z.strictObject({
  input: z.enum(VIDEO_INPUTS),
  /** Whole seconds it makes; absent: the provider chooses (any length here). */
  durations: z.array(z.int().min(1).max(300)).min(1).optional(),
  /** Absent: the provider chooses (the engine's own resolutions here). */
  resolutions: z.array(z.enum(VIDEO_RESOLUTIONS)).min(1).optional(),
  /** "input": the clip takes the first frame's shape (omit aspectRatio); absent: any. */
  aspectRatios: z.union([z.literal('input'), z.array(z.enum(ASPECT_RATIOS)).min(1)]).optional(),
  referenceImages: z.int().min(1).max(50).optional(),
  referenceVideos: referenceClipLimits.optional(),
  referenceAudios: referenceClipLimits.optional(),
  /** always: the model makes its own sound whatever generateAudio says; toggle: generateAudio turns it on. */
  nativeAudio: z.enum(['always', 'toggle']).optional(),
  /** A variant free accounts may use: only at this resolution (sent explicitly), and at most this long. */
  freePlan: z
    .strictObject({ resolution: z.enum(VIDEO_RESOLUTIONS), maxSeconds: z.int().min(1).max(300).optional() })
    .optional(),
});
export type VideoLimits = z.infer<typeof videoLimitsSchema>;

/** What the embedded engine takes of a model that has no hosted limits (the older names, builtin-slideshow). */
export const ENGINE_REFERENCE_LIMITS = {
  referenceImages: 9,
  referenceVideos: { max: 3, maxSeconds: 30, totalSeconds: 30, maxMiB: 50 },
  referenceAudios: { max: 3, maxSeconds: 30, totalSeconds: 30, maxMiB: 15 },
} as const satisfies Pick<VideoLimits, 'referenceImages' | 'referenceVideos' | 'referenceAudios'>;

/** The resolutions the embedded engine makes (others are refused for a model that lists none). */
export const ENGINE_RESOLUTIONS = ['720p', '1080p', '4k'] as const;
