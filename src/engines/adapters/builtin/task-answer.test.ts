import { describe, expect, it } from 'vitest';
import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import type { TextStreamPart } from '../../spec/text-model.js';
import type { TextTask } from '../../spec/text-task.js';
import { BuiltinTextModel } from './builtin-text-model.js';
import { answerTask } from './task-answer.js';

const preset: PresetDefinition = {
  slug: 'tagline',
  title: 'Tagline',
  description: 'A tagline.',
  category: ['Marketing'],
  isFree: true,
  fields: [],
  prompt: 'Write a tagline about {{keywords}}.',
  builtin: ['{{Topic}}: fresh every day ({{variant}}).', 'Taste the {{topic}} ({{variant}}).'],
};

const sources = [
  { title: 'Hours', passage: 'The bakery opens at 7am. It closes at noon on Sundays.' },
  { title: 'Bread', passage: 'Sourdough is baked every morning.' },
];
const grounded: TextTask = {
  kind: 'grounded-answer',
  question: 'When does the bakery open?',
  sources,
  welcomeMessage: null,
};

describe('answerTask', () => {
  it("composes a preset's outputs from its builtin compositions, which take turns", () => {
    const output = (n: number) =>
      answerTask({ kind: 'preset-output', preset, inputs: { language: 'English', keywords: 'bread' }, output: n });
    expect([0, 1, 2].map((n) => output(n).text)).toEqual([
      'Bread: fresh every day (1).',
      'Taste the bread (2).',
      'Bread: fresh every day (3).',
    ]);
  });

  it('answers from the sources it quotes, numbered from [1] in the order of citedSources', () => {
    const answer = answerTask({ ...grounded, sources: [sources[1]!, sources[0]!] });
    expect(answer).toEqual({ text: 'The bakery opens at 7am. [1]', citedSources: [2] });
  });
});

describe('BuiltinTextModel with a task', () => {
  it('gives the cited sources with the result, and with the first piece of the stream', async () => {
    const model = new BuiltinTextModel();
    const options = { messages: [{ role: 'user' as const, content: 'When does the bakery open?' }], task: grounded };
    const result = await model.doGenerate(options);
    expect(result.citedSources).toEqual([1]);
    const parts: TextStreamPart[] = [];
    for await (const part of model.doStream(options)) parts.push(part);
    const deltas = parts.filter((p) => p.type === 'text-delta');
    expect(deltas.map((p) => p.text).join('')).toBe(result.text);
    expect(deltas.map((p) => p.citedSources)).toEqual([[1], ...deltas.slice(1).map(() => undefined)]);
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: result.usage, warnings: [] });
  });
});
