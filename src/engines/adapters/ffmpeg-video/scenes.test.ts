import { describe, expect, it } from 'vitest';
import { maxScenesFor, mergeInto, splitClauses, splitScenes, splitSentences, wrapCaption } from './scenes.js';

const texts = (prompt: string, seconds: number) => splitScenes(prompt, seconds).map((scene) => scene.text);

describe('maxScenesFor', () => {
  it('is max(1, min(6, round(duration / 2.5)))', () => {
    expect([1, 2, 3, 4, 5, 7.5, 10, 15, 30].map(maxScenesFor)).toEqual([1, 1, 1, 2, 2, 3, 4, 6, 6]);
  });
});

describe('splitSentences', () => {
  it('splits at . ! ? and line breaks, keeping punctuation and quotes', () => {
    expect(splitSentences('It rains. Does it? Yes! He said "Stop!" Then he left.\nNew line')).toEqual([
      'It rains.',
      'Does it?',
      'Yes!',
      'He said "Stop!"',
      'Then he left.',
      'New line',
    ]);
  });
  it('does not end a sentence at an abbreviation or an initial', () => {
    expect(splitSentences('Dr. Smith meets J. R. Hartley at St. Mary’s, e.g. at noon. Then lunch.')).toEqual([
      'Dr. Smith meets J. R. Hartley at St. Mary’s, e.g. at noon.',
      'Then lunch.',
    ]);
  });
});

describe('splitClauses', () => {
  it('splits before "then" and after ";"', () => {
    expect(splitClauses('A cat wakes up, then stretches; the dog watches and then barks loudly.')).toEqual([
      'A cat wakes up,',
      'then stretches;',
      'the dog watches',
      'and then barks loudly.',
    ]);
  });
  it('does not split off a one-word piece', () => {
    expect(splitClauses('Since then the city grew.')).toEqual(['Since then the city grew.']);
    expect(splitClauses('It ran, then stopped.')).toEqual(['It ran,', 'then stopped.']);
    expect(splitClauses('Ran, then stopped.')).toEqual(['Ran, then stopped.']);
  });
});

describe('mergeInto', () => {
  it('joins neighbours into groups of about equal length, in order', () => {
    expect(mergeInto(['a', 'b', 'c', 'd'], 2)).toEqual(['a b', 'c d']);
    expect(mergeInto(['a long first piece', 'b', 'c', 'd'], 2)).toEqual(['a long first piece', 'b c d']);
    expect(mergeInto(['a', 'b'], 3)).toEqual(['a', 'b']);
    expect(mergeInto(['a', 'b', 'c'], 1)).toEqual(['a b c']);
  });
});

describe('splitScenes', () => {
  it('gives one scene per sentence when they fit', () => {
    expect(texts('A lighthouse on a cliff. Waves crash below.', 5)).toEqual([
      'A lighthouse on a cliff.',
      'Waves crash below.',
    ]);
  });

  it('merges sentences when the clip has room for fewer scenes', () => {
    const prompt =
      'Dr. Smith opens the door. She looks at the sky. It rains. Birds fly. Cars pass. Kids play. Dogs bark. The end.';
    expect(texts(prompt, 5)).toEqual([
      'Dr. Smith opens the door. She looks at the sky. It rains.',
      'Birds fly. Cars pass. Kids play. Dogs bark. The end.',
    ]);
    expect(texts(prompt, 15)).toHaveLength(6);
    expect(texts(prompt, 15).join(' ')).toBe(prompt);
    expect(texts(prompt, 2)).toEqual([prompt]);
  });

  it('gives a one-sentence prompt one or two scenes, splitting at "then", a comma or "and"', () => {
    expect(texts('A man walks his dog along the beach at dawn, then waves crash against the rocks.', 5)).toEqual([
      'A man walks his dog along the beach at dawn,',
      'then waves crash against the rocks.',
    ]);
    expect(texts('A cat wakes up, then stretches, then eats breakfast, then goes outside.', 15)).toHaveLength(2);
    expect(texts('A red fox runs through the snowy forest and jumps over a frozen stream.', 10)).toEqual([
      'A red fox runs through the snowy forest',
      'and jumps over a frozen stream.',
    ]);
    expect(texts('A red fox runs through the snow.', 10)).toEqual(['A red fox runs through the snow.']);
    // A short clip has room for one scene only.
    expect(texts('A man walks his dog along the beach at dawn, then waves crash against the rocks.', 2)).toHaveLength(
      1,
    );
  });

  it('splits clauses when there are fewer sentences than the clip has room for', () => {
    expect(texts('A cat wakes up, then stretches, then eats breakfast. The sun sets.', 10)).toEqual([
      'A cat wakes up,',
      'then stretches,',
      'then eats breakfast.',
      'The sun sets.',
    ]);
  });

  it('never gives more than six scenes or fewer than one', () => {
    const long = Array.from({ length: 20 }, (_, i) => `Sentence number ${i}.`).join(' ');
    expect(texts(long, 60)).toHaveLength(6);
    expect(texts('', 5)).toEqual(['']);
    expect(texts('  \n ', 5)).toEqual(['']);
    expect(texts('Tiny', 0.5)).toEqual(['Tiny']);
  });

  it('normalises whitespace', () => {
    expect(texts('  A   quiet\tlake.  ', 5)).toEqual(['A quiet lake.']);
  });
});

describe('wrapCaption', () => {
  it('keeps a short caption on one line', () => {
    expect(wrapCaption('A quiet lake.', 40, 3)).toEqual(['A quiet lake.']);
  });
  it('wraps into lines of about equal length that fit the width', () => {
    const lines = wrapCaption('Waves crash against the rocks below, then the lamp flickers on.', 50, 3);
    expect(lines).toEqual(['Waves crash against the rocks', 'below, then the lamp flickers on.']);
    expect(lines.every((line) => line.length <= 50)).toBe(true);
  });
  it('cuts words longer than a line and ends text that does not fit with an ellipsis', () => {
    expect(wrapCaption('Supercalifragilisticexpialidocious is a word', 10, 3)).toEqual([
      'Supercalif',
      'ragilistic',
      'expialido…',
    ]);
    expect(wrapCaption('one two three four five six seven eight nine ten', 12, 2)).toEqual(['one two', 'three four…']);
  });
  it('drops control characters and gives no lines for empty text', () => {
    expect(wrapCaption('a\u0000b\u0007 c\r\nd', 40, 3)).toEqual(['a b c d']);
    expect(wrapCaption('   ', 40, 3)).toEqual([]);
  });
});
