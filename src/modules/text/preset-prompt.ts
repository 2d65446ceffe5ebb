import type { ChatContentPart, ChatMessage } from '../../engines/spec/text-model.js';
import { type PresetInputs, buildView, renderTemplate } from '../../shared/presets/preset-template.js';
import { type Length, type PresetDefinition, writtenWithoutCode } from '../../shared/presets/preset-types.js';
import { renderUserPrompt } from '../../shared/presets/user-template.js';
import { type PresetPicture, pictureFacts } from './preset-pictures.js';

const LENGTH_GUIDANCE: Record<Length, { words: string; tokens: number }> = {
  Short: { words: 'Keep it short: about 50 to 120 words.', tokens: 400 },
  Medium: { words: 'Aim for about 150 to 350 words.', tokens: 1_000 },
  Long: { words: 'Write a long, thorough piece: about 500 to 900 words.', tokens: 2_400 },
};

/**
 * The messages an LLM receives for one preset output: a generic system message plus the preset's instruction, with
 * the brand voice's instructions (already cut to what an engine is given) as a system message ahead of them.
 */
export function presetMessages(
  preset: PresetDefinition,
  inputs: PresetInputs,
  brandVoice?: string,
  pictures: readonly PresetPicture[] = [],
): ChatMessage[] {
  const system = [
    `You are a professional writer working on "${preset.title}": ${preset.description}`,
    `Write in ${inputs.language}.`,
    inputs.tone ? `Use this tone: ${inputs.tone}.` : '',
    inputs.length ? LENGTH_GUIDANCE[inputs.length as Length].words : '',
    'Reply with the finished text only: no preamble, no notes about the instructions.',
  ]
    .filter(Boolean)
    .join('\n');
  return [
    ...(brandVoice ? [{ role: 'system' as const, content: brandVoice }] : []),
    { role: 'system', content: system },
    userMessage(
      writtenWithoutCode(preset)
        ? renderUserPrompt(preset, inputs)
        : renderTemplate(preset.prompt, buildView(inputs, 1)),
      pictures,
    ),
  ];
}

/** The rendered prompt, then each picture of an image field after its label (for a model that takes pictures). */
function userMessage(prompt: string, pictures: readonly PresetPicture[]): ChatMessage {
  if (pictures.length === 0) return { role: 'user', content: prompt };
  const parts: ChatContentPart[] = [{ type: 'text', text: prompt }];
  for (const picture of pictures) {
    parts.push({ type: 'text', text: `${picture.field.label} (${pictureFacts(picture)}):` });
    parts.push({ type: 'image', mediaType: picture.mediaType, data: picture.data.toString('base64') });
  }
  const content = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return { role: 'user', content, parts };
}

export function maxTokensFor(inputs: PresetInputs, cap: number): number {
  const length = (inputs.length ?? 'Medium') as Length;
  return Math.min(cap, LENGTH_GUIDANCE[length]?.tokens ?? LENGTH_GUIDANCE.Medium.tokens);
}
