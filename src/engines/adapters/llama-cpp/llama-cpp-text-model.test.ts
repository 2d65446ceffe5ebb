import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyLlama } from '../../../../test/helpers/tiny-llama.js';
import { EngineRequestError, EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import type { TextCallOptions, TextStreamPart } from '../../spec/text-model.js';
import { type LlamaCppTextModels, createLlamaCppTextModels } from './llama-cpp-text-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const MESSAGES: TextCallOptions['messages'] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Name three rivers.' },
];
/** Greedy decoding: the same prompt always gives the same text. */
const GREEDY = { temperature: 0 };

let dir: string;
let modelPath: string;
let models: LlamaCppTextModels;

const open = (overrides: Partial<Parameters<typeof createLlamaCppTextModels>[0]> = {}) =>
  // Stream interval 0: a delta per piece of text, as llama.cpp produces them.
  createLlamaCppTextModels({
    modelPath,
    advancedModelPath: undefined,
    contextSize: 512,
    sequences: 2,
    gpu: false,
    threads: 1,
    streamIntervalMs: 0,
    ...overrides,
  });

async function collect(stream: AsyncIterable<TextStreamPart>): Promise<TextStreamPart[]> {
  const parts: TextStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-llama-'));
  modelPath = join(dir, 'tiny-chat.gguf');
  await writeTinyLlama(modelPath);
  models = open();
  await models.warmUp();
});

afterAll(async () => {
  await models.release();
  await rm(dir, { recursive: true, force: true });
});

