import type { z } from 'zod';
import type { BrandVoice } from '../../modules/brand-voices/brand-voices.schemas.js';
import type { presetDraftSchema } from '../../modules/presets/preset-drafts.schemas.js';
import {
  USER_FIELD_TYPES,
  USER_PRESET_MAX_FIELDS,
  USER_PRESET_OUTPUTS,
  type UserPresetView,
  createUserPresetSchema,
  userFieldSchema,
} from '../../modules/presets/user-preset.schemas.js';
import { CATEGORIES, type Category, FIELD_NAMES, type FieldName } from '../../shared/presets/preset-types.js';
import { USER_TEMPLATE_MAX, USER_TEMPLATE_MAX_DEPTH } from '../../shared/presets/user-template.js';
import { type SafeHtml, html } from '../html.js';
import { fieldsOf, text } from '../request-fields.js';
import { brandVoiceSelect } from './brand-voices-page.js';

type FieldType = z.output<typeof userFieldSchema.shape.type>;
type Output = z.output<typeof createUserPresetSchema.shape.output>;
type CreateInput = z.input<typeof createUserPresetSchema>;
type DraftInput = z.input<typeof presetDraftSchema>;

/** One row of the editor's fields: a field when it names a parameter, ignored when it names none. */
export interface FieldRow {
  name: FieldName | '';
  label: string;
  type: FieldType;
  required: boolean;
  placeholder: string;
  maxLength: string;
  /** Select and radio choices, one a line. */
  options: string;
  default: string;
}

/** The editor's form as typed: kept whole when the API refuses it, so nothing typed is lost. */
export interface EditorForm {
  title: string;
  slug: string;
  description: string;
  category: Category[];
  output: Output;
  /** A brand voice id, or '' for none (the account's default then applies). */
  brandVoice: string;
  prompt: string;
  rows: FieldRow[];
  /** Sample values of the fields, by parameter, for the preview and the test run. */
  samples: Partial<Record<FieldName, string>>;
  language: string;
  action: string;
}

const ROW_KEYS = ['name', 'label', 'type', 'required', 'placeholder', 'maxLength', 'options', 'default'] as const;
const ROWS = Array.from({ length: USER_PRESET_MAX_FIELDS }, (_, i) => i + 1);
const rowKey = (row: number, key: (typeof ROW_KEYS)[number]) => `f${row}_${key}`;
const categoryKey = (index: number) => `category_${index}`;
const sampleKey = (name: FieldName) => `sample_${name}`;

const formFields = fieldsOf(
  Object.fromEntries(
    [
      ...['title', 'slug', 'description', 'output', 'brand_voice', 'prompt', 'language', 'action'],
      ...CATEGORIES.map((_, i) => categoryKey(i)),
      ...ROWS.flatMap((row) => ROW_KEYS.map((key) => rowKey(row, key))),
      ...FIELD_NAMES.map(sampleKey),
    ].map((name) => [name, text]),
  ),
);

/** A browser sends a textarea's line breaks as CRLF, which the API's JSON would send as LF. */
const lines = (value: string) => value.replace(/\r\n?/g, '\n');

const EMPTY_ROW: FieldRow = {
  name: '',
  label: '',
  type: 'text',
  required: false,
  placeholder: '',
  maxLength: '',
  options: '',
  default: '',
};

/** A new preset's form: one required field for the main text, to start from. */
export function newPresetForm(): EditorForm {
  const first: FieldRow = { ...EMPTY_ROW, name: 'keywords', type: 'textarea', required: true };
  return {
    title: '',
    slug: '',
    description: '',
    category: ['Other'],
    output: 'text',
    brandVoice: '',
    prompt: '',
    rows: ROWS.map((row) => (row === 1 ? first : EMPTY_ROW)),
    samples: {},
    language: 'English',
    action: '',
  };
}

/** The form of a saved preset, as it is now. */
export function presetForm(preset: UserPresetView): EditorForm {
  const rows = preset.fields.map(
    (field): FieldRow => ({
      name: field.name,
      label: field.label,
      type: field.type,
      required: field.required ?? false,
      placeholder: field.placeholder ?? '',
      maxLength: field.maxLength === undefined ? '' : String(field.maxLength),
      options: (field.options ?? []).join('\n'),
      default: field.default ?? '',
    }),
  );
  return {
    ...newPresetForm(),
    slug: preset.slug,
    title: preset.title,
    description: preset.description,
    category: [...preset.category],
    output: preset.output,
    brandVoice: preset.brand_voice ?? '',
    prompt: preset.prompt,
    rows: ROWS.map((row) => rows[row - 1] ?? EMPTY_ROW),
  };
}

