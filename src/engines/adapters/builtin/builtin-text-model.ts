import { setImmediate as nextTurn } from 'node:timers/promises';
import { UpstreamError } from '../../../shared/errors.js';
import type { TextCallOptions, TextModel, TextResult, TextStreamPart } from '../../spec/text-model.js';

/** Deltas between two turns of the event loop, so a long stream does not hold up other requests. */
const DELTAS_PER_TURN = 16;

/**
 * The offline text engine: deterministic, no model. For presets the service hands it the composed text
 * in providerOptions.builtin.text; otherwise it answers with a fixed acknowledgement of the last message.
 */
export class BuiltinTextModel implements TextModel {
  readonly provider = 'builtin';
  readonly instant = true;

  constructor(readonly modelId = 'builtin') {}

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    return this.compose(options);
  }

  /**
   * doGenerate's text in word-sized deltas (each with the whitespace before it, so they join to exactly
   * that text), then its finish. Aborting `abortSignal` makes the iterator throw an UpstreamError
   * "The builtin text engine was cancelled" (isRetryable false, cause: the signal's reason), as the
   * openai-compatible engine does.
   */
  async *doStream(options: TextCallOptions): AsyncGenerator<TextStreamPart> {
    const signal = options.abortSignal;
    const checkAbort = () => {
      if (signal?.aborted)
        throw new UpstreamError('The builtin text engine was cancelled', { isRetryable: false, cause: signal.reason });
    };
    checkAbort();
    const { text, ...finish } = this.compose(options);
    let count = 0;
    for (const piece of text.match(/\s*\S+|\s+/g) ?? []) {
      if (++count % DELTAS_PER_TURN === 0) await nextTurn();
      checkAbort();
      yield { type: 'text-delta', text: piece };
    }
    checkAbort();
    yield { type: 'finish', ...finish };
  }

  private compose(options: TextCallOptions): TextResult {
    const warnings: string[] = [];
    if (options.temperature !== undefined) warnings.push('temperature is not supported by the builtin engine');
    if (options.topP !== undefined) warnings.push('topP is not supported by the builtin engine');
    if (options.responseFormat) warnings.push('JSON output (responseFormat) is not supported by the builtin engine');
    const composed = options.providerOptions?.builtin?.text;
    const full = typeof composed === 'string' ? composed : this.acknowledge(options);
    // Generation ends at whichever comes first, a stop sequence or the token limit.
    const text = cutAtStopSequence(full, options.stopSequences ?? []);
    const words = wordCount(text);
    const limit = options.maxOutputTokens;
    const truncated = limit !== undefined && words > limit;
    return {
      text: truncated ? text.split(/\s+/).slice(0, limit).join(' ') : text,
      finishReason: truncated ? 'length' : 'stop',
      usage: { inputTokens: countWords(options), outputTokens: Math.min(words, limit ?? words) },
      warnings,
    };
  }

  private acknowledge(options: TextCallOptions): string {
    const last =
      [...options.messages]
        .reverse()
        .find((m) => m.role === 'user')
        ?.content.trim() ?? '';
    const excerpt = last.length > 200 ? `${last.slice(0, 197)}...` : last;
    return `This is the builtin offline engine, which composes text without a language model. You wrote: "${excerpt}". Configure a text provider (ATELIER_TEXT_PROVIDER) for generated answers.`;
  }
}

/** The text before the earliest stop sequence (no sequence is part of the text), without trailing whitespace. */
function cutAtStopSequence(text: string, stopSequences: string[]): string {
  let end = text.length;
  for (const sequence of stopSequences) {
    if (!sequence) continue;
    const at = text.indexOf(sequence);
    if (at !== -1 && at < end) end = at;
  }
  return end === text.length ? text : text.slice(0, end).trimEnd();
}

function countWords(options: TextCallOptions): number {
  return options.messages.reduce((n, m) => n + wordCount(m.content), 0);
}

const WORD = /\S+/g;

/** Runs of non-whitespace, as split(/\s+/) would find them, without building the array: half the time (the
 *  builtin engine counts its prompt and its text on every POST /api/generate). */
function wordCount(text: string): number {
  WORD.lastIndex = 0;
  let count = 0;
  while (WORD.test(text)) count++;
  return count;
}