describe('LlamaCppTextModel on a tiny random-weight model', () => {
  it('is named after the file and reports itself loaded', () => {
    expect(models.standard.provider).toBe('llama-cpp');
    expect(models.standard.modelId).toBe('tiny-chat');
    expect(models.advanced).not.toBe(models.standard);
    expect(models.status()).toEqual([
      { ok: true, text: expect.stringContaining('llama-cpp tiny-chat.gguf (loaded; 0 of 2 sequences busy') },
    ]);
  });

  it('counts the prompt exactly as the chat template renders it, and the tokens it generated', async () => {
    const result = await models.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 12, ...GREEDY });
    const llama = await getLlama({ gpu: false, build: 'never' });
    const model = await llama.loadModel({ modelPath });
    const rendered =
      '<|im_start|>system\nYou are terse.<|im_end|>\n<|im_start|>user\nName three rivers.<|im_end|>\n<|im_start|>assistant\n';
    // node-llama-cpp starts every context with the BOS token.
    const expected = 1 + model.tokenize(rendered, true).length;
    await model.dispose();
    expect(result.usage).toEqual({ inputTokens: expected, outputTokens: 12 });
    expect(result.finishReason).toBe('length');
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.warnings).toEqual([]);
  });

  it('streams the same text in order as doGenerate, then one finish with the same usage', async () => {
    const call = { messages: MESSAGES, maxOutputTokens: 40, ...GREEDY };
    const whole = await models.standard.doGenerate(call);
    const parts = await collect(models.standard.doStream(call));
    const deltas = parts.filter((p) => p.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: whole.finishReason,
      usage: whole.usage,
      warnings: [],
    });
    expect(parts.slice(0, -1).every((p) => p.type === 'text-delta')).toBe(true);
    expect(
      deltas
        .map((p) => p.text)
        .join('')
        .trim(),
    ).toBe(whole.text);
  });

  it('joins the pieces that come within the stream interval, and sends the rest as soon as it ends', async () => {
    // An interval of an hour: a stream that waited it out before sending the rest would never end in this test.
    const joined = open({ sequences: 1, streamIntervalMs: 3_600_000 });
    const call = { messages: MESSAGES, maxOutputTokens: 40, ...GREEDY };
    const parts = await collect(joined.standard.doStream(call));
    const deltas = parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));
    // The first piece at once, everything after it when the generation ended.
    expect(deltas.length).toBeLessThanOrEqual(2);
    expect(deltas.join('').trim()).toBe((await joined.standard.doGenerate(call)).text);
    await joined.release();
  });

  it('stops at a stop sequence, which is never part of the text', async () => {
    const call = { messages: MESSAGES, maxOutputTokens: 60, ...GREEDY };
    const free = await models.standard.doGenerate(call);
    const stop = free.text.slice(8, 10);
    const cut = free.text.slice(0, free.text.indexOf(stop));
    const stopped = await models.standard.doGenerate({ ...call, stopSequences: [stop] });
    expect(stopped.finishReason).toBe('stop');
    expect(stopped.text).toBe(cut.trim());
    expect(stopped.usage.outputTokens).toBeLessThan(60);
    const streamed = await collect(models.standard.doStream({ ...call, stopSequences: [stop] }));
    const text = streamed.flatMap((p) => (p.type === 'text-delta' ? [p.text] : [])).join('');
    expect(text).not.toContain(stop);
    expect(text.trim()).toBe(cut.trim());
  });

  it('lowers a token limit larger than the context leaves, and says so', async () => {
    const result = await models.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 5_000, ...GREEDY });
    const room = 512 - (result.usage.inputTokens ?? 0) - 1;
    expect(result.finishReason).toBe('length');
    expect(result.usage.outputTokens).toBe(room);
    expect(warningTexts(result.warnings)).toEqual([
      `maxOutputTokens lowered to ${room}, the room the prompt leaves in the 512-token context`,
    ]);
  });

  it('refuses a prompt longer than the context with a non-retryable request error, and goes on working', async () => {
    const long = [{ role: 'user' as const, content: 'word '.repeat(400) }];
    const error = await models.standard.doGenerate({ messages: long }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as EngineRequestError).isRetryable).toBe(false);
    expect((error as Error).message).toMatch(
      /^the prompt takes \d+ tokens, which leaves no room in the model's context of 512 tokens$/,
    );
    await expect(collect(models.standard.doStream({ messages: long }))).rejects.toBeInstanceOf(EngineRequestError);
    expect((await models.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 3 })).usage.outputTokens).toBe(3);
  });

  it('aborting a stream stops it at once with a cancellation and frees the sequence', async () => {
    const controller = new AbortController();
    const stream = models.standard.doStream({
      messages: MESSAGES,
      maxOutputTokens: 400,
      abortSignal: controller.signal,
    });
    let deltas = 0;
    const error = await (async () => {
      for await (const part of stream) {
        if (part.type === 'text-delta' && ++deltas === 2) controller.abort(new Error('client left'));
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).message).toBe('The llama.cpp engine was cancelled');
    expect((error as UpstreamError).isRetryable).toBe(false);
    expect(deltas).toBe(2);
    expect(models.status()[0]?.text).toContain('0 of 2 sequences busy, 0 waiting');
  });

  it('leaving a stream early frees the sequence too', async () => {
    for await (const part of models.standard.doStream({ messages: MESSAGES, maxOutputTokens: 400 }))
      if (part.type === 'text-delta') break;
    expect(models.status()[0]?.text).toContain('0 of 2 sequences busy');
  });

  it('an aborted signal fails doGenerate before any work', async () => {
    await expect(models.standard.doGenerate({ messages: MESSAGES, abortSignal: AbortSignal.abort() })).rejects.toThrow(
      'The llama.cpp engine was cancelled',
    );
  });

  it('runs more calls than sequences: the rest wait their turn and all finish', async () => {
    const calls = Array.from({ length: 5 }, (_, i) =>
      models.standard.doGenerate({ messages: [{ role: 'user', content: `Question ${i}` }], maxOutputTokens: 30 + i }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(models.status()[0]?.text).toMatch(/2 of 2 sequences busy, 3 waiting/);
    const results = await Promise.all(calls);
    expect(results.map((r) => r.usage.outputTokens)).toEqual(
      results.map((r, i) => (r.finishReason === 'length' ? 30 + i : r.usage.outputTokens)),
    );
    expect(results.every((r) => (r.usage.inputTokens ?? 0) > 0)).toBe(true);
    expect(models.status()[0]?.text).toContain('0 of 2 sequences busy, 0 waiting');
  });

  it('a caller that gives up while waiting for a sequence leaves the line', async () => {
    const busy = [0, 1].map(() => models.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 200 }));
    const controller = new AbortController();
    const waiting = models.standard.doGenerate({ messages: MESSAGES, abortSignal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(models.status()[0]?.text).toContain('1 waiting');
    controller.abort();
    await expect(waiting).rejects.toThrow('The llama.cpp engine was cancelled');
    expect(models.status()[0]?.text).toContain('0 waiting');
    await Promise.all(busy);
  });
});

describe('JSON output through grammars', () => {
  // A context of its own, on weights (seed 30) whose noise closes its strings: with many random
  // weights a string in a JSON object goes on until the token limit, as it can with any model.
  let json: LlamaCppTextModels;
  beforeAll(async () => {
    const path = join(dir, 'json.gguf');
    await writeTinyLlama(path, { seed: 30 });
    json = open({ modelPath: path, sequences: 1 });
  });
  afterAll(() => json.release());

  it('json: the output of noise weights parses as a JSON object', async () => {
    const call = { messages: [{ role: 'user' as const, content: 'Reply in JSON.' }], maxOutputTokens: 300, ...GREEDY };
    const result = await json.standard.doGenerate({ ...call, responseFormat: { type: 'json' } });
    expect(result.finishReason).toBe('stop');
    const value: unknown = JSON.parse(result.text);
    expect(value).toBeTypeOf('object');
    expect(Array.isArray(value)).toBe(false);
    expect(Object.keys(value as object).length).toBeGreaterThan(0);
    const free = await json.standard.doGenerate(call);
    expect(() => JSON.parse(free.text)).toThrow();
  });

  it('json with a schema: the output follows it, and constraints it cannot enforce are warnings', async () => {
    const schema = {
      type: 'object',
      properties: {
        verdict: { enum: ['yes', 'no', 'maybe'] },
        sure: { type: 'boolean' },
        note: { type: 'string', maxLength: 12, pattern: '^[a-z]+$' },
      },
      required: ['verdict', 'sure', 'note'],
      additionalProperties: false,
    };
    const result = await json.standard.doGenerate({
      messages: MESSAGES,
      maxOutputTokens: 200,
      responseFormat: { type: 'json', schema },
      temperature: 1,
      providerOptions: { 'llama-cpp': { seed: 7 } },
    });
    const value = JSON.parse(result.text) as { verdict: string; sure: boolean; note: string };
    expect(Object.keys(value).sort()).toEqual(['note', 'sure', 'verdict']);
    expect(['yes', 'no', 'maybe']).toContain(value.verdict);
    expect(typeof value.sure).toBe('boolean');
    expect(value.note.length).toBeLessThanOrEqual(12);
    expect(warningTexts(result.warnings)).toEqual([
      'the llama-cpp engine does not enforce "pattern" of the JSON schema',
    ]);
  });

  it('a schema it cannot read is a request error (the caller sees 400)', async () => {
    const error = await json.standard
      .doGenerate({ messages: MESSAGES, responseFormat: { type: 'json', schema: { type: 'text' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as Error).message).toBe('response_format schema.type: unknown type "text"');
  });
});

describe('model files', () => {
  it('a missing file is an unavailable engine naming the file, reported by status, and tried again later', async () => {
    const missing = open({ modelPath: join(dir, 'absent.gguf') });
    const error = await missing.standard.doGenerate({ messages: MESSAGES }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toBe('the model file absent.gguf cannot be read');
    expect(missing.status()).toEqual([
      { ok: false, text: 'llama-cpp absent.gguf: the model file absent.gguf cannot be read' },
    ]);
    await writeTinyLlama(join(dir, 'absent.gguf'), { seed: 3 });
    expect((await missing.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 2 })).usage.outputTokens).toBe(2);
    await missing.release();
  });

  it('a file that is not a model is an unavailable engine, not a crash', async () => {
    const path = join(dir, 'broken.gguf');
    await writeFile(path, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(64, 7)]));
    const broken = open({ modelPath: path });
    await expect(broken.standard.doGenerate({ messages: MESSAGES })).rejects.toThrow(
      new EngineUnavailableError(
        'the model file broken.gguf could not be loaded: it is not a GGUF model llama.cpp can run',
      ),
    );
    await broken.release();
  });

  it('standard and advanced share one engine for one file, and have their own for two', async () => {
    const other = join(dir, 'other.gguf');
    await writeTinyLlama(other, { seed: 5 });
    const two = open({ advancedModelPath: other, sequences: 1 });
    expect(two.advanced.modelId).toBe('other');
    expect(two.status().map((s) => s.text)).toEqual([
      'llama-cpp tiny-chat.gguf (loads on first use)',
      'llama-cpp other.gguf (loads on first use)',
    ]);
    await two.warmUp();
    expect(two.status().every((s) => s.ok && s.text.includes('loaded'))).toBe(true);
    await two.release();
    expect(two.status().map((s) => s.text)).toEqual([
      'llama-cpp tiny-chat.gguf: shut down',
      'llama-cpp other.gguf: shut down',
    ]);
    await expect(two.standard.doGenerate({ messages: MESSAGES })).rejects.toBeInstanceOf(EngineUnavailableError);
    // The first models still work: the shared file stays loaded while they use it.
    expect((await models.standard.doGenerate({ messages: MESSAGES, maxOutputTokens: 2 })).usage.outputTokens).toBe(2);
  });
});
