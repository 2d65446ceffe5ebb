import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { sql } from 'kysely';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** A 1x1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

let t: TestApp;
let base: string;
let key: string;
let client: OpenAI;

const clientFor = (apiKey: string, path = '/v1') => new OpenAI({ apiKey, baseURL: `${base}${path}`, maxRetries: 0 });

const balance = async (apiKey: string) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

const post = (body: unknown, apiKey = key) =>
  fetch(`${base}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

beforeAll(async () => {
  // One credit a token: what a response costs is its usage.total_tokens.
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000' });
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  key = (await t.account({ credits: 1_000_000 })).key;
  client = clientFor(key);
});
afterAll(() => t.close());

describe('the Responses API through the official openai client (builtin engine)', () => {
  it('responses.create answers text input with output_text, usage, the model and the x-atelier-engine header, billed by its usage', async () => {
    const before = await balance(key);
    const { data: response, response: raw } = await client.responses
      .create({ model: 'gpt-4o-mini', input: 'Say hello to the bees' })
      .withResponse();
    expect(raw.headers.get('x-atelier-engine')).toBe('builtin');
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'builtin',
      error: null,
      incomplete_details: null,
      store: true,
      previous_response_id: null,
      tools: [],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      text: { format: { type: 'text' } },
    });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output).toHaveLength(1);
    expect(response.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(response.output[0]?.id).toMatch(/^msg_/);
    expect(response.output_text).toContain('You wrote: "Say hello to the bees"');
    const usage = response.usage;
    expect(usage?.input_tokens).toBe(5);
    expect(usage?.output_tokens).toBeGreaterThan(10);
    expect(usage?.total_tokens).toBe((usage?.input_tokens ?? 0) + (usage?.output_tokens ?? 0));
    expect(usage?.input_tokens_details.cached_tokens).toBe(0);
    expect(usage?.output_tokens_details.reasoning_tokens).toBe(0);
    expect(await balance(key)).toBe(before - (usage?.total_tokens ?? 0));

    // The same under /api, where the hosted interface's clients look.
    const again = await clientFor(key, '/api').responses.create({ input: 'Say hello to the bees' });
    expect(again.output_text).toBe(response.output_text);
  });

  it('responses.create takes instructions and input items (developer, assistant history, parts), and refuses a picture the builtin engine cannot see with a 400 naming the item', async () => {
    const response = await client.responses.create({
      model: 'builtin',
      instructions: 'Answer very briefly.',
      input: [
        { role: 'developer', content: 'Use plain English.' },
        { role: 'user', content: [{ type: 'input_text', text: 'First question' }] },
        {
          type: 'message',
          id: 'msg_earlier',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'First answer', annotations: [] }],
        },
        { type: 'message', role: 'user', content: 'Second question' },
      ],
    });
    expect(response.instructions).toBe('Answer very briefly.');
    expect(response.output_text).toContain('You wrote: "Second question"');
    // Every message's words: the instructions (3), developer (3), the questions (2 each) and the answer (2).
    expect(response.usage?.input_tokens).toBe(12);

    const before = await balance(key);
    const error = await client.responses
      .create({
        model: 'builtin',
        input: [
          {
            role: 'user',
            content: [
              { type: 'input_text', text: 'What is in this picture?' },
              { type: 'input_image', image_url: PIXEL, detail: 'auto' },
            ],
          },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const { message, param } = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(param).toBe('input[0].content[1]');
    expect(message).toMatch(/input\[0\]\.content\[1\]/);
    expect(message).toMatch(/cannot take input_image parts/);
    expect(message).not.toMatch(/messages\[/);
    expect(await balance(key)).toBe(before);
  });

  it('responses.create with stream: true sends the semantic events in order, numbered from 0, whose deltas join to the final text', async () => {
    const input = 'Tell me about urban beekeeping on rooftops';
    const whole = await client.responses.create({ model: 'builtin', input });
    const before = await balance(key);
    const stream = await client.responses.create({ model: 'builtin', input, stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let deltas = '';
    let completed: OpenAI.Responses.Response | undefined;
    let id: string | undefined;
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === 'response.created') {
        id = event.response.id;
        expect(event.response).toMatchObject({ status: 'in_progress', output: [] });
      }
      if (event.type === 'response.output_text.delta') {
        deltas += event.delta;
        expect(event).toMatchObject({ output_index: 0, content_index: 0, logprobs: [] });
      }
      if (event.type === 'response.output_text.done') expect(event.text).toBe(deltas);
      if (event.type === 'response.completed') completed = event.response;
    }
    const distinct = types.filter((type, i) => type !== types[i - 1]);
    expect(distinct).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(types.filter((type) => type === 'response.output_text.delta').length).toBeGreaterThan(5);
    expect(sequence).toEqual(sequence.map((_n, i) => i));
    expect(deltas).toBe(whole.output_text);
    expect(completed?.id).toBe(id);
    expect(completed?.status).toBe('completed');
    const content = completed?.output[0]?.type === 'message' ? completed.output[0].content[0] : undefined;
    expect(content).toMatchObject({ type: 'output_text', text: deltas });
    expect(completed?.usage?.total_tokens).toBe(whole.usage?.total_tokens);
    expect(await balance(key)).toBe(before - (whole.usage?.total_tokens ?? 0));
    // Stored as it was streamed.
    expect((await client.responses.retrieve(id ?? '')).output_text).toBe(deltas);

    // On the wire: each event named by its type, and no [DONE].
    const res = await post({ model: 'builtin', input, stream: true });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event: string | undefined; data: string }[] = [];
    for await (const event of (res.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream()))
      events.push({ event: event.event, data: event.data });
    expect(events.every((e) => e.event === (JSON.parse(e.data) as { type: string }).type)).toBe(true);
    expect(events.at(-1)?.event).toBe('response.completed');
  });

  it('responses.stream(...) gives the events and finalResponse() with the whole answer', async () => {
    const runner = client.responses.stream({ model: 'builtin', input: 'Stream me an answer' });
    let deltas = '';
    runner.on('response.output_text.delta', (event) => {
      deltas += event.delta;
    });
    const final = await runner.finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output_text).toContain('You wrote: "Stream me an answer"');
    expect(final.output_text).toBe(deltas);
  });

  it('responses.create with max_output_tokens below the answer ends incomplete, streamed or not', async () => {
    const response = await client.responses.create({ model: 'builtin', input: 'Hi', max_output_tokens: 3 });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.usage?.output_tokens).toBe(3);
    const types: string[] = [];
    for await (const event of await client.responses.create({
      model: 'builtin',
      input: 'Hi',
      max_output_tokens: 3,
      stream: true,
    }))
      types.push(event.type);
    expect(types.at(-1)).toBe('response.incomplete');
  });

  it('responses.create with previous_response_id continues the stored conversation (without its instructions), and input_items lists only its own input', async () => {
    const first = await client.responses.create({
      model: 'builtin',
      instructions: 'Answer very briefly.',
      input: 'My name is Ada',
    });
    const alone = await client.responses.create({ model: 'builtin', input: 'What is my name?' });
    const second = await client.responses.create({
      model: 'builtin',
      previous_response_id: first.id,
      input: 'What is my name?',
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.instructions).toBeNull();
    expect(second.output_text).toContain('You wrote: "What is my name?"');
    // The engine read the first turn (its input and its answer) before the new input, not its instructions (3 words).
    expect(second.usage?.input_tokens).toBe(
      (first.usage?.input_tokens ?? 0) - 3 + (first.usage?.output_tokens ?? 0) + (alone.usage?.input_tokens ?? 0),
    );
    const third = await client.responses.create({
      model: 'builtin',
      previous_response_id: second.id,
      input: 'Thanks',
    });
    expect(third.usage?.input_tokens).toBe((second.usage?.input_tokens ?? 0) + (second.usage?.output_tokens ?? 0) + 1);

    const items = await client.responses.inputItems.list(second.id);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_text', text: 'What is my name?' }],
    });
    expect(items.data[0]?.id).toMatch(/^msg_/);
  });

  it('responses.create runs a tool loop: a required function_call, then its function_call_output answered by previous_response_id', async () => {
    const first = await client.responses.create({
      model: 'builtin',
      input: 'What is the weather in Lyon?',
      tools: [weatherTool],
      tool_choice: 'required',
    });
    expect(first.status).toBe('completed');
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    if (call?.type !== 'function_call') throw new Error('no function call');
    expect(call.id).toMatch(/^fc_/);
    expect(call.call_id).toMatch(/^call_/);
    expect(typeof (JSON.parse(call.arguments) as { city: unknown }).city).toBe('string');
    expect(first.tools).toEqual([{ ...weatherTool }]);

    const second = await client.responses.create({
      model: 'builtin',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temperature": 21}' }],
      tools: [weatherTool],
    });
    expect(second.status).toBe('completed');
    expect(second.output.map((item) => item.type)).toEqual(['message']);
    expect(second.output_text).toContain('The tool get_weather returned');
    expect(second.output_text).toContain('21');

    // An output for no call is refused, as OpenAI does.
    const error = await client.responses
      .create({
        model: 'builtin',
        input: [{ type: 'function_call_output', call_id: 'call_unknown', output: 'x' }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, param: 'input[0].call_id' });
  });

  it('responses.create streams a function call as function_call_arguments deltas that join to JSON', async () => {
    const types: string[] = [];
    let args = '';
    let done: string | undefined;
    for await (const event of await client.responses.create({
      model: 'builtin',
      input: 'Weather in Oslo?',
      tools: [weatherTool],
      tool_choice: { type: 'function', name: 'get_weather' },
      stream: true,
    })) {
      types.push(event.type);
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.function_call_arguments.done') {
        done = event.arguments;
        expect(event.name).toBe('get_weather');
      }
    }
    expect(types.filter((type, i) => type !== types[i - 1])).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(done).toBe(args);
    expect(typeof (JSON.parse(args) as { city: unknown }).city).toBe('string');
  });

  it('responses.create with text.format json_schema answers output_text that parses as JSON of that schema', async () => {
    const response = await client.responses.create({
      model: 'builtin',
      input: 'Name a city and its population',
      text: {
        format: {
          type: 'json_schema',
          name: 'city',
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, population: { type: 'integer' } },
            required: ['name', 'population'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    });
    const parsed = JSON.parse(response.output_text) as { name: unknown; population: unknown };
    expect(typeof parsed.name).toBe('string');
    expect(Number.isInteger(parsed.population)).toBe(true);
    expect(Object.keys(parsed).sort()).toEqual(['name', 'population']);
    expect(response.text?.format).toMatchObject({ type: 'json_schema', name: 'city', strict: true });
  });

  it('responses.retrieve, inputItems.list (paged, both orders) and delete work on a stored response', async () => {
    const created = await client.responses.create({
      model: 'builtin',
      input: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'two' },
        { role: 'user', content: 'three' },
      ],
    });
    expect(await client.responses.retrieve(created.id)).toEqual(created);

    const newest = await client.responses.inputItems.list(created.id, { limit: 2 });
    const text = (item: (typeof newest.data)[number]) =>
      item.type === 'message' ? (item.content[0] as { text: string }).text : '';
    expect(newest.data.map(text)).toEqual(['three', 'two']);
    expect(newest.has_more).toBe(true);
    expect(newest.data[1]).toMatchObject({ role: 'assistant', content: [{ type: 'output_text', text: 'two' }] });
    const rest = await client.responses.inputItems.list(created.id, { limit: 2, after: newest.data[1]?.id ?? '' });
    expect(rest.data.map(text)).toEqual(['one']);
    expect(rest.has_more).toBe(false);
    const oldest = await client.responses.inputItems.list(created.id, { order: 'asc' });
    expect(oldest.data.map(text)).toEqual(['one', 'two', 'three']);
    // All pages, as the client walks them.
    const all: string[] = [];
    for await (const item of client.responses.inputItems.list(created.id, { limit: 1 })) all.push(text(item));
    expect(all).toEqual(['three', 'two', 'one']);

    const deleted = await fetch(`${base}/v1/responses/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await deleted.json()).toEqual({ id: created.id, object: 'response', deleted: true });
    await expect(client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(client.responses.delete(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('another account gets 404 for GET, DELETE and input_items of a response, and 400 using it as previous_response_id', async () => {
    const mine = await client.responses.create({ model: 'builtin', input: 'Private thoughts' });
    const other = clientFor((await t.account({ credits: 10_000 })).key);
    for (const attempt of [
      () => other.responses.retrieve(mine.id),
      () => other.responses.delete(mine.id),
      () => other.responses.inputItems.list(mine.id),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.NotFoundError);
      expect((error as Error).message).toContain(`Response with id '${mine.id}' not found.`);
    }
    const error = await other.responses
      .create({ model: 'builtin', previous_response_id: mine.id, input: 'Tell me' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ param: 'previous_response_id', type: 'invalid_request_error' });
    expect((error as Error).message).toContain(`Previous response with id '${mine.id}' not found.`);
    // Still there for its owner.
    expect((await client.responses.retrieve(mine.id)).id).toBe(mine.id);
  });

  it('responses.create with store: false keeps nothing: GET is 404 and it cannot be continued', async () => {
    const response = await client.responses.create({ model: 'builtin', input: 'Forget this', store: false });
    expect(response).toMatchObject({ store: false });
    await expect(client.responses.retrieve(response.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(
      client.responses.create({ model: 'builtin', previous_response_id: response.id, input: 'And?' }),
    ).rejects.toMatchObject({ status: 400, param: 'previous_response_id' });
  });

  it('refuses with a 400 in OpenAI’s shape naming the field: an unknown field, a hosted tool, an item_reference, background: true', async () => {
    const before = await balance(key);
    const cases: [unknown, RegExp, string | null][] = [
      [{ model: 'builtin', input: 'x', temprature: 0.5 }, /unknown field "temprature"/, null],
      [
        { model: 'builtin', input: 'x', tools: [{ type: 'web_search' }] },
        /'web_search' tools are not available/,
        'tools[0].type',
      ],
      [
        { model: 'builtin', input: [{ type: 'item_reference', id: 'msg_1' }] },
        /item_reference items are not supported/,
        'input[0].type',
      ],
      [
        { model: 'builtin', input: [{ type: 'reasoning', summary: [] }] },
        /'reasoning' items are not supported/,
        'input[0].type',
      ],
      [
        { model: 'builtin', input: 'x', text: { format: { type: 'xml' } } },
        /'xml' is not supported here \(one of text, json_object, json_schema\)/,
        'text.format.type',
      ],
      [
        { model: 'builtin', input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] },
        /'input_file' parts are not supported here/,
        'input[0].content[0].type',
      ],
      [{ model: 'builtin', input: 'x', background: true }, /background responses are not supported/, 'background'],
      [{ model: 'builtin', input: 'x', tool_choice: 'required' }, /needs tools/, 'tool_choice'],
      [{ model: 'builtin' }, /input: is required/, 'input'],
    ];
    for (const [body, message, param] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as OpenAiErrorBody;
      expect(error.message).toMatch(message);
      expect(error.type).toBe('invalid_request_error');
      expect(error.param).toBe(param);
    }
    const unknownModel = await post({ model: 'no-such-model', input: 'x' });
    expect(unknownModel.status).toBe(404);
    expect(((await unknownModel.json()) as OpenAiErrorBody).error).toMatchObject({
      param: 'model',
      code: 'model_not_found',
    });
    // A parameter the builtin engine cannot honour is refused by name (see docs/openai-compatibility.md).
    const unsupported = await post({ model: 'builtin', input: 'x', reasoning: { effort: 'high' } });
    expect(unsupported.status).toBe(400);
    const refused = ((await unsupported.json()) as OpenAiErrorBody).error;
    expect(refused.param).toBe('reasoning.effort');
    expect(refused.message).toMatch(/does not support reasoning\.effort/);
    expect(await balance(key)).toBe(before);
  });

  it('answers and bills a response whose storage fails, streamed or not (the failure is logged, not answered)', async () => {
    const db = t.app.services.db;
    await sql`alter table responses rename to responses_away`.execute(db);
    let answered: OpenAI.Responses.Response | undefined;
    let streamed: OpenAI.Responses.Response | undefined;
    const before = await balance(key);
    try {
      answered = await client.responses.create({ model: 'builtin', input: 'Keep this if you can' });
      streamed = await client.responses.stream({ model: 'builtin', input: 'Keep this too' }).finalResponse();
    } finally {
      await sql`alter table responses_away rename to responses`.execute(db);
    }
    expect(answered.status).toBe('completed');
    expect(streamed.status).toBe('completed');
    const cost = (answered.usage?.total_tokens ?? 0) + (streamed.usage?.total_tokens ?? 0);
    expect(await balance(key)).toBe(before - cost);
    await expect(client.responses.retrieve(answered.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('deletes stored responses older than ATELIER_RESPONSES_RETENTION_DAYS (30 by default) when it sweeps', async () => {
    const old = await client.responses.create({ model: 'builtin', input: 'Long ago' });
    const recent = await client.responses.create({ model: 'builtin', input: 'Just now' });
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.app.services.db.updateTable('responses').set({ created_at: longAgo }).where('id', '=', old.id).execute();
    expect(await t.app.services.responses.sweep()).toBeGreaterThanOrEqual(1);
    await expect(client.responses.retrieve(old.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect((await client.responses.retrieve(recent.id)).id).toBe(recent.id);
  });
});

describe('the Responses API through an OpenAI-compatible upstream', () => {
  let upstream: FakeUpstream;
  let app: TestApp;
  let url: string;

  /** Streams `tokens` `paceMs` apart, then the finish and the usage (12 prompt tokens); `failAfter`: drops the connection. */
  const streamTokens =
    (tokens: string[], paceMs: number, failAfter?: number, gate?: Promise<boolean>) =>
    async (_call: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (choices: unknown[], extra: object = {}) =>
        `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices, ...extra })}\n\n`;
      for (const [i, token] of tokens.entries()) {
        if (res.destroyed) return;
        // Ended without its finish or [DONE]: a reset instead could drop the tokens the service had not read yet.
        if (i === failAfter) return void res.end();
        res.write(chunk([{ index: 0, delta: { content: token }, finish_reason: null }]));
        // Held after the first token until the client has it (false: it never came through).
        if (i === 0 && gate && !(await gate)) return void res.end();
        await new Promise((r) => setTimeout(r, paceMs));
      }
      res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
      const usage = { prompt_tokens: 12, completion_tokens: tokens.length, total_tokens: 12 + tokens.length };
      res.end(`${chunk([], { usage })}data: [DONE]\n\n`);
    };

  const account = async () => {
    const { key: apiKey } = await app.account({ credits: 10_000 });
    const spent = async () =>
      10_000 -
      (await app.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
        credits: { balance: number };
      }>().credits.balance;
    return { apiKey, spent, openai: new OpenAI({ apiKey, baseURL: `${url}/v1`, maxRetries: 0 }) };
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    app = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'llama3',
      ATELIER_UPSTREAM_RETRIES: '0',
      ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
    });
    await app.server.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('responses.create with stream: true passes the upstream tokens on as they come and bills the usage it reports', async () => {
    const { openai, spent } = await account();
    // The upstream sends its first token, then waits until the client has it before sending the rest: a service
    // that held tokens back would never pass the first one on, and the upstream would give up (no clock involved).
    let clientHasFirst: () => void = () => undefined;
    const firstArrived = new Promise<boolean>((resolve) => (clientHasFirst = () => resolve(true)));
    const gate = Promise.race([firstArrived, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    upstream.handle(streamTokens(['Bees ', 'make ', 'honey', '.'], 0, undefined, gate));
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of await openai.responses.create({
      model: 'llama3',
      instructions: 'Be brief.',
      input: 'What do bees make?',
      max_output_tokens: 50,
      stream: true,
    })) {
      if (event.type === 'response.output_text.delta') clientHasFirst();
      if (event.type === 'response.completed') final = event.response;
    }
    expect(await gate).toBe(true);
    expect(final?.output[0]).toMatchObject({ type: 'message', content: [{ text: 'Bees make honey.' }] });
    expect(upstream.calls.at(-1)?.body).toMatchObject({
      model: 'llama3',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What do bees make?' },
      ],
    });
    expect(final?.usage).toMatchObject({ input_tokens: 12, output_tokens: 4, total_tokens: 16 });
    expect(await spent()).toBe(16);
  });

  it('a client that leaves mid-stream stops the upstream and pays only for what was produced; nothing is stored', async () => {
    const { apiKey, spent, openai } = await account();
    let upstreamClosed = false;
    // 30 s of words: an upstream that closes within the 5 s below was stopped, it did not just finish.
    const tokens = Array.from({ length: 2_000 }, (_, i) => `word${i} `);
    upstream.handle(async (call, res) => {
      res.on('close', () => {
        upstreamClosed = true;
      });
      await streamTokens(tokens, 15)(call, res);
    });
    const controller = new AbortController();
    const response = await fetch(`${url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'llama3', stream: true, max_output_tokens: 2_000, input: 'Count for me' }),
      signal: controller.signal,
    });
    let received = '';
    const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    while (received.split('word').length < 10) received += (await reader.read()).value ?? '';
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const id = /"id":"(resp_\w+)"/.exec(received)?.[1] ?? '';

    for (const deadline = Date.now() + 5_000; !upstreamClosed && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 20));
    expect(upstreamClosed).toBe(true);
    let paid = 0;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      paid = await spent();
      if (paid < 2_000) break;
    }
    // Reserved: the prompt and 2,000 tokens. Charged: the prompt estimate and two tokens per word streamed before
    // the stop reached the upstream (at most 5 s of words on a slow machine: ~330).
    expect(paid).toBeGreaterThan(2);
    expect(paid).toBeLessThan(1_000);
    expect(id).toMatch(/^resp_/);
    await expect(openai.responses.retrieve(id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('an upstream that fails mid-stream ends the stream with response.failed, and the answer is not stored', async () => {
    const { apiKey, spent, openai } = await account();
    upstream.handle(streamTokens(['Bees ', 'make ', 'honey', '.'], 10, 2));
    const res = await fetch(`${url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'llama3', stream: true, max_output_tokens: 100, input: 'What do bees make?' }),
    });
    const events: { type: string; response?: { id: string; status: string; error: unknown } }[] = [];
    for await (const event of (res.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream()))
      events.push(JSON.parse(event.data));
    const last = events.at(-1);
    expect(last?.type).toBe('response.failed');
    expect(last?.response).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
    expect(events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(2);
    await expect(openai.responses.retrieve(last?.response?.id ?? '')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect(await spent()).toBeLessThan(100);
  });
});
