import type { TextCallOptions, TextModel, TextResult } from '../../spec/text-model.js';

/**
 * The offline text engine: deterministic, no model. For presets the service hands it the composed text
 * in providerOptions.builtin.text; otherwise it answers with a fixed acknowledgement of the last message.
 */
export class BuiltinTextModel implements TextModel {
  readonly provider = 'builtin';

  constructor(readonly modelId = 'builtin') {}

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    const warnings: string[] = [];
    if (options.temperature !== undefined) warnings.push('temperature is not supported by the builtin engine');
    const composed = options.providerOptions?.builtin?.text;
    const text = typeof composed === 'string' ? composed : this.acknowledge(options);
    const words = text.split(/\s+/).filter(Boolean).length;
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
    const last = [...options.messages].reverse().find((m) => m.role === 'user')?.content.trim() ?? '';
    const excerpt = last.length > 200 ? `${last.slice(0, 197)}...` : last;
    return `This is the builtin offline engine, which composes text without a language model. You wrote: "${excerpt}". Configure a text provider (ATELIER_TEXT_PROVIDER) for generated answers.`;
  }
}

function countWords(options: TextCallOptions): number {
  return options.messages.reduce((n, m) => n + m.content.split(/\s+/).filter(Boolean).length, 0);
}
