import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTHING_FOUND, extractiveAnswer } from './extractive-answer.js';

const passages = [
  {
    title: 'Visiting',
    passage:
      'The lighthouse museum opens at 9am from April to October. In winter the museum opens at 10am. ' +
      'Tickets cost 5 euros for adults. Children under 12 enter for free. The gift shop sells postcards.',
  },
  {
    title: 'Getting there',
    passage:
      'Free parking is available behind the harbour office. The number 7 bus stops at the lighthouse gate every 20 minutes.',
  },
  { title: 'History', passage: 'The tower was built in 1874 by Thomas Stevenson. Its lamp was electrified in 1926.' },
];

describe('extractiveAnswer', () => {
  it('quotes the most relevant sentences, each with its source marker, in document order', () => {
    const answer = extractiveAnswer('When does the museum open in winter?', passages);
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('In winter the museum opens at 10am. [1]');
    expect(answer.text).toContain('The lighthouse museum opens at 9am from April to October. [1]');
    // Document order: the April sentence comes before the winter one.
    expect(answer.text.indexOf('April')).toBeLessThan(answer.text.indexOf('In winter'));
    expect(answer.text).not.toContain('postcards');
    expect(answer.sources).toEqual([1]);
  });

  it('cites several passages and numbers them by their place in the list', () => {
    const answer = extractiveAnswer('Is there parking or a bus to the lighthouse?', passages);
    expect(answer.text).toContain('Free parking is available behind the harbour office. [2]');
    expect(answer.text).toContain('The number 7 bus stops at the lighthouse gate every 20 minutes. [2]');
    expect(answer.sources).toContain(2);
    const sentences = answer.text.match(/\[\d\]/g) ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
  });

  it('matches word forms (plural, -ing, -ed)', () => {
    const answer = extractiveAnswer('who built the towers', passages);
    expect(answer.text).toContain('The tower was built in 1874 by Thomas Stevenson. [3]');
    expect(answer.sources).toEqual([3]);
  });

  it('says plainly when the knowledge base has nothing on it, with the welcome message', () => {
    const none = extractiveAnswer('What is the capital of Peru?', passages);
    expect(none).toEqual({ text: NOTHING_FOUND, sources: [], found: false });
    const welcomed = extractiveAnswer('What is the capital of Peru?', passages, {
      welcomeMessage: 'Ask me about visiting the lighthouse museum.',
    });
    expect(welcomed.text).toBe(`${NOTHING_FOUND}\n\nAsk me about visiting the lighthouse museum.`);
    expect(extractiveAnswer('', passages).found).toBe(false);
    expect(extractiveAnswer('what is it?', passages).found).toBe(false);
    expect(extractiveAnswer('museum', []).found).toBe(false);
  });

  it('quotes a sentence once even when overlapping passages repeat it, and at most four sentences', () => {
    const repeated = [
      passages[0],
      { title: 'Visiting', passage: 'Tickets cost 5 euros for adults. Children under 12 enter for free.' },
    ].flatMap((p) => (p ? [p] : []));
    const answer = extractiveAnswer('tickets children adults euros free', repeated);
    expect(answer.text.match(/Tickets cost/g)).toHaveLength(1);
    const many = Array.from({ length: 10 }, (_, i) => ({
      title: 'x',
      passage: `Museum fact number ${i} is about the museum.`,
    }));
    expect(extractiveAnswer('museum facts', many).text.match(/\[\d+\]/g)).toHaveLength(4);
  });

  it('clips a very long sentence at a word', () => {
    const long = `The museum ${'has many rooms and '.repeat(40)}ends here.`;
    const answer = extractiveAnswer('museum rooms', [{ title: 'Long', passage: long }]);
    expect(answer.text.length).toBeLessThan(420);
    expect(answer.text).toMatch(/\w… \[1\]$/);
  });

  it('property: never throws, and every marker points at a passage', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.array(fc.record({ title: fc.string({ maxLength: 20 }), passage: fc.string({ maxLength: 400 }) }), {
          maxLength: 6,
        }),
        (question, list) => {
          const answer = extractiveAnswer(question, list);
          for (const source of answer.sources) expect(source >= 1 && source <= list.length).toBe(true);
          expect(answer.found || answer.text.startsWith(NOTHING_FOUND)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
