// Speech page: the voice picker (filters, radio group), per-provider settings, generation with a player,
// and the account's custom voices. Everything goes through the JSON API with the session.
import { ApiError, api, busy, el, formatTime, pageData, toast } from './common.js';

const $ = (id) => document.getElementById(id);

const state = {
  /** The catalogue with this account's custom voices first, as GET /api/get-text-to-speech-voices lists it. */
  voices: [],
  /** provider -> [{name, type, description, default, min?, max?}] */
  settings: new Map(),
  /** GET /api/voices: custom voices with their base voice and stored settings. */
  custom: [],
  selected: null,
  speakSettings: null,
  customSettings: null,
  baseChosenByHand: false,
};

const filters = {
  language: $('filter-language'),
  accent: $('filter-accent'),
  gender: $('filter-gender'),
  query: $('filter-name'),
};
const voiceList = $('voice-list');
const voiceLegend = voiceList.querySelector('legend');
const speakForm = $('speak-form');
const textBox = $('speech-text');
const customForm = $('custom-form');
const baseSelect = $('custom-base');

// ---- Words: counted as the service bills them (word-like segments), so the counter matches the bill.

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
function countWords(text) {
  let words = 0;
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

function updateCounter() {
  const text = textBox.value;
  const words = countWords(text);
  const left = Number($('words-left').dataset.left);
  $('character-count').textContent = text.length.toLocaleString('en');
  $('word-count').textContent = words.toLocaleString('en');
  const over = words > left;
  $('text-counter').classList.toggle('over', over);
  $('quota-warning').textContent = over ? ` · more than the ${left.toLocaleString('en')} words you have left` : '';
}

async function refreshWordsLeft() {
  const { usage } = await api('/api/account');
  $('words-left').dataset.left = String(usage.tts_words_left);
  $('words-left-value').textContent = usage.tts_words_left.toLocaleString('en');
  updateCounter();
}

// ---- Settings controls, built from GET /api/get-text-to-speech-voice-settings for one provider.

const settingLabel = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
const formatNumber = (value) => String(Math.round(value * 100) / 100);
const sameValue = (a, b) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : a === b);

/** Fills `container` with one control per setting, starting at `initial`; `changed()` gives the values moved away from it. */
function settingsControls(container, provider, initial, prefix) {
  const specs = state.settings.get(provider) ?? [];
  const controls = specs.map((spec) => {
    const id = `${prefix}-${spec.name}`;
    const hintId = `${id}-hint`;
    const start = initial[spec.name] ?? spec.default;
    if (spec.type === 'boolean') {
      const input = el('input', { type: 'checkbox', id, checked: start === true, 'aria-describedby': hintId });
      const node = el(
        'div',
        { class: 'setting' },
        el('label', { for: id }, input, settingLabel(spec.name)),
        el('p', { class: 'hint', id: hintId }, spec.description),
      );
      return { spec, start, node, read: () => input.checked, reset: () => (input.checked = start === true) };
    }
    const ranged = spec.min !== undefined && spec.max !== undefined;
    const step = ranged && spec.max - spec.min > 10 ? 1 : 0.05;
    const input = el(
      'input',
      ranged
        ? { type: 'range', id, min: spec.min, max: spec.max, step, value: start, 'aria-describedby': hintId }
        : { type: 'number', id, step: 'any', value: start, 'aria-describedby': hintId },
    );
    const output = el('output', { for: id }, formatNumber(start));
    input.addEventListener('input', () => (output.textContent = formatNumber(input.valueAsNumber)));
    const range = ranged ? ` (${spec.min} to ${spec.max}, normally ${spec.default})` : '';
    const node = el(
      'div',
      { class: 'setting' },
      el('label', { for: id }, settingLabel(spec.name)),
      el('div', { class: 'setting-control' }, input, output),
      el('p', { class: 'hint', id: hintId }, spec.description + range),
    );
    const reset = () => {
      input.value = String(start);
      output.textContent = formatNumber(start);
    };
    return { spec, start, node, read: () => input.valueAsNumber, reset };
  });
  container.replaceChildren(
    ...(controls.length ? controls.map((c) => c.node) : [el('p', { class: 'hint' }, 'This voice has no settings.')]),
  );
  return {
    changed: () =>
      Object.fromEntries(controls.filter((c) => !sameValue(c.read(), c.start)).map((c) => [c.spec.name, c.read()])),
    reset: () => {
      for (const c of controls) c.reset();
    },
  };
}

