import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { z } from 'zod';
import { type FakeUpstream, type UpstreamCall, replyJson, startFakeUpstream } from './fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './test-app.js';
import { writeTinyLlama } from './tiny-llama.js';

/**
 * The three text engines an agent may find behind Atelier, each as a listening service with an account:
 * the offline builtin engine, llama.cpp on the suite's tiny random-weight GGUF, and an OpenAI-compatible
 * upstream (a fake that behaves like a tool-capable model and records what it receives). One credit is
 * one token on each, so a balance shows the tokens billed.
 */
export const ENGINE_NAMES = ['builtin', 'llama.cpp', 'upstream'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export interface AgentEngine {
  name: EngineName;
  /** The service's origin, e.g. `http://127.0.0.1:1234` (clients take `${base}/v1`). */
  base: string;
  key: string;
  /** The model name to ask for: the engine's standard model. */
  model: string;
  /** The fake upstream behind the `upstream` engine, with every request it received. */
  upstream?: FakeUpstream;
  t: TestApp;
  /** The account's credit balance (one credit a token). */
  balance(): Promise<number>;
  close(): Promise<void>;
}

/** The weather tool the tests define (as JSON Schema; the clients' zod schemas say the same). */
export const WEATHER_PARAMETERS = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'The city', maxLength: 12 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  },
  required: ['city', 'unit'],
  additionalProperties: false,
} as const;

/** The weather tool's parameters as the clients' zod schema. */
export const weatherInput = z.object({
  city: z.string().max(12).describe('The city'),
  unit: z.enum(['celsius', 'fahrenheit']),
});

/** What the fake upstream's model calls get_weather with. */
export const UPSTREAM_WEATHER_ARGS = { city: 'Paris', unit: 'celsius' };

/**
 * The structured answer the tests ask for (json_schema) and the fake upstream gives. Short strings and few
 * items: the tiny llama model writes noise inside the grammar, and must close its JSON within a few tokens.
 */
export const REVIEW_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 16 },
    mood: { type: 'string', enum: ['good', 'bad'] },
    tags: { type: 'array', items: { type: 'string', maxLength: 8 }, maxItems: 2 },
  },
  required: ['title', 'mood', 'tags'],
  additionalProperties: false,
} as const;
/** The review as the clients' zod schema. */
export const review = z.object({
  title: z.string().max(16),
  mood: z.enum(['good', 'bad']),
  tags: z.array(z.string().max(8)).max(2),
});
export const UPSTREAM_REVIEW = { title: 'Urban bees', mood: 'good', tags: ['honey', 'city'] };

export const UPSTREAM_TEXT = 'Hello from upstream';
/** Few enough tokens that no reservation (prompt estimate + max_tokens) is smaller than the usage reported. */
export const UPSTREAM_USAGE = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };

interface WireMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
}
interface WireTool {
  type: string;
  function: { name: string };
}

/** The answer a tool-capable model would give the request: a call, JSON, or text. */
type Answer = { kind: 'call'; name: string; arguments: string } | { kind: 'text'; text: string };

function answerOf(body: Record<string, unknown>): Answer {
  const messages = (body.messages ?? []) as WireMessage[];
  const tools = (body.tools ?? []) as WireTool[];
  const last = messages.at(-1);
  const choice = body.tool_choice as string | { function: { name: string } } | undefined;
  if (tools.length > 0 && last?.role !== 'tool' && choice !== 'none') {
    const name = typeof choice === 'object' ? choice.function.name : (tools[0]?.function.name ?? 'tool');
    const args = name === 'get_weather' ? UPSTREAM_WEATHER_ARGS : UPSTREAM_REVIEW;
    return { kind: 'call', name, arguments: JSON.stringify(args) };
  }
  const format = body.response_format as { type?: string } | undefined;
  if (format?.type === 'json_schema' || format?.type === 'json_object')
    return { kind: 'text', text: JSON.stringify(UPSTREAM_REVIEW) };
  if (last?.role === 'tool') return { kind: 'text', text: `The tool said: ${String(last.content)}` };
  return { kind: 'text', text: UPSTREAM_TEXT };
}

const LOGPROBS = { content: [{ token: 'Hello', logprob: -0.25, bytes: [72, 101, 108, 108, 111], top_logprobs: [] }] };

