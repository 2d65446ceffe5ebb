import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { BuiltinTextModel } from '../adapters/builtin/builtin-text-model.js';
import type { TextCallOptions, TextModel, TextResult } from '../spec/text-model.js';
import { SwappableTextModels } from './swappable-text-models.js';

const config = loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-swap-unit' }, '/nonexistent/.env');

/** An engine whose calls wait for `finish()`, with a local part that records its release. */
function heldEngine(name: string) {
  // Calls wait in order; finish() lets the oldest one go.
  const waiting: (() => void)[] = [];
  const released: string[] = [];
  const result: TextResult = {
    text: name,
    finishReason: 'stop',
    usage: { inputTokens: 1, outputTokens: 1 },
    warnings: [],
  };
  const engine: TextModel = {
    provider: name,
    modelId: name,
    parameters: { honoured: [], noEffect: [] },
    doGenerate: () => new Promise((resolve) => waiting.push(() => resolve(result))),
    async *doStream(_options: TextCallOptions) {
      await new Promise<void>((resolve) => waiting.push(resolve));
      yield { type: 'text-delta', text: name };
    },
  };
  const local = { warmUp: async () => undefined, status: () => [], release: async () => void released.push(name) };
  return { engine, local, released, finish: () => waiting.shift()?.() };
}

describe('SwappableTextModels', () => {
  it('sends new calls to the new engines, lets running ones finish on the old and releases the old after them', async () => {
    const first = heldEngine('first');
    const second = heldEngine('second');
    const made = [first, second];
    const models = new SwappableTextModels(
      new BuiltinTextModel(),
      () => {
        const next = made.shift();
        if (!next) throw new Error('no more engines');
        return { standard: next.engine, advanced: next.engine, local: next.local };
      },
      config,
    );
    const standard = models.standard;
    expect(standard.modelId).toBe('first');
    const running = standard.doGenerate({ messages: [] });
    const stream = standard.doStream({ messages: [] })[Symbol.asyncIterator]();
    const streamed = stream.next();
    await new Promise((resolve) => setImmediate(resolve));
    models.swap(config);
    expect(standard.modelId).toBe('second');
    expect(models.local).toBe(second.local);
    // Two calls still run on the first engines: not released yet.
    first.finish();
    await expect(running).resolves.toMatchObject({ text: 'first' });
    expect(first.released).toEqual([]);
    first.finish();
    await expect(streamed).resolves.toEqual({ done: false, value: { type: 'text-delta', text: 'first' } });
    await stream.return?.();
    await Promise.resolve();
    expect(first.released).toEqual(['first']);
    const next = standard.doGenerate({ messages: [] });
    second.finish();
    await expect(next).resolves.toMatchObject({ text: 'second' });
    expect(second.released).toEqual([]);
  });
});