// ---- The voice picker.

const voiceMeta = (voice) => [voice.language, voice.accent, voice.gender, voice.provider].filter(Boolean).join(' · ');
const optionsOf = (voices, field) =>
  [...new Set(voices.map((v) => v[field]).filter(Boolean))].sort((a, b) => a.localeCompare(b));

function matches(voice, except) {
  const query = filters.query.value.trim().toLocaleLowerCase();
  return (
    (except === 'language' || !filters.language.value || voice.language === filters.language.value) &&
    (except === 'accent' || !filters.accent.value || voice.accent === filters.accent.value) &&
    (except === 'gender' || !filters.gender.value || voice.gender === filters.gender.value) &&
    (!query || `${voice.name} ${voice.description}`.toLocaleLowerCase().includes(query))
  );
}

/** Refills a filter's options from the voices the other filters leave, keeping its value when it still applies. */
function fillFilter(select, values, anyLabel, label = (v) => v) {
  const current = select.value;
  select.replaceChildren(
    el('option', { value: '' }, anyLabel),
    ...values.map((v) => el('option', { value: v }, label(v))),
  );
  select.value = values.includes(current) ? current : '';
}

function refreshFilters() {
  fillFilter(
    filters.language,
    optionsOf(
      state.voices.filter((v) => matches(v, 'language')),
      'language',
    ),
    'All languages',
  );
  fillFilter(
    filters.accent,
    optionsOf(
      state.voices.filter((v) => matches(v, 'accent')),
      'accent',
    ),
    'Any accent',
  );
  const genders = optionsOf(
    state.voices.filter((v) => matches(v, 'gender')),
    'gender',
  );
  fillFilter(filters.gender, genders, 'Any', settingLabel);
  $('gender-filter').hidden = !state.voices.some((v) => v.gender);
}

function voiceOption(voice, index) {
  const id = `voice-${index}`;
  return el(
    'label',
    { class: 'voice', for: id },
    el('input', {
      type: 'radio',
      name: 'voiceID',
      value: voice.id,
      id,
      checked: voice.id === state.selected?.id,
      onchange: () => choose(voice),
    }),
    el('img', { src: voice.image, alt: '', width: 48, height: 48, loading: 'lazy', decoding: 'async' }),
    el(
      'span',
      { class: 'voice-text' },
      el(
        'span',
        { class: 'voice-name' },
        voice.name,
        voice.custom ? el('span', { class: 'badge custom' }, 'custom') : null,
      ),
      el('span', { class: 'voice-meta' }, voiceMeta(voice)),
      el('span', { class: 'voice-description' }, voice.description),
    ),
  );
}

function renderVoices() {
  refreshFilters();
  const visible = state.voices.filter((v) => matches(v));
  voiceList.replaceChildren(voiceLegend, ...visible.map((voice) => voiceOption(voice, state.voices.indexOf(voice))));
  if (visible.length === 0) voiceList.append(el('p', { class: 'hint' }, 'No voice matches these filters.'));
  $('voice-count').textContent = `Showing ${visible.length} of ${state.voices.length} voices`;
}

function choose(voice) {
  state.selected = voice;
  $('selected-voice').textContent = voice
    ? `Chosen voice: ${voice.name} (${voiceMeta(voice)})`
    : 'No voice chosen yet.';
  const stored = voice?.custom ? (state.custom.find((c) => c.id === voice.id)?.settings ?? {}) : {};
  state.speakSettings = voice ? settingsControls($('speak-settings'), voice.provider, stored, 'speak') : null;
  if (voice && !voice.custom && !state.baseChosenByHand) setBase(voice.id);
}

for (const select of [filters.language, filters.accent, filters.gender])
  select.addEventListener('change', renderVoices);
filters.query.addEventListener('input', renderVoices);
// The search box sits inside the speech form: Enter there filters, it must not generate speech.
filters.query.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') event.preventDefault();
});
$('reset-settings').addEventListener('click', () => state.speakSettings?.reset());

