import OpenAI from 'openai';
import { zodResponseFormat, zodTextFormat } from 'openai/helpers/zod';
import { describe, expect, it } from 'vitest';
import {
  type AgentEngine,
  ENGINE_NAMES,
  type EngineName,
  UPSTREAM_REVIEW,
  UPSTREAM_WEATHER_ARGS,
  WEATHER_PARAMETERS,
  agentEnginesForFile,
  chatCallsOf,
  review,
  weatherInput,
} from './helpers/agent-engines.js';

/**
 * The official openai client, as an agent uses it, against each text engine: function calling to the end
 * of a tool loop, streamed calls, structured output, the legacy completions, OpenAI's errors and the
 * Responses API. The fake upstream records what it receives: tools and results reach it unchanged.
 */

const engine = agentEnginesForFile();

const clientOf = (e: AgentEngine) => new OpenAI({ apiKey: e.key, baseURL: `${e.base}/v1`, maxRetries: 0 });

const WEATHER_TOOL: OpenAI.ChatCompletionFunctionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city now',
    parameters: WEATHER_PARAMETERS,
  },
};
const WEATHER_RESPONSES_TOOL: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'The weather in a city now',
  parameters: WEATHER_PARAMETERS,
  strict: true,
};
const QUESTION: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'What is the weather in Paris?' };
const TOOL_RESULT = '{"temperature":21,"sky":"clear"}';

/**
 * Tokens enough for the tiny llama model to write a whole forced call or schema-bound object (its noise
 * fills each string to the schema's maxLength at worst), and few enough to keep its answers quick.
 */
const CALL_TOKENS = 120;
/** The llama model never ends a turn itself: its answers are cut at a few tokens; the others' end on their own. */
const textTokens = (name: EngineName) => (name === 'llama.cpp' ? 12 : 400);

