import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { LocalAsrModels } from '../providers/registry.js';
import type { AsrModel } from '../spec/asr-model.js';
import { SwappableAsrModels } from './swappable-asr-models.js';

const config = loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-asr-swap-unit' }, '/nonexistent/.env');

/** A set of engines with one engine named `name`, recording its release. */
function generation(name: string) {
  const released: string[] = [];
  const engine: AsrModel = {
    provider: name,
    modelId: name,
    languages: undefined,
    maxChunkSeconds: 60,
    doGenerate: async () => ({ segments: [], diarized: false, warnings: [] }),
  };
  const models: LocalAsrModels = {
    engines: [engine],
    enhanced: engine,
    routes: {},
    warmUp: async () => undefined,
    release: async () => void released.push(name),
  };
  return { models, engine, released };
}

describe('SwappableAsrModels', () => {
  it('keeps a transcription on the engines it started with and releases them after it, new ones on the new', async () => {
    const first = generation('first');
    const second = generation('second');
    const made = [first, second];
    const holder = new SwappableAsrModels(() => {
      const next = made.shift();
      if (!next) throw new Error('no more engines');
      return next.models;
    }, config);
    expect(holder.engines).toEqual([first.engine]);

    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finish = () => resolve();
    });
    const running = holder.use(async (models) => {
      await held;
      return models.engines[0]?.modelId;
    });
    holder.swap(config);
    expect(holder.engines).toEqual([second.engine]);
    expect(holder.enhanced).toBe(second.engine);
    await expect(holder.use(async (models) => models.engines[0]?.modelId)).resolves.toBe('second');
    // The first transcription still runs on the first engines: they stay.
    expect(first.released).toEqual([]);

    finish();
    await expect(running).resolves.toBe('first');
    await Promise.resolve();
    expect(first.released).toEqual(['first']);
    expect(second.released).toEqual([]);
    await holder.release();
    expect(second.released).toEqual(['second']);
  });

  it('releases replaced engines at once when nothing runs on them, and a failed release is reported', async () => {
    const first = generation('first');
    const failing: LocalAsrModels = { ...first.models, release: () => Promise.reject(new Error('busy')) };
    const errors: unknown[] = [];
    const holder = new SwappableAsrModels(
      (c) => (c === config ? failing : generation('second').models),
      config,
      (error) => errors.push(error),
    );
    holder.swap({ ...config });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([new Error('busy')]);
    expect(holder.engines[0]?.modelId).toBe('second');
  });
});
