import { describe, expect, it } from 'vitest';
import { EngineRequestError, UpstreamError } from '../../../shared/errors.js';
import type { ChatMessage, TextCallOptions, TextStreamPart, ToolCall, ToolDefinition } from '../../spec/text-model.js';
import { BuiltinTextModel } from './builtin-text-model.js';
import { placeholderFor } from './json-placeholder.js';

/** Answers a task with the question it asks, as it is: the tests give the engine any text to compose. */
const model = new BuiltinTextModel('builtin', (task) => ({
  text: task.kind === 'grounded-answer' ? task.question : '',
}));

const composed = (text: string, extra: Partial<TextCallOptions> = {}): TextCallOptions => ({
  messages: [{ role: 'user', content: 'Write a tagline for a bakery.' }],
  task: { kind: 'grounded-answer', question: text, sources: [], welcomeMessage: null },
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

/** The tool calls a stream's deltas make. */
function streamedCalls(parts: TextStreamPart[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const part of parts) {
    if (part.type !== 'tool-call-delta') continue;
    calls[part.index] ??= { id: '', name: '', arguments: '' };
    const call = calls[part.index]!;
    if (part.id !== undefined) call.id = part.id;
    if (part.name !== undefined) call.name = part.name;
    call.arguments += part.argumentsDelta;
  }
  return calls;
}

/** Streams and generates the same call, and checks the stream mirrors the result exactly. */
async function expectStreamMirrorsGenerate(options: TextCallOptions) {
  const result = await model.doGenerate(options);
  const { parts, error } = await drain(model.doStream(options));
  expect(error).toBeUndefined();
  expect(deltas(parts).join('')).toBe(result.text);
  expect(streamedCalls(parts)).toEqual(result.toolCalls ?? []);
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

  it('declares the parameters it honours and those without effect on it', () => {
    expect(model.parameters.honoured).toEqual([
      'stop',
      'n',
      'seed',
      'response_format',
      'tools',
      'tool_choice',
      'parallel_tool_calls',
    ]);
    expect(model.parameters.noEffect).toEqual(expect.arrayContaining(['temperature', 'top_p', 'user', 'metadata']));
    expect(model.parameters.noEffect).not.toContain('logprobs');
  });

  it('takes temperature and topP without a warning: they cannot change its answer', async () => {
    const { result } = await expectStreamMirrorsGenerate(composed('Hi.', { temperature: 0.5, topP: 0.9, seed: 7 }));
    expect(result).toEqual({
      text: 'Hi.',
      finishReason: 'stop',
      usage: { inputTokens: 6, outputTokens: 1 },
      warnings: [],
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

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] } },
    required: ['city', 'unit'],
    additionalProperties: false,
  },
};
const clock: ToolDefinition = {
  name: 'get_time',
  parameters: { type: 'object', properties: { zone: { type: 'string', format: 'uuid' } }, required: ['zone'] },
};
const ask = (content: string): ChatMessage[] => [{ role: 'user', content }];

describe('BuiltinTextModel: JSON output', () => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 2 },
      tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      published: { type: 'string', format: 'date' },
    },
    required: ['title', 'tags', 'rating', 'published'],
    additionalProperties: false,
  };

  it('answers a placeholder that follows the schema, streamed in short pieces', async () => {
    const options: TextCallOptions = { messages: ask('Describe a film.'), responseFormat: { type: 'json', schema } };
    const { result, parts } = await expectStreamMirrorsGenerate(options);
    expect(JSON.parse(result.text)).toEqual({
      title: 'title',
      tags: ['tags', 'tags'],
      rating: 1,
      published: '1970-01-01',
    });
    expect(JSON.parse(result.text)).toEqual(placeholderFor(schema));
    expect(result).toMatchObject({ finishReason: 'stop', warnings: [] });
    expect(result.usage.outputTokens).toBe(Math.ceil(result.text.length / 4));
    expect(deltas(parts).length).toBe(Math.ceil(result.text.length / 32));
    expect(deltas(parts).every((d) => d.length <= 32)).toBe(true);
  });

  it('answers any JSON object as {"answer": ...}: the acknowledgement, or the composed text', async () => {
    const { result } = await expectStreamMirrorsGenerate({
      messages: ask('Hello engine'),
      responseFormat: { type: 'json' },
    });
    const answer = JSON.parse(result.text) as { answer: string };
    expect(Object.keys(answer)).toEqual(['answer']);
    expect(answer.answer).toContain('This is the builtin offline engine');
    expect(answer.answer).toContain('You wrote: "Hello engine"');
    const preset = await expectStreamMirrorsGenerate(composed('Hi.', { responseFormat: { type: 'json' } }));
    expect(preset.result).toMatchObject({ text: '{"answer":"Hi."}', finishReason: 'stop', warnings: [] });
  });

  it('cuts JSON at the token limit (four characters a token) and finishes with length', async () => {
    const full = JSON.stringify(placeholderFor(schema));
    const { result } = await expectStreamMirrorsGenerate({
      messages: ask('Describe a film.'),
      responseFormat: { type: 'json', schema },
      maxOutputTokens: 5,
    });
    expect(result).toMatchObject({ text: full.slice(0, 20), finishReason: 'length', usage: { outputTokens: 5 } });
    const roomy = await model.doGenerate({
      messages: ask('Describe a film.'),
      responseFormat: { type: 'json', schema },
      maxOutputTokens: Math.ceil(full.length / 4),
    });
    expect(roomy).toMatchObject({ text: full, finishReason: 'stop' });
  });

  it('counts the schema in the prompt', async () => {
    const plain = await model.doGenerate({ messages: ask('Describe a film.'), responseFormat: { type: 'json' } });
    const typed = await model.doGenerate({
      messages: ask('Describe a film.'),
      responseFormat: { type: 'json', schema },
    });
    expect(plain.usage.inputTokens).toBe(3);
    expect(typed.usage.inputTokens).toBe(3 + Math.ceil(JSON.stringify(schema).length / 4));
  });
});