describe.each(ENGINE_NAMES)('the openai SDK on the %s engine', (name) => {
  const e = () => engine(name);

  it('openai SDK: runs a tool loop to completion (tool_choice required, then the tool result)', async () => {
    const client = clientOf(e());
    const before = await e().balance();
    const { data: first, response } = await client.chat.completions
      .create({
        model: e().model,
        messages: [QUESTION],
        tools: [WEATHER_TOOL],
        tool_choice: 'required',
        max_tokens: CALL_TOKENS,
      })
      .withResponse();
    const choice = first.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const call = choice?.message.tool_calls?.[0];
    expect(choice?.message.tool_calls).toHaveLength(1);
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(call.id).toMatch(/\S/);
    expect(call.function.name).toBe('get_weather');
    const args = weatherInput.parse(JSON.parse(call.function.arguments));
    expect(first.usage?.total_tokens).toBe((first.usage?.prompt_tokens ?? 0) + (first.usage?.completion_tokens ?? 0));
    expect(before - (await e().balance())).toBe(first.usage?.total_tokens);
    if (name === 'builtin') {
      expect(response.headers.get('x-atelier-engine')).toBe('builtin');
      expect(first.system_fingerprint).toBe('atelier-builtin-offline');
      expect(first.model).toBe('builtin');
    }
    if (name === 'upstream') expect(args).toEqual(UPSTREAM_WEATHER_ARGS);

    // The assistant's call and the tool's result go back; the model answers them in text.
    const assistant: OpenAI.ChatCompletionAssistantMessageParam = {
      role: 'assistant',
      content: null,
      tool_calls: [call],
    };
    const result: OpenAI.ChatCompletionToolMessageParam = { role: 'tool', tool_call_id: call.id, content: TOOL_RESULT };
    const second = await client.chat.completions.create({
      model: e().model,
      messages: [QUESTION, assistant, result],
      tools: [WEATHER_TOOL],
      tool_choice: 'auto',
      max_tokens: textTokens(name),
    });
    const answer = second.choices[0];
    expect(answer?.message.tool_calls ?? []).toEqual([]);
    expect(answer?.message.content).toMatch(/\S/);
    expect(answer?.finish_reason).toBe(name === 'llama.cpp' ? 'length' : 'stop');
    // The builtin engine says back what the tool returned.
    if (name === 'builtin') expect(answer?.message.content).toContain(`The tool get_weather returned: ${TOOL_RESULT}`);
    if (name === 'upstream') {
      expect(answer?.message.content).toBe(`The tool said: ${TOOL_RESULT}`);
      const [sent1, sent2] = chatCallsOf(e());
      // The tool definitions, the choice, the call and its result reach the upstream as the client sent them.
      expect(sent1).toMatchObject({ tools: [WEATHER_TOOL], tool_choice: 'required', messages: [QUESTION] });
      expect(sent2?.tools).toEqual([WEATHER_TOOL]);
      expect(sent2?.tool_choice).toBe('auto');
      expect(sent2?.messages).toEqual([QUESTION, { ...assistant, tool_calls: [call] }, result]);
    }
  });

  it('openai SDK: streams a tool call whose deltas reassemble by index, and chat.completions.stream gives it whole', async () => {
    const client = clientOf(e());
    const request = {
      model: e().model,
      messages: [QUESTION],
      tools: [WEATHER_TOOL],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      max_tokens: CALL_TOKENS,
    } satisfies OpenAI.ChatCompletionCreateParams;
    const stream = await client.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    const calls = new Map<number, { id?: string; type?: string; name?: string; arguments: string; pieces: number }>();
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | null | undefined;
    let fingerprint: string | null | undefined;
    for await (const chunk of stream) {
      fingerprint = chunk.system_fingerprint;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      finish = choice?.finish_reason ?? finish;
      for (const delta of choice?.delta.tool_calls ?? []) {
        const known = calls.get(delta.index);
        if (!known) {
          // The first piece of a call carries its id, type and name.
          expect(delta).toMatchObject({ id: expect.any(String), type: 'function', function: { name: 'get_weather' } });
          calls.set(delta.index, {
            ...(delta.id && { id: delta.id }),
            ...(delta.type && { type: delta.type }),
            ...(delta.function?.name && { name: delta.function.name }),
            arguments: delta.function?.arguments ?? '',
            pieces: 1,
          });
        } else {
          expect(delta.id ?? undefined).toBeUndefined();
          known.arguments += delta.function?.arguments ?? '';
          known.pieces += 1;
        }
      }
    }
    expect(finish).toBe('tool_calls');
    expect([...calls.keys()]).toEqual([0]);
    const call = calls.get(0);
    expect(call?.name).toBe('get_weather');
    // The arguments come in pieces; llama.cpp parses a call whole before it hands it on, so sends it in one.
    if (name !== 'llama.cpp') expect(call?.pieces).toBeGreaterThan(1);
    weatherInput.parse(JSON.parse(call?.arguments ?? ''));
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    if (name === 'builtin') expect(fingerprint).toBe('atelier-builtin-offline');
    if (name === 'upstream') {
      expect(JSON.parse(call?.arguments ?? '')).toEqual(UPSTREAM_WEATHER_ARGS);
      expect(chatCallsOf(e())[0]).toMatchObject({
        stream: true,
        tools: [WEATHER_TOOL],
        tool_choice: request.tool_choice,
      });
    }

    // The client's own stream helper puts the pieces together.
    const helper = client.chat.completions.stream(request);
    const final = await helper.finalChatCompletion();
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    const whole = final.choices[0]?.message.tool_calls?.[0];
    if (whole?.type !== 'function') throw new Error('expected a function call');
    expect(whole.function.name).toBe('get_weather');
    weatherInput.parse(JSON.parse(whole.function.arguments));
  });

  it('openai SDK: chat.completions.parse with zodResponseFormat parses the answer', async () => {
    const client = clientOf(e());
    const format = zodResponseFormat(review, 'review');
    const { data: completion, response } = await client.chat.completions
      .parse({
        model: e().model,
        messages: [{ role: 'user', content: 'Review urban beekeeping.' }],
        response_format: format,
        max_tokens: CALL_TOKENS,
      })
      .withResponse();
    const parsed = completion.choices[0]?.message.parsed;
    expect(review.parse(parsed)).toEqual(parsed);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    if (name === 'builtin') {
      expect(response.headers.get('x-atelier-engine')).toBe('builtin');
      expect(completion.system_fingerprint).toBe('atelier-builtin-offline');
    }
    if (name === 'upstream') {
      expect(parsed).toEqual(UPSTREAM_REVIEW);
      // The schema reaches the upstream as the client sent it (a strict json_schema).
      expect(chatCallsOf(e())[0]?.response_format).toEqual(JSON.parse(JSON.stringify(format)));
    }
  });

  it('openai SDK: completions.create (legacy) answers a text_completion', async () => {
    const client = clientOf(e());
    const before = await e().balance();
    const completion = await client.completions.create({ model: e().model, prompt: 'Say hi', max_tokens: 8 });
    expect(completion.object).toBe('text_completion');
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]?.text).toMatch(/\S/);
    expect(completion.choices[0]?.finish_reason).toMatch(/^(stop|length)$/);
    expect(before - (await e().balance())).toBe(completion.usage?.total_tokens);
    if (name === 'upstream') {
      expect(completion.choices[0]?.text).toBe('Hello from upstream');
      expect(chatCallsOf(e())[0]?.messages).toEqual([{ role: 'user', content: 'Say hi' }]);
    }
  });

  it("openai SDK: errors come in OpenAI's shape (unknown route, unknown model: 404 model_not_found)", async () => {
    const client = clientOf(e());
    const route = await client.get('/nope').catch((error: unknown) => error);
    expect(route).toBeInstanceOf(OpenAI.NotFoundError);
    const routeError = route as InstanceType<typeof OpenAI.NotFoundError>;
    expect(routeError.status).toBe(404);
    expect(routeError.error).toMatchObject({ message: expect.stringMatching(/\S/), type: expect.any(String) });
    expect(routeError.error).toHaveProperty('param');
    expect(routeError.error).toHaveProperty('code');

    const model = await client.chat.completions
      .create({ model: 'gpt-9', messages: [QUESTION], tools: [WEATHER_TOOL] })
      .catch((error: unknown) => error);
    expect(model).toBeInstanceOf(OpenAI.NotFoundError);
    expect(model).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect((model as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
      message: expect.stringContaining('gpt-9'),
      code: 'model_not_found',
    });
    if (name === 'upstream') expect(chatCallsOf(e())).toEqual([]);
  });

  it('openai SDK: a parameter the engine cannot honour (logprobs) is a 400 naming it, and reaches an upstream', async () => {
    const client = clientOf(e());
    const request = {
      model: e().model,
      messages: [QUESTION],
      logprobs: true,
      top_logprobs: 2,
      max_tokens: textTokens(name),
    } satisfies OpenAI.ChatCompletionCreateParams;
    if (name === 'upstream') {
      const completion = await client.chat.completions.create(request);
      expect(completion.choices[0]?.logprobs?.content?.[0]?.token).toBe('Hello');
      expect(chatCallsOf(e())[0]).toMatchObject({ logprobs: true, top_logprobs: 2 });
      return;
    }
    const before = await e().balance();
    const refused = await client.chat.completions.create(request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    const error = refused as InstanceType<typeof OpenAI.BadRequestError>;
    expect(error.status).toBe(400);
    expect(error.param).toBe('logprobs');
    expect(error.error).toMatchObject({
      message: expect.stringMatching(name === 'builtin' ? /logprobs.*builtin|builtin.*logprobs/ : /logprobs/),
    });
    // Nothing was charged.
    expect(await e().balance()).toBe(before);
  });

  describe('the Responses API', () => {
    it('openai SDK: responses.create answers a plain input', async () => {
      const client = clientOf(e());
      const before = await e().balance();
      const { data: response, response: http } = await client.responses
        .create({
          model: e().model,
          instructions: 'You are terse.',
          input: 'Say hello to the bees',
          max_output_tokens: textTokens(name),
        })
        .withResponse();
      expect(response.object).toBe('response');
      expect(response.id).toMatch(/^resp_/);
      expect(response.status).toMatch(/^(completed|incomplete)$/);
      expect(response.output_text).toMatch(/\S/);
      expect(response.usage?.total_tokens).toBe(
        (response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0),
      );
      expect(before - (await e().balance())).toBe(response.usage?.total_tokens);
      if (name === 'upstream') {
        expect(response.output_text).toBe('Hello from upstream');
        expect(chatCallsOf(e())[0]?.messages).toEqual([
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Say hello to the bees' },
        ]);
      }
      // Stored (the default), it can be read back and deleted.
      expect((await client.responses.retrieve(response.id)).output_text).toBe(response.output_text);
      await client.responses.delete(response.id);
      const gone = await client.responses.retrieve(response.id).catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(OpenAI.NotFoundError);
      if (name === 'builtin') {
        expect(response.output_text).toContain('Say hello to the bees');
        expect(response.model).toBe('builtin');
        expect(http.headers.get('x-atelier-engine')).toBe('builtin');
      }
    });

    it('openai SDK: responses.create streamed (stream: true) sends the semantic events, numbered in order', async () => {
      const client = clientOf(e());
      const stream = await client.responses.create({
        model: e().model,
        input: 'Count the bees',
        max_output_tokens: textTokens(name),
        stream: true,
      });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const types = events.map((event) => event.type);
      expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
      expect(types.at(-1)).toMatch(/^response\.(completed|incomplete)$/);
      for (const type of [
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
      ])
        expect(types).toContain(type);
      expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, i) => i));
      const text = events
        .flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : []))
        .join('');
      const done = events.find((event) => event.type === 'response.output_text.done');
      expect(done?.type === 'response.output_text.done' && done.text).toBe(text);
      const last = events.at(-1);
      if (last?.type !== 'response.completed' && last?.type !== 'response.incomplete')
        throw new Error('no final event');
      expect(last.response.output_text ?? text).toBe(text);
      if (name === 'upstream') expect(text).toBe('Hello from upstream');
    });

    it('openai SDK: responses.create streamed with a forced function call sends its argument events', async () => {
      const client = clientOf(e());
      const stream = await client.responses.create({
        model: e().model,
        input: 'What is the weather in Paris?',
        tools: [WEATHER_RESPONSES_TOOL],
        tool_choice: { type: 'function', name: 'get_weather' },
        max_output_tokens: CALL_TOKENS,
        stream: true,
      });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const added = events.find((event) => event.type === 'response.output_item.added');
      expect(added?.type === 'response.output_item.added' && added.item).toMatchObject({
        type: 'function_call',
        name: 'get_weather',
        call_id: expect.any(String),
      });
      const deltas = events.flatMap((event) =>
        event.type === 'response.function_call_arguments.delta' ? [event.delta] : [],
      );
      expect(deltas.length).toBeGreaterThan(0);
      const done = events.find((event) => event.type === 'response.function_call_arguments.done');
      if (done?.type !== 'response.function_call_arguments.done') throw new Error('no arguments done event');
      expect(done.arguments).toBe(deltas.join(''));
      weatherInput.parse(JSON.parse(done.arguments));
      const last = events.at(-1);
      if (last?.type !== 'response.completed') throw new Error(`ended with ${last?.type}`);
      expect(last.response.output).toContainEqual(
        expect.objectContaining({ type: 'function_call', name: 'get_weather', arguments: done.arguments }),
      );
      expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, i) => i));
      if (name === 'upstream') expect(JSON.parse(done.arguments)).toEqual(UPSTREAM_WEATHER_ARGS);
    });

    it('openai SDK: responses.parse with zodTextFormat (text.format json_schema) parses the answer', async () => {
      const client = clientOf(e());
      const response = await client.responses.parse({
        model: e().model,
        input: 'Review urban beekeeping.',
        text: { format: zodTextFormat(review, 'review') },
        max_output_tokens: CALL_TOKENS,
      });
      expect(review.parse(response.output_parsed)).toEqual(response.output_parsed);
      if (name === 'upstream') {
        expect(response.output_parsed).toEqual(UPSTREAM_REVIEW);
        expect(chatCallsOf(e())[0]?.response_format).toMatchObject({
          type: 'json_schema',
          json_schema: { name: 'review', strict: true },
        });
      }
    });

    it('openai SDK: responses.create chained with previous_response_id runs a function call loop', async () => {
      const client = clientOf(e());
      const first = await client.responses.create({
        model: e().model,
        input: 'What is the weather in Paris?',
        tools: [WEATHER_RESPONSES_TOOL],
        tool_choice: 'required',
        max_output_tokens: CALL_TOKENS,
      });
      const call = first.output.find((item) => item.type === 'function_call');
      if (call?.type !== 'function_call') throw new Error(`expected a function call: ${JSON.stringify(first.output)}`);
      expect(call.name).toBe('get_weather');
      weatherInput.parse(JSON.parse(call.arguments));

      const second = await client.responses.create({
        model: e().model,
        previous_response_id: first.id,
        input: [{ type: 'function_call_output', call_id: call.call_id, output: TOOL_RESULT }],
        tools: [WEATHER_RESPONSES_TOOL],
        max_output_tokens: textTokens(name),
      });
      expect(second.previous_response_id).toBe(first.id);
      expect(second.output.filter((item) => item.type === 'function_call')).toEqual([]);
      expect(second.output_text).toMatch(/\S/);

      // The stored response and its input are there to read back.
      const stored = await client.responses.retrieve(second.id);
      expect(stored.id).toBe(second.id);
      expect(stored.output_text).toBe(second.output_text);
      const items = await client.responses.inputItems.list(second.id);
      expect(items.data.some((item) => item.type === 'function_call_output')).toBe(true);

      if (name === 'upstream') {
        expect(second.output_text).toBe(`The tool said: ${TOOL_RESULT}`);
        const [sent1, sent2] = chatCallsOf(e());
        expect(sent1?.tools).toEqual([
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: WEATHER_RESPONSES_TOOL.description,
              parameters: WEATHER_PARAMETERS,
              strict: true,
            },
          },
        ]);
        // The chain: the first turn's question and call, then the call's result.
        expect(sent2?.messages).toEqual([
          { role: 'user', content: 'What is the weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: call.call_id, type: 'function', function: { name: 'get_weather', arguments: call.arguments } },
            ],
          },
          { role: 'tool', tool_call_id: call.call_id, content: TOOL_RESULT },
        ]);
      }
    });

    it('openai SDK: the responses.stream helper gives the finalResponse()', async () => {
      const client = clientOf(e());
      const deltas: string[] = [];
      const stream = client.responses
        .stream({ model: e().model, input: 'Describe a hive', max_output_tokens: textTokens(name) })
        .on('response.output_text.delta', (event) => deltas.push(event.delta));
      const final = await stream.finalResponse();
      expect(final.object).toBe('response');
      expect(final.output_text).toMatch(/\S/);
      expect(final.output_text).toBe(deltas.join(''));
      const message = final.output.find((item) => item.type === 'message');
      expect(message?.type === 'message' && message.role).toBe('assistant');
      if (name === 'upstream') expect(final.output_text).toBe('Hello from upstream');
    });
  });
});
