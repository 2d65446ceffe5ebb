import type { VideoModelEntry } from './media-entries.js';
import { HOSTED_VIDEO_MODELS } from './hosted-video-models.js';
import { ModelCatalogue } from './model-catalogue.js';

type Model = Omit<VideoModelEntry, 'family'>;

const family = (name: string, models: Model[]): VideoModelEntry[] =>
  models.map((model) => ({ ...model, family: name }));

/**
 * The video models clients ask for by name (the hosted 1.0.5 catalogue with its limits, the 1.0.4 default
 * "Kling 1.0", and the older names integrations still offer), by family. The embedded ffmpeg engine serves
 * them all; the price per second follows what the name stands for. ATELIER_VIDEO_MODELS replaces this list.
 */
export const DEFAULT_VIDEO_MODELS: VideoModelEntry[] = [
  // First: what the engine is, and the dashboard's default choice.
  ...family('builtin', [{ name: 'builtin-slideshow', aliases: ['builtin', 'slideshow'], creditsPerSecond: 2 }]),
  ...HOSTED_VIDEO_MODELS,
  // Names the hosted catalogue no longer lists (or never did) that clients still send: they keep working.
  ...family('veo', [
    { name: 'Veo 3', creditsPerSecond: 4 },
    { name: 'Veo 2', creditsPerSecond: 3 },
  ]),
  ...family('kling', [
    { name: 'Kling 1.0', aliases: ['kling', 'kling-v1'], creditsPerSecond: 1 },
    { name: 'Kling 1.6', aliases: ['kling-v1-6'], creditsPerSecond: 2 },
    { name: 'Kling Motion Control', creditsPerSecond: 3 },
    { name: 'Kling Motion Control Pro', creditsPerSecond: 4 },
  ]),
  ...family('sora', [
    { name: 'Sora 2', aliases: ['sora'], creditsPerSecond: 3 },
    { name: 'Sora 2 Image', creditsPerSecond: 3 },
    { name: 'Sora 2 Pro', creditsPerSecond: 5 },
    { name: 'Sora 2 Pro Image', creditsPerSecond: 5 },
  ]),
  ...family('wan', [{ name: 'Wan 2.1', creditsPerSecond: 1 }]),
  ...family('runway', [
    {
      name: 'Runway Gen-3',
      aliases: ['gen3a_turbo', 'gen-3 alpha', 'runway gen-3 alpha', 'runway'],
      creditsPerSecond: 2,
    },
    { name: 'Runway Gen-4 Turbo', aliases: ['gen4_turbo', 'gen-4 turbo'], creditsPerSecond: 2 },
  ]),
  ...family('luma', [
    { name: 'Luma Dream Machine', aliases: ['dream machine', 'luma'], creditsPerSecond: 2 },
    { name: 'Luma Ray 2', aliases: ['ray-2', 'ray 2'], creditsPerSecond: 3 },
  ]),
  ...family('pika', [{ name: 'Pika', aliases: ['pika 2.2', 'pika labs'], creditsPerSecond: 2 }]),
  ...family('stable-video', [{ name: 'Stable Video Diffusion', aliases: ['svd'], creditsPerSecond: 1 }]),
];

const defaultVideos = ModelCatalogue.of(DEFAULT_VIDEO_MODELS);

/** The family of a default video model by any of its spellings: for configured entries that name none. */
export const defaultVideoFamily = (name: string): string | undefined => defaultVideos.find(name)?.family;
/** The hosted limits of a default video model by any of its spellings: for configured entries that give none. */
export const defaultVideoLimits = (name: string) => defaultVideos.find(name)?.limits;
