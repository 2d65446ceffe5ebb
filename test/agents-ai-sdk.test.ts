import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel, generateObject, generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  type AgentEngine,
  ENGINE_NAMES,
  type EngineName,
  type SentRequest,
  UPSTREAM_REVIEW,
  UPSTREAM_WEATHER_ARGS,
  agentEnginesForFile,
  chatCallsOf,
  recordingFetch,
  review,
  weatherInput,
} from './helpers/agent-engines.js';

/**
 * The Vercel AI SDK (ai 6) as agents use it, against each text engine: tool loops over several steps
 * (generateText, streamText) and structured output (generateObject), through @ai-sdk/openai-compatible and
 * @ai-sdk/openai (its chat model, and its default model, which speaks the Responses API).
 */

const engine = agentEnginesForFile();

const PROVIDERS = ['@ai-sdk/openai-compatible', '@ai-sdk/openai .chat()', '@ai-sdk/openai (Responses API)'] as const;
type ProviderName = (typeof PROVIDERS)[number];

/** The model of `provider` on the engine's service, and the requests it sends. */
function modelOf(provider: ProviderName, e: AgentEngine): { model: LanguageModel; sent: SentRequest[] } {
  const { fetch, sent } = recordingFetch();
  const settings = { baseURL: `${e.base}/v1`, apiKey: e.key, fetch };
  if (provider === '@ai-sdk/openai-compatible') {
    const atelier = createOpenAICompatible({
      ...settings,
      name: 'atelier',
      includeUsage: true,
      supportsStructuredOutputs: true,
    });
    return { model: atelier(e.model), sent };
  }
  const openai = createOpenAI(settings);
  return { model: provider === '@ai-sdk/openai .chat()' ? openai.chat(e.model) : openai(e.model), sent };
}

const TOOL_OUTPUT = { temperature: 21, sky: 'clear' };
const weatherTool = () =>
  tool({
    description: 'The weather in a city now',
    inputSchema: weatherInput,
    execute: async () => TOOL_OUTPUT,
  });

/** Tokens for a forced call or a schema-bound object on the tiny llama model, and for its noise answers. */
const CALL_TOKENS = 120;
const textTokens = (name: EngineName) => (name === 'llama.cpp' ? 12 : 400);

/** Chat completion request bodies among what a client sent. */
const chatBodies = (sent: SentRequest[]) => sent.filter((r) => r.url.endsWith('/chat/completions')).map((r) => r.body);

/**
 * What the upstream must receive of a client's tools: chat completions' own (as they came), or the
 * Responses API's function tools in chat completions' format.
 */
function expectedTools(body: Record<string, unknown> | undefined): unknown {
  const tools = (body?.tools ?? []) as Record<string, unknown>[];
  return tools.map((t) =>
    t.type === 'function' && !('function' in t)
      ? {
          type: 'function',
          function: {
            name: t.name,
            ...(t.description !== undefined && { description: t.description }),
            parameters: t.parameters,
            ...(t.strict != null && { strict: t.strict }),
          },
        }
      : t,
  );
}

