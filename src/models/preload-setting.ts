import { z } from 'zod';
import { MODEL_CATALOGUE } from './catalogue.js';

/** ATELIER_PRELOAD_MODELS: catalogue models pulled in the background at start when missing, e.g. qwen3-0.6b,whisper-base. */
export const preloadModelsField = z
  .string()
  .max(1_000)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z.array(
      z.enum(
        MODEL_CATALOGUE.map((entry) => entry.name),
        {
          error: (issue) =>
            `unknown model ${String(issue.input)} (known: ${MODEL_CATALOGUE.map((e) => e.name).join(', ')})`,
        },
      ),
    ),
  )
  .default([]);
