import type { ImageModelEntry } from './media-entries.js';
import { ModelCatalogue } from './model-catalogue.js';
import { automatic1111Env } from '../adapters/automatic1111/settings.js';
import { builtinEnv } from '../adapters/builtin/settings.js';
import { openAICompatibleEnv } from '../adapters/openai-compatible/settings.js';
import { IMAGE_ENGINES } from '../providers/provider-envs.js';

export { DEFAULT_VIDEO_MODELS, defaultVideoFamily, defaultVideoLimits } from './video-catalogue.js';

type Engines = ImageModelEntry['engines'];
type Model = Omit<ImageModelEntry, 'engines' | 'family'>;

/** OpenAI's own models: an OpenAI-compatible server first (OpenAI itself), a local web UI as a stand-in. */
const OPENAI: Engines = [...IMAGE_ENGINES];
/** Open-weight checkpoints a Stable Diffusion web UI (or LocalAI behind the OpenAI API) runs. */
const LOCAL: Engines = [automatic1111Env.name, openAICompatibleEnv.name, builtinEnv.name];
/**
 * Models only their makers host: no server configured here is known to serve them under that name, so a local
 * web UI stands in with the checkpoint it has loaded, else the builtin engine. ATELIER_IMAGE_ROUTES sends a
 * family or a name elsewhere (an OpenAI-compatible gateway that hosts it, for one).
 */
const STAND_IN: Engines = [automatic1111Env.name, builtinEnv.name];

const family = (name: string, engines: Engines, models: Model[]): ImageModelEntry[] =>
  models.map((model) => ({ ...model, family: name, engines: [...engines] }));

/** GPT Image 2 and 2.5 come as quality tiers, each its own name ("OpenAI GPT Image 2 Medium"); no bare name. */
const gptImageTiers = (name: string, upstream: string, tiers: string[], credits: number[]): Model[] =>
  tiers.map((tier, index) => ({
    name: `${name} ${tier}`,
    aliases: [`${upstream}-${tier.toLowerCase()}`],
    upstreamModel: upstream,
    quality: tier.toLowerCase() as 'low' | 'medium' | 'high',
    credits: credits[index] ?? 5,
    sizes: ['1024x1024', '1536x1024', '1024x1536'],
  }));

/**
 * The image models clients ask for by name (every name of the hosted reference's `model` and `editModel`
 * lists, and the older names integrations still offer), grouped by family, and who serves each here: the
 * engine ATELIER_IMAGE_ROUTES names for the model or its family, else the first engine in `engines` that
 * is configured. Every list ends with `builtin`, so every name works offline (the record then says
 * `builtin-sketch`, never the name asked for). ATELIER_IMAGE_MODELS replaces this list.
 */
