import { describe, expect, it } from 'vitest';
import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { shiftTemplatePerson } from './person-shift.js';
import { presetComposition } from './preset-composition.js';
import { applyStyle } from './style-application.js';
import { styleProfile } from './style-profile.js';
import { readStyleRules } from './style-rules.js';

const catalogue: PresetDefinition = {
  slug: 'note',
  title: 'Note',
  description: 'A note.',
  category: ['Other'],
  isFree: true,
  fields: [],
  prompt: 'Write about {{keywords}}.',
  builtin: [
    'We wrote this for you about {{topic}}, and we think you will find our notes useful, so you can start today with what I am sure is a robust plan.',
  ],
};
const custom: PresetDefinition = {
  ...catalogue,
  slug: 'mine',
  title: 'Mine',
  fields: [{ name: 'keywords', label: 'Topic', type: 'textarea', required: true }],
  builtin: [],
  custom: { version: 1 },
};

describe('reading the measurable parts of a brand voice', () => {
  it("reads the offline style profile's own lines", () => {
    const profile = styleProfile('You can do it. You will love it. Try it today. Your garden will thank you.');
    expect(readStyleRules(profile)).toEqual({
      sentences: { words: 4, mode: 'about' },
      person: 'second',
      avoid: expect.arrayContaining(['leverage', 'synergy', 'robust', 'innovative']),
    });
  });

  it('reads the plain forms people write, and nothing from what names none', () => {
    expect(
      readStyleRules(
        'Be warm. Avoid: synergy, leverage and "world-class". Write in the first person.\nKeep sentences under 12 words.',
      ),
    ).toEqual({
      sentences: { words: 12, mode: 'under' },
      person: 'first',
      avoid: ['synergy', 'leverage', 'world-class'],
    });
    expect(
      readStyleRules('Never use the words cheap or discount. Use the third person. About 15 words a sentence.'),
    ).toEqual({ sentences: { words: 15, mode: 'about' }, person: 'third', avoid: ['cheap', 'discount'] });
    expect(readStyleRules("Banned words: deal; steal\nDon't use the word hack.")).toMatchObject({
      avoid: ['deal', 'steal', 'hack'],
    });
    expect(readStyleRules('Be friendly. Avoid being pushy. Never write in the first person.')).toEqual({ avoid: [] });
    expect(readStyleRules('Sentences under 500 words.').sentences).toEqual({ words: 60, mode: 'under' });
  });
});

describe('applying them', () => {
  it('replaces or removes avoided words as whole words, in any case, fixing articles and capitals', () => {
    const { text, notes } = applyStyle(
      'An innovative tool. Synergy matters, and a fab leverage point. Robustness is not robust.',
      readStyleRules('Avoid: innovative, synergy, leverage, robust, fab'),
    );
    expect(text).toBe('A new tool. Teamwork matters, and a use point. Robustness is not sturdy.');
    expect(notes).toEqual([
      'words to avoid taken out (innovative → new, synergy → teamwork, leverage → use, robust → sturdy, fab)',
    ]);
  });

  it('splits long sentences under a limit and joins short ones toward a target, leaving headings and lists alone', () => {
    const long =
      'The garden was quiet in the early morning, and the tools were lined up along the shed wall; every spade had been cleaned the night before.';
    const under = applyStyle(
      `# A heading, and a long one that goes on and on past the limit\n${long}\n- a list item, and another clause here`,
      {
        avoid: [],
        sentences: { words: 10, mode: 'under' },
      },
    );
    expect(under.text).toBe(
      '# A heading, and a long one that goes on and on past the limit\nThe garden was quiet in the early morning. The tools were lined up along the shed wall. Every spade had been cleaned the night before.\n- a list item, and another clause here',
    );
    expect(under.notes).toEqual(['sentences under 10 words (average 26 → 8.3 words)']);
    const about = applyStyle('We dig. We plant. PDFs help. I water.', {
      avoid: [],
      sentences: { words: 8, mode: 'about' },
    });
    expect(about.text).toBe('We dig, and we plant. PDFs help, and I water.');
  });

  it("changes the person of the engine's own wording only, never inside a template tag", () => {
    const template =
      'We wrote this for you about {{topic}}; I am sure you will like our notes. Thank you. {{#you}}{{you}}{{/you}}';
    expect(shiftTemplatePerson(template, 'second').text).toBe(
      'You wrote this for you about {{topic}}; you are sure you will like your notes. Thank you. {{#you}}{{you}}{{/you}}',
    );
    expect(shiftTemplatePerson(template, 'third')).toEqual({
      text: 'They wrote this for them about {{topic}}; they are sure they will like their notes. Thank them. {{#you}}{{you}}{{/you}}',
      changed: 6,
    });
    expect(shiftTemplatePerson('You can see your results.', 'first').text).toBe('We can see our results.');
  });
});

describe('the builtin composition with a brand voice', () => {
  const task = (preset: PresetDefinition, brandVoice?: string) =>
    presetComposition({
      kind: 'preset-output',
      preset,
      inputs: { language: 'English', keywords: 'an innovative compost heap' },
      output: 0,
      ...(brandVoice !== undefined && { brandVoice }),
    });

  it('applies them to a catalogue composition and says so on its first line, the same for the same voice', () => {
    const voice = 'Write in the third person. Avoid: robust, innovative. Keep sentences under 12 words.';
    const text = task(catalogue, voice);
    const [first, blank, ...body] = text.split('\n');
    expect(first).toBe(
      "Composed offline by Atelier's builtin engine (no language model), with the brand voice applied: words to avoid taken out (robust → sturdy, innovative → new); sentences under 12 words (average 33 → 10.3 words); third person (7 pronouns of its own wording changed).",
    );
    expect(blank).toBe('');
    expect(body.join('\n')).toBe(
      'They wrote this for them about a new compost heap. They think they will find their notes useful. They can start today with what they are sure is a sturdy plan.',
    );
    expect(task(catalogue, voice)).toBe(text);
    expect(task(catalogue)).not.toMatch(/brand voice/);
  });

  it("applies them to a user preset's layout, and says when a voice has nothing it can apply", () => {
    const [first] = task(custom, 'Never use the word compost. Write in the first person.').split('\n');
    expect(first).toBe(
      'Draft 1 composed offline by Atelier\'s builtin engine (no language model): the inputs of "Mine", laid out as given. With the brand voice applied: words to avoid taken out (compost); first person (none of its own wording to change).',
    );
    expect(task(custom, 'Never use the word compost.')).toContain('\nan innovative heap\n');
    expect(task(custom, 'Be kind and warm.').split('\n')[0]).toMatch(
      /With the brand voice: it names nothing the engine can apply without a language model .* so it was not applied\.$/,
    );
  });
});
