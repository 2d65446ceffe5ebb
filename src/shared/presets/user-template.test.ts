import { describe, expect, it } from 'vitest';
import { checkUserTemplate, renderUserTemplate } from './user-template.js';

const names = new Set(['keywords', 'tone', 'language']);

function render(template: string, view: Record<string, string>): string {
  const checked = checkUserTemplate(template, names);
  if (!checked.ok) throw new Error(checked.error.message);
  return renderUserTemplate(checked.value.nodes, view);
}

describe('user templates', () => {
  it('renders names and sections from the view alone: no lookup in a section value (a string has a length)', () => {
    expect(
      render('{{#keywords}}[{{keywords}}]{{/keywords}}{{^tone}} no tone{{/tone}}', { keywords: 'abc', tone: '' }),
    ).toBe('[abc] no tone');
    expect(checkUserTemplate('{{#keywords}}{{length}}{{/keywords}}', names).ok).toBe(false);
  });

  it('inserts values as they are, and never renders a value again', () => {
    expect(render('{{keywords}}', { keywords: '<a href="x">&amp;</a> {{tone}}', tone: 'bad' })).toBe(
      '<a href="x">&amp;</a> {{tone}}',
    );
  });

  it('collects the names it reads and refuses anything else, naming it', () => {
    const checked = checkUserTemplate('{{keywords}}{{#tone}}x{{/tone}}', names);
    expect(checked.ok && [...checked.value.names]).toEqual(['keywords', 'tone']);
    for (const [template, named] of [
      ['{{__proto__}}', '{{__proto__}}'],
      ['{{toString}}', '{{toString}}'],
      ['{{keywords.length}}', '{{keywords.length}}'],
      ['{{>keywords}}', '{{>keywords}}'],
    ] as const) {
      const refused = checkUserTemplate(template, names);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toContain(named);
    }
  });

  it('answers a deeply nested template quickly with a refusal', () => {
    const deep = `${'{{#keywords}}'.repeat(2_000)}${'{{/keywords}}'.repeat(2_000)}`;
    const refused = checkUserTemplate(deep.slice(0, 10_000), names);
    expect(refused.ok).toBe(false);
  });
});
