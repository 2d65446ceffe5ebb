import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  chatCompletion,
  fakeUpstreamForFile,
  replyJson,
  startFakeUpstream,
} from '../../../../test/helpers/fake-upstream.js';
import { UpstreamError } from '../../../shared/errors.js';
import {
  TEXT_PARAMETERS,
  type TextCallOptions,
  type TextStreamPart,
  type ToolDefinition,
} from '../../spec/text-model.js';
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

/** A chunk whose only choice is `choice` as given (tool call fragments, logprobs...). */
const writeChoice = (res: ServerResponse, choice: Record<string, unknown>) =>
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, finish_reason: null, ...choice }] })}\n\n`,
  );

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

/**
 * `promise`, or a failure naming `what` if it never settles: the bound only keeps a broken stream from hanging the
 * test (the endless providers below never stop on their own), far above what a busy machine takes.
 */
const settled = <T>(promise: Promise<T>, what: string) =>
  Promise.race([promise, sleep(10_000).then(() => Promise.reject(new Error(`${what}: not after 10 s`)))]);

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

const replyCompletion = (completion: Record<string, unknown>) =>
  upstream.handle((_call, res) => replyJson(res, 200, completion));

const WEATHER_TOOL: ToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city now.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city', 'unit'],
    additionalProperties: false,
  },
  strict: true,
};

/** A conversation that went through one round of two tool calls and their results. */
const TOOL_ROUND: TextCallOptions['messages'] = [
  { role: 'user', content: 'Weather in Paris and Oslo?' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
      { id: 'call_b', name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_a', content: '{"temp":21}' },
  { role: 'tool', toolCallId: 'call_b', content: '{"temp":9}' },
  {
    role: 'assistant',
    content: 'Let me check once more.',
    toolCalls: [{ id: 'call_c', name: 'ping', arguments: '{}' }],
  },
  { role: 'tool', toolCallId: 'call_c', content: 'pong' },
];

/** TOOL_ROUND as OpenAI's chat completions API takes it. */
const TOOL_ROUND_SENT = [
  { role: 'user', content: 'Weather in Paris and Oslo?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_a', content: '{"temp":21}' },
  { role: 'tool', tool_call_id: 'call_b', content: '{"temp":9}' },
  {
    role: 'assistant',
    content: 'Let me check once more.',
    tool_calls: [{ id: 'call_c', type: 'function', function: { name: 'ping', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'call_c', content: 'pong' },
];

/** OpenAI's logprobs object for one token. */
const tokenLogprobs = (token: string, logprob: number) => ({
  content: [{ token, logprob, bytes: [...Buffer.from(token)], top_logprobs: [{ token, logprob, bytes: null }] }],
  refusal: null,
});

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

  it('honours every OpenAI chat parameter, since it hands them on to a server that speaks that API', () => {
    expect(model().parameters).toEqual({ honoured: TEXT_PARAMETERS, noEffect: [] });
  });

  it('sends tools, tool_choice, parallel_tool_calls, tool calls and tool results exactly as OpenAI takes them', async () => {
    replyCompletion(chatCompletion('It is 21 °C in Paris and 9 °C in Oslo.'));
    const pingTool: ToolDefinition = { name: 'ping', parameters: { type: 'object', properties: {} } };
    await model().doGenerate({
      messages: TOOL_ROUND,
      tools: [WEATHER_TOOL, pingTool],
      toolChoice: 'required',
      parallelToolCalls: false,
    });
    expect(upstream.calls[0]?.body).toEqual({
      model: 'gpt-test',
      messages: TOOL_ROUND_SENT,
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'The weather in a city now.',
            parameters: WEATHER_TOOL.parameters,
            strict: true,
          },
        },
        { type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
  });

  it.each([
    ['auto', 'auto'],
    ['none', 'none'],
    ['required', 'required'],
    [{ name: 'get_weather' }, { type: 'function', function: { name: 'get_weather' } }],
  ] as const)('sends tool choice %j as tool_choice %j', async (toolChoice, sent) => {
    replyCompletion(chatCompletion('ok'));
    await model().doGenerate({ messages: MESSAGES, tools: [WEATHER_TOOL], toolChoice });
    expect(upstream.calls[0]?.body).toMatchObject({ tool_choice: sent });
  });

  it('sends seed, penalties, logit_bias, logprobs and the other OpenAI fields verbatim, streamed too', async () => {
    replyCompletion(chatCompletion('ok'));
    const openaiFields = {
      user: 'user-42',
      metadata: { team: 'docs', run: '7' },
      service_tier: 'flex',
      reasoning_effort: 'low',
      prediction: { type: 'content', content: 'Hello there' },
      modalities: ['text'],
      store: false,
    };
    const options: TextCallOptions = {
      messages: MESSAGES,
      seed: 1234,
      frequencyPenalty: 0.5,
      presencePenalty: -0.25,
      logitBias: { '50256': -100, '1820': 5 },
      logprobs: { top: 3 },
      openaiFields,
    };
    await model().doGenerate(options);
    const sent = {
      model: 'gpt-test',
      messages: MESSAGES,
      seed: 1234,
      frequency_penalty: 0.5,
      presence_penalty: -0.25,
      logit_bias: { '50256': -100, '1820': 5 },
      logprobs: true,
      top_logprobs: 3,
      ...openaiFields,
    };
    expect(upstream.calls[0]?.body).toEqual(sent);
    upstream.handle((_call, res) => streamReply(res, { pieces: ['ok'] }));
    await drain(model().doStream(options));
    expect(upstream.calls[1]?.body).toEqual({ ...sent, stream: true, stream_options: { include_usage: true } });
  });

  it('keeps the model, the messages and its own fields when an OpenAI field names them too', async () => {
    replyCompletion(chatCompletion('ok'));
    await model().doGenerate({ messages: MESSAGES, seed: 1, openaiFields: { model: 'other', messages: [], seed: 2 } });
    expect(upstream.calls[0]?.body).toEqual({ model: 'gpt-test', messages: MESSAGES, seed: 1 });
  });

  it('reads a completion with two tool calls and no content', async () => {
    replyCompletion({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
              },
              {
                id: 'call_b',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' },
              },
            ],
            refusal: null,
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 80, completion_tokens: 40, total_tokens: 120 },
    });
    expect(await model().doGenerate({ messages: MESSAGES, tools: [WEATHER_TOOL] })).toEqual({
      text: '',
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 80, outputTokens: 40 },
      warnings: [],
    });
  });

  it('maps the legacy finish_reason function_call to tool-calls', async () => {
    replyCompletion(chatCompletion('', 'function_call'));
    expect(await model().doGenerate({ messages: MESSAGES })).toMatchObject({ finishReason: 'tool-calls' });
  });

  it('passes the logprobs back as the provider sent them', async () => {
    const logprobs = tokenLogprobs('Hi', -0.01);
    const completion = chatCompletion('Hi');
    replyCompletion({ ...completion, choices: [{ ...completion.choices[0], logprobs }] });
    expect(await model().doGenerate({ messages: MESSAGES, logprobs: { top: 1 } })).toEqual({
      text: 'Hi',
      logprobs,
      finishReason: 'stop',
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
    ['tool_calls', 'tool-calls'],
    ['function_call', 'tool-calls'],
    ['eos_token', 'other'],
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
    // Headers that never come: only the time limit can end each attempt.
    upstream.handle(() => {});
    const { error } = await drain(
      model({ timeoutMs: 60, retry: { retries: 1, sleep: async () => {} } }).doStream({ messages: MESSAGES }),
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: true, message: 'The text provider timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('treats the time limit as an idle limit once the body streams', async () => {
    // The whole stream takes longer than the limit (6 gaps of 150 ms against 600 ms), no gap comes near it.
    upstream.handle((_call, res) => streamReply(res, { pieces: ['a', 'b', 'c', 'd', 'e', 'f'], gapMs: 150 }));
    const { parts, error } = await drain(model({ timeoutMs: 600 }).doStream({ messages: MESSAGES }));
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
    expect(await settled(closedEarly, 'the upstream request closed')).toBe(true);
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
    expect(await settled(closed, 'the upstream request closed')).toBe(false);
  });

  it('closes the upstream request when aborted while waiting for bytes', async () => {
    const { handler, closed } = endlessReply(10_000);
    upstream.handle(handler);
    const stream = model({ timeoutMs: 5_000 }).doStream({ messages: MESSAGES, abortSignal: AbortSignal.timeout(80) });
    const { parts, error } = await settled(drain(stream), 'the stream ended');
    expect(deltas(parts)).toEqual(['word0 ']);
    expect(error).toMatchObject({ isRetryable: false, message: 'The text provider request was cancelled' });
    expect(await settled(closed, 'the upstream request closed')).toBe(false);
  });

  it('stops without retrying when aborted before the headers', async () => {
    // Headers that never come: only the abort can end the call.
    upstream.handle(() => {});
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
    // The provider never ends its body: the stream can only end by stopping at [DONE] and closing the request.
    const { parts, error } = await settled(
      drain(model().doStream({ messages: MESSAGES })),
      'the stream ended at [DONE]',
    );
    expect(error).toBeUndefined();
    expect(deltas(parts)).toEqual(['word0 ']);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(await settled(closed, 'the upstream request closed')).toBe(false);
  });

  it('reads on to the end of the body after [DONE], so that the next call reuses the connection', async () => {
    // A server of its own: a connection the tests before left to the shared one, closing, would be a second socket.
    const own = await startFakeUpstream();
    try {
      const sockets = new Set<unknown>();
      own.handle((_call, res) => {
        sockets.add(res.socket);
        void streamReply(res, { pieces: ['Hi'], usage: [3, 1] });
      });
      for (let i = 0; i < 3; i++) {
        const { error } = await drain(model({ baseUrl: own.baseUrl }).doStream({ messages: MESSAGES }));
        expect(error).toBeUndefined();
        await sleep(5);
      }
      expect(sockets.size).toBe(1);
    } finally {
      await own.close();
    }
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
    expect(await settled(closed, 'the upstream request closed')).toBe(false);
  });

  it('yields the pieces of two tool calls in the order they came, interleaved by index', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      writeChoice(res, { delta: { role: 'assistant', content: null } });
      const call = (index: number, fn: Record<string, string>, id?: string) =>
        writeChoice(res, {
          delta: { tool_calls: [{ index, ...(id && { id, type: 'function' }), function: fn }] },
        });
      call(0, { name: 'get_weather', arguments: '' }, 'call_a');
      call(0, { arguments: '{"city":' });
      call(1, { name: 'get_weather', arguments: '' }, 'call_b');
      call(0, { arguments: '"Paris"}' });
      call(1, { arguments: '{"city":"Oslo"}' });
      writeChoice(res, { delta: {}, finish_reason: 'tool_calls' });
      writeUsage(res, 50, 30);
      res.end('data: [DONE]\n\n');
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES, tools: [WEATHER_TOOL] }));
    expect(error).toBeUndefined();
    expect(parts).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'call_a', name: 'get_weather', argumentsDelta: '' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 1, id: 'call_b', name: 'get_weather', argumentsDelta: '' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Oslo"}' },
      { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 50, outputTokens: 30 }, warnings: [] },
    ]);
  });

  it('yields text before the tool call pieces of the same chunk, and a call sent whole in one piece', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      writeChoice(res, {
        delta: {
          content: 'Checking.',
          tool_calls: [{ index: 0, id: 'call_x', type: 'function', function: { name: 'ping', arguments: '{}' } }],
        },
        finish_reason: 'tool_calls',
      });
      res.end('data: [DONE]\n\n');
    });
    const { parts } = await drain(model().doStream({ messages: MESSAGES }));
    expect(parts.slice(0, 2)).toEqual([
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-delta', index: 0, id: 'call_x', name: 'ping', argumentsDelta: '{}' },
    ]);
  });

  it('puts the logprobs on the text delta they came with, on an empty one when the chunk has no text', async () => {
    const first = tokenLogprobs('Hel', -0.2);
    const second = tokenLogprobs('lo', -0.1);
    const textless = tokenLogprobs('', -0.5);
    upstream.handle((_call, res) => {
      startSse(res);
      writeChoice(res, { delta: { role: 'assistant', content: '' }, logprobs: null });
      writeChoice(res, { delta: { content: 'Hel' }, logprobs: first });
      writeChoice(res, { delta: { content: 'lo' }, logprobs: second });
      writeChoice(res, { delta: {}, logprobs: textless });
      writeChoice(res, { delta: {}, logprobs: null, finish_reason: 'stop' });
      res.end('data: [DONE]\n\n');
    });
    const { parts, error } = await drain(model().doStream({ messages: MESSAGES, logprobs: { top: 1 } }));
    expect(error).toBeUndefined();
    expect(parts.slice(0, -1)).toEqual([
      { type: 'text-delta', text: 'Hel', logprobs: first },
      { type: 'text-delta', text: 'lo', logprobs: second },
      { type: 'text-delta', text: '', logprobs: textless },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('follows the first choice only when the provider streams several', async () => {
    upstream.handle((_call, res) => {
      startSse(res);
      const both = (a: string, b: string, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({
            choices: [
              { index: 1, delta: { content: b }, finish_reason: finish },
              { index: 0, delta: { content: a }, finish_reason: finish },
            ],
          })}\n\n`,
        );
      both('one', 'uno');
      both(' two', ' dos', 'stop');
      res.end('data: [DONE]\n\n');
    });
    const { parts } = await drain(model().doStream({ messages: MESSAGES, openaiFields: { n: 2 } }));
    expect(deltas(parts)).toEqual(['one', ' two']);
  });
});
