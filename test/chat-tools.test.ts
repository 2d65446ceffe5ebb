import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../src/config.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * Function calling, structured output, the parameter checks and OpenAI's error shape on the chat paths, with the
 * builtin engine (the client libraries' own tests are test/agents-*.test.ts).
 */
let t: TestApp;
let key: string;

const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
      required: ['city', 'unit'],
      additionalProperties: false,
    },
  },
};

const chat = (payload: Record<string, unknown>, path = '/v1/chat/completions') =>
  t.server.inject({ method: 'POST', url: path, headers: withKey(key), payload });
const hello = [{ role: 'user', content: 'What is the weather in Lyon?' }];
const balance = async () =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
    .credits.balance;

beforeAll(async () => {
  const plans = DEFAULT_PLANS.map((p) => (p.name === 'free' ? { ...p, rateLimitPerMinute: 2 } : p));
  t = await startTestApp({ ATELIER_PLANS: JSON.stringify(plans), ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000' });
  key = (await t.account({ credits: 1_000_000 })).key;
});
afterAll(() => t.close());

describe('function calling on the builtin engine', () => {
  it('answers a required tool call whose arguments fit the schema, and says the builtin engine made it', async () => {
    const response = await chat({ messages: hello, tools: [WEATHER], tool_choice: 'required' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-atelier-engine']).toBe('builtin');
    const body = response.json();
    expect(body.system_fingerprint).toBe('atelier-builtin-offline');
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message.content).toBeNull();
    const [call] = body.choices[0].message.tool_calls;
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function' });
    expect(call.function.name).toBe('get_weather');
    const args = JSON.parse(call.function.arguments);
    expect(Object.keys(args).sort()).toEqual(['city', 'unit']);
    expect(['c', 'f']).toContain(args.unit);
  });

  it('answers text with tool_choice auto, and acknowledges the tool result of a loop', async () => {
    const auto = (await chat({ messages: hello, tools: [WEATHER] })).json();
    expect(auto.choices[0].finish_reason).toBe('stop');
    expect(auto.choices[0].message.tool_calls).toBeUndefined();
    const called = (await chat({ messages: hello, tools: [WEATHER], tool_choice: 'required' })).json();
    const call = called.choices[0].message.tool_calls[0];
    const answer = (
      await chat({
        messages: [
          ...hello,
          called.choices[0].message,
          { role: 'tool', tool_call_id: call.id, content: '{"temperature": 21}' },
        ],
        tools: [WEATHER],
      })
    ).json();
    expect(answer.choices[0].message.content).toContain('get_weather returned: {"temperature": 21}');
  });

  it('streams a tool call as OpenAI does: id, type and name first, then the arguments in pieces', async () => {
    const response = await chat({
      messages: hello,
      tools: [WEATHER],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      stream: true,
    });
    const chunks = await events(response.body);
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(deltas[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), type: 'function' });
    expect(deltas[0]?.function.name).toBe('get_weather');
    expect(deltas.slice(1).every((d) => d.id === undefined)).toBe(true);
    const args = deltas.map((d) => d.function.arguments).join('');
    expect(JSON.parse(args)).toHaveProperty('city');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('counts the tool definitions in the prompt tokens billed', async () => {
    const before = await balance();
    const plain = (await chat({ messages: hello })).json();
    const middle = await balance();
    const withTools = (await chat({ messages: hello, tools: [WEATHER] })).json();
    expect(withTools.usage.prompt_tokens).toBeGreaterThan(plain.usage.prompt_tokens + 20);
    expect(before - middle).toBe(plain.usage.total_tokens);
    expect(middle - (await balance())).toBe(withTools.usage.total_tokens);
  });

  it('answers JSON that follows a json_schema response format, never prose', async () => {
    const response = await chat({
      messages: hello,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'forecast',
          strict: true,
          schema: {
            type: 'object',
            properties: { days: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 2 } },
            required: ['days'],
            additionalProperties: false,
          },
        },
      },
    });
    const parsed = JSON.parse(response.json().choices[0].message.content);
    expect(parsed.days).toHaveLength(2);
    expect(parsed.days.every((d: number) => Number.isInteger(d) && d >= 1)).toBe(true);
    const object = (await chat({ messages: hello, response_format: { type: 'json_object' } })).json();
    expect(JSON.parse(object.choices[0].message.content)).toEqual(expect.any(Object));
  });
});

describe('what a request may carry', () => {
  it.each([
    [{ tools: [{ ...WEATHER, function: { ...WEATHER.function, name: 'get weather' } }] }, 'tools[0].function.name'],
    [{ tools: [WEATHER, WEATHER] }, 'tools[1].function.name'],
    [{ tool_choice: 'required' }, 'tool_choice: needs tools'],
    [
      { tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'other' } } },
      "'other' is not among tools",
    ],
    [{ messages: [...hello, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] }, 'messages[1].tool_call_id'],
    [
      {
        messages: [
          {
            role: 'user',
            content: 'x',
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          ...hello,
        ],
      },
      'messages[0].tool_calls',
    ],
    [{ functions: [{ name: 'f' }] }, 'functions: is the deprecated form of tools'],
    [{ top_logprobs: 3 }, 'top_logprobs: needs logprobs: true'],
    [{ temprature: 1 }, 'unknown field "temprature"'],
  ])('refuses %j with a 400 naming the field', async (payload, named) => {
    const response = await chat({ messages: hello, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(named);
    expect(response.json().error.type).toBe('invalid_request_error');
  });

  it('refuses an answered-later tool call: each call is answered before the conversation goes on', async () => {
    const response = await chat({
      messages: [
        ...hello,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'user', content: 'and?' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("'c1' must each be answered by a tool message first");
  });

  it('refuses a parameter the engine cannot honour by name and engine; accepts those without effect on it', async () => {
    for (const [payload, name] of [
      [{ logprobs: true }, 'logprobs'],
      [{ logit_bias: { '42': 5 } }, 'logit_bias'],
      [{ reasoning_effort: 'high' }, 'reasoning_effort'],
      [{ modalities: ['text', 'audio'] }, 'modalities'],
    ] as const) {
      const response = await chat({ messages: hello, ...payload });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error).toMatchObject({
        param: name,
        message: expect.stringContaining(`builtin engine) does not support ${name}`),
      });
    }
    for (const payload of [
      { temperature: 0.2, top_p: 0.5, seed: 7, user: 'u1', metadata: { a: 'b' }, store: true },
      { frequency_penalty: 1, presence_penalty: 1, service_tier: 'auto', modalities: ['text'], logprobs: false },
      { prediction: { type: 'content', content: 'x' }, prompt_cache_key: 'k', safety_identifier: 's' },
    ])
      expect((await chat({ messages: hello, ...payload })).statusCode, JSON.stringify(payload)).toBe(200);
  });
});

describe("OpenAI's error shape under /v1, the spec's under /api", () => {
  it('answers an unknown /v1 route with {error: {message, type, param, code}}, an unknown /api route with {error}', async () => {
    const v1 = await t.server.inject({ url: '/v1/nothing-here', headers: withKey(key) });
    expect(v1.statusCode).toBe(404);
    expect(v1.json()).toEqual({
      error: { message: 'Not found: GET /v1/nothing-here', type: 'not_found_error', param: null, code: null },
    });
    const api = await t.server.inject({ url: '/api/nothing-here', headers: withKey(key) });
    expect(api.json()).toEqual({ error: 'Not found: GET /api/nothing-here' });
  });

  it('answers 401 and 429 (with retry-after) in OpenAI shape', async () => {
    const unauthorized = await t.server.inject({ method: 'POST', url: '/v1/chat/completions', payload: {} });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key' });
    const free = (await t.account({ plan: 'free', credits: 1000 })).key;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.server.inject>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await t.server.inject({ url: '/v1/models', headers: withKey(free) });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
    expect(last?.json().error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('answers 402 insufficient_quota when the credits do not cover the most the request can cost', async () => {
    const poor = (await t.account({ credits: 1 })).key;
    const response = await t.server.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: withKey(poor),
      payload: { messages: hello },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
  });
});

describe('legacy completions', () => {
  const complete = (payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url: '/v1/completions', headers: withKey(key), payload });

  it('answers each prompt with n choices, echo puts the prompt first, billed as chat', async () => {
    const before = await balance();
    const response = await complete({ prompt: ['Once upon', 'a time'], n: 2, echo: true, max_tokens: 50 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ object: 'text_completion', model: 'builtin', id: expect.stringMatching(/^cmpl-/) });
    expect(body.choices.map((c: { index: number }) => c.index)).toEqual([0, 1, 2, 3]);
    expect(body.choices[0].text.startsWith('Once upon')).toBe(true);
    expect(body.choices[2].text.startsWith('a time')).toBe(true);
    expect(before - (await balance())).toBe(body.usage.total_tokens);
  });

  it('stops at 16 tokens by default, as OpenAI does, and streams text_completion chunks then [DONE]', async () => {
    const short = (await complete({ prompt: 'Tell me a long story about bees and honey and flowers' })).json();
    expect(short.choices[0].finish_reason).toBe('length');
    expect(short.usage.completion_tokens).toBe(16);
    const streamed = await complete({ prompt: 'Hello', stream: true, max_tokens: 100 });
    const chunks = await events(streamed.body);
    expect(chunks.every((c) => c.object === 'text_completion')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.text ?? '').join('')).toContain('Hello');
    expect(streamed.body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('refuses suffix and several prompts streamed, naming them', async () => {
    const suffix = await complete({ prompt: 'a', suffix: 'b' });
    expect(suffix.json().error).toMatchObject({ param: 'suffix', message: expect.stringContaining('suffix') });
    const many = await complete({ prompt: ['a', 'b'], stream: true });
    expect(many.json().error.message).toContain('prompt: a streamed completion takes one prompt');
  });
});

interface ToolDelta {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments: string };
}
interface Chunk {
  object: string;
  choices: { text?: string; finish_reason?: string | null; delta?: { tool_calls?: ToolDelta[] } }[];
}

/** The JSON events of a server-sent event stream, [DONE] left out. */
async function events(body: string): Promise<Chunk[]> {
  const stream = new Response(body).body
    ?.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  const parsed: Chunk[] = [];
  if (!stream) return parsed;
  for await (const event of stream) if (event.data !== '[DONE]') parsed.push(JSON.parse(event.data) as Chunk);
  return parsed;
}
