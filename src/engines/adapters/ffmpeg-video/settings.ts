import { z } from 'zod';
import { bool, int } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

// ATELIER_FFMPEG_PATH is the service's own (it decodes every upload): this engine borrows it.
const env = z.object({
  ATELIER_VIDEO_TIMEOUT_MS: int(10_000, 3_600_000).default(600_000),
  ATELIER_VIDEO_NARRATION: bool.default(true),
});

export const ffmpegVideoEnv = {
  name: 'ffmpeg-video' as const,
  env,
  settings: (e: z.output<typeof env>) => ({
    videos: { timeoutMs: e.ATELIER_VIDEO_TIMEOUT_MS, narration: e.ATELIER_VIDEO_NARRATION },
  }),
} satisfies ProviderEnv<typeof env.shape, { videos: { timeoutMs: number; narration: boolean } }>;
