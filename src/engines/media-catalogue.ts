import type { ImageModelEntry, VideoModelEntry } from '../config.js';

/**
 * The image models clients ask for by name, and who serves each here: the first engine in `engines`
 * that is configured. Every entry ends with `builtin`, so every name works offline (and the record
 * then says `builtin-sketch`, never the name asked for). ATELIER_IMAGE_MODELS replaces this list.
 */
export const DEFAULT_IMAGE_MODELS: ImageModelEntry[] = [
  {
    name: 'DALL-E 3',
    aliases: ['dall-e-3', 'dalle 3', 'dalle-3', 'dalle3'],
    engines: ['openai-compatible', 'automatic1111', 'builtin'],
    upstreamModel: 'dall-e-3',
    credits: 4,
    hdCredits: 8,
    sizes: ['1024x1024', '1792x1024', '1024x1792'],
  },
  {
    name: 'DALL-E 2',
    aliases: ['dall-e-2', 'dalle 2', 'dalle-2', 'dalle2'],
    engines: ['openai-compatible', 'automatic1111', 'builtin'],
    upstreamModel: 'dall-e-2',
    credits: 2,
    sizes: ['256x256', '512x512', '1024x1024'],
  },
  {
    name: 'GPT Image 1',
    aliases: ['gpt-image-1', 'gpt image'],
    engines: ['openai-compatible', 'automatic1111', 'builtin'],
    upstreamModel: 'gpt-image-1',
    credits: 5,
    hdCredits: 10,
    sizes: ['1024x1024', '1536x1024', '1024x1536'],
  },
  {
    name: 'Stable Diffusion XL',
    aliases: ['sdxl', 'stable-diffusion-xl', 'stable diffusion xl 1.0', 'stable-diffusion-xl-1024-v1-0', 'sd xl'],
    engines: ['automatic1111', 'openai-compatible', 'builtin'],
    upstreamModel: 'stable-diffusion-xl',
    credits: 2,
    hdCredits: 3,
  },
  {
    name: 'Stable Diffusion 3',
    aliases: ['sd3', 'stable-diffusion-3', 'sd3-medium', 'stable diffusion 3.5', 'sd3.5'],
    engines: ['automatic1111', 'openai-compatible', 'builtin'],
    upstreamModel: 'stable-diffusion-3',
    credits: 3,
    hdCredits: 4,
  },
  {
    name: 'Stable Diffusion 1.5',
    aliases: ['sd1.5', 'sd 1.5', 'stable-diffusion-v1-5', 'stable diffusion'],
    engines: ['automatic1111', 'openai-compatible', 'builtin'],
    upstreamModel: 'stable-diffusion-v1-5',
    credits: 1,
    hdCredits: 2,
  },
  {
    name: 'FLUX.1',
    aliases: ['flux', 'flux1', 'flux.1-schnell', 'flux-schnell', 'flux.1 [schnell]', 'flux.1-dev', 'flux-dev', 'flux.1 [dev]', 'flux pro', 'flux-pro'],
    engines: ['automatic1111', 'openai-compatible', 'builtin'],
    upstreamModel: 'flux.1-schnell',
    credits: 3,
    hdCredits: 5,
  },
  {
    name: 'builtin-sketch',
    aliases: ['builtin', 'sketch'],
    engines: ['builtin'],
    credits: 1,
  },
];

/** Names of video models clients send; here the embedded ffmpeg engine serves them all (ATELIER_VIDEO_MODELS replaces this). */
export const DEFAULT_VIDEO_MODELS: VideoModelEntry[] = [
  {
    name: 'builtin-slideshow',
    aliases: [
      'builtin',
      'slideshow',
      'runway gen-3',
      'gen3a_turbo',
      'gen-3 alpha',
      'gen4_turbo',
      'kling',
      'kling 1.6',
      'luma dream machine',
      'ray-2',
      'sora',
      'veo 2',
      'veo 3',
      'hailuo',
      'minimax',
      'pika',
      'stable video diffusion',
      'wan 2.1',
    ],
    creditsPerSecond: 2,
  },
];