describe('BuiltinTextModel: tools', () => {
  it('calls the first tool when one is required, with arguments that follow its parameters', async () => {
    const options: TextCallOptions = {
      messages: ask('Weather in Paris?'),
      tools: [weather, clock],
      toolChoice: 'required',
    };
    const { result } = await expectStreamMirrorsGenerate(options);
    expect(result.text).toBe('');
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolCalls).toHaveLength(1);
    const [call] = result.toolCalls!;
    expect(call!.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(call!.name).toBe('get_weather');
    expect(JSON.parse(call!.arguments)).toEqual({ city: 'city', unit: 'celsius' });
    expect(result.usage.outputTokens).toBe(Math.ceil(call!.arguments.length / 4));
  });

  it('calls the tool toolChoice names, and refuses a name that is not among the tools', async () => {
    const named = await model.doGenerate({
      messages: ask('What time is it?'),
      tools: [weather, clock],
      toolChoice: { name: 'get_time' },
    });
    expect(named.toolCalls?.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['get_time', { zone: '00000000-0000-4000-8000-000000000000' }],
    ]);
    const unknown: TextCallOptions = { messages: ask('Hi'), tools: [weather], toolChoice: { name: 'send_email' } };
    await expect(model.doGenerate(unknown)).rejects.toThrow(EngineRequestError);
    await expect(model.doGenerate(unknown)).rejects.toThrow(/send_email/);
    const { parts, error } = await drain(model.doStream(unknown));
    expect(parts).toEqual([]);
    expect(error).toBeInstanceOf(EngineRequestError);
    await expect(model.doGenerate({ messages: ask('Hi'), toolChoice: 'required' })).rejects.toThrow(EngineRequestError);
  });

  it('gives a call an id that is the same for the same turn, and another for another turn or tool', async () => {
    const id = async (messages: ChatMessage[], toolChoice: TextCallOptions['toolChoice']) =>
      (await model.doGenerate({ messages, tools: [weather, clock], toolChoice })).toolCalls?.[0]?.id;
    const first = await id(ask('Weather in Paris?'), 'required');
    expect(await id(ask('Weather in Paris?'), 'required')).toBe(first);
    expect(await id(ask('Weather in Rome?'), 'required')).not.toBe(first);
    expect(await id(ask('Weather in Paris?'), { name: 'get_time' })).not.toBe(first);
  });

  it('answers in text when it may choose (auto), must not call (none) or has no tools', async () => {
    for (const toolChoice of ['auto', 'none', undefined] as const) {
      const { result } = await expectStreamMirrorsGenerate({ messages: ask('Weather?'), tools: [weather], toolChoice });
      expect(result).toMatchObject({ finishReason: 'stop' });
      expect(result.toolCalls).toBeUndefined();
      expect(result.text).toContain('You wrote: "Weather?"');
    }
  });

  it('streams a call as its id and name, then its arguments in pieces, then finishes with tool-calls', async () => {
    const wide: ToolDefinition = {
      name: 'book',
      parameters: {
        type: 'object',
        properties: { travellers: { type: 'array', items: { type: 'string', format: 'email' }, minItems: 3 } },
        required: ['travellers'],
      },
    };
    const { result, parts } = await expectStreamMirrorsGenerate({
      messages: ask('Book it'),
      tools: [wide],
      toolChoice: 'required',
    });
    const call = result.toolCalls![0]!;
    expect(parts[0]).toEqual({ type: 'tool-call-delta', index: 0, id: call.id, name: 'book', argumentsDelta: '' });
    const pieces = parts.slice(1, -1);
    expect(pieces.length).toBe(Math.ceil(call.arguments.length / 32));
    for (const piece of pieces) {
      expect(piece).toEqual({ type: 'tool-call-delta', index: 0, argumentsDelta: expect.any(String) });
    }
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('cuts the arguments at the token limit and finishes with length, as a model would', async () => {
    const options: TextCallOptions = {
      messages: ask('Weather?'),
      tools: [weather],
      toolChoice: 'required',
      maxOutputTokens: 2,
    };
    const { result } = await expectStreamMirrorsGenerate(options);
    expect(result.finishReason).toBe('length');
    expect(result.toolCalls?.[0]?.arguments).toBe('{"city":');
    expect(result.usage.outputTokens).toBe(2);
  });

  it('acknowledges what the tools returned, by name', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Weather and time in Paris?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_2', name: 'get_time', arguments: '{"zone":"Europe/Paris"}' },
        ],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{\n  "temperature": 21,\n  "sky": "clear"\n}' },
      { role: 'tool', toolCallId: 'call_2', content: '' },
    ];
    const { result } = await expectStreamMirrorsGenerate({ messages, tools: [weather, clock], toolChoice: 'auto' });
    expect(result.text).toBe(
      'This is the builtin offline engine, which composes text without a language model. ' +
        'The tool get_weather returned: { "temperature": 21, "sky": "clear" }. The tool get_time returned nothing. ' +
        'Configure a text provider (ATELIER_TEXT_PROVIDER) for generated answers.',
    );
    const long = await model.doGenerate({
      messages: [...messages.slice(0, 2), { role: 'tool', toolCallId: 'call_9', content: 'x'.repeat(500) }],
    });
    expect(long.text).toContain(`A tool returned: ${'x'.repeat(197)}... Configure`);
    const json = await model.doGenerate({ messages, responseFormat: { type: 'json' } });
    expect(JSON.parse(json.text).answer).toContain('The tool get_weather returned');
  });

  it('counts tool definitions, calls and results in the prompt', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{"temperature":21,"sky":"clear"}' },
    ];
    const quarter = (value: unknown) =>
      Math.ceil((typeof value === 'string' ? value : JSON.stringify(value)).length / 4);
    const bare = await model.doGenerate({ messages });
    expect(bare.usage.inputTokens).toBe(3 + quarter(messages[1]!.toolCalls) + quarter(messages[2]!.content));
    const withTools = await model.doGenerate({ messages, tools: [weather] });
    expect(withTools.usage.inputTokens).toBe(bare.usage.inputTokens! + quarter([weather]));
  });
});
