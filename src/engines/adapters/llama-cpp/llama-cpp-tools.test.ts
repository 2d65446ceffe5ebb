import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeTinyLlama } from '../../../../test/helpers/tiny-llama.js';
import { EngineRequestError, UpstreamError } from '../../../shared/errors.js';
import type { ChatMessage, TextCallOptions, TextStreamPart, ToolDefinition } from '../../spec/text-model.js';
import { type LlamaCppTextModels, createLlamaCppTextModels } from './llama-cpp-text-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const WEATHER: ToolDefinition = {
  name: 'get_weather',
  description: 'The current weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city', 'unit'],
    additionalProperties: false,
  },
};
const WEATHER_ARGS = z.strictObject({ city: z.string(), unit: z.enum(['c', 'f']) });
const TIME: ToolDefinition = {
  name: 'get_time',
  parameters: { type: 'object', properties: { zone: { type: 'string', maxLength: 6 } }, required: ['zone'] },
};
const TIME_ARGS = z.strictObject({ zone: z.string().max(6) });

const ASK: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'What is the weather in Paris?' },
];
const ANSWERED: ChatMessage[] = [
  ...ASK,
  {
    role: 'assistant',
    content: '',
    toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' }],
  },
  { role: 'tool', toolCallId: 'call_1', content: '{"temperature":21,"sky":"clear"}' },
];
/**
 * A forced call at temperature 1: the noise model closes its strings within some 70 to 160 tokens (at
 * temperature 0 it writes one letter forever); the function documentation makes the prompt ~850 tokens.
 */
const FORCED = {
  messages: ASK,
  tools: [WEATHER],
  maxOutputTokens: 240,
  temperature: 1,
  seed: 4,
} satisfies TextCallOptions;

let dir: string;
let models: LlamaCppTextModels;

async function collect(stream: AsyncIterable<TextStreamPart>): Promise<TextStreamPart[]> {
  const parts: TextStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-llama-tools-'));
  const modelPath = join(dir, 'tiny-tools.gguf');
  await writeTinyLlama(modelPath);
  models = createLlamaCppTextModels({
    modelPath,
    advancedModelPath: undefined,
    contextSize: 2048,
    sequences: 1,
    gpu: false,
    threads: 1,
    streamIntervalMs: 0,
  });
  await models.warmUp();
});

afterAll(async () => {
  await models.release();
  await rm(dir, { recursive: true, force: true });
});

const model = () => models.standard;

describe('LlamaCppTextModel parameters', () => {
  it('honours sampling, penalties, JSON output and tools; the rest has no effect on a local model', () => {
    expect(model().parameters).toEqual({
      honoured: [
        'temperature',
        'top_p',
        'stop',
        'n',
        'seed',
        'frequency_penalty',
        'presence_penalty',
        'response_format',
        'tools',
        'tool_choice',
        'parallel_tool_calls',
      ],
      noEffect: ['user', 'metadata', 'store', 'service_tier', 'prediction', 'safety_identifier', 'prompt_cache_key'],
    });
  });

  it('the same seed at temperature 1 gives the same text; the old provider option still seeds', async () => {
    const call = { messages: ASK, maxOutputTokens: 24, temperature: 1 };
    const first = await model().doGenerate({ ...call, seed: 11 });
    expect((await model().doGenerate({ ...call, seed: 11 })).text).toBe(first.text);
    expect((await model().doGenerate({ ...call, providerOptions: { 'llama-cpp': { seed: 11 } } })).text).toBe(
      first.text,
    );
    expect((await model().doGenerate({ ...call, seed: 12 })).text).not.toBe(first.text);
  });

  it('frequency and presence penalties change what greedy decoding repeats', async () => {
    const call = { messages: ASK, maxOutputTokens: 24, temperature: 0 };
    const plain = (await model().doGenerate(call)).text;
    const presence = (await model().doGenerate({ ...call, presencePenalty: 2 })).text;
    const frequency = (await model().doGenerate({ ...call, frequencyPenalty: 2 })).text;
    expect(presence).not.toBe(plain);
    expect(frequency).not.toBe(plain);
    // Repeating is what they punish: fewer repeats of the commonest character.
    const top = (text: string) => Math.max(...[...new Set(text)].map((c) => text.split(c).length - 1));
    expect(top(presence)).toBeLessThan(top(plain));
    expect(top(frequency)).toBeLessThan(top(plain));
  });
});

