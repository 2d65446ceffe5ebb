import Mustache from 'mustache';
import { describe, expect, it } from 'vitest';
import { HOSTED_SLUGS } from '../../../../test/fixtures/hosted-catalogue.js';
import hostedExamples from '../../../../test/fixtures/hosted-generate-examples.json' with { type: 'json' };
import { buildView, renderTemplate } from '../../../shared/presets/preset-template.js';
import type { PresetInputs } from '../../../shared/presets/preset-template.js';
import { CATEGORIES, FIELD_LIMITS, FIELD_NAMES, LENGTHS } from '../../../shared/presets/preset-types.js';
import type { Category, FieldDefinition, FieldName, PresetDefinition } from '../../../shared/presets/preset-types.js';
import { businessPresets } from './business.js';
import { contentPresets } from './content.js';
import { educationPresets } from './education.js';
import { hrPresets } from './hr.js';
import { PRESETS } from './index.js';
import { marketingPresets } from './marketing.js';
import { otherPresets } from './other.js';
import { projectManagementPresets } from './project-management.js';
import { resumePresets } from './resume.js';
import { socialMediaPresets } from './social-media.js';
import { toolsPresets } from './tools.js';

const FILES: ReadonlyArray<readonly [Category, readonly PresetDefinition[]]> = [
  ['Social Media', socialMediaPresets],
  ['Content', contentPresets],
  ['Business', businessPresets],
  ['HR', hrPresets],
  ['Marketing', marketingPresets],
  ['Resume', resumePresets],
  ['Education', educationPresets],
  ['Project Management', projectManagementPresets],
  ['Tools', toolsPresets],
  ['Other', otherPresets],
];

/** Generate fields that are not preset fields: every preset takes them. */
const GENERAL_BODY_FIELDS = new Set(['preset', 'outputs', 'language', 'shouldUseGPT4']);

const MUST_BE_FREE = [
  'paragraph-writer',
  'blog-post',
  'content-rewriter',
  'content-summarizer',
  'grammar-corrector',
  'eli5',
  'reply-to-email',
  'custom-generator',
  'twitter-thread',
  'email-subject-line-generation',
];

const MUST_NOT_BE_FREE = ['full-blog-post', 'cover-letter-generator', 'real-estate-listing-generator'];

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SAMPLE_KEYWORDS = 'remote work, productivity, team culture';
// The catalogue's presets use these; extra5...extra14 are for user presets.
const SAMPLE_TEXT: Partial<Record<FieldName, string>> = {
  keywords: SAMPLE_KEYWORDS,
  tone: 'friendly',
  length: 'Long',
  extra1: 'Northwind Studio',
  extra2: 'small design teams',
  extra3: 'a flexible four-day schedule',
  extra4: 'Mention the new office in Lisbon',
  suffix: 'and that is why the team finally agreed on a plan.',
};

const bySlug = new Map(PRESETS.map((p) => [p.slug, p]));
const isTextLike = (f: FieldDefinition) => f.type === 'text' || f.type === 'textarea';

/** Input set (a): every field filled; radios get Long (length) or a non-default option. */
function fullInputs(preset: PresetDefinition): PresetInputs {
  const inputs: PresetInputs = { language: 'English' };
  for (const field of preset.fields) {
    if (field.type === 'radio') {
      const values = (field.radioOptions ?? []).map((o) => o.value);
      const nonDefault = (field.radioOptions ?? []).find((o) => !o.default)?.value;
      inputs[field.name] =
        field.name === 'length' && values.includes('Long') ? 'Long' : (nonDefault ?? values[0] ?? '');
    } else {
      inputs[field.name] = SAMPLE_TEXT[field.name];
    }
  }
  return inputs;
}

/** Input set (b): only required fields filled (radios with their default), plus length Short when present. */
function minimalInputs(preset: PresetDefinition): PresetInputs {
  const inputs: PresetInputs = { language: 'English' };
  for (const field of preset.fields) {
    if (field.name === 'length') {
      const values = (field.radioOptions ?? []).map((o) => o.value);
      inputs.length = values.includes('Short') ? 'Short' : field.radioOptions?.find((o) => o.default)?.value;
    } else if (field.required) {
      inputs[field.name] =
        field.type === 'radio' ? field.radioOptions?.find((o) => o.default)?.value : SAMPLE_TEXT[field.name];
    }
  }
  return inputs;
}

