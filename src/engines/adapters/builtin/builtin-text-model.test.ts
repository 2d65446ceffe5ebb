import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../shared/errors.js';
import type { TextCallOptions, TextStreamPart } from '../../spec/text-model.js';
import { BuiltinTextModel } from './builtin-text-model.js';

const model = new BuiltinTextModel();

const composed = (text: string, extra: Partial<TextCallOptions> = {}): TextCallOptions => ({
  messages: [{ role: 'user', content: 'Write a tagline for a bakery.' }],
  providerOptions: { builtin: { text } },
  ...extra,
});

async function drain(stream: AsyncIterable<TextStreamPart>): Promise<{ parts: TextStreamPart[]; error: unknown }> {
  const parts: TextStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

const deltas = (parts: TextStreamPart[]) => parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));

/** Streams and generates the same call, and checks the stream mirrors the result exactly. */
async function expectStreamMirrorsGenerate(options: TextCallOptions) {
  const result = await model.doGenerate(options);
  const { parts, error } = await drain(model.doStream(options));
  expect(error).toBeUndefined();
  expect(deltas(parts).join('')).toBe(result.text);
  expect(parts.at(-1)).toEqual({
    type: 'finish',
    finishReason: result.finishReason,
    usage: result.usage,
    warnings: result.warnings,
  });
  expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
  return { result, parts };
}

describe('BuiltinTextModel', () => {
  it('streams word-sized deltas that join to exactly the generated text', async () => {
    const text = '  Fresh bread,\tevery  morning.\n\nBaked with care!  ';
    const { result, parts } = await expectStreamMirrorsGenerate(composed(text));
    expect(result).toEqual({ text, finishReason: 'stop', usage: { inputTokens: 6, outputTokens: 7 }, warnings: [] });
    expect(deltas(parts)).toEqual([
      '  Fresh',
      ' bread,',
      '\tevery',
      '  morning.',
      '\n\nBaked',
      ' with',
      ' care!',
      '  ',
    ]);
  });

  it('streams the acknowledgement when no text was composed', async () => {
    const { result } = await expectStreamMirrorsGenerate({ messages: [{ role: 'user', content: 'Hello engine' }] });
    expect(result.text).toContain('You wrote: "Hello engine"');
  });

  it('cuts the text at the earliest stop sequence and finishes with stop', async () => {
    const options = composed('One loaf. Two loaves. END of the list', { stopSequences: ['END', 'Two'] });
    const { result } = await expectStreamMirrorsGenerate(options);
    expect(result).toMatchObject({ text: 'One loaf.', finishReason: 'stop', usage: { outputTokens: 2 } });
    expect((await model.doGenerate(composed('No stop here', { stopSequences: ['', 'zzz'] }))).text).toBe(
      'No stop here',
    );
  });

  it('finishes with length at the token limit, unless a stop sequence comes first', async () => {
    const { result } = await expectStreamMirrorsGenerate(
      composed('one two three four five six', { maxOutputTokens: 3 }),
    );
    expect(result).toMatchObject({ text: 'one two three', finishReason: 'length', usage: { outputTokens: 3 } });
    const early = await model.doGenerate(
      composed('one two. three four five six', { maxOutputTokens: 3, stopSequences: ['.'] }),
    );
    expect(early).toMatchObject({ text: 'one two', finishReason: 'stop' });
    const late = await model.doGenerate(
      composed('one two three four. five six', { maxOutputTokens: 3, stopSequences: ['.'] }),
    );
    expect(late).toMatchObject({ text: 'one two three', finishReason: 'length' });
  });

  it('warns about temperature and topP, in both calls', async () => {
    const { result } = await expectStreamMirrorsGenerate(composed('Hi.', { temperature: 0.5, topP: 0.9 }));
    expect(result.warnings).toEqual([
      'temperature is not supported by the builtin engine',
      'topP is not supported by the builtin engine',
    ]);
  });

  it('warns that it cannot make JSON output, and answers as usual', async () => {
    const { result } = await expectStreamMirrorsGenerate(composed('Hi.', { responseFormat: { type: 'json' } }));
    expect(result).toMatchObject({
      text: 'Hi.',
      warnings: ['JSON output (responseFormat) is not supported by the builtin engine'],
    });
  });

  it('streams a long text without starving the event loop', async () => {
    const text = Array.from({ length: 2_000 }, (_, i) => `word${i}`).join(' ');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 0);
    try {
      const { parts } = await expectStreamMirrorsGenerate(composed(text));
      expect(deltas(parts)).toHaveLength(2_000);
    } finally {
      clearInterval(ticker);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('stops with a cancelled error when aborted between deltas', async () => {
    const abort = new AbortController();
    const parts: TextStreamPart[] = [];
    let error: unknown;
    try {
      for await (const part of model.doStream(composed('a b c d e f g h', { abortSignal: abort.signal }))) {
        parts.push(part);
        if (parts.length === 2) abort.abort();
      }
    } catch (e) {
      error = e;
    }
    expect(deltas(parts)).toEqual(['a', ' b']);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, message: 'The builtin text engine was cancelled' });
  });

  it('yields nothing when the signal is already aborted', async () => {
    const { parts, error } = await drain(model.doStream(composed('a b c', { abortSignal: AbortSignal.abort() })));
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ isRetryable: false, message: 'The builtin text engine was cancelled' });
  });
});