describe('function calling on a tiny random-weight model', () => {
  it('tool_choice required: exactly one call of the tool, its arguments following the schema', async () => {
    const result = await model().doGenerate({ ...FORCED, toolChoice: 'required' });
    expect(result).toMatchObject({ text: '', finishReason: 'tool-calls', warnings: [] });
    expect(result.toolCalls).toHaveLength(1);
    const call = result.toolCalls?.[0];
    expect(call?.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(call?.name).toBe('get_weather');
    expect(WEATHER_ARGS.safeParse(JSON.parse(call?.arguments ?? '')).success).toBe(true);
    // The prompt documents the tools as function calling does, and is counted so.
    expect(result.usage.inputTokens).toBe(await model().countPromptTokens(ASK, [WEATHER]));
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('a named choice among two tools calls that one; required among two calls one of them', async () => {
    for (const name of ['get_time', 'get_weather']) {
      const result = await model().doGenerate({ ...FORCED, tools: [WEATHER, TIME], toolChoice: { name } });
      expect(result.toolCalls?.map((c) => c.name)).toEqual([name]);
      const args: unknown = JSON.parse(result.toolCalls?.[0]?.arguments ?? '');
      expect((name === 'get_time' ? TIME_ARGS : WEATHER_ARGS).safeParse(args).success).toBe(true);
    }
    const either = await model().doGenerate({ ...FORCED, tools: [WEATHER, TIME], toolChoice: 'required' });
    expect(either.toolCalls).toHaveLength(1);
    expect(['get_weather', 'get_time']).toContain(either.toolCalls?.[0]?.name);
  });

  it('streams a forced call as tool-call deltas (never as text) that join to its JSON, then finish tool-calls', async () => {
    const parts = await collect(model().doStream({ ...FORCED, toolChoice: 'required' }));
    expect(parts.some((p) => p.type === 'text-delta')).toBe(false);
    const deltas = parts.flatMap((p) => (p.type === 'tool-call-delta' ? [p] : []));
    expect(deltas[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), name: 'get_weather' });
    expect(deltas.every((d) => d.index === 0)).toBe(true);
    const args: unknown = JSON.parse(deltas.map((d) => d.argumentsDelta).join(''));
    expect(WEATHER_ARGS.safeParse(args).success).toBe(true);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls', warnings: [] });
  });

  it('stop sequences do not cut a forced call', async () => {
    const result = await model().doGenerate({ ...FORCED, toolChoice: 'required', stopSequences: ['"', 'm'] });
    expect(WEATHER_ARGS.safeParse(JSON.parse(result.toolCalls?.[0]?.arguments ?? '')).success).toBe(true);
  });

  it("a call whose JSON holds the chat wrapper's call syntax (node-llama-cpp stops there) is made again", async () => {
    // The grammar makes the model write `||call: `, where node-llama-cpp's function calling would begin;
    // the second time the functions are documented in a system message, the same text for ChatML.
    const echo: ToolDefinition = {
      name: 'echo',
      parameters: { type: 'object', properties: { text: { const: '||call: echo' } }, required: ['text'] },
    };
    const result = await model().doGenerate({ ...FORCED, tools: [echo], toolChoice: 'required' });
    expect(result.toolCalls?.map(({ name, arguments: args }) => [name, args])).toEqual([
      ['echo', '{"text":"||call: echo"}'],
    ]);
    expect(result.usage.inputTokens).toBe(await model().countPromptTokens(ASK, [echo]));
  });

  it('a call the token limit cuts is an UpstreamError, never broken JSON', async () => {
    const error = await model()
      .doGenerate({ ...FORCED, toolChoice: 'required', maxOutputTokens: 12 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toBe('The llama.cpp model did not finish its function call within 12 tokens');
    expect((error as UpstreamError).isRetryable).toBe(false);
  });

  it('auto: the tools documented in the prompt and node-llama-cpp watching for calls; noise is text', async () => {
    const result = await model().doGenerate({ messages: ASK, tools: [WEATHER], maxOutputTokens: 16, temperature: 0 });
    expect(result).toMatchObject({ finishReason: 'length', warnings: [] });
    expect(result.toolCalls).toBeUndefined();
    expect(result.text.length).toBeGreaterThan(0);
    const bare = await model().countPromptTokens(ASK);
    const documented = await model().countPromptTokens(ASK, [WEATHER]);
    expect(documented).toBeGreaterThan(bare + 100);
    expect(result.usage.inputTokens).toBe(documented);
    // The documentation names the function, its description and its parameters.
    const more = await model().countPromptTokens(ASK, [{ ...WEATHER, description: `${WEATHER.description}, now` }]);
    expect(more).toBeGreaterThan(documented);
  });

  it('auto with response_format: function calling wins, and the format is a warning', async () => {
    const result = await model().doGenerate({
      messages: ASK,
      tools: [WEATHER],
      toolChoice: 'auto',
      responseFormat: { type: 'json' },
      maxOutputTokens: 8,
    });
    expect(warningTexts(result.warnings)).toEqual([
      'response_format is not enforced while the model may call tools (tool_choice auto): llama.cpp cannot combine a grammar with its function calling',
    ]);
  });

  it('tool_choice none: no tools in the prompt, plain text', async () => {
    const call: TextCallOptions = { messages: ASK, maxOutputTokens: 16, temperature: 0 };
    const none = await model().doGenerate({ ...call, tools: [WEATHER], toolChoice: 'none' });
    const plain = await model().doGenerate(call);
    expect(none).toEqual(plain);
  });

  it('a history with a call and its result generates, counted as it is generated; tools make it longer', async () => {
    const call: TextCallOptions = { messages: ANSWERED, maxOutputTokens: 8, temperature: 0 };
    const plain = await model().doGenerate(call);
    expect(plain.usage.inputTokens).toBe(await model().countPromptTokens(ANSWERED));
    // The call and its result are part of the prompt.
    expect(plain.usage.inputTokens).toBeGreaterThan((await model().countPromptTokens(ASK)) + 20);
    const withTools = await model().doGenerate({ ...call, tools: [WEATHER] });
    expect(withTools.usage.inputTokens).toBe(await model().countPromptTokens(ANSWERED, [WEATHER]));
    expect(withTools.usage.inputTokens).toBeGreaterThan(plain.usage.inputTokens ?? 0);
    const streamed = await collect(model().doStream({ ...call, tools: [WEATHER] }));
    expect(streamed.at(-1)).toMatchObject({ type: 'finish', usage: withTools.usage });
    const forced = await model().doGenerate({ ...FORCED, messages: ANSWERED, toolChoice: 'required' });
    expect(forced.toolCalls?.[0]?.name).toBe('get_weather');
    expect(forced.usage.inputTokens).toBe(withTools.usage.inputTokens);
  });

  it('a tool schema that cannot be a grammar is a request error naming the tool', async () => {
    const broken = { ...WEATHER, parameters: { type: 'object', properties: { city: { type: 'text' } } } };
    const error = await model()
      .doGenerate({ messages: ASK, tools: [TIME, broken], toolChoice: 'required' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as Error).message).toBe(
      'tools[1] (get_weather) parameters.properties.city.type: unknown type "text"',
    );
    await expect(
      model().doGenerate({ messages: ASK, tools: [WEATHER], toolChoice: { name: 'get_time' } }),
    ).rejects.toThrow(new EngineRequestError('tool_choice: no function named get_time in tools'));
  });
});