/** The form a browser sent. Values no control of the form can send (a forged parameter or type) read as unset. */
export function editorFormOf(body: unknown): EditorForm {
  const raw = formFields.parse(body);
  const at = (key: string) => raw[key] ?? '';
  const rows = ROWS.map((row): FieldRow => {
    const name = userFieldSchema.shape.name.safeParse(at(rowKey(row, 'name')));
    const type = userFieldSchema.shape.type.safeParse(at(rowKey(row, 'type')));
    return {
      name: name.success ? name.data : '',
      label: at(rowKey(row, 'label')),
      type: type.success ? type.data : 'text',
      required: at(rowKey(row, 'required')) === 'on',
      placeholder: at(rowKey(row, 'placeholder')),
      maxLength: at(rowKey(row, 'maxLength')).trim(),
      options: lines(at(rowKey(row, 'options'))),
      default: at(rowKey(row, 'default')),
    };
  });
  const samples: Partial<Record<FieldName, string>> = {};
  for (const row of rows) {
    if (row.name === '') continue;
    const given = lines(at(sampleKey(row.name)));
    // An unchecked box sends nothing: that is its answer.
    samples[row.name] = row.type === 'checkbox' ? (given === 'true' ? 'true' : 'false') : given;
  }
  const output = createUserPresetSchema.shape.output.safeParse(at('output'));
  return {
    title: at('title'),
    slug: at('slug'),
    description: lines(at('description')),
    category: CATEGORIES.filter((_, i) => at(categoryKey(i)) === 'on'),
    output: output.success ? output.data : 'text',
    brandVoice: at('brand_voice').trim(),
    prompt: lines(at('prompt')),
    rows,
    samples,
    language: at('language'),
    action: at('action'),
  };
}

const used = (form: EditorForm) => form.rows.filter((row): row is FieldRow & { name: FieldName } => row.name !== '');

/** What POST /api/presets takes, made of the form (the slug only when one is typed). */
export function createBody(form: EditorForm): CreateInput {
  const slug = form.slug.trim();
  return {
    ...(slug !== '' && { slug }),
    title: form.title,
    description: form.description,
    category: form.category,
    output: form.output,
    ...(form.brandVoice !== '' && { brand_voice: form.brandVoice }),
    prompt: form.prompt,
    fields: used(form).map((row) => {
      const options = row.options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean);
      return {
        name: row.name,
        label: row.label,
        type: row.type,
        required: row.required,
        ...(row.placeholder !== '' && { placeholder: row.placeholder }),
        ...(row.maxLength !== '' && { maxLength: Number(row.maxLength) }),
        ...(options.length > 0 && { options }),
        ...(row.default !== '' && { default: row.default }),
      };
    }),
  };
}

/** What the preview and the test run take: the preset (named `slug` when it is saved) and the sample inputs. */
export function draftBody(form: EditorForm, slug?: string): DraftInput {
  const inputs: Partial<Record<FieldName, string>> = {};
  for (const row of used(form)) {
    const value = form.samples[row.name] ?? '';
    if (value !== '') inputs[row.name] = value;
  }
  const language = form.language.trim();
  const body = createBody(slug === undefined ? form : { ...form, slug });
  return { ...body, inputs, ...(language !== '' && { language }) };
}

export type PreviewState = { messages: { role: string; content: string }[]; max_tokens: number } | { error: string };
export type RunState = { text: string; model: string; credits: number } | { error: string };

