import type { VideoModelEntry } from './media-entries.js';
import { ModelCatalogue } from './model-catalogue.js';

type Model = Omit<VideoModelEntry, 'family'>;

const family = (name: string, models: Model[]): VideoModelEntry[] =>
  models.map((model) => ({ ...model, family: name }));

/**
 * The video models clients ask for by name (every name of the hosted reference's list, its default
 * "Kling 1.0", and the older names integrations still offer), by family. The embedded ffmpeg engine serves
 * them all; the price per second follows what the name stands for. ATELIER_VIDEO_MODELS replaces this list.
 */
export const DEFAULT_VIDEO_MODELS: VideoModelEntry[] = [
  // First: what the engine is, and the dashboard's default choice.
  ...family('builtin', [{ name: 'builtin-slideshow', aliases: ['builtin', 'slideshow'], creditsPerSecond: 2 }]),
  ...family('veo', [
    { name: 'Veo 3.1 Fast', creditsPerSecond: 3 },
    { name: 'Veo 3.1 Fast Image', creditsPerSecond: 3 },
    { name: 'Veo 3.1 Fast First-Last Frame', creditsPerSecond: 3 },
    { name: 'Veo 3.1', creditsPerSecond: 4 },
    { name: 'Veo 3.1 Image', creditsPerSecond: 4 },
    { name: 'Veo 3.1 First-Last Frame', creditsPerSecond: 4 },
    { name: 'Veo 3', creditsPerSecond: 4 },
    { name: 'Veo 2', creditsPerSecond: 3 },
  ]),
  ...family('grok-imagine', [
    { name: 'Grok Imagine', aliases: ['grok-imagine-video'], creditsPerSecond: 2 },
    { name: 'Grok Imagine Image', creditsPerSecond: 2 },
  ]),
  ...family('kling', [
    { name: 'Kling 1.0', aliases: ['kling', 'kling-v1'], creditsPerSecond: 1 },
    { name: 'Kling 1.6', aliases: ['kling-v1-6'], creditsPerSecond: 2 },
    { name: 'Kling 2.5 Turbo Standard', creditsPerSecond: 2 },
    { name: 'Kling 2.5 Turbo Pro', creditsPerSecond: 3 },
    { name: 'Kling 2.5 Turbo Pro Image', creditsPerSecond: 3 },
    { name: 'Kling 2.6 Pro', aliases: ['kling-v2-6-pro'], creditsPerSecond: 3 },
    { name: 'Kling 2.6 Pro Image', creditsPerSecond: 3 },
    { name: 'Kling 3.0 Standard', creditsPerSecond: 3 },
    { name: 'Kling 3.0 Standard Image', creditsPerSecond: 3 },
    { name: 'Kling 3.0 Pro', creditsPerSecond: 4 },
    { name: 'Kling 3.0 Pro Image', creditsPerSecond: 4 },
    { name: 'Kling O1 Image', creditsPerSecond: 3 },
    { name: 'Kling O1 Reference', creditsPerSecond: 3 },
    { name: 'Kling Motion Control', creditsPerSecond: 3 },
    { name: 'Kling Motion Control Pro', creditsPerSecond: 4 },
  ]),
  ...family('seedance', [
    { name: 'Seedance 1.0 Pro Fast', creditsPerSecond: 2 },
    { name: 'Seedance v1 Pro Fast', creditsPerSecond: 2 },
    { name: 'Seedance 1.5 Pro', creditsPerSecond: 3 },
    { name: 'Seedance 1.5 Pro Image', creditsPerSecond: 3 },
    { name: 'Seedance 1.5 Pro First-Last Frame', creditsPerSecond: 3 },
    { name: 'Seedance 2.0', aliases: ['seedance-2'], creditsPerSecond: 4 },
  ]),
  ...family('ltx', [
    { name: 'LTX-2 Fast', creditsPerSecond: 1 },
    { name: 'LTX-2 Fast Image', creditsPerSecond: 1 },
    { name: 'LTX-2 Pro', aliases: ['ltx-2', 'ltx'], creditsPerSecond: 2 },
    { name: 'LTX-2 Pro Image', creditsPerSecond: 2 },
  ]),
  ...family('sora', [
    { name: 'Sora 2', aliases: ['sora'], creditsPerSecond: 3 },
    { name: 'Sora 2 Image', creditsPerSecond: 3 },
    { name: 'Sora 2 Pro', creditsPerSecond: 5 },
    { name: 'Sora 2 Pro Image', creditsPerSecond: 5 },
  ]),
  ...family('hailuo', [
    { name: 'Hailuo 2.0', aliases: ['hailuo-02', 'hailuo 02'], creditsPerSecond: 2 },
    { name: 'Hailuo 2.0 Image', creditsPerSecond: 2 },
    { name: 'Hailuo 2.0 Pro', creditsPerSecond: 3 },
    { name: 'Hailuo 2.0 Pro Image', creditsPerSecond: 3 },
    // The integrations' plain "Hailuo" (MiniMax's video model) is the current version.
    { name: 'Hailuo 2.3', aliases: ['hailuo', 'minimax', 'minimax hailuo'], creditsPerSecond: 2 },
    { name: 'Hailuo 2.3 Image', creditsPerSecond: 2 },
    { name: 'Hailuo 2.3 Pro', creditsPerSecond: 3 },
    { name: 'Hailuo 2.3 Pro Image', creditsPerSecond: 3 },
    { name: 'Hailuo 2.3-Fast Pro Image', creditsPerSecond: 2 },
  ]),
  ...family('pixverse', [
    { name: 'Pixverse v5.5', aliases: ['pixverse', 'pixverse 5.5'], creditsPerSecond: 2 },
    { name: 'Pixverse v5.5 Image', aliases: ['pixverse 5.5 image'], creditsPerSecond: 2 },
  ]),
  ...family('wan', [
    { name: 'Wan 2.1', creditsPerSecond: 1 },
    { name: 'Wan v2.2', aliases: ['wan 2.2'], creditsPerSecond: 1 },
    { name: 'Wan v2.2 Turbo', aliases: ['wan 2.2 turbo'], creditsPerSecond: 1 },
    { name: 'Wan v2.2 Turbo Image', aliases: ['wan 2.2 turbo image'], creditsPerSecond: 1 },
    { name: 'Wan-2.2 Image', aliases: ['wan v2.2 image'], creditsPerSecond: 1 },
    { name: 'Wan 2.5', aliases: ['wan v2.5', 'wan'], creditsPerSecond: 2 },
    { name: 'Wan 2.5 Image', aliases: ['wan v2.5 image'], creditsPerSecond: 2 },
  ]),
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
