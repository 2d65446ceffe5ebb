import { AIMessage, AIMessageChunk, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
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
 * LangChain JS's ChatOpenAI as agents use it, against each text engine: tools bound and a tool-message
 * round trip, streamed tool calls and structured output, over chat completions and (useResponsesApi) over
 * the Responses API.
 */

const engine = agentEnginesForFile();

const APIS = ['chat completions', 'Responses API'] as const;
type Api = (typeof APIS)[number];

/** Tokens for a forced call or a schema-bound object on the tiny llama model, and for its noise answers. */
const CALL_TOKENS = 120;
const textTokens = (name: EngineName) => (name === 'llama.cpp' ? 12 : 400);

function chatModel(e: AgentEngine, api: Api, maxTokens: number): { model: ChatOpenAI; sent: SentRequest[] } {
  const { fetch, sent } = recordingFetch();
  const model = new ChatOpenAI({
    model: e.model,
    apiKey: e.key,
    maxTokens,
    maxRetries: 0,
    useResponsesApi: api === 'Responses API',
    configuration: { baseURL: `${e.base}/v1`, fetch },
  });
  return { model, sent };
}

const TOOL_OUTPUT = '{"temperature":21,"sky":"clear"}';
const weather = tool(async () => TOOL_OUTPUT, {
  name: 'get_weather',
  description: 'The weather in a city now',
  schema: weatherInput,
});

const QUESTION = 'What is the weather in Paris?';

describe.each(ENGINE_NAMES)('LangChain on the %s engine', (name) => {
  const e = () => engine(name);

  describe.each(APIS)('over %s', (api) => {
    const overChat = api === 'chat completions';
    /**
     * The call is forced: 'required' over chat completions; over the Responses API, by the tool's name, since
     * @langchain/openai 1.5.8 leaves a string tool_choice ('required', 'auto', 'none') out of its Responses
     * requests (ChatOpenAIResponses.invocationParams keeps only a named or built-in one).
     */
    const forced = overChat ? 'required' : 'get_weather';

    it(`LangChain (${api}): bindTools runs a tool-message round trip (invoke, tool_calls, ToolMessage, invoke)`, async () => {
      const { model: caller, sent } = chatModel(e(), api, CALL_TOKENS);
      const before = await e().balance();
      const question = new HumanMessage(QUESTION);
      const ai = await caller.bindTools([weather], { tool_choice: forced }).invoke([question]);
      expect(ai).toBeInstanceOf(AIMessage);
      expect(ai.tool_calls).toHaveLength(1);
      const call = ai.tool_calls?.[0];
      expect(call?.name).toBe('get_weather');
      expect(call?.id).toMatch(/\S/);
      expect(weatherInput.parse(call?.args)).toEqual(call?.args);
      expect(ai.usage_metadata?.total_tokens).toBeGreaterThan(0);
      if (name === 'builtin') {
        expect(ai.response_metadata.model_name ?? ai.response_metadata.model).toBe('builtin');
        if (overChat) expect(ai.response_metadata.system_fingerprint).toBe('atelier-builtin-offline');
      }

      // The tool runs on the call, and its ToolMessage goes back with the conversation.
      if (!call) throw new Error('no tool call');
      const result = await weather.invoke(call);
      expect(result).toBeInstanceOf(ToolMessage);
      expect(result).toMatchObject({ tool_call_id: call.id, content: TOOL_OUTPUT });
      const { model: answerer, sent: sentAfter } = chatModel(e(), api, textTokens(name));
      const history: BaseMessage[] = [question, ai, result];
      const answer = await answerer.bindTools([weather], { tool_choice: 'auto' }).invoke(history);
      expect(answer.tool_calls ?? []).toEqual([]);
      expect(answer.text).toMatch(/\S/);
      const billed = (ai.usage_metadata?.total_tokens ?? 0) + (answer.usage_metadata?.total_tokens ?? 0);
      expect(before - (await e().balance())).toBe(billed);
      if (name === 'builtin') expect(answer.text).toContain(`The tool get_weather returned: ${TOOL_OUTPUT}`);
      if (name === 'upstream') {
        expect(call.args).toEqual(UPSTREAM_WEATHER_ARGS);
        expect(answer.text).toBe(`The tool said: ${TOOL_OUTPUT}`);
        const [received1, received2] = chatCallsOf(e());
        if (overChat) {
          // The tools, the call and the result reach the upstream as LangChain sent them.
          expect(received1?.tools).toEqual(sent[0]?.body.tools);
          expect(received1?.tool_choice).toEqual(sent[0]?.body.tool_choice);
          // (An assistant's empty text beside its calls goes on as OpenAI's null: the same message.)
          const messages = ((sentAfter[0]?.body.messages ?? []) as Record<string, unknown>[]).map((m) =>
            m.role === 'assistant' && m.tool_calls && m.content === '' ? { ...m, content: null } : m,
          );
          expect(received2?.messages).toEqual(messages);
        } else {
          expect(received2?.messages).toContainEqual({ role: 'tool', tool_call_id: call.id, content: TOOL_OUTPUT });
        }
      }
    });

    it(`LangChain (${api}): stream() with bound tools gathers the tool call chunks into a call`, async () => {
      const { model } = chatModel(e(), api, CALL_TOKENS);
      const stream = await model.bindTools([weather], { tool_choice: forced }).stream([new HumanMessage(QUESTION)]);
      let gathered: AIMessageChunk | undefined;
      let chunks = 0;
      for await (const chunk of stream) {
        chunks += 1;
        gathered = gathered ? gathered.concat(chunk) : chunk;
      }
      expect(chunks).toBeGreaterThan(1);
      expect(gathered).toBeInstanceOf(AIMessageChunk);
      expect(gathered?.tool_calls).toHaveLength(1);
      const call = gathered?.tool_calls?.[0];
      expect(call?.name).toBe('get_weather');
      expect(weatherInput.parse(call?.args)).toEqual(call?.args);
      if (name === 'upstream') {
        expect(call?.args).toEqual(UPSTREAM_WEATHER_ARGS);
        expect(chatCallsOf(e())[0]?.stream).toBe(true);
      }
    });

    it(`LangChain (${api}): withStructuredOutput(zod schema) parses the answer (json_schema)`, async () => {
      const { model, sent } = chatModel(e(), api, CALL_TOKENS);
      const structured = model.withStructuredOutput(review, { name: 'review' });
      const parsed = await structured.invoke([new HumanMessage('Review urban beekeeping.')]);
      expect(review.parse(parsed)).toEqual(parsed);
      if (name === 'upstream') {
        expect(parsed).toEqual(UPSTREAM_REVIEW);
        const received = chatCallsOf(e())[0];
        if (overChat) expect(received?.response_format).toEqual(sent[0]?.body.response_format);
        else expect(received?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'review' } });
      }
    });

    it(`LangChain (${api}): withStructuredOutput(zod schema, functionCalling) parses a forced call`, async () => {
      const { model, sent } = chatModel(e(), api, CALL_TOKENS);
      const structured = model.withStructuredOutput(review, { name: 'review', method: 'functionCalling' });
      const parsed = await structured.invoke([new HumanMessage('Review urban beekeeping.')]);
      expect(review.parse(parsed)).toEqual(parsed);
      if (name === 'upstream') {
        expect(parsed).toEqual(UPSTREAM_REVIEW);
        const received = chatCallsOf(e())[0];
        expect(received?.tool_choice).toEqual({ type: 'function', function: { name: 'review' } });
        if (overChat) expect(received?.tools).toEqual(sent[0]?.body.tools);
      }
    });
  });
});