/** The browser's language, when voices speak it: a sensible first filter for a catalogue of hundreds. */
function preferredLanguage(languages) {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(navigator.language.split('-')[0]);
    return languages.includes(name) ? name : '';
  } catch {
    return '';
  }
}

async function loadVoices() {
  const [listing, own] = await Promise.all([
    api('/api/get-text-to-speech-voices?include_custom=true'),
    api('/api/voices'),
  ]);
  state.voices = listing.voices;
  state.custom = own.voices;
  const selectedId = state.selected?.id;
  renderCustomVoices();
  renderBaseOptions();
  choose(state.voices.find((v) => v.id === selectedId) ?? null);
}

// ---- Generating speech.

/** A result in "Your speech": just made (with its text), or an earlier one the page was given (without). */
function addTake(result, voice, text) {
  const excerpt = text && (text.length > 140 ? `${text.slice(0, 140)}…` : text);
  const meta = el('p', { class: 'hint' }, `${voice.name} · ${result.used_characters} words`);
  const audio = el('audio', {
    controls: true,
    preload: 'metadata',
    src: result.url,
    'aria-label': `Speech by ${voice.name}`,
  });
  const take = el(
    'li',
    { class: 'take', dataset: { uuid: result.uuid } },
    excerpt ? el('p', { class: 'take-text' }, excerpt) : null,
    audio,
    el(
      'div',
      { class: 'take-actions' },
      el('a', { class: 'download', href: result.url, download: `speech-${result.uuid}.mp3` }, 'Download MP3'),
      meta,
    ),
  );
  $('takes').prepend(take);
  $('takes-card').hidden = false;
  if (result.duration_seconds !== undefined) {
    meta.textContent += ` · ${result.duration_seconds.toFixed(1)} s · ${formatTime(result.created_at)}`;
    return;
  }
  api(`/api/text-to-speech/${result.uuid}`).then(
    (record) => {
      meta.textContent += ` · ${record.duration_seconds.toFixed(1)} s`;
      if (record.warnings.length)
        take.append(
          el(
            'ul',
            { class: 'warnings' },
            record.warnings.map((w) => el('li', {}, w)),
          ),
        );
    },
    () => undefined,
  );
}

function explain(failure) {
  if (!(failure instanceof ApiError)) return failure;
  if (failure.status === 402)
    return new Error(`${failure.message}. Shorten the text, or see your plan on the Usage page.`);
  if (failure.status === 429) return new Error(`${failure.message}. Wait a moment and try again.`);
  return failure;
}

textBox.addEventListener('input', updateCounter);
speakForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const button = $('generate');
  void busy(speakForm, async () => {
    const voice = state.selected;
    if (!voice) throw new Error('Choose a voice first');
    const text = textBox.value;
    const body = { voiceID: voice.id, text };
    const voiceSettings = state.speakSettings?.changed() ?? {};
    if (Object.keys(voiceSettings).length) body.voiceSettings = voiceSettings;
    button.textContent = 'Generating…';
    try {
      const result = await api('/api/generate-text-to-speech', { method: 'POST', body }).catch((failure) =>
        Promise.reject(explain(failure)),
      );
      addTake(result, voice, text);
      toast(`Speech ready: ${result.used_characters} words`);
    } finally {
      button.textContent = 'Generate speech';
      await refreshWordsLeft().catch(() => undefined);
    }
  });
});

// ---- Custom voices.

const voiceName = (id) => state.voices.find((v) => v.id === id)?.name ?? id;
const settingsSummary = (settings) => {
  const entries = Object.entries(settings);
  return entries.length
    ? entries.map(([name, value]) => `${settingLabel(name).toLowerCase()} ${value}`).join(', ')
    : 'default settings';
};