type Token = [string, string, number, number, Token[]?];

/** Every variable/section name a template uses, flagged when used inside {{#keywordList}}. */
function templateNames(template: string): { type: string; name: string; inList: boolean }[] {
  const out: { type: string; name: string; inList: boolean }[] = [];
  const walk = (tokens: Token[], inList: boolean) => {
    for (const token of tokens) {
      const [type, name] = token;
      if (type === 'text') continue;
      out.push({ type, name, inList });
      if (token[4]) walk(token[4], inList || (type === '#' && name === 'keywordList'));
    }
  };
  walk(Mustache.parse(template) as unknown as Token[], false);
  return out;
}

function expectCleanRendering(text: string, context: string) {
  expect(text.length, `${context}: empty`).toBeGreaterThan(0);
  expect(text, `${context}: leftover braces`).not.toMatch(/\{\{|\}\}/);
  expect(text, `${context}: undefined`).not.toContain('undefined');
  expect(text, `${context}: [object Object]`).not.toContain('[object Object]');
  // Signs of an empty value left in a sentence: "Dear ,", "()", doubled spaces.
  expect(text, `${context}: space before punctuation`).not.toMatch(/[ \t][,.;:!?](\s|$)/);
  expect(text, `${context}: empty parentheses`).not.toMatch(/\(\s*\)/);
  expect(text, `${context}: doubled spaces`).not.toMatch(/\S {2,}\S/);
  expect(text, `${context}: stray leading space`).not.toMatch(/^ (?! )/m);
  // A label with nothing after it: a line ending in ":" followed by a blank line or the end of the text.
  expect(text, `${context}: dangling label`).not.toMatch(/:[ \t]*(\n[ \t]*\n|$)/);
}

