// Speech page, sound effects: describe a sound, POST /api/generate-sound with the session, play the MP3.
import { ApiError, api, busy, el, toast } from './common.js';

const $ = (id) => document.getElementById(id);
const form = $('sound-form');
const button = $('generate-sound');

function explain(failure) {
  if (!(failure instanceof ApiError)) return failure;
  if (failure.status === 402)
    return new Error(`${failure.message}. Shorten the description, or see your plan on the Usage page.`);
  if (failure.status === 429) return new Error(`${failure.message}. Wait a moment and try again.`);
  return failure;
}

function addSound(result) {
  const audio = el('audio', {
    controls: true,
    preload: 'metadata',
    src: result.url,
    'aria-label': `Sound effect: ${result.text}`,
  });
  const meta = el(
    'span',
    { class: 'hint' },
    `${result.duration_seconds} s · ${result.engine} · ${result.used_characters} words counted`,
  );
  const item = el(
    'li',
    { class: 'take', dataset: { uuid: result.uuid } },
    el('p', { class: 'take-text' }, result.text),
    audio,
    el(
      'div',
      { class: 'take-actions' },
      el('a', { class: 'download', href: result.url, download: `sound-${result.uuid}.mp3` }, 'Download MP3'),
      meta,
    ),
    result.warnings.length
      ? el(
          'ul',
          { class: 'warnings' },
          result.warnings.map((w) => el('li', {}, w)),
        )
      : null,
  );
  $('sounds').prepend(item);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void busy(form, async () => {
    const body = {
      prompt: $('sound-prompt').value,
      duration: Number($('sound-duration').value),
      prompt_influence: Number($('sound-influence').value),
    };
    button.textContent = 'Generating…';
    try {
      const result = await api('/api/generate-sound', { method: 'POST', body }).catch((failure) =>
        Promise.reject(explain(failure)),
      );
      addSound(result);
      toast(`Sound ready: ${result.duration_seconds} s`);
      // The speech form's counter shows the words left: the sound used some.
      const { usage } = await api('/api/account');
      const left = $('words-left');
      if (left) {
        left.dataset.left = String(usage.tts_words_left);
        $('words-left-value').textContent = usage.tts_words_left.toLocaleString('en');
      }
    } finally {
      button.textContent = 'Generate sound';
    }
  });
});
