import { describe, expect, it } from 'vitest';
import { EngineRequestError } from '../../../shared/errors.js';
import type { ChatMessage, ToolDefinition } from '../../spec/text-model.js';
import { planTools, readForcedCall, toHistory, toToolCalls } from './llama-tools.js';
import { warningTexts } from '../../spec/warning-text.js';

const WEATHER: ToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'Its name' }, unit: { enum: ['c', 'f'] } },
    required: ['city', 'unit'],
    additionalProperties: false,
  },
};
const TIME: ToolDefinition = {
  name: 'get_time',
  parameters: { type: 'object', properties: { zone: { type: 'string', pattern: '^[A-Z]+$' } } },
};
const WEATHER_PARAMS = {
  type: 'object',
  properties: { city: { type: 'string', description: 'Its name' }, unit: { enum: ['c', 'f'] } },
  required: ['city', 'unit'],
  additionalProperties: false,
};

describe('planTools', () => {
  it('no tools, or tool_choice none: nothing for the model', () => {
    expect(planTools({})).toEqual({ kind: 'none', key: '', warnings: [] });
    expect(planTools({ tools: [WEATHER], toolChoice: 'none' }).kind).toBe('none');
    expect(planTools({ tools: [], toolChoice: 'auto' }).kind).toBe('none');
  });

  it('auto: the functions node-llama-cpp documents and calls, descriptions kept, and what it cannot enforce', () => {
    const plan = planTools({ tools: [WEATHER, TIME] });
    expect({ ...plan, warnings: warningTexts(plan.warnings) }).toMatchObject({
      kind: 'auto',
      functions: {
        get_weather: { description: 'The weather in a city', params: WEATHER_PARAMS },
        get_time: {
          params: { type: 'object', properties: { zone: { type: 'string' } }, additionalProperties: false },
        },
      },
      warnings: ['the llama-cpp engine does not enforce "pattern" of tools[1] (get_time) parameters'],
    });
    // The same prompt whether the model may or must call.
    expect(planTools({ tools: [WEATHER, TIME], toolChoice: 'required' }).key).toBe(plan.key);
  });

  it('required with one tool, or a named one: a grammar over its name and arguments', () => {
    const call = {
      type: 'object',
      properties: { name: { const: 'get_weather' }, arguments: WEATHER_PARAMS },
      required: ['name', 'arguments'],
      additionalProperties: false,
    };
    expect(planTools({ tools: [WEATHER], toolChoice: 'required' })).toMatchObject({
      kind: 'forced',
      allowed: ['get_weather'],
      schema: call,
    });
    expect(planTools({ tools: [TIME, WEATHER], toolChoice: { name: 'get_weather' } })).toMatchObject({
      kind: 'forced',
      allowed: ['get_weather'],
      schema: call,
    });
  });

  it('required with several tools: one of them, each with its own arguments', () => {
    const plan = planTools({ tools: [WEATHER, TIME], toolChoice: 'required' });
    expect(plan.kind === 'forced' && plan.allowed).toEqual(['get_weather', 'get_time']);
    expect(plan.kind === 'forced' && plan.schema).toMatchObject({
      oneOf: [
        { properties: { name: { const: 'get_weather' } } },
        { properties: { name: { const: 'get_time' }, arguments: { properties: { zone: { type: 'string' } } } } },
      ],
    });
  });

  it('refuses what cannot be: a schema it cannot read (naming the tool), an unknown name, a call without tools', () => {
    const broken = { ...WEATHER, parameters: { type: 'object', properties: { city: { type: 'text' } } } };
    expect(() => planTools({ tools: [TIME, broken] })).toThrow(
      new EngineRequestError('tools[1] (get_weather) parameters.properties.city.type: unknown type "text"'),
    );
    expect(() => planTools({ tools: [WEATHER], toolChoice: { name: 'get_time' } })).toThrow(
      new EngineRequestError('tool_choice: no function named get_time in tools'),
    );
    expect(() => planTools({ toolChoice: 'required' })).toThrow(EngineRequestError);
    expect(() => planTools({ tools: [WEATHER, WEATHER] })).toThrow(
      new EngineRequestError('tools[1]: the function get_weather is listed twice'),
    );
  });
});

describe('toHistory', () => {
  const asked: ChatMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Paris and Rome?' },
    {
      role: 'assistant',
      content: 'Looking.',
      toolCalls: [
        { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
        { id: 'call_2', name: 'get_weather', arguments: 'Rome, please' },
      ],
    },
    { role: 'tool', toolCallId: 'call_2', content: 'sunny' },
    { role: 'tool', toolCallId: 'call_1', content: '{"temp":21}' },
  ];

  it('calls and their results (matched by id, JSON parsed where it is JSON) go on in the same model turn', () => {
    expect(toHistory(asked)).toEqual([
      { type: 'system', text: 'Be brief.' },
      { type: 'user', text: 'Weather in Paris and Rome?' },
      {
        type: 'model',
        response: [
          'Looking.',
          {
            type: 'functionCall',
            name: 'get_weather',
            params: { city: 'Paris', unit: 'c' },
            result: { temp: 21 },
            startsNewChunk: true,
          },
          { type: 'functionCall', name: 'get_weather', params: 'Rome, please', result: 'sunny' },
        ],
      },
    ]);
  });

  it('an answer after the results joins the turn; a later question gets a new, empty one', () => {
    const history = toHistory([
      ...asked,
      { role: 'assistant', content: 'Paris 21, Rome sunny.' },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(history).toHaveLength(5);
    expect(history[2]).toMatchObject({ type: 'model', response: ['Looking.', {}, {}, 'Paris 21, Rome sunny.'] });
    expect(history.slice(3)).toEqual([
      { type: 'user', text: 'Thanks' },
      { type: 'model', response: [] },
    ]);
  });

  it('a tool message that answers no call is given as a user message', () => {
    expect(toHistory([{ role: 'tool', toolCallId: 'call_9', content: '42' }])).toEqual([
      { type: 'user', text: 'Result of the tool call call_9:\n42' },
      { type: 'model', response: [] },
    ]);
  });
});

describe('calls', () => {
  it('a forced call is read from its JSON, with a new id; JSON cut short is no call', () => {
    const call = readForcedCall('{"name": "get_weather", "arguments": {"city": "Oslo", "unit": "c"}}');
    expect(call).toEqual({
      id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
      name: 'get_weather',
      arguments: '{"city":"Oslo","unit":"c"}',
    });
    expect(readForcedCall('{"name": "get_weather", "arguments": {"city": "Os')).toBeUndefined();
  });

  it("node-llama-cpp's calls get ids and JSON arguments ({} when a function takes none)", () => {
    const calls = toToolCalls([
      { functionName: 'get_time', params: undefined },
      { functionName: 'get_weather', params: { city: 'Oslo' } },
    ]);
    expect(calls.map(({ name, arguments: args }) => [name, args])).toEqual([
      ['get_time', '{}'],
      ['get_weather', '{"city":"Oslo"}'],
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
  });
});