export interface EditorView {
  form: EditorForm;
  /** Where the form posts. */
  action: string;
  csrf: string;
  creating: boolean;
  error?: string | undefined;
  preview?: PreviewState | undefined;
  run?: RunState | undefined;
  perOutput: number;
  balance: number;
  voices: BrandVoice[];
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/** The editor: the preset's form, its sample inputs, the preview and the test run (preset-editor.js makes them live). */
export function editorMarkup(view: EditorView): SafeHtml {
  const { form } = view;
  return html`<form method="post" action="${view.action}" id="preset-editor" class="card" novalidate>
    <input type="hidden" name="_csrf" value="${view.csrf}" />
    <p class="error" role="alert" id="editor-error">${view.error ?? ''}</p>
    <label for="preset-title">Title</label>
    <input id="preset-title" name="title" maxlength="100" value="${form.title}" autocomplete="off" required aria-required="true" />
    ${
      view.creating
        ? html`<label for="preset-slug">Slug <span class="optional">(optional: made from the title)</span></label>
      <input id="preset-slug" name="slug" maxlength="100" value="${form.slug}" autocomplete="off" aria-describedby="slug-hint" />
      <p class="hint" id="slug-hint">Lower-case letters and digits joined by hyphens: what <code>preset</code> names in <code>/api/generate</code>.</p>`
        : ''
    }
    <label for="preset-description">Description <span class="optional">(optional)</span></label>
    <textarea id="preset-description" name="description" maxlength="500" rows="2">${form.description}</textarea>
    <fieldset class="categories">
      <legend>Categories</legend>
      ${CATEGORIES.map((category, i) => html`<label><input type="checkbox" name="${categoryKey(i)}" data-category="${category}" ${form.category.includes(category) ? html`checked` : ''} /> ${category}</label>`)}
    </fieldset>
    <label for="preset-brand-voice">Brand voice</label>
    ${brandVoiceSelect({ id: 'preset-brand-voice', name: 'brand_voice', voices: view.voices, selected: form.brandVoice, describedBy: 'preset-brand-voice-hint' })}
    <p class="hint" id="preset-brand-voice-hint">Generate uses it unless a request names another.</p>
    <label for="preset-output">Output</label>
    <select id="preset-output" name="output">
      ${USER_PRESET_OUTPUTS.map((output) => html`<option value="${output}" ${output === form.output ? html`selected` : ''}>${output}</option>`)}
    </select>

    <h2>Fields</h2>
    <p class="hint" id="fields-hint">Up to ${USER_PRESET_MAX_FIELDS} fields. Each fills one parameter of a generate
      (<code>keywords</code>, <code>tone</code>, <code>length</code>, <code>extra1</code>…<code>extra14</code>, <code>suffix</code>),
      which the prompt template reads by that name. A row whose parameter is “none” is left out.</p>
    <div id="field-rows">${form.rows.map((row, i) => fieldRow(row, i + 1))}</div>
    <button type="button" id="add-field" class="secondary" hidden>Add field</button>

    <h2>Prompt template</h2>
    <label for="preset-prompt">Prompt template</label>
    <textarea id="preset-prompt" name="prompt" rows="8" maxlength="${USER_TEMPLATE_MAX}" aria-describedby="prompt-help" spellcheck="false">${form.prompt}</textarea>
    <div class="hint" id="prompt-help">
      <p>What the language model is asked, with the fields put in: <code>{{keywords}}</code> is the field’s value,
        <code>{{#extra1}}…{{/extra1}}</code> shows its text only when the field has a value (a checkbox: when it is checked),
        <code>{{^extra1}}…{{/extra1}}</code> only when it has none, and <code>{{language}}</code> is the output language.
        Every field must be used; sections nest at most ${USER_TEMPLATE_MAX_DEPTH} deep; at most ${USER_TEMPLATE_MAX.toLocaleString('en')} characters. Values go in as typed.</p>
    </div>

    <h2>Try it</h2>
    <fieldset id="samples">
      <legend>Sample inputs</legend>
      <div id="sample-fields">${used(form).map((row) => sampleInput(row, form.samples[row.name]))}</div>
      <label for="sample-language">Language</label>
      <input id="sample-language" name="language" maxlength="50" value="${form.language}" autocomplete="off" />
    </fieldset>
    <div class="editor-actions">
      <button type="submit" name="action" value="preview" class="secondary" id="preview-button">Preview</button>
      <button type="submit" name="action" value="test" class="secondary" id="test-run-button" aria-describedby="test-run-cost">Test run</button>
      <p class="hint" id="test-run-cost">A test run writes one output with the standard model: ${view.perOutput} ${plural(view.perOutput, 'credit')} (balance: <span id="editor-balance">${view.balance}</span>). It is not kept as an output.</p>
    </div>
    <section id="preview" class="editor-pane" aria-labelledby="preview-title">
      <h3 id="preview-title">Preview: what the language model is sent</h3>
      <div id="preview-body" aria-live="polite">${previewMarkup(view.preview)}</div>
    </section>
    <section id="test-run" class="editor-pane" aria-labelledby="test-run-title">
      <h3 id="test-run-title">Test run</h3>
      <div id="test-run-body" aria-live="polite">${runMarkup(view.run)}</div>
    </section>
    <button type="submit" name="action" value="save" id="save-button">${view.creating ? 'Create preset' : 'Save changes'}</button>
  </form>`;
}

function fieldRow(row: FieldRow, n: number): SafeHtml {
  const id = (key: string) => `f${n}-${key}`;
  const name = (key: (typeof ROW_KEYS)[number]) => rowKey(n, key);
  return html`<fieldset class="field-row" data-row="${n}">
    <legend>Field ${n}</legend>
    <div class="row-grid">
      <div>
        <label for="${id('name')}">Parameter</label>
        <select id="${id('name')}" name="${name('name')}" class="row-name">
          <option value="">none (row not used)</option>
          ${FIELD_NAMES.map((field) => html`<option value="${field}" ${field === row.name ? html`selected` : ''}>${field}</option>`)}
        </select>
      </div>
      <div>
        <label for="${id('label')}">Label</label>
        <input id="${id('label')}" name="${name('label')}" maxlength="100" value="${row.label}" autocomplete="off" />
      </div>
      <div>
        <label for="${id('type')}">Type</label>
        <select id="${id('type')}" name="${name('type')}">
          ${USER_FIELD_TYPES.map((type) => html`<option value="${type}" ${type === row.type ? html`selected` : ''}>${type}</option>`)}
        </select>
      </div>
      <div>
        <label for="${id('placeholder')}">Placeholder <span class="optional">(text fields)</span></label>
        <input id="${id('placeholder')}" name="${name('placeholder')}" maxlength="200" value="${row.placeholder}" autocomplete="off" />
      </div>
      <div>
        <label for="${id('maxLength')}">Max length <span class="optional">(text fields)</span></label>
        <input type="number" id="${id('maxLength')}" name="${name('maxLength')}" min="1" value="${row.maxLength}" inputmode="numeric" />
      </div>
      <div>
        <label for="${id('default')}">Default <span class="optional">(optional)</span></label>
        <input id="${id('default')}" name="${name('default')}" value="${row.default}" autocomplete="off" />
      </div>
      <div class="wide">
        <label for="${id('options')}">Options <span class="optional">(select and radio: one a line)</span></label>
        <textarea id="${id('options')}" name="${name('options')}" rows="2">${row.options}</textarea>
      </div>
    </div>
    <label class="inline-label"><input type="checkbox" id="${id('required')}" name="${name('required')}" ${row.required ? html`checked` : ''} /> Required</label>
    <button type="button" class="small secondary remove-field" hidden>Remove field ${n}</button>
  </fieldset>`;
}

/** A sample input for one field, shaped as the preset's own form will show it. */
function sampleInput(row: FieldRow & { name: FieldName }, given: string | undefined): SafeHtml {
  const id = `sample-${row.name}`;
  const label = row.label.trim() || row.name;
  const value = given ?? row.default;
  if (row.type === 'checkbox') {
    return html`<label class="inline-label"><input type="checkbox" id="${id}" name="${sampleKey(row.name)}" value="true" ${value === 'true' ? html`checked` : ''} /> ${label}</label>`;
  }
  const options = row.options
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
  const control =
    row.type === 'select' || row.type === 'radio'
      ? html`<select id="${id}" name="${sampleKey(row.name)}">${options.map((option) => html`<option ${option === value ? html`selected` : ''}>${option}</option>`)}</select>`
      : row.type === 'textarea'
        ? html`<textarea id="${id}" name="${sampleKey(row.name)}" rows="2">${value}</textarea>`
        : html`<input id="${id}" name="${sampleKey(row.name)}" value="${value}" autocomplete="off" />`;
  return html`<div class="sample"><label for="${id}">${label} <span class="optional">(${row.name})</span></label>${control}</div>`;
}

function previewMarkup(preview: PreviewState | undefined): SafeHtml | string {
  if (!preview) return html`<p class="hint">Press Preview to see the messages.</p>`;
  if ('error' in preview) return html`<p class="error">${preview.error}</p>`;
  return html`<ol class="preview-messages">
      ${preview.messages.map((message) => html`<li><p class="role">${message.role}</p><pre>${message.content}</pre></li>`)}
    </ol>
    <p class="hint">The answer may take at most ${preview.max_tokens.toLocaleString('en')} tokens.</p>`;
}

function runMarkup(run: RunState | undefined): SafeHtml | string {
  if (!run) return '';
  if ('error' in run) return html`<p class="error">${run.error}</p>`;
  return html`<pre id="test-run-text">${run.text}</pre>
    <p class="hint">Written by ${run.model}; cost ${run.credits} ${plural(run.credits, 'credit')}.</p>`;
}