/** The fake upstream's model: OpenAI's chat completions, streamed as OpenAI streams them. */
function toolCapableModel(call: UpstreamCall, res: ServerResponse): void {
  if (!call.path.endsWith('/chat/completions')) {
    replyJson(res, 404, {
      error: { message: `no route ${call.path}`, type: 'invalid_request_error', param: null, code: null },
    });
    return;
  }
  const body = call.body;
  const answer = answerOf(body);
  const model = typeof body.model === 'string' ? body.model : 'upstream-model';
  const logprobs = body.logprobs === true ? LOGPROBS : null;
  const finish = answer.kind === 'call' ? 'tool_calls' : 'stop';
  const callId = 'call_upstream_1';
  if (body.stream !== true) {
    const message =
      answer.kind === 'call'
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: callId, type: 'function', function: { name: answer.name, arguments: answer.arguments } },
            ],
          }
        : { role: 'assistant', content: answer.text };
    replyJson(res, 200, {
      id: 'chatcmpl-upstream',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message, logprobs, finish_reason: finish }],
      usage: UPSTREAM_USAGE,
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (choices: unknown[], usage?: unknown) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-upstream', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices, ...(usage !== undefined && { usage }) })}\n\n`,
    );
  send([{ index: 0, delta: { role: 'assistant', content: answer.kind === 'call' ? null : '' }, finish_reason: null }]);
  if (answer.kind === 'call') {
    send([
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: answer.name, arguments: '' } }],
        },
        finish_reason: null,
      },
    ]);
    // The arguments in three pieces, as a model writes them.
    const third = Math.ceil(answer.arguments.length / 3);
    for (let at = 0; at < answer.arguments.length; at += third)
      send([
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { arguments: answer.arguments.slice(at, at + third) } }] },
          finish_reason: null,
        },
      ]);
  } else {
    for (const piece of answer.text.match(/\s*\S+/g) ?? [])
      send([{ index: 0, delta: { content: piece }, logprobs, finish_reason: null }]);
  }
  send([{ index: 0, delta: {}, finish_reason: finish }]);
  send([], UPSTREAM_USAGE);
  res.end('data: [DONE]\n\n');
}

const COMMON_ENV = {
  ATELIER_RATE_LIMIT_ENABLED: 'false',
  // One credit a token: a balance shows the tokens billed.
  ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
};

/** The llama service's context: room for a tool prompt and a short answer, loaded in well under a second. */
const LLAMA_CONTEXT = 1024;

/** One engine's service, listening on 127.0.0.1, with an account of a million credits. */
export async function startAgentEngine(name: EngineName): Promise<AgentEngine> {
  let upstream: FakeUpstream | undefined;
  let dir: string | undefined;
  let env: Record<string, string>;
  let model = 'gpt-4o-mini';
  if (name === 'upstream') {
    upstream = await startFakeUpstream();
    upstream.handle(toolCapableModel);
    model = 'small-llm';
    env = {
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'small-llm',
      ATELIER_TEXT_ADVANCED_MODEL: 'big-llm',
      ATELIER_UPSTREAM_RETRIES: '0',
    };
  } else if (name === 'llama.cpp') {
    dir = await mkdtemp(join(tmpdir(), 'atelier-agents-llama-'));
    const modelPath = join(dir, 'tiny.gguf');
    await writeTinyLlama(modelPath);
    env = {
      ATELIER_LLM_MODEL_PATH: modelPath,
      ATELIER_LLM_CONTEXT_SIZE: String(LLAMA_CONTEXT),
      ATELIER_LLM_THREADS: '1',
    };
  } else {
    env = {};
  }
  const t = await startTestApp({ ...COMMON_ENV, ...env });
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  const { key } = await t.account({ credits: 1_000_000 });
  return {
    name,
    base,
    key,
    model,
    ...(upstream && { upstream }),
    t,
    async balance() {
      const res = await t.server.inject({ url: '/api/account', headers: withKey(key) });
      return res.json<{ credits: { balance: number } }>().credits.balance;
    },
    async close() {
      await t.close();
      await upstream?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The three engines' services for a whole test file: started together before its tests, the upstream's
 * record emptied before each test, closed after them. Call at the top level; `engine(name)` in a test.
 */
export function agentEnginesForFile(): (name: EngineName) => AgentEngine {
  const started = new Map<EngineName, AgentEngine>();
  beforeAll(async () => {
    const engines = await Promise.allSettled(ENGINE_NAMES.map((name) => startAgentEngine(name)));
    for (const result of engines) if (result.status === 'fulfilled') started.set(result.value.name, result.value);
    const failed = engines.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });
  beforeEach(() => {
    for (const engine of started.values()) if (engine.upstream) engine.upstream.calls.length = 0;
  });
  afterAll(async () => {
    await Promise.all([...started.values()].map((engine) => engine.close()));
  });
  return (name) => {
    const engine = started.get(name);
    if (!engine) throw new Error(`the ${name} engine's service starts in beforeAll`);
    return engine;
  };
}

/** The request bodies the upstream received on its chat completions route, oldest first. */
export const chatCallsOf = (engine: AgentEngine): Record<string, unknown>[] =>
  (engine.upstream?.calls ?? []).filter((call) => call.path.endsWith('/chat/completions')).map((call) => call.body);

/** A request a client sent, as it went on the wire. */
export interface SentRequest {
  method: string;
  url: string;
  /** The JSON body; `{}` for none. */
  body: Record<string, unknown>;
}

/**
 * A fetch for a client's options that records each request before sending it: what the client sent, to
 * compare with what the fake upstream received.
 */
export function recordingFetch(): { fetch: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      url: request.url,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    });
    return fetch(request);
  };
  return { fetch: recording, sent };
}
