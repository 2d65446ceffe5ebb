import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type ChatChunk, OPENAI_FINISH, fingerprintOf } from './chat-completion-format.js';
import type { ChatGeneration, ChatPartStream } from './chat-generation.js';
import type { ChatService } from './chat.service.js';
import type { ChatRequest } from './chat.schemas.js';
import type { Completion, CompletionRequest } from './completions.schemas.js';
import { type Clock, unixSeconds } from '../../shared/clock.js';

/** OpenAI's default for the legacy endpoint, which clients of it count on. */
const LEGACY_MAX_TOKENS = 16;

/**
 * OpenAI's legacy completions over the chat pipeline: each prompt is a user message answered by the same engine
 * call, reservation and settlement as a chat completion, and the answers are put in the `text_completion` shape.
 */
export async function legacyComplete(
  chat: ChatService,
  caller: Caller,
  request: CompletionRequest,
): Promise<Outcome<Completion>> {
  const refused = refusal(request);
  if (refused) return refused;
  const prompts = typeof request.prompt === 'string' ? [request.prompt] : request.prompt;
  const generated: ChatGeneration[] = [];
  // One prompt after the other: a failure stops there, with what was already answered settled, not more started.
  for (const prompt of prompts) {
    const one = await chat.generate(caller, chatRequestOf(request, prompt));
    if (!one.ok) return one;
    generated.push(one.value);
  }
  const [first] = generated as [ChatGeneration, ...ChatGeneration[]];
  const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  for (const g of generated) {
    usage.prompt_tokens += g.usage.prompt_tokens;
    usage.completion_tokens += g.usage.completion_tokens;
    usage.total_tokens += g.usage.total_tokens;
  }
  return ok({
    id: completionId(first.id),
    object: 'text_completion',
    created: unixSeconds(chat.clock),
    model: first.modelId,
    system_fingerprint: fingerprintOf(first),
    choices: generated.flatMap((g, p) =>
      g.results.map((r, j) => ({
        index: p * g.results.length + j,
        text: (request.echo ? (prompts[p] ?? '') : '') + r.text,
        logprobs: request.logprobs != null ? legacyLogprobs(r.logprobs) : null,
        finish_reason: OPENAI_FINISH[r.finishReason],
      })),
    ),
    usage,
  });
}

/** The same as a stream of `text_completion` chunks (one prompt; the schema refuses more). */
export async function legacyStream(
  chat: ChatService,
  caller: Caller,
  request: CompletionRequest,
  cancel: AbortController,
): Promise<Outcome<AsyncGenerator<ChatChunk>>> {
  const refused = refusal(request);
  if (refused) return refused;
  const prompt = typeof request.prompt === 'string' ? request.prompt : (request.prompt[0] ?? '');
  const started = await chat.streamParts(caller, chatRequestOf(request, prompt), cancel);
  if (!started.ok) return started;
  return ok(legacyChunks(started.value, request, prompt, chat.clock));
}

async function* legacyChunks(stream: ChatPartStream, request: CompletionRequest, prompt: string, clock: Clock) {
  const created = unixSeconds(clock);
  const chunk = (choices: unknown[], usage?: unknown) => ({
    id: completionId(stream.id),
    object: 'text_completion',
    created,
    model: stream.modelId,
    system_fingerprint: fingerprintOf(stream),
    choices,
    ...(usage !== undefined && { usage }),
  });
  if (request.echo)
    for (let index = 0; index < stream.n; index++)
      yield chunk([{ index, text: prompt, logprobs: null, finish_reason: null }]);
  for await (const { index, part } of stream.parts) {
    if (part.type === 'text-delta')
      yield chunk([{ index, text: part.text, logprobs: legacyLogprobs(part.logprobs), finish_reason: null }]);
    else if (part.type === 'finish')
      yield chunk([{ index, text: '', logprobs: null, finish_reason: OPENAI_FINISH[part.finishReason] }]);
  }
  if (request.stream_options?.include_usage) yield chunk([], stream.usage());
}

function refusal(request: CompletionRequest): Outcome<never> | undefined {
  if (request.suffix)
    return fail(
      'invalid_input',
      'suffix is not supported here: the engines complete a prompt at its end, none fills in before a suffix',
      undefined,
      'suffix',
    );
  return undefined;
}

/** The legacy request as a chat request of one user message; the chat pipeline checks each parameter against the engine. */
function chatRequestOf(request: CompletionRequest, prompt: string): ChatRequest {
  return {
    messages: [{ role: 'user', content: prompt }],
    max_completion_tokens: request.max_tokens ?? LEGACY_MAX_TOKENS,
    ...(request.model !== undefined && { model: request.model }),
    ...(request.temperature != null && { temperature: request.temperature }),
    ...(request.top_p != null && { top_p: request.top_p }),
    ...(request.n != null && { n: request.n }),
    ...(request.stop != null && { stop: request.stop }),
    ...(request.seed != null && { seed: request.seed }),
    ...(request.frequency_penalty != null && { frequency_penalty: request.frequency_penalty }),
    ...(request.presence_penalty != null && { presence_penalty: request.presence_penalty }),
    ...(request.logit_bias != null && { logit_bias: request.logit_bias }),
    ...(request.user != null && { user: request.user }),
    ...(request.logprobs != null && { logprobs: true, top_logprobs: request.logprobs }),
  };
}

const completionId = (chatId: string) => chatId.replace(/^chatcmpl-/, 'cmpl-');

interface ChatLogprob {
  token: string;
  logprob: number;
  top_logprobs?: { token: string; logprob: number }[];
}

/** Chat's logprobs (`{content: [{token, logprob, top_logprobs}]}`) in the legacy shape. */
function legacyLogprobs(logprobs: unknown): unknown {
  const given = (logprobs as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(given)) return null;
  // From the upstream: only well-formed entries are carried over.
  const content = given.filter((c): c is ChatLogprob => typeof c?.token === 'string' && typeof c.logprob === 'number');
  const offsets: number[] = [];
  let offset = 0;
  for (const item of content) {
    offsets.push(offset);
    offset += item.token.length;
  }
  return {
    tokens: content.map((c) => c.token),
    token_logprobs: content.map((c) => c.logprob),
    top_logprobs: content.map((c) =>
      Object.fromEntries((Array.isArray(c.top_logprobs) ? c.top_logprobs : []).map((t) => [t.token, t.logprob])),
    ),
    text_offset: offsets,
  };
}
