import { resolve } from 'node:path';
import { z } from 'zod';
import { int } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_WHISPER_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_WHISPER_THREADS: int(1, 256).optional(),
});

function settings(e: z.output<typeof env>) {
  // An explicit path wins; otherwise the service takes the model `atelier models pull` put in the models
  // folder when it starts (models/start-config.ts).
  const modelPath = e.ATELIER_WHISPER_MODEL_PATH ? resolve(e.ATELIER_WHISPER_MODEL_PATH) : undefined;
  return {
    asr: {
      /** The whisper.cpp engine, when a model file is configured (or pulled). */
      whisper: modelPath ? { modelPath, threads: e.ATELIER_WHISPER_THREADS } : undefined,
      /** No model file named: the service follows the whisper models pulled (and removed) while it runs. */
      followsPulledModels: !e.ATELIER_WHISPER_MODEL_PATH,
      /** The threads of a whisper model pulled while the service runs. */
      whisperThreads: e.ATELIER_WHISPER_THREADS,
    },
  };
}

export const whisperCppEnv = { name: 'whisper-cpp' as const, env, settings } satisfies ProviderEnv<
  typeof env.shape,
  ReturnType<typeof settings>
>;
