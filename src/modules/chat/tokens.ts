import type { ChatContentPart, ChatMessage, TextModel, ToolDefinition } from '../../engines/spec/text-model.js';
import { tokensOfText } from './token-billing.js';

/**
 * Pictures: a fixed count each, whatever their size (providers scale them down): OpenAI's count for a
 * 1024x1024 picture in high detail (85 plus 4 tiles of 170), and its 85 in low detail. Gemini (258) and
 * Claude (about 1,600 at most) count in the same range.
 */
export const IMAGE_TOKENS = 765;
export const LOW_DETAIL_IMAGE_TOKENS = 85;

/**
 * Audio: by its bytes, as seconds at a typical bitrate of its format, at 32 tokens a second (Gemini's
 * rate; OpenAI's audio models count fewer), at least one second a clip. Uncompressed WAV is reckoned at
 * 16 kHz 16-bit mono (speech); a WAV of higher quality is over-estimated, which for a reservation errs
 * on the safe side (the provider's own count settles the bill when it reports one).
 */
export const AUDIO_TOKENS_PER_SECOND = 32;
const AUDIO_BYTES_PER_SECOND: Record<Extract<ChatContentPart, { type: 'audio' }>['format'], number> = {
  mp3: 16_000, // 128 kbit/s
  mp4: 16_000, // AAC at 128 kbit/s
  webm: 8_000, // Opus at 64 kbit/s
  wav: 32_000, // PCM 16 kHz, 16-bit, mono
};

/** The tokens one part counts for in the estimate. */
export function partTokens(part: ChatContentPart): number {
  switch (part.type) {
    case 'text':
      return tokensOfText(part.text);
    case 'image':
      return part.detail === 'low' ? LOW_DETAIL_IMAGE_TOKENS : IMAGE_TOKENS;
    case 'audio': {
      const bytes = Math.floor((part.data.length * 3) / 4);
      return Math.max(1, Math.ceil(bytes / AUDIO_BYTES_PER_SECOND[part.format])) * AUDIO_TOKENS_PER_SECOND;
    }
  }
}

/** Tokens of a conversation: each message's text, pictures, audio and tool calls, plus a few for its framing. */
export function estimateTokens(messages: ChatMessage[]): number {
  return messages.reduce(
    (sum, m) =>
      sum +
      (m.parts ? m.parts.reduce((n, p) => n + partTokens(p), 0) : tokensOfText(m.content)) +
      (m.toolCalls ?? []).reduce((n, c) => n + tokensOfText(c.name + c.arguments) + 4, 0) +
      4,
    0,
  );
}

/** Tool definitions are part of the prompt: their JSON, as the engines render them into it. */
export const toolTokens = (tools: ToolDefinition[] | undefined): number =>
  tools && tools.length > 0 ? tokensOfText(JSON.stringify(tools)) : 0;

/** The prompt's tokens as the engine counts them where it can (local models), estimated otherwise. */
export async function promptTokens(
  engine: TextModel,
  messages: ChatMessage[],
  tools?: ToolDefinition[],
): Promise<number> {
  const estimate = () => estimateTokens(messages) + toolTokens(tools);
  if (!engine.countPromptTokens) return estimate();
  // An engine that cannot count now (a model that does not load) fails the generation itself, clearly.
  return engine.countPromptTokens(messages, tools).catch(estimate);
}