export const DEFAULT_IMAGE_MODELS: ImageModelEntry[] = [
  ...family('openai-dalle', OPENAI, [
    {
      name: 'DALL-E 3',
      aliases: ['dall-e-3', 'dalle 3', 'dalle-3', 'dalle3'],
      upstreamModel: 'dall-e-3',
      credits: 4,
      hdCredits: 8,
      sizes: ['1024x1024', '1792x1024', '1024x1792'],
    },
    {
      name: 'DALL-E 2',
      aliases: ['dall-e-2', 'dalle 2', 'dalle-2', 'dalle2'],
      upstreamModel: 'dall-e-2',
      credits: 2,
      sizes: ['256x256', '512x512', '1024x1024'],
    },
  ]),
  ...family('gpt-image', OPENAI, [
    {
      name: 'OpenAI GPT Image 1',
      aliases: ['GPT Image 1', 'gpt-image-1', 'gpt image'],
      upstreamModel: 'gpt-image-1',
      credits: 5,
      hdCredits: 10,
      sizes: ['1024x1024', '1536x1024', '1024x1536'],
    },
    {
      name: 'OpenAI GPT Image 1.5',
      aliases: ['GPT Image 1.5', 'gpt-image-1.5'],
      upstreamModel: 'gpt-image-1.5',
      credits: 6,
      hdCredits: 10,
      sizes: ['1024x1024', '1536x1024', '1024x1536'],
    },
    ...gptImageTiers('OpenAI GPT Image 2', 'gpt-image-2', ['Low', 'Medium', 'High'], [3, 5, 8]),
    ...gptImageTiers('OpenAI GPT Image 2.5 Flare', 'gpt-image-2.5-flare', ['Low', 'Medium', 'High'], [3, 5, 8]),
    ...gptImageTiers('OpenAI GPT Image 2.5 Sunburst', 'gpt-image-2.5-sunburst', ['Medium', 'High'], [6, 8]),
  ]),
  ...family('stable-diffusion', LOCAL, [
    {
      name: 'Stable Diffusion XL',
      aliases: ['sdxl', 'stable-diffusion-xl', 'stable diffusion xl 1.0', 'stable-diffusion-xl-1024-v1-0', 'sd xl'],
      upstreamModel: 'stable-diffusion-xl',
      credits: 2,
      hdCredits: 3,
    },
    {
      name: 'Stable Diffusion 3.0',
      aliases: ['Stable Diffusion 3', 'sd3', 'stable-diffusion-3', 'sd3-medium', 'sd 3.0'],
      upstreamModel: 'stable-diffusion-3',
      credits: 3,
      hdCredits: 4,
    },
    {
      name: 'Stable Diffusion 3.5',
      aliases: ['sd3.5', 'sd 3.5', 'stable-diffusion-3.5', 'sd3.5-large', 'stable-diffusion-3.5-large'],
      upstreamModel: 'stable-diffusion-3.5-large',
      credits: 3,
      hdCredits: 4,
    },
    {
      name: 'Stable Diffusion 1.5',
      aliases: ['Stable Diffusion', 'sd1.5', 'sd 1.5', 'stable-diffusion-v1-5'],
      upstreamModel: 'stable-diffusion-v1-5',
      credits: 1,
      hdCredits: 2,
    },
  ]),
  ...family('flux', LOCAL, [
    {
      name: 'FLUX.1',
      aliases: [
        'flux',
        'flux1',
        'flux.1-schnell',
        'flux-schnell',
        'flux.1 [schnell]',
        'flux.1-dev',
        'flux-dev',
        'flux.1 [dev]',
      ],
      upstreamModel: 'flux.1-schnell',
      credits: 3,
      hdCredits: 5,
    },
    {
      name: 'FLUX 1.1 Pro',
      aliases: ['flux pro', 'flux-pro', 'flux-1.1-pro', 'flux1.1-pro'],
      credits: 4,
      hdCredits: 6,
    },
    { name: 'FLUX 1.1 Pro Ultra', aliases: ['flux-1.1-pro-ultra', 'flux ultra'], credits: 6, hdCredits: 8 },
    { name: 'Flux.1 Krea', aliases: ['flux krea', 'flux-krea', 'flux.1-krea-dev', 'krea'], credits: 3, hdCredits: 5 },
    { name: 'FLUX.2 [dev]', aliases: ['flux-2-dev', 'flux.2-dev'], credits: 2, hdCredits: 4 },
    { name: 'FLUX.2 [flex]', aliases: ['flux-2-flex', 'flux.2-flex'], credits: 4, hdCredits: 6 },
    // Bare "FLUX.2" (the hosted app builder's helpers write it so) is the flagship.
    { name: 'FLUX.2 [pro]', aliases: ['FLUX.2', 'flux-2-pro', 'flux.2-pro'], credits: 5, hdCredits: 8 },
    { name: 'FLUX.2 [max]', aliases: ['flux-2-max', 'flux.2-max'], credits: 8, hdCredits: 10 },
  ]),
  ...family('flux-kontext', STAND_IN, [
    {
      name: 'Flux Kontext Pro',
      aliases: ['flux-kontext-pro', 'flux.1 kontext pro', 'flux kontext'],
      credits: 4,
      hdCredits: 6,
    },
    { name: 'Flux Kontext Max', aliases: ['flux-kontext-max', 'flux.1 kontext max'], credits: 6, hdCredits: 8 },
  ]),
  ...family('midjourney', STAND_IN, [
    { name: 'Midjourney V6', aliases: ['midjourney-v6', 'mj v6', 'midjourney 6'], credits: 5, hdCredits: 8 },
    // The integrations' plain "Midjourney" is the current version.
    {
      name: 'Midjourney V7',
      aliases: ['Midjourney', 'midjourney-v7', 'mj v7', 'mj', 'midjourney 7'],
      credits: 6,
      hdCredits: 8,
    },
  ]),
  ...family('imagen', STAND_IN, [
    { name: 'Imagen 3', aliases: ['imagen-3', 'imagen-3.0-generate-002'], credits: 3 },
    { name: 'Imagen 4', aliases: ['imagen-4', 'imagen-4.0-generate-001', 'imagen'], credits: 4 },
    { name: 'Imagen 4 Ultra', aliases: ['imagen-4-ultra', 'imagen-4.0-ultra-generate-001'], credits: 6 },
    { name: 'Imagen 4 Fast', aliases: ['imagen-4-fast', 'imagen-4.0-fast-generate-001'], credits: 2 },
  ]),
  ...family('nano-banana', STAND_IN, [
    { name: 'Nano Banana', aliases: ['gemini-2.5-flash-image', 'gemini 2.5 flash image'], credits: 3 },
    { name: 'Nano Banana 2', aliases: ['nano-banana-2'], credits: 4 },
    { name: 'Nano Banana Pro', aliases: ['nano-banana-pro', 'gemini-3-pro-image', 'gemini 3 pro image'], credits: 6 },
    { name: 'Nano Banana Flash', aliases: ['nano-banana-flash'], credits: 2 },
    { name: 'Nano Banana 2 Lite', aliases: ['nano-banana-2-lite'], credits: 2 },
  ]),
  ...family('seedream', STAND_IN, [
    { name: 'Seedream 3.0', aliases: ['seedream-3', 'seedream 3'], credits: 2 },
    { name: 'Seedream 4.0', aliases: ['seedream-4', 'seedream 4'], credits: 3 },
    { name: 'Seedream 4.5', aliases: ['seedream-4.5'], credits: 4 },
    { name: 'Seedream 5.0 Lite', aliases: ['seedream-5-lite', 'seedream 5 lite'], credits: 3 },
    { name: 'Seedream 5.0 Pro', aliases: ['seedream-5-pro', 'seedream 5 pro'], credits: 5 },
  ]),
  ...family('dreamina', STAND_IN, [{ name: 'Dreamina 3.1', aliases: ['dreamina-3.1', 'dreamina'], credits: 3 }]),
  // Recraft's API speaks OpenAI's images API and makes these sizes only.
  ...family('recraft', STAND_IN, [
    {
      name: 'Recraft v3',
      aliases: ['recraftv3', 'recraft-v3', 'recraft'],
      credits: 4,
      sizes: [
        '1024x1024',
        '1365x1024',
        '1024x1365',
        '1536x1024',
        '1024x1536',
        '1820x1024',
        '1024x1820',
        '2048x1024',
        '1024x2048',
      ],
    },
    { name: 'Recraft v4.1', aliases: ['recraft-v4.1', 'recraftv4.1'], credits: 4 },
    { name: 'Recraft v4.1 Pro', aliases: ['recraft-v4.1-pro'], credits: 6 },
    { name: 'Recraft v4.1 Vector', aliases: ['recraft-v4.1-vector'], credits: 5 },
    { name: 'Recraft v4.1 Pro Vector', aliases: ['recraft-v4.1-pro-vector'], credits: 7 },
  ]),
  ...family('reve', STAND_IN, [
    { name: 'REVE', aliases: ['reve-image'], credits: 3 },
    { name: 'Reve Fast', aliases: ['reve-fast'], credits: 2 },
  ]),
  ...family('ideogram', STAND_IN, [
    { name: 'Ideogram v3', aliases: ['ideogram-v3', 'ideogram 3', 'ideogram'], credits: 5 },
    { name: 'Ideogram v3 Character', aliases: ['ideogram-v3-character', 'ideogram character'], credits: 6 },
    { name: 'Ideogram v4', aliases: ['ideogram-v4', 'ideogram 4'], credits: 6 },
  ]),
  ...family('grok', STAND_IN, [
    { name: 'Grok', aliases: ['grok-2-image', 'grok image', 'grok-2'], credits: 3 },
    { name: 'Grok Pro', aliases: ['grok-pro'], credits: 5 },
    { name: 'Grok Imagine 2.0', aliases: ['grok-imagine-2.0', 'grok imagine 2', 'grok-imagine-image'], credits: 4 },
  ]),
  ...family('qwen-image', STAND_IN, [
    { name: 'Qwen-Image', aliases: ['qwen image edit', 'qwen-image-edit'], credits: 2 },
    { name: 'Qwen Image Max', aliases: ['qwen-image-max'], credits: 4 },
    { name: 'Qwen Image 2.0', aliases: ['qwen-image-2.0', 'qwen image 2'], credits: 3 },
  ]),
  ...family('hunyuan', STAND_IN, [
    { name: 'HunyuanImage 3.0', aliases: ['hunyuan-image-3.0', 'hunyuan image 3', 'hunyuan'], credits: 3 },
  ]),
  ...family('hidream', STAND_IN, [
    { name: 'HiDream', aliases: ['hidream-i1', 'hidream i1', 'hidream-i1-full'], credits: 2 },
  ]),
  ...family('bria', STAND_IN, [{ name: 'Bria 3.2', aliases: ['bria-3.2', 'bria'], credits: 3 }]),
  ...family('minimax', STAND_IN, [
    { name: 'MiniMax Image 01', aliases: ['image-01', 'minimax image', 'minimax-image-01'], credits: 2 },
  ]),
  ...family('wan', STAND_IN, [
    { name: 'WAN 2.2', aliases: ['wan-2.2', 'wan2.2'], credits: 2 },
    { name: 'WAN 2.5 Preview', aliases: ['wan-2.5-preview', 'wan 2.5'], credits: 3 },
    { name: 'WAN 2.7', aliases: ['wan-2.7', 'wan2.7'], credits: 3 },
    { name: 'WAN 2.7 Pro', aliases: ['wan-2.7-pro', 'wan2.7 pro'], credits: 5 },
  ]),
  // Added by the hosted interface 1.0.5.
  ...family('mai', STAND_IN, [{ name: 'Mai Image 2.5', aliases: ['mai-image-2.5', 'mai image'], credits: 4 }]),
  ...family('muse', STAND_IN, [{ name: 'Muse Image', aliases: ['muse-image', 'muse'], credits: 4 }]),
  ...family('krea', STAND_IN, [
    { name: 'Krea v2 Large', aliases: ['krea-v2-large'], credits: 5 },
    { name: 'Krea v2 Medium', aliases: ['krea-v2-medium', 'krea v2'], credits: 3 },
    { name: 'Krea v2 Medium Turbo', aliases: ['krea-v2-medium-turbo'], credits: 2 },
  ]),
  ...family('luma', STAND_IN, [{ name: 'Luma Uni v1', aliases: ['luma-uni-v1', 'luma uni'], credits: 4 }]),
  ...family('boogu', STAND_IN, [{ name: 'Boogu Image', aliases: ['boogu-image', 'boogu'], credits: 3 }]),
  ...family('cosmos', STAND_IN, [{ name: 'Cosmos 3 Super', aliases: ['cosmos-3-super'], credits: 4 }]),
  ...family('p-image', STAND_IN, [{ name: 'P-Image', aliases: ['pruna p-image'], credits: 1 }]),
  // Open weights: a Stable Diffusion web UI or an OpenAI-compatible server (LocalAI, diffusers) runs them.
  ...family('kandinsky', LOCAL, [
    { name: 'Kandinsky 3.0', aliases: ['kandinsky-3', 'kandinsky 3'], upstreamModel: 'kandinsky-3', credits: 2 },
    {
      name: 'Kandinsky 2.2',
      aliases: ['kandinsky-2-2', 'kandinsky-2.2'],
      upstreamModel: 'kandinsky-2-2-decoder',
      credits: 1,
    },
    { name: 'Kandinsky 2', aliases: ['kandinsky-2', 'kandinsky'], upstreamModel: 'kandinsky-2-1', credits: 1 },
  ]),
  ...family('imagineart', STAND_IN, [
    { name: 'ImagineArt 1.5', aliases: ['imagineart-1.5', 'imagine art 1.5', 'imagineart'], credits: 3 },
  ]),
  ...family('z-image', STAND_IN, [
    { name: 'Z-Image Turbo', aliases: ['z-image-turbo', 'zimage turbo', 'z-image'], credits: 1 },
  ]),
  ...family('builtin', [builtinEnv.name], [{ name: 'builtin-sketch', aliases: ['builtin', 'sketch'], credits: 1 }]),
];

const defaultImages = ModelCatalogue.of(DEFAULT_IMAGE_MODELS);

/** The family of a default model by any of its spellings ("dall-e-3" -> openai-dalle): for configured entries that name none. */
export const defaultImageFamily = (name: string): string | undefined => defaultImages.find(name)?.family;
