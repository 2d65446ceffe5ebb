import {
  HANDED_ON_PARAMETERS,
  type TextCallOptions,
  type TextParameter,
  type ToolChoice,
} from '../../engines/spec/text-model.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { ChatRequest } from './chat.schemas.js';

/** OpenAI's request fields the service hands on as they came, to an engine that speaks OpenAI's format. */
const HANDED_ON: readonly (keyof ChatRequest & TextParameter)[] = HANDED_ON_PARAMETERS;

/**
 * The parameters a request sets to something other than what leaving them out means (`n: 1`, `logprobs: false`,
 * `modalities: ["text"]`, no tools... ask for nothing an engine would have to act on).
 */
export function givenParameters(request: ChatRequest): TextParameter[] {
  const given: TextParameter[] = [];
  const set = (parameter: TextParameter, is: boolean) => {
    if (is) given.push(parameter);
  };
  set('temperature', request.temperature != null);
  set('top_p', request.top_p != null);
  set('stop', request.stop != null && request.stop.length > 0);
  set('n', request.n != null && request.n > 1);
  set('seed', request.seed != null);
  set('frequency_penalty', request.frequency_penalty != null && request.frequency_penalty !== 0);
  set('presence_penalty', request.presence_penalty != null && request.presence_penalty !== 0);
  set('logit_bias', request.logit_bias != null && Object.keys(request.logit_bias).length > 0);
  set('logprobs', request.logprobs === true);
  set('top_logprobs', request.logprobs === true && (request.top_logprobs ?? 0) > 0);
  set('response_format', request.response_format != null && request.response_format.type !== 'text');
  const tools = (request.tools ?? []).length > 0;
  set('tools', tools);
  set('tool_choice', tools && request.tool_choice != null);
  set('parallel_tool_calls', tools && request.parallel_tool_calls != null);
  set('modalities', request.modalities?.includes('audio') === true);
  set('store', request.store === true);
  for (const field of HANDED_ON)
    if (field !== 'modalities' && field !== 'store' && request[field] != null) given.push(field);
  return given;
}

/** What one field asks of another: tool_choice needs tools (and names one of them), top_logprobs needs logprobs. */
export function checkRequest(request: ChatRequest): Outcome<void> {
  const names = new Set((request.tools ?? []).map((t) => t.function.name));
  const choice = request.tool_choice;
  if (choice != null && choice !== 'none' && names.size === 0)
    return fail('invalid_input', 'tool_choice: needs tools', undefined, 'tool_choice');
  if (typeof choice === 'object' && choice !== null && !names.has(choice.function.name))
    return fail(
      'invalid_input',
      `tool_choice.function.name: '${choice.function.name}' is not among tools`,
      undefined,
      'tool_choice.function.name',
    );
  if (request.top_logprobs != null && request.logprobs !== true)
    return fail('invalid_input', 'top_logprobs: needs logprobs: true', undefined, 'top_logprobs');
  return ok(undefined);
}

/** A parameter the engine neither acts on nor is unaffected by: a 400 naming both, before anything is charged. */
export function checkParameters(
  given: TextParameter[],
  support: { honoured: readonly TextParameter[]; noEffect: readonly TextParameter[] },
  label: string,
): Outcome<void> {
  const refused = given.find((p) => !support.honoured.includes(p) && !support.noEffect.includes(p));
  if (!refused) return ok(undefined);
  return fail(
    'invalid_input',
    `The model ${label} does not support ${refused}; leave it out or choose another model (see docs/openai-compatibility.md)`,
    undefined,
    refused,
  );
}

/** The request's parameters as the engines take them (messages and the token limit aside). */
export function callParameters(request: ChatRequest, given: TextParameter[]): Omit<TextCallOptions, 'messages'> {
  const stop = typeof request.stop === 'string' ? [request.stop] : (request.stop ?? undefined);
  const handed = Object.fromEntries(HANDED_ON.filter((f) => given.includes(f)).map((f) => [f, request[f]]));
  const tools = given.includes('tools') ? request.tools : undefined;
  return {
    ...(request.temperature != null && { temperature: request.temperature }),
    ...(request.top_p != null && { topP: request.top_p }),
    ...(stop && stop.length > 0 && { stopSequences: stop }),
    ...(request.seed != null && { seed: request.seed }),
    ...(request.frequency_penalty != null && { frequencyPenalty: request.frequency_penalty }),
    ...(request.presence_penalty != null && { presencePenalty: request.presence_penalty }),
    ...(given.includes('logit_bias') && request.logit_bias && { logitBias: request.logit_bias }),
    ...(request.logprobs === true && { logprobs: { top: request.top_logprobs ?? 0 } }),
    ...(tools && {
      tools: tools.map(({ function: f }) => ({
        name: f.name,
        ...(f.description !== undefined && { description: f.description }),
        parameters: f.parameters ?? { type: 'object', properties: {} },
        ...(f.strict != null && { strict: f.strict }),
      })),
      ...(request.tool_choice != null && { toolChoice: toolChoiceOf(request.tool_choice) }),
      ...(request.parallel_tool_calls != null && { parallelToolCalls: request.parallel_tool_calls }),
    }),
    ...(Object.keys(handed).length > 0 && { openaiFields: handed }),
  };
}

function toolChoiceOf(choice: NonNullable<ChatRequest['tool_choice']>): ToolChoice {
  return typeof choice === 'string' ? choice : { name: choice.function.name };
}
