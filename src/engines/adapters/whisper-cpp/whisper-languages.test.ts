import { describe, expect, it } from 'vitest';
import { modelKnows, whisperLanguageCode, whisperLanguageName, whisperLanguageNames } from './whisper-languages.js';

describe('whisper languages', () => {
  it('maps the names the API takes, in any case and with common aliases, to whisper codes', () => {
    expect(whisperLanguageCode('English')).toBe('en');
    expect(whisperLanguageCode(' french ')).toBe('fr');
    expect(whisperLanguageCode('Haitian Creole')).toBe('ht');
    expect(whisperLanguageCode('Mandarin')).toBe('zh');
    expect(whisperLanguageCode('Castilian')).toBe('es');
    expect(whisperLanguageCode('Hawaiian')).toBe('haw');
    expect(whisperLanguageCode('AUTO')).toBe('auto');
    expect(whisperLanguageCode('Klingon')).toBeUndefined();
    expect(whisperLanguageCode('fr')).toBeUndefined();
  });

  it('names every code back', () => {
    expect(whisperLanguageName('ml')).toBe('Malayalam');
    expect(whisperLanguageName('yue')).toBe('Cantonese');
    expect(whisperLanguageName('xx')).toBeUndefined();
  });

  it('lists 99 languages for the multilingual models, 100 for large-v3, and only those', () => {
    const v2 = whisperLanguageNames(99);
    expect(v2.filter((name) => whisperLanguageName(whisperLanguageCode(name) ?? '') === name)).toHaveLength(99);
    expect(v2).not.toContain('Cantonese');
    expect(whisperLanguageNames(100)).toContain('Cantonese');
    expect(whisperLanguageNames(1)).toEqual(['English']);
    expect(modelKnows('yue', 99)).toBe(false);
    expect(modelKnows('yue', 100)).toBe(true);
    expect(modelKnows('su', 99)).toBe(true);
  });
});