describe.each(ENGINE_NAMES)('the AI SDK on the %s engine', (name) => {
  const e = () => engine(name);

  describe.each(PROVIDERS)('through %s', (provider) => {
    const responsesApi = provider === '@ai-sdk/openai (Responses API)';

    it(`AI SDK (${provider}): generateText runs a tool loop over several steps (required, then auto)`, async () => {
      const { model, sent } = modelOf(provider, e());
      const before = await e().balance();
      const result = await generateText({
        model,
        prompt: 'What is the weather in Paris?',
        tools: { get_weather: weatherTool() },
        toolChoice: 'required',
        stopWhen: stepCountIs(3),
        maxOutputTokens: CALL_TOKENS,
        // After the first call the model may answer in text: the loop ends there.
        prepareStep: ({ stepNumber }) =>
          stepNumber === 0 ? undefined : { toolChoice: 'auto', maxOutputTokens: textTokens(name) },
      });
      expect(result.steps).toHaveLength(2);
      const [first, second] = result.steps;
      expect(first?.finishReason).toBe('tool-calls');
      expect(first?.toolCalls).toHaveLength(1);
      const call = first?.toolCalls[0];
      expect(call?.toolName).toBe('get_weather');
      expect(weatherInput.parse(call?.input)).toEqual(call?.input);
      expect(first?.toolResults.map((r) => r.output)).toEqual([TOOL_OUTPUT]);
      expect(second?.toolCalls).toEqual([]);
      expect(result.finishReason).toBe(name === 'llama.cpp' ? 'length' : 'stop');
      expect(result.text).toMatch(/\S/);
      expect(before - (await e().balance())).toBe(result.totalUsage.totalTokens);
      if (name === 'builtin') {
        expect(first?.response.headers?.['x-atelier-engine']).toBe('builtin');
        expect(first?.response.modelId).toBe('builtin');
        expect(result.text).toContain('The tool get_weather returned: {"temperature":21,"sky":"clear"}');
      }
      if (name === 'upstream') {
        expect(call?.input).toEqual(UPSTREAM_WEATHER_ARGS);
        expect(result.text).toBe(`The tool said: ${JSON.stringify(TOOL_OUTPUT)}`);
        const received = chatCallsOf(e());
        expect(received).toHaveLength(2);
        if (responsesApi) {
          const client = sent.filter((r) => r.url.endsWith('/responses')).map((r) => r.body);
          expect(received[0]?.tools).toEqual(expectedTools(client[0]));
          // The function_call and function_call_output items reach it as chat completions' call and tool message.
          expect(received[1]?.messages).toEqual([
            { role: 'user', content: 'What is the weather in Paris?' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: call?.toolCallId,
                  type: 'function',
                  function: { name: 'get_weather', arguments: JSON.stringify(UPSTREAM_WEATHER_ARGS) },
                },
              ],
            },
            { role: 'tool', tool_call_id: call?.toolCallId, content: JSON.stringify(TOOL_OUTPUT) },
          ]);
        } else {
          // Tool definitions, the call and its result reach the upstream as the client sent them.
          const client = chatBodies(sent);
          expect(received[0]?.tools).toEqual(client[0]?.tools);
          expect(received[0]?.tool_choice).toEqual(client[0]?.tool_choice);
          expect(received[1]?.tools).toEqual(client[1]?.tools);
          expect(received[1]?.messages).toEqual(client[1]?.messages);
        }
      }
    });

    it(`AI SDK (${provider}): streamText streams a tool call, runs the tool and streams the answer`, async () => {
      const { model } = modelOf(provider, e());
      const result = streamText({
        model,
        prompt: 'What is the weather in Paris?',
        tools: { get_weather: weatherTool() },
        toolChoice: 'required',
        stopWhen: stepCountIs(3),
        maxOutputTokens: CALL_TOKENS,
        prepareStep: ({ stepNumber }) =>
          stepNumber === 0 ? undefined : { toolChoice: 'auto', maxOutputTokens: textTokens(name) },
      });
      const types: string[] = [];
      let input = '';
      let text = '';
      for await (const part of result.fullStream) {
        types.push(part.type);
        if (part.type === 'tool-input-delta') input += part.delta;
        if (part.type === 'text-delta') text += part.text;
        if (part.type === 'error') throw part.error;
      }
      for (const type of ['tool-input-start', 'tool-input-delta', 'tool-call', 'tool-result', 'text-delta', 'finish'])
        expect(types).toContain(type);
      expect(types.indexOf('tool-result')).toBeLessThan(types.lastIndexOf('text-delta'));
      const steps = await result.steps;
      expect(steps).toHaveLength(2);
      const call = steps[0]?.toolCalls[0];
      expect(call?.toolName).toBe('get_weather');
      expect(JSON.parse(input)).toEqual(call?.input);
      weatherInput.parse(call?.input);
      expect(await result.text).toBe(text);
      expect(text).toMatch(/\S/);
      if (name === 'upstream') {
        expect(text).toBe(`The tool said: ${JSON.stringify(TOOL_OUTPUT)}`);
        expect(chatCallsOf(e()).map((body) => body.stream)).toEqual([true, true]);
      }
    });

    it(`AI SDK (${provider}): generateObject gives an object that fits the zod schema`, async () => {
      const { model, sent } = modelOf(provider, e());
      const before = await e().balance();
      const result = await generateObject({
        model,
        schema: review,
        schemaName: 'review',
        prompt: 'Review urban beekeeping.',
        maxOutputTokens: CALL_TOKENS,
      });
      expect(review.parse(result.object)).toEqual(result.object);
      expect(result.finishReason).toBe('stop');
      expect(before - (await e().balance())).toBe(result.usage.totalTokens);
      if (name === 'builtin') expect(result.response.headers?.['x-atelier-engine']).toBe('builtin');
      if (name === 'upstream') {
        expect(result.object).toEqual(UPSTREAM_REVIEW);
        const received = chatCallsOf(e())[0];
        if (responsesApi) {
          const format = (sent[0]?.body.text as { format?: Record<string, unknown> } | undefined)?.format;
          const { type: _type, ...schema } = format ?? {};
          expect(received?.response_format).toEqual({ type: 'json_schema', json_schema: schema });
        } else expect(received?.response_format).toEqual(chatBodies(sent)[0]?.response_format);
      }
    });
  });
});