function renderCustomVoices() {
  $('custom-voices').replaceChildren(
    ...state.custom.map((voice) =>
      el(
        'li',
        { class: 'custom-voice', dataset: { voiceId: voice.id } },
        el('img', { src: voice.image, alt: '', width: 48, height: 48 }),
        el(
          'div',
          { class: 'custom-voice-text' },
          el('strong', {}, voice.name),
          el('span', {}, voice.description),
          el(
            'span',
            { class: 'hint' },
            `Based on ${voiceName(voice.base_voice_id)} · ${settingsSummary(voice.settings)}`,
          ),
          el('code', { class: 'voice-id' }, voice.id),
        ),
        el(
          'div',
          { class: 'custom-voice-actions' },
          el(
            'button',
            {
              type: 'button',
              class: 'secondary small',
              'aria-label': `Use ${voice.name}`,
              onclick: () => useVoice(voice.id),
            },
            'Use',
          ),
          el(
            'button',
            {
              type: 'button',
              class: 'danger',
              'aria-label': `Delete ${voice.name}`,
              onclick: () => deleteVoice(voice),
            },
            'Delete',
          ),
        ),
      ),
    ),
  );
  $('custom-empty').hidden = state.custom.length > 0;
}

/** Shows a custom voice in the picker (its language, no other filter), chosen and focused. */
function useVoice(id) {
  const voice = state.voices.find((v) => v.id === id);
  if (!voice) return;
  state.selected = voice;
  filters.accent.value = filters.gender.value = filters.query.value = '';
  filters.language.value = voice.language;
  renderVoices();
  choose(voice);
  const radio = voiceList.querySelector(`input[value="${CSS.escape(id)}"]`);
  radio?.scrollIntoView({ block: 'nearest' });
  radio?.focus();
}

async function deleteVoice(voice) {
  if (!window.confirm(`Delete the custom voice “${voice.name}”? Programs using its id will stop working.`)) return;
  try {
    await api(`/api/voices/${encodeURIComponent(voice.id)}`, { method: 'DELETE' });
    await loadVoices();
    renderVoices();
    toast(`Deleted “${voice.name}”`);
  } catch (failure) {
    toast(failure.message, 'error');
  }
}

function renderBaseOptions() {
  const current = baseSelect.value;
  const predefined = state.voices.filter((v) => !v.custom);
  const groups = optionsOf(predefined, 'language').map((language) =>
    el(
      'optgroup',
      { label: language },
      predefined
        .filter((v) => v.language === language)
        .map((v) =>
          el('option', { value: v.id }, `${v.name} · ${[v.accent, v.gender, v.provider].filter(Boolean).join(', ')}`),
        ),
    ),
  );
  baseSelect.replaceChildren(el('option', { value: '' }, 'Choose a base voice'), ...groups);
  setBase(current || state.selected?.id || '');
}

function setBase(id) {
  const voice = state.voices.find((v) => v.id === id && !v.custom);
  baseSelect.value = voice ? id : '';
  if (voice) {
    state.customSettings = settingsControls($('custom-settings'), voice.provider, {}, 'custom');
  } else {
    state.customSettings = null;
    $('custom-settings').replaceChildren(el('p', { class: 'hint' }, 'Choose a base voice to see its settings.'));
  }
}

baseSelect.addEventListener('change', () => {
  state.baseChosenByHand = true;
  setBase(baseSelect.value);
});

customForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void busy(customForm, async () => {
    const data = new FormData(customForm);
    const body = {
      name: String(data.get('name')),
      base_voice_id: String(data.get('base_voice_id')),
      settings: state.customSettings?.changed() ?? {},
    };
    const description = String(data.get('description') ?? '').trim();
    if (description) body.description = description;
    const created = await api('/api/voices', { method: 'POST', body });
    customForm.reset();
    state.baseChosenByHand = false;
    await loadVoices();
    renderVoices();
    toast(`Created the custom voice “${created.name}”`);
  });
});

// ---- Start.

async function start() {
  const { providers } = await api('/api/get-text-to-speech-voice-settings');
  state.settings = new Map(providers.map((p) => [p.provider, p.settings]));
  await loadVoices();
  refreshFilters();
  filters.language.value = preferredLanguage(optionsOf(state.voices, 'language'));
  renderVoices();
  const first = state.voices.find((v) => matches(v));
  if (first) {
    choose(first);
    voiceList.querySelector(`input[value="${CSS.escape(first.id)}"]`).checked = true;
  }
  updateCounter();
  const { recent } = pageData();
  for (const record of [...recent].reverse())
    addTake(record, state.voices.find((v) => v.id === record.voice_id) ?? { name: record.voice_id }, null);
}

start().catch((failure) => {
  $('voice-count').textContent = `The voices could not be loaded: ${failure.message}`;
  toast(failure.message, 'error');
});
