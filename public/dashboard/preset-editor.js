// Preset editor: field rows added and removed, sample inputs that follow the fields, a live preview as you type
// (POST /api/presets/preview) and a test run (POST /api/presets/test-run). Without it the same buttons post the form.
import { ApiError, api, el, pageData } from './common.js';

const PREVIEW_DELAY_MS = 400;

const editor = document.getElementById('preset-editor');
if (editor) setUp(editor);

function setUp(form) {
  const { slug } = pageData();
  const rows = [...form.querySelectorAll('.field-row')];
  const addButton = document.getElementById('add-field');
  const nameOf = (row) => row.querySelector('.row-name').value;

  // Rows past the last one in use wait for "Add field"; without this script all of them show.
  const lastUsed = rows.findLastIndex((row) => nameOf(row) !== '');
  rows.forEach((row, i) => {
    row.hidden = i > Math.max(lastUsed, 0);
    const remove = row.querySelector('.remove-field');
    remove.hidden = false;
    remove.addEventListener('click', () => removeRow(row));
  });
  const updateAdd = () => {
    addButton.hidden = false;
    addButton.disabled = !rows.some((row) => row.hidden);
  };
  updateAdd();
  addButton.addEventListener('click', () => {
    const next = rows.find((row) => row.hidden);
    if (!next) return;
    next.hidden = false;
    updateAdd();
    next.querySelector('.row-name').focus();
  });

  function removeRow(row) {
    for (const control of row.querySelectorAll('input, select, textarea')) {
      if (control.type === 'checkbox') control.checked = false;
      else if (control.tagName === 'SELECT') control.selectedIndex = 0;
      else control.value = '';
    }
    if (rows.filter((r) => !r.hidden).length > 1) row.hidden = true;
    updateAdd();
    addButton.focus();
    changed();
  }

  let timer;
  let asked = 0;
  const changed = () => {
    refreshSamples(rows);
    clearTimeout(timer);
    timer = setTimeout(() => void preview(), PREVIEW_DELAY_MS);
  };
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);

  async function preview() {
    const mine = ++asked;
    let shown;
    try {
      const answer = await api('/api/presets/preview', { method: 'POST', body: draftOf(form, rows, slug) });
      shown = previewNodes(answer);
    } catch (failure) {
      shown = [el('p', { class: 'error' }, failure instanceof ApiError ? failure.message : 'The preview failed')];
    }
    // An answer to an older draft is dropped.
    if (mine === asked) document.getElementById('preview-body').replaceChildren(...shown);
  }

  async function testRun(button) {
    const body = document.getElementById('test-run-body');
    button.disabled = true;
    body.replaceChildren(el('p', { class: 'hint' }, 'Running…'));
    try {
      const run = await api('/api/presets/test-run', { method: 'POST', body: draftOf(form, rows, slug) });
      body.replaceChildren(
        el('pre', { id: 'test-run-text' }, run.text),
        el('p', { class: 'hint' }, `Written by ${run.model}; cost ${run.credits} ${plural(run.credits, 'credit')}.`),
      );
      const balance = (await api('/api/account')).credits.balance;
      document.getElementById('editor-balance').textContent = String(balance);
    } catch (failure) {
      body.replaceChildren(el('p', { class: 'error' }, runFailure(failure)));
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener('submit', (event) => {
    const action = event.submitter?.value ?? 'preview';
    if (action === 'save') return;
    event.preventDefault();
    clearTimeout(timer);
    if (action === 'test') void testRun(event.submitter);
    else void preview();
  });

  if (slug) void preview();
}

function runFailure(failure) {
  if (!(failure instanceof ApiError)) return 'The test run failed: try again';
  if (failure.status === 402) return `Not enough credits for a test run: ${failure.message}`;
  if (failure.status >= 500) return `The text engine failed, and nothing was charged: ${failure.message}`;
  return failure.message;
}

function plural(n, word) {
  return n === 1 ? word : `${word}s`;
}

function previewNodes({ messages, max_tokens: maxTokens }) {
  return [
    el(
      'ol',
      { class: 'preview-messages' },
      messages.map((message) => el('li', {}, el('p', { class: 'role' }, message.role), el('pre', {}, message.content))),
    ),
    el('p', { class: 'hint' }, `The answer may take at most ${maxTokens.toLocaleString('en')} tokens.`),
  ];
}

/** A row's field as POST /api/presets takes it (the server builds the same from the posted form). */
function fieldOf(row) {
  const value = (key) => row.querySelector(`[name$="_${key}"]`);
  const options = value('options')
    .value.split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
  const field = {
    name: value('name').value,
    label: value('label').value,
    type: value('type').value,
    required: value('required').checked,
  };
  if (value('placeholder').value !== '') field.placeholder = value('placeholder').value;
  const maxLength = value('maxLength').value.trim();
  if (maxLength !== '') field.maxLength = Number(maxLength);
  if (options.length > 0) field.options = options;
  if (value('default').value !== '') field.default = value('default').value;
  return field;
}

function usedRows(rows) {
  return rows.filter((row) => row.querySelector('.row-name').value !== '');
}

function draftOf(form, rows, slug) {
  const value = (name) => form.elements.namedItem(name)?.value ?? '';
  const draft = {
    title: value('title'),
    description: value('description'),
    category: [...form.querySelectorAll('.categories input:checked')].map((box) => box.dataset.category),
    output: value('output'),
    prompt: value('prompt'),
    fields: usedRows(rows).map(fieldOf),
    inputs: {},
  };
  const voice = value('brand_voice');
  if (voice) draft.brand_voice = voice;
  const typedSlug = slug ?? value('slug').trim();
  if (typedSlug) draft.slug = typedSlug;
  const language = value('language').trim();
  if (language) draft.language = language;
  for (const field of draft.fields) {
    const sample = document.getElementById(`sample-${field.name}`);
    if (!sample) continue;
    const given = sample.type === 'checkbox' ? String(sample.checked) : sample.value;
    if (given !== '') draft.inputs[field.name] = given;
  }
  return draft;
}

/** The sample inputs again from the rows, keeping what was typed in them (the server renders the same). */
function refreshSamples(rows) {
  const area = document.getElementById('sample-fields');
  const typed = new Map(
    [...area.querySelectorAll('[id^="sample-"]')].map((node) => [
      node.id,
      node.type === 'checkbox' ? String(node.checked) : node.value,
    ]),
  );
  const fields = usedRows(rows).map(fieldOf);
  const wanted = fields.map((field) => JSON.stringify(field)).join('\n');
  // Typing in a sample changes nothing here: the controls stay as they are, focus included.
  if (area.dataset.fields === wanted) return;
  area.dataset.fields = wanted;
  area.replaceChildren(...fields.map((field) => sampleInput(field, typed.get(`sample-${field.name}`))));
}

function sampleInput(field, typed) {
  const id = `sample-${field.name}`;
  const name = `sample_${field.name}`;
  const label = field.label.trim() || field.name;
  const value = typed ?? field.default ?? '';
  if (field.type === 'checkbox') {
    return el(
      'label',
      { class: 'inline-label' },
      el('input', { type: 'checkbox', id, name, value: 'true', checked: value === 'true' }),
      ` ${label}`,
    );
  }
  let control;
  if (field.type === 'select' || field.type === 'radio')
    control = el(
      'select',
      { id, name },
      (field.options ?? []).map((option) => el('option', { selected: option === value }, option)),
    );
  else if (field.type === 'textarea') control = el('textarea', { id, name, rows: 2 }, value);
  else control = el('input', { id, name, value, autocomplete: 'off' });
  return el(
    'div',
    { class: 'sample' },
    el('label', { for: id }, `${label} `, el('span', { class: 'optional' }, `(${field.name})`)),
    control,
  );
}
