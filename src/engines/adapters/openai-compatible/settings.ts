import { z } from 'zod';
import { httpUrl } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_TEXT_BASE_URL: httpUrl.optional(),
  ATELIER_TEXT_API_KEY: z.string().optional(),
  ATELIER_TTS_OPENAI_BASE_URL: httpUrl.optional(),
  ATELIER_TTS_OPENAI_API_KEY: z.string().optional(),
  ATELIER_TTS_OPENAI_MODEL: z.string().min(1).default('tts-1'),
  ATELIER_TTS_OPENAI_VOICES: z.string().default('alloy,echo,fable,onyx,nova,shimmer'),
  ATELIER_ASR_OPENAI_BASE_URL: httpUrl.optional(),
  ATELIER_ASR_OPENAI_API_KEY: z.string().optional(),
  ATELIER_ASR_OPENAI_MODEL: z.string().min(1).default('whisper-1'),
  ATELIER_ASR_OPENAI_ENHANCED_MODEL: z.string().min(1).optional(),
  ATELIER_IMAGE_OPENAI_BASE_URL: httpUrl.optional(),
  ATELIER_IMAGE_OPENAI_API_KEY: z.string().optional(),
  ATELIER_EMBEDDINGS_BASE_URL: httpUrl.optional(),
  ATELIER_EMBEDDINGS_API_KEY: z.string().optional(),
  ATELIER_EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
  ATELIER_MODERATIONS_BASE_URL: httpUrl.optional(),
  ATELIER_MODERATIONS_API_KEY: z.string().optional(),
  ATELIER_MODERATIONS_MODEL: z.string().min(1).default('omni-moderation-latest'),
});

/** One server speaking OpenAI's API for each kind, each with its own base URL: a kind without one has no such engine. */
const settings = (e: z.output<typeof env>) => ({
  text: { baseUrl: e.ATELIER_TEXT_BASE_URL, apiKey: e.ATELIER_TEXT_API_KEY },
  tts: {
    openai: e.ATELIER_TTS_OPENAI_BASE_URL
      ? {
          baseUrl: e.ATELIER_TTS_OPENAI_BASE_URL,
          apiKey: e.ATELIER_TTS_OPENAI_API_KEY,
          model: e.ATELIER_TTS_OPENAI_MODEL,
          voices: e.ATELIER_TTS_OPENAI_VOICES,
        }
      : undefined,
  },
  asr: {
    openai: e.ATELIER_ASR_OPENAI_BASE_URL
      ? {
          baseUrl: e.ATELIER_ASR_OPENAI_BASE_URL,
          apiKey: e.ATELIER_ASR_OPENAI_API_KEY,
          model: e.ATELIER_ASR_OPENAI_MODEL,
          enhancedModel: e.ATELIER_ASR_OPENAI_ENHANCED_MODEL,
        }
      : undefined,
  },
  images: {
    openai: e.ATELIER_IMAGE_OPENAI_BASE_URL
      ? { baseUrl: e.ATELIER_IMAGE_OPENAI_BASE_URL, apiKey: e.ATELIER_IMAGE_OPENAI_API_KEY }
      : undefined,
  },
  /** Bot knowledge is embedded (and searched by meaning as well as by words) only when a provider is configured. */
  embeddings: e.ATELIER_EMBEDDINGS_BASE_URL
    ? {
        baseUrl: e.ATELIER_EMBEDDINGS_BASE_URL,
        apiKey: e.ATELIER_EMBEDDINGS_API_KEY,
        model: e.ATELIER_EMBEDDINGS_MODEL,
      }
    : undefined,
  /** POST /v1/moderations goes to this server's /moderations; without one it answers that none is configured. */
  moderations: e.ATELIER_MODERATIONS_BASE_URL
    ? {
        baseUrl: e.ATELIER_MODERATIONS_BASE_URL,
        apiKey: e.ATELIER_MODERATIONS_API_KEY,
        model: e.ATELIER_MODERATIONS_MODEL,
      }
    : undefined,
});

export const openAICompatibleEnv = {
  name: 'openai-compatible' as const,
  /** Its transcription engine's name (ATELIER_ASR_ROUTES, transcription records): that of OpenAI's own API. */
  transcriptionEngine: 'openai' as const,
  env,
  settings,
  missingImageSetting: (s: ReturnType<typeof settings>) =>
    s.images.openai ? undefined : 'ATELIER_IMAGE_OPENAI_BASE_URL',
  textProblem: (s: ReturnType<typeof settings>) =>
    s.text.baseUrl ? undefined : 'ATELIER_TEXT_BASE_URL: required when ATELIER_TEXT_PROVIDER is openai-compatible',
} satisfies ProviderEnv<typeof env.shape, ReturnType<typeof settings>>;
