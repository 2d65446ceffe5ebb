import { describe, expect, it } from 'vitest';
import { addWarning, storedWarnings, warningText, warningTexts } from './warning-text.js';
import type { Warning } from './warnings.js';

describe('warningText', () => {
  it('puts a setting before its details, or gives a whole sentence as it is', () => {
    expect(warningText({ type: 'unsupported-setting', setting: 'editModel', details: 'ignored: no image given' })).toBe(
      'editModel: ignored: no image given',
    );
    expect(
      warningText({ type: 'adjusted-setting', setting: 'maxOutputTokens', message: 'maxOutputTokens lowered to 9' }),
    ).toBe('maxOutputTokens lowered to 9');
    expect(warningText({ type: 'unsupported-tool', tool: 'f', message: 'not enforced' })).toBe('not enforced');
    expect(warningText({ type: 'other', message: 'as it is' })).toBe('as it is');
  });

  it("names a part's warning under the part", () => {
    const inner: Warning = { type: 'unsupported-setting', setting: 'style', details: 'unknown' };
    expect(warningText({ type: 'from-part', part: 'keyframe', warning: inner })).toBe('keyframe: style: unknown');
  });
});

describe('warnings lists', () => {
  const a: Warning = { type: 'other', message: 'a' };
  const b: Warning = { type: 'other', message: 'b' };

  it('adds a warning once by its text', () => {
    const list: Warning[] = [a];
    addWarning(list, { type: 'other', message: 'a' });
    addWarning(list, b);
    expect(warningTexts(list)).toEqual(['a', 'b']);
  });

  it('stores texts as a JSON array after those already stored, each once', () => {
    expect(storedWarnings([])).toBe('[]');
    expect(storedWarnings([a, b])).toBe('["a","b"]');
    expect(storedWarnings([b, a], '["a","c"]')).toBe('["a","c","b"]');
  });
});
