// Presets playground: filters the catalogue as you type; turns a preset's form into a POST /api/generate and shows the outputs.
import { ApiError, api, busy, el, pageData, showCounts } from './common.js';

const search = document.getElementById('preset-search');
if (search) setUpSearch(search);
const form = document.getElementById('generate-form');
if (form) setUpGenerate(form);

function setUpSearch(searchForm) {
  const input = searchForm.querySelector('#preset-query');
  const groups = document.getElementById('preset-groups');
  const items = [...groups.querySelectorAll('.preset-item')];
  const total = Number(groups.dataset.total);
  const category = groups.dataset.category;

  const apply = () => {
    const query = input.value.trim();
    // The same matching as the server: every word must appear in the title or description.
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      item.hidden = !terms.every((term) => item.dataset.search.includes(term));
      if (!item.hidden) shown += 1;
    }
    for (const group of groups.querySelectorAll('.preset-group'))
      group.hidden = !group.querySelector('.preset-item:not([hidden])');
    document.getElementById('no-match').hidden = shown > 0;
    document.getElementById('preset-count').textContent = countText(shown, total, category);
    keepQueryInLinks(query);
  };
  input.addEventListener('input', apply);
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
}

function countText(shown, total, category) {
  const noun = total === 1 ? 'preset' : 'presets';
  const where = category ? ` in ${category}` : '';
  return shown === total ? `${total} ${noun}${where}` : `Showing ${shown} of ${total} ${noun}${where}`;
}

/** The address and the category links carry the search, so a reload or a category change keeps it. */
function keepQueryInLinks(query) {
  const withQuery = (href) => {
    const url = new URL(href, location.origin);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    return url.pathname + url.search;
  };
  history.replaceState(null, '', withQuery(location.href));
  for (const link of document.querySelectorAll('.category-links a'))
    link.setAttribute('href', withQuery(link.getAttribute('href')));
}

function setUpGenerate(generateForm) {
  const { preset, fields, balance } = pageData();
  let knownBalance = balance;

  showCounts(generateForm);

  for (const picker of generateForm.querySelectorAll('[data-picture-for]')) setUpPicture(picker);

  generateForm.addEventListener('submit', (event) => {
    event.preventDefault();
    for (const node of generateForm.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
    void busy(generateForm, async () => {
      let outputs;
      try {
        outputs = await api('/api/generate', { method: 'POST', body: requestBody(generateForm, preset, fields) });
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 400) markField(generateForm, failure.message);
        throw failure;
      }
      showOutputs(outputs);
      knownBalance = await showCredits(knownBalance);
    });
  });
}

/** A picture chosen on the device fills its field as a data URL; one too large says so there. */
function setUpPicture(picker) {
  const target = document.getElementById(picker.dataset.pictureFor);
  const hint = document.getElementById(`${target.id}-hint`);
  const usual = hint.textContent;
  picker.addEventListener('change', () => {
    const [file] = picker.files;
    hint.textContent = usual;
    target.removeAttribute('aria-invalid');
    if (!file) return;
    if (file.size > Number(picker.dataset.maxBytes)) {
      hint.textContent = `${file.name} is ${Math.ceil(file.size / 1024)} KB: ${usual}`;
      target.setAttribute('aria-invalid', 'true');
      picker.value = '';
      return;
    }
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      target.value = String(reader.result);
    });
    reader.readAsDataURL(file);
  });
}

function requestBody(generateForm, preset, fields) {
  const value = (name) => generateForm.elements.namedItem(name);
  const checked = (name) => generateForm.querySelector(`input[name="${name}"]:checked`)?.value;
  const body = { preset };
  for (const field of fields) {
    const given =
      field.type === 'radio'
        ? checked(field.name)
        : field.type === 'checkbox'
          ? String(value(field.name).checked)
          : value(field.name).value;
    if (given !== undefined) body[field.name] = given;
  }
  const outputs = value('outputs').value.trim();
  if (outputs !== '') body.outputs = /^\d+$/.test(outputs) ? Number(outputs) : outputs;
  const language = value('language').value.trim();
  if (language !== '') body.language = language;
  body.shouldUseGPT4 = checked('shouldUseGPT4') === 'true';
  // None chosen sends none: the account's default brand voice then applies.
  const brandVoice = value('brand_voice')?.value;
  if (brandVoice) body.brand_voice = brandVoice;
  return body;
}

/** Points at the field a validation message names ("keywords (Topic) is required…", "outputs: must be…"). */
function markField(generateForm, message) {
  const name = /^(\w+)(?: \(|:)/.exec(message)?.[1];
  const target = name ? generateForm.querySelector(`[name="${name}"]`) : null;
  if (!target) return;
  target.setAttribute('aria-invalid', 'true');
  target.focus();
}

function showOutputs(outputs) {
  const list = document.getElementById('outputs');
  list.replaceChildren(
    ...outputs.map((output, i) => {
      const id = `output-${output.id}`;
      return el(
        'li',
        { class: 'output' },
        el('div', { class: 'output-text', id }, output.name),
        // A preset of your own that makes an image or speech: what was made (an image still pending has no URL yet).
        output.image?.image_url && el('img', { src: output.image.image_url, alt: `Image ${i + 1}: ${output.text}` }),
        output.image && !output.image.image_url && el('p', { class: 'hint' }, `Image ${output.image.status}.`),
        output.audio && el('audio', { controls: true, src: output.audio.url }),
        output.audio_error && el('p', { class: 'hint' }, `Not spoken: ${output.audio_error}`),
        el(
          'button',
          { type: 'button', class: 'small secondary', 'data-copy': `#${id}`, 'aria-label': `Copy output ${i + 1}` },
          'Copy',
        ),
      );
    }),
  );
  const results = document.getElementById('results');
  results.hidden = false;
  document.getElementById('results-status').textContent =
    `${outputs.length} ${outputs.length === 1 ? 'output' : 'outputs'} generated.`;
  document.getElementById('results-title').focus();
}

/** The generate answer carries no balance, so the account is read again to show what the run used. */
async function showCredits(before) {
  let balance;
  try {
    balance = (await api('/api/account')).credits.balance;
  } catch {
    return before;
  }
  const used = Math.max(0, before - balance);
  document.getElementById('credit-balance').textContent = String(balance);
  const status = document.getElementById('results-status');
  status.textContent += ` Used ${used} ${used === 1 ? 'credit' : 'credits'}, ${balance} left.`;
  return balance;
}
