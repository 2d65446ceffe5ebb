import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chatCompletion, replyJson, fakeUpstreamForFile } from '../../../../test/helpers/fake-upstream.js';
import { UpstreamError } from '../../../shared/errors.js';
import type { TextCallOptions, TextStreamPart } from '../../spec/text-model.js';
import { type OpenAICompatibleTextConfig, OpenAICompatibleTextModel } from './openai-compatible-text-model.js';

const upstream = fakeUpstreamForFile();

const model = (overrides: Partial<OpenAICompatibleTextConfig> = {}) =>
  new OpenAICompatibleTextModel({
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-text-secret',
    modelId: 'gpt-test',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

const MESSAGES: TextCallOptions['messages'] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Say hello.' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One OpenAI-style `chat.completion.chunk` as an SSE event. */
function writeChunk(res: ServerResponse, delta: { role?: string; content?: string }, finish: string | null = null) {
  const chunk = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'gpt-test',
    choices: [{ index: 0, delta, finish_reason: finish }],
    usage: null,
  };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

const writeUsage = (res: ServerResponse, prompt: number, completion: number) =>
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'gpt-test', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`,
  );

const startSse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });

interface StreamScript {
  pieces: string[];
  finish?: string | null;
  usage?: [number, number];
  done?: boolean;
  gapMs?: number;
}

/** Streams `pieces` as deltas (`gapMs` apart), then the finish chunk, the usage chunk and [DONE]. */
async function streamReply(
  res: ServerResponse,
  { pieces, finish = 'stop', usage, done = true, gapMs = 0 }: StreamScript,
) {
  startSse(res);
  writeChunk(res, { role: 'assistant', content: '' });
  for (const piece of pieces) {
    if (gapMs) await sleep(gapMs);
    writeChunk(res, { content: piece });
  }
  if (finish !== null) writeChunk(res, {}, finish);
  if (usage) writeUsage(res, ...usage);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

/** Streams deltas every `everyMs` until the client goes away; resolves `closed` when it does. */
function endlessReply(everyMs: number) {
  let resolveClosed: (finishedNormally: boolean) => void = () => {};
  const closed = new Promise<boolean>((resolve) => {
    resolveClosed = resolve;
  });
  const handler = (_call: unknown, res: ServerResponse) => {
    startSse(res);
    let n = 0;
    writeChunk(res, { content: `word${n++} ` });
    const timer = setInterval(() => writeChunk(res, { content: `word${n++} ` }), everyMs);
    res.on('close', () => {
      clearInterval(timer);
      resolveClosed(res.writableFinished);
    });
  };
  return { handler, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`not settled within ${ms} ms`)))]);

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

describe('OpenAICompatibleTextModel.doGenerate', () => {
  it('sends every sampling option it is given, and only those', async () => {
    await model().doGenerate({
      messages: MESSAGES,
      maxOutputTokens: 50,
      temperature: 0.4,
      topP: 0.9,
      stopSequences: ['\n\n', 'END'],
    });
    await model().doGenerate({ messages: MESSAGES, stopSequences: [] });
    expect(upstream.calls[0]?.body).toEqual({
      model: 'gpt-test',
      messages: MESSAGES,
      max_tokens: 50,
      temperature: 0.4,
      top_p: 0.9,
      stop: ['\n\n', 'END'],
    });
    expect(upstream.calls[1]?.body).toEqual({ model: 'gpt-test', messages: MESSAGES });
  });

  it('takes pictures and audio, and sends a message with parts in the OpenAI format (pictures as data URIs), streamed too', async () => {
    expect(model().accepts).toEqual({ images: true, audio: true });
    const messages: TextCallOptions['messages'] = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: 'What is this?\nAnd this?',
        parts: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=', detail: 'high' },
          { type: 'image', mediaType: 'image/gif', data: 'R0lGODlh' },
          { type: 'text', text: 'And this?' },
          { type: 'audio', format: 'wav', data: 'UklGRg==' },
        ],
      },
    ];
    const sent = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' } },
          { type: 'image_url', image_url: { url: 'data:image/gif;base64,R0lGODlh' } },
          { type: 'text', text: 'And this?' },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        ],
      },
    ];
    await model().doGenerate({ messages });
    expect(upstream.calls[0]?.body).toEqual({ model: 'gpt-test', messages: sent });
    upstream.handle((_call, res) => streamReply(res, { pieces: ['A picture.'] }));
    await drain(model().doStream({ messages }));
    expect(upstream.calls[1]?.body).toMatchObject({ messages: sent, stream: true });
    upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
  });

  it('asks for JSON as response_format: json_object without a schema, json_schema (named) with one', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    await model().doGenerate({ messages: MESSAGES, responseFormat: { type: 'json' } });
    await model().doGenerate({
      messages: MESSAGES,
      responseFormat: { type: 'json', schema, name: 'verdict', strict: true },
    });
    await model().doGenerate({ messages: MESSAGES, responseFormat: { type: 'json', schema } });
    expect(upstream.calls.map((c) => (c.body as { response_format?: unknown }).response_format)).toEqual([
      { type: 'json_object' },
      { type: 'json_schema', json_schema: { name: 'verdict', schema, strict: true } },
      { type: 'json_schema', json_schema: { name: 'response', schema } },
    ]);
  });

  it('reads the completion', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('  Hi there.  ', 'length')));
    expect(await model().doGenerate({ messages: MESSAGES })).toEqual({
      text: 'Hi there.',
      finishReason: 'length',
      usage: { inputTokens: 10, outputTokens: 20 },
      warnings: [],
    });
  });
});

describe('OpenAICompatibleTextModel.doStream', () => {
  it('yields the deltas in order, then the finish with the usage chunk', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['Hel', 'lo', ', ', 'world', '!'], usage: [12, 5] }));
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(deltas(parts)).toEqual(['Hel', 'lo', ', ', 'world', '!']);
    expect(deltas(parts).join('')).toBe('Hello, world!');
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      usage: { inputTokens: 12, outputTokens: 5 },
      warnings: [],
    });
    expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
  });

  it('posts the streaming request with the sampling options', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['ok'] }));
    await drain(
      model().doStream({
        messages: MESSAGES,
        maxOutputTokens: 64,
        temperature: 0.7,
        topP: 0.5,
        stopSequences: ['END'],
      }),
    );
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-text-secret');
    expect(call?.headers.accept).toBe('text/event-stream');
    expect(call?.body).toEqual({
      model: 'gpt-test',
      messages: MESSAGES,
      max_tokens: 64,
      temperature: 0.7,
      top_p: 0.5,
      stop: ['END'],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each([
    ['stop', 'stop'],
    ['length', 'length'],
    ['content_filter', 'content-filter'],
    ['tool_calls', 'other'],
  ] as const)('maps finish_reason %s to %s', async (upstreamReason, finishReason) => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['x'], finish: upstreamReason }));
    const { parts } = await drain(model().doStream({ messages: MESSAGES }));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason });
  });

  it('reports undefined usage when the provider sends none, and "other" for [DONE] without a finish_reason', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['a', 'b'], finish: null }));
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'other',
      usage: { inputTokens: undefined, outputTokens: undefined },
      warnings: [],
    });
  });

  it('finishes at the end of the body when a finish_reason came but no [DONE]', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['a'], finish: 'length', done: false }));
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(parts).toEqual([
      { type: 'text-delta', text: 'a' },
      {
        type: 'finish',
        finishReason: 'length',
        usage: { inputTokens: undefined, outputTokens: undefined },
        warnings: [],
      },
    ]);
  });

  it('reads events split across network chunks and a last event without its blank line', async () => {
    upstream.handle(async (_call, res) => {
      startSse(res);
      const event = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'split' }, finish_reason: null }] })}\n\n`;
      res.write(event.slice(0, 17));
      await sleep(10);
      res.write(event.slice(17));
      writeChunk(res, {}, 'stop');
      res.end('data: [DONE]');
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(deltas(parts)).toEqual(['split']);
    expect(parts.at(-1)).toMatchObject({ finishReason: 'stop' });
  });

  it('retries a 500 before the stream starts', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 500, { error: 'overloaded' });
      return streamReply(res, { pieces: ['second ', 'try'] });
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(deltas(parts).join('')).toBe('second try');
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 400 and keeps the upstream body out of the message', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'secret upstream detail' } }));
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(parts).toEqual([]);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, upstreamStatus: 400, message: 'The text provider answered 400' });
    expect(String((error as Error).message)).not.toContain('secret');
    expect(upstream.calls).toHaveLength(1);
  });

  it('retries when the headers do not come within the time limit', async () => {
    upstream.handle(async (_call, res) => {
      await sleep(300);
      await streamReply(res, { pieces: ['late'] });
    });
    const { error } = await drain(
      model({ timeoutMs: 60, retry: { retries: 1, sleep: async () => {} } }).doStream({ messages: MESSAGES }),
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: true, message: 'The text provider timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('treats the time limit as an idle limit once the body streams', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['a', 'b', 'c', 'd', 'e', 'f'], gapMs: 40 }));
    const { parts, error } = await drain(model({ timeoutMs: 150 }).doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(deltas(parts).join('')).toBe('abcdef');
  });

  it('fails with a time-out, without retrying, when the stream goes silent', async () => {
    let closedEarly: Promise<boolean> = Promise.resolve(false);
    upstream.handle((_call, res) => {
      startSse(res);
      writeChunk(res, { content: 'first' });
      closedEarly = new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)));
    });
    const { parts, error } = await drain(model({ timeoutMs: 100 }).doStream({ messages: MESSAGES }));
    expect(deltas(parts)).toEqual(['first']);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider timed out' });
    expect(await within(closedEarly, 1_000)).toBe(true);
    expect(upstream.calls).toHaveLength(1);
  });

  it('rejects a malformed chunk after what was already yielded', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      writeChunk(res, { content: 'fine' });
      res.write('data: {"choices": [{"delta": {"content": 42}}]}\n\n');
      res.end('data: [DONE]\n\n');
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(deltas(parts)).toEqual(['fine']);
    expect(error).toMatchObject({
      name: 'UpstreamError',
      isRetryable: false,
      message: 'The text provider sent an unexpected stream',
    });
  });

  it('rejects a chunk that is not JSON', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      res.end('data: {not json\n\n');
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider sent an unexpected stream' });
    expect(upstream.calls).toHaveLength(1);
  });

  it('fails when the stream ends without a finish_reason or [DONE]', async () => {
    upstream.handle((_call, res) => streamReply(res, { pieces: ['half ', 'an'], finish: null, done: false }));
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(deltas(parts)).toEqual(['half ', 'an']);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider stream ended early' });
    expect(upstream.calls).toHaveLength(1);
  });

  it('fails when the connection drops mid-stream', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      writeChunk(res, { content: 'cut' });
      setTimeout(() => res.destroy(), 20);
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(deltas(parts)).toEqual(['cut']);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider stream ended early' });
  });

  it('closes the upstream request and throws a cancelled error when aborted mid-stream', async () => {
    const { handler, closed } = endlessReply(15);
    upstream.handle(handler);
    const abort = new AbortController();
    const parts: TextStreamPart[] = [];
    let error: unknown;
    try {
      for await (const part of model().doStream({ messages: MESSAGES, abortSignal: abort.signal })) {
        parts.push(part);
        if (parts.length === 3) abort.abort();
      }
    } catch (e) {
      error = e;
    }
    expect(parts).toHaveLength(3);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider request was cancelled' });
    expect(await within(closed, 1_000)).toBe(false);
  });

  it('closes the upstream request when aborted while waiting for bytes', async () => {
    const { handler, closed } = endlessReply(10_000);
    upstream.handle(handler);
    const stream = model({ timeoutMs: 5_000 }).doStream({ messages: MESSAGES, abortSignal: AbortSignal.timeout(80) });
    const { parts, error } = await within(drain(stream), 1_000);
    expect(deltas(parts)).toEqual(['word0 ']);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider request was cancelled' });
    expect(await within(closed, 1_000)).toBe(false);
  });

  it('stops without retrying when aborted before the headers', async () => {
    upstream.handle(async (_call, res) => {
      await sleep(400);
      await streamReply(res, { pieces: ['late'] });
    });
    const { parts, error } = await drain(
      model().doStream({ messages: MESSAGES, abortSignal: AbortSignal.timeout(50) }),
    );
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider request was cancelled' });
    expect(upstream.calls).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { error } = await drain(model().doStream({ messages: MESSAGES, abortSignal: AbortSignal.abort() }));
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider request was cancelled' });
    expect(upstream.calls).toHaveLength(0);
  });

  it('finishes at [DONE] and closes the request of a provider that goes on after it, without failing', async () => {
    const { handler, closed } = endlessReply(10);
    upstream.handle((call, res) => {
      handler(call, res);
      writeChunk(res, {}, 'stop');
      res.write('data: [DONE]\n\n');
    });
    const started = Date.now();
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES }));
    expect(error).toBeUndefined();
    expect(deltas(parts)).toEqual(['word0 ']);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(await within(closed, 1_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reads on to the end of the body after [DONE], so that the next call reuses the connection', async () => {
    const sockets = new Set<unknown>();
    upstream.handle((_call, res) => {
      sockets.add(res.socket);
      void streamReply(res, { pieces: ['Hi'], usage: [3, 1] });
    });
    for (let i = 0; i < 3; i++) {
      const { error } = await drain(model().doStream({ messages: MESSAGES }));
      expect(error).toBeUndefined();
      await sleep(5);
    }
    expect(sockets.size).toBe(1);
  });

  it('closes the upstream request when the consumer breaks out of the loop', async () => {
    const { handler, closed } = endlessReply(15);
    upstream.handle(handler);
    const parts: TextStreamPart[] = [];
    for await (const part of model().doStream({ messages: MESSAGES })) {
      parts.push(part);
      if (parts.length === 2) break;
    }
    expect(deltas(parts)).toEqual(['word0 ', 'word1 ']);
    expect(await within(closed, 1_000)).toBe(false);
  });
});