describe('preset catalogue: structure', () => {
  it('has at least 200 presets and at least 6 per first category', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(200);
    for (const category of CATEGORIES) {
      const count = PRESETS.filter((p) => p.category[0] === category).length;
      expect(count, category).toBeGreaterThanOrEqual(6);
    }
  });

  it('index concatenates every category file, each holding the presets of its first category', () => {
    expect(FILES.map(([c]) => c)).toEqual([...CATEGORIES]);
    expect(PRESETS).toEqual(FILES.flatMap(([, presets]) => presets));
    for (const [category, presets] of FILES) {
      expect(presets.length, category).toBeGreaterThanOrEqual(6);
      for (const preset of presets) expect(preset.category[0], preset.slug).toBe(category);
    }
  });

  it('uses unique kebab-case slugs (aliases included) and unique titles', () => {
    const slugs = PRESETS.flatMap((p) => [p.slug, ...(p.aliases ?? [])]);
    for (const slug of slugs) expect(slug).toMatch(SLUG_PATTERN);
    expect(new Set(slugs).size).toBe(slugs.length);
    const titles = PRESETS.map((p) => p.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('answers every slug of the hosted catalogue that integrations offer, as a slug or an alias', () => {
    expect(HOSTED_SLUGS).toHaveLength(83);
    const answered = new Set(PRESETS.flatMap((p) => [p.slug, ...(p.aliases ?? [])]));
    for (const slug of HOSTED_SLUGS) expect(answered.has(slug), slug).toBe(true);
    // The hosted slug is the one lists show: our older name is the alias.
    for (const p of PRESETS)
      for (const alias of p.aliases ?? []) expect(HOSTED_SLUGS, `${p.slug} alias ${alias}`).not.toContain(alias);
  });

  it("defines every field the hosted reference's example requests send, with the same meaning", () => {
    for (const [slug, body] of Object.entries(hostedExamples as Record<string, Record<string, unknown>>)) {
      const preset = PRESETS.find((p) => p.slug === slug);
      expect(preset, slug).toBeDefined();
      const names = new Set<string>(preset?.fields.map((f) => f.name));
      for (const field of Object.keys(body))
        if (!GENERAL_BODY_FIELDS.has(field)) expect(names.has(field), `${slug}.${field}`).toBe(true);
    }
  });

  it('has a non-empty title, a one-sentence description and valid categories', () => {
    for (const p of PRESETS) {
      expect(p.title.trim(), p.slug).not.toBe('');
      expect(p.title, p.slug).toBe(p.title.trim());
      const d = p.description;
      expect(d, p.slug).toBe(d.trim());
      expect(d, p.slug).toMatch(/^[A-Z0-9].{10,180}\.$/);
      expect(d.slice(0, -1), `${p.slug}: one sentence`).not.toMatch(/[.!?]\s+[A-Z]/);
      expect(p.category.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(new Set(p.category).size, p.slug).toBe(p.category.length);
      for (const c of p.category) expect(CATEGORIES, p.slug).toContain(c);
    }
  });

  it('makes roughly 60% of presets free, including the simple well-known ones', () => {
    const ratio = PRESETS.filter((p) => p.isFree).length / PRESETS.length;
    expect(ratio).toBeGreaterThanOrEqual(0.5);
    expect(ratio).toBeLessThanOrEqual(0.7);
    for (const slug of MUST_BE_FREE) expect(bySlug.get(slug)?.isFree, slug).toBe(true);
    for (const slug of MUST_NOT_BE_FREE) expect(bySlug.get(slug)?.isFree, slug).toBe(false);
  });
});

describe('preset catalogue: fields', () => {
  it('defines valid fields for every preset', () => {
    for (const p of PRESETS) {
      expect(p.fields.length, p.slug).toBeGreaterThanOrEqual(1);
      const names = p.fields.map((f) => f.name);
      expect(new Set(names).size, `${p.slug}: duplicate field names`).toBe(names.length);
      for (const f of p.fields) {
        const ctx = `${p.slug}.${f.name}`;
        expect(FIELD_NAMES, ctx).toContain(f.name);
        expect(typeof f.required, ctx).toBe('boolean');
        expect(f.label.trim(), ctx).not.toBe('');
        expect(f.label, `${ctx}: human label`).toMatch(/^[A-Z]/);
        expect(f.label, `${ctx}: human label`).not.toMatch(/extra\d|suffix|_/i);
        expect(['text', 'textarea', 'radio'], ctx).toContain(f.type);
        if (isTextLike(f)) {
          expect(f.placeholder?.trim(), `${ctx}: placeholder`).toBeTruthy();
          expect(Number.isInteger(f.maxLength), `${ctx}: maxLength`).toBe(true);
          expect(f.maxLength, ctx).toBeGreaterThanOrEqual(1);
          expect(f.maxLength, ctx).toBeLessThanOrEqual(FIELD_LIMITS[f.name]);
          expect(f.radioOptions, ctx).toBeUndefined();
        } else {
          const options = f.radioOptions ?? [];
          expect(options.length, ctx).toBeGreaterThanOrEqual(2);
          expect(options.filter((o) => o.default === true).length, `${ctx}: exactly one default`).toBe(1);
          const values = options.map((o) => o.value);
          expect(new Set(values).size, ctx).toBe(values.length);
          for (const v of values) expect(v.trim(), ctx).not.toBe('');
          expect(f.maxLength, ctx).toBeUndefined();
          expect(f.placeholder, ctx).toBeUndefined();
        }
        if (f.name === 'length') {
          expect(f.type, ctx).toBe('radio');
          for (const o of f.radioOptions ?? []) expect(LENGTHS as readonly string[], ctx).toContain(o.value);
        }
      }
    }
  });

  it('requires nothing but keywords: every other field is optional or has a default', () => {
    for (const p of PRESETS) {
      for (const f of p.fields) if (f.name !== 'keywords') expect(f.required, `${p.slug}.${f.name}`).toBe(false);
    }
  });

  it('uses keywords as the main input, required in nearly every preset', () => {
    for (const p of PRESETS) {
      const keywords = p.fields.find((f) => f.name === 'keywords');
      expect(keywords, p.slug).toBeDefined();
      expect(keywords?.type, p.slug).not.toBe('radio');
      expect(keywords?.maxLength ?? 0, p.slug).toBeGreaterThanOrEqual(SAMPLE_KEYWORDS.length);
    }
    const required = PRESETS.filter((p) => p.fields.some((f) => f.name === 'keywords' && f.required)).length;
    expect(required / PRESETS.length).toBeGreaterThanOrEqual(0.95);
  });

  it('gives fill-the-gaps a text-after-the-gap suffix and the text before it', () => {
    const preset = bySlug.get('fill-the-gaps');
    const suffix = preset?.fields.find((f) => f.name === 'suffix');
    const keywords = preset?.fields.find((f) => f.name === 'keywords');
    expect(suffix?.required).toBe(false);
    expect(suffix?.label.toLowerCase()).toContain('after');
    expect(keywords?.required).toBe(true);
  });

  it('gives cover-letter-generator its skills, company, job title and notes fields', () => {
    const fields = bySlug.get('cover-letter-generator')?.fields ?? [];
    const extra4 = fields.find((f) => f.name === 'extra4');
    expect(fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['keywords', 'extra1', 'extra2', 'extra3', 'extra4']),
    );
    expect(extra4?.maxLength).toBeLessThanOrEqual(500);
  });
});

describe('preset catalogue: templates', () => {
  it('uses only plain variables and sections over the view of the preset fields', () => {
    const derived = ['language', 'isShort', 'isMedium', 'isLong', 'variant'];
    const fromKeywords = ['keywordList', 'topic', 'Topic'];
    for (const p of PRESETS) {
      const fieldNames = p.fields.map((f) => f.name as string);
      const allowed = new Set([...fieldNames, ...derived, ...(fieldNames.includes('keywords') ? fromKeywords : [])]);
      for (const [kind, template] of [
        ['prompt', p.prompt],
        ...p.builtin.map((b, i) => [`builtin[${i}]`, b] as const),
      ] as const) {
        const ctx = `${p.slug} ${kind}`;
        for (const { type, name, inList } of templateNames(template)) {
          expect(['name', '#', '^'], `${ctx}: tag type ${type} (${name})`).toContain(type);
          const ok = allowed.has(name) || (inList && (name === 'item' || name === 'index'));
          expect(ok, `${ctx}: unknown name {{${name}}}`).toBe(true);
          if (kind === 'prompt') {
            expect(['tone', 'length', 'language', 'isShort', 'isMedium', 'isLong'], `${ctx}: ${name}`).not.toContain(
              name,
            );
          }
        }
      }
      expect(p.prompt, `${p.slug}: prompt must not mention tone, length or language`).not.toMatch(
        /\b(tone|length|language)\b/i,
      );
    }
  });

  it('has 2 or 3 distinct builtin variants that never claim to be AI', () => {
    for (const p of PRESETS) {
      expect(p.builtin.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.builtin.length, p.slug).toBeLessThanOrEqual(3);
      expect(new Set(p.builtin).size, p.slug).toBe(p.builtin.length);
      for (const b of p.builtin) {
        expect(b, p.slug).not.toMatch(/as an ai\b|language model|ai[- ]generated|generated by ai|\bchatgpt\b/i);
      }
    }
  });

  for (const [name, makeInputs] of [
    ['all fields filled', fullInputs],
    ['only required fields filled', minimalInputs],
  ] as const) {
    it(`renders every prompt and builtin variant cleanly with ${name}`, () => {
      for (const p of PRESETS) {
        const inputs = makeInputs(p);
        const view = buildView(inputs, 1);
        const prompt = renderTemplate(p.prompt, view);
        expectCleanRendering(prompt, `${p.slug} prompt (${name})`);
        if (inputs.keywords) expect(prompt, `${p.slug} prompt must contain the keywords`).toContain(inputs.keywords);
        const outputs = p.builtin.map((b, i) => {
          const text = renderTemplate(b, view);
          expectCleanRendering(text, `${p.slug} builtin[${i}] (${name})`);
          if (inputs.keywords) {
            expect(text.toLowerCase(), `${p.slug} builtin[${i}] must use the input`).toContain('remote work');
          }
          return text;
        });
        if (makeInputs === fullInputs) {
          expect(new Set(outputs).size, `${p.slug}: builtin variants render identically`).toBeGreaterThan(1);
        }
      }
    });
  }

  it('renders shorter builtin output for Short than for Long where the preset has a length field', () => {
    for (const p of PRESETS.filter((preset) => preset.fields.some((f) => f.name === 'length'))) {
      const full = fullInputs(p);
      const total = (length: string) =>
        p.builtin.reduce((sum, b) => sum + renderTemplate(b, buildView({ ...full, length }, 1)).length, 0);
      expect(total('Short'), p.slug).toBeLessThan(total('Long'));
    }
  });
});
