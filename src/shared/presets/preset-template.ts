import Mustache from 'mustache';
import type { FieldName, Length } from './preset-types.js';

export type PresetInputs = Partial<Record<FieldName, string>> & { language: string };

/** What a template can use: every field (empty string when absent) plus a few derived values. */
export interface PresetView extends Record<FieldName, string> {
  language: string;
  /** keywords split on commas, semicolons and new lines: `{{#keywordList}}- {{item}}{{/keywordList}}`. */
  keywordList: { item: string; index: number }[];
  /** The first line of keywords, at most 120 characters, for titles. */
  topic: string;
  /** topic with its first letter in upper case. */
  Topic: string;
  isShort: boolean;
  isMedium: boolean;
  isLong: boolean;
  /** 1-based number of the output being composed. */
  variant: number;
}

export function buildView(inputs: PresetInputs, variant: number): PresetView {
  const value = (name: FieldName) => (inputs[name] ?? '').trim();
  const keywords = value('keywords');
  const firstLine = keywords.split(/\r?\n/, 1)[0] ?? '';
  const topic = firstLine.length > 120 ? `${firstLine.slice(0, 117).trimEnd()}...` : firstLine;
  const length = (value('length') || 'Medium') as Length;
  return {
    keywords,
    tone: value('tone'),
    length,
    extra1: value('extra1'),
    extra2: value('extra2'),
    extra3: value('extra3'),
    extra4: value('extra4'),
    extra5: value('extra5'),
    extra6: value('extra6'),
    extra7: value('extra7'),
    extra8: value('extra8'),
    extra9: value('extra9'),
    extra10: value('extra10'),
    extra11: value('extra11'),
    extra12: value('extra12'),
    extra13: value('extra13'),
    extra14: value('extra14'),
    suffix: value('suffix'),
    language: inputs.language,
    keywordList: keywords
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((item, i) => ({ item, index: i + 1 })),
    topic,
    Topic: topic.charAt(0).toUpperCase() + topic.slice(1),
    isShort: length === 'Short',
    isMedium: length === 'Medium',
    isLong: length === 'Long',
    variant,
  };
}

/** Renders without HTML escaping (the output is plain text) and tidies blank lines left by empty sections. */
export function renderTemplate(template: string, view: PresetView): string {
  const text = Mustache.render(template, view, {}, { escape: (s: string) => s });
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
