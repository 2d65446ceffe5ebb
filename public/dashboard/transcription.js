// One transcription: follows its status until it settles, shows the transcript in step with the player,
// and generates the derived content suited to its kind of recording.
import { api, copyText, el, pageData, toast } from './common.js';

const { record: initial, fields, labels, playable } = pageData();
const player = document.getElementById('player');
const list = document.getElementById('segments');
let record = initial;
let current;

/** [mm:ss], or [h:mm:ss] past an hour. */
function stamp(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function transcriptText() {
  return record.segments
    .map((s) => `[${stamp(s.start)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`)
    .join('\n');
}

function speakerClass(speakers, speaker) {
  return `speaker-${speakers.indexOf(speaker) % 6}`;
}

function playFrom(start) {
  player.currentTime = start;
  player.play().catch((failure) => {
    if (failure.name !== 'AbortError') toast(`The recording cannot be played: ${failure.message}`, 'error');
  });
}

function renderTranscript() {
  const speakers = [...new Set(record.segments.map((s) => s.speaker).filter(Boolean))];
  const legend = document.getElementById('speakers');
  legend.replaceChildren(
    ...speakers.map((speaker) =>
      el(
        'li',
        { class: speakerClass(speakers, speaker) },
        el('span', { class: 'swatch', 'aria-hidden': 'true' }),
        speaker,
      ),
    ),
  );
  legend.hidden = speakers.length === 0;

  list.replaceChildren(
    ...record.segments.map((segment, index) => {
      const time = `[${stamp(segment.start)}]`;
      const timeNode = playable
        ? el('button', { type: 'button', class: 'time link', 'aria-label': `Play from ${stamp(segment.start)}` }, time)
        : el('span', { class: 'time' }, time);
      return el(
        'li',
        {
          class: `segment${segment.speaker ? ` ${speakerClass(speakers, segment.speaker)}` : ''}`,
          dataset: { index: String(index) },
        },
        timeNode,
        segment.speaker ? el('span', { class: 'speaker' }, segment.speaker) : null,
        el('span', { class: 'text' }, segment.text.trim()),
      );
    }),
  );
  document.getElementById('transcript-empty').hidden = record.segments.length > 0;
  if (record.status === 'completed' && record.segments.length === 0)
    document.getElementById('transcript-empty').textContent = 'Nothing was heard in this recording.';
  for (const id of ['copy-transcript', 'download-transcript'])
    document.getElementById(id).disabled = record.segments.length === 0;
}

// A click anywhere on a segment plays from it, unless the reader is selecting its text; the time button serves the keyboard.
list.addEventListener('click', (event) => {
  const item = event.target.closest('.segment');
  if (!item || !player || (!event.target.closest('.time') && String(window.getSelection()).length > 0)) return;
  playFrom(record.segments[Number(item.dataset.index)].start);
});

/** The segment playing at `time`: the last that starts at or before it. */
function segmentAt(time) {
  let found = -1;
  record.segments.forEach((s, i) => {
    if (s.start <= time + 0.05) found = i;
  });
  return found;
}

function highlight() {
  const index = segmentAt(player.currentTime);
  if (index === current) return;
  list.querySelector('.segment.current')?.classList.remove('current');
  list.querySelector('[aria-current]')?.removeAttribute('aria-current');
  current = index;
  const item = list.children[index];
  if (!item) return;
  item.classList.add('current');
  item.setAttribute('aria-current', 'true');
  if (!player.paused) keepInView(item);
}

/** Scrolls the transcript box (not the page) so the playing segment stays visible. */
function keepInView(item) {
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = Math.max(0, top - list.clientHeight / 3);
}

if (player) {
  list.classList.add('playable');
  for (const event of ['timeupdate', 'seeked', 'play']) player.addEventListener(event, highlight);
  player.addEventListener('error', () =>
    toast('The recording could not be loaded here; open it with the source link', 'error'),
  );
}

document.getElementById('copy-transcript').addEventListener('click', () => copyText(transcriptText()));
document.getElementById('download-transcript').addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([`${transcriptText()}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = el('a', {
    href: url,
    download: `${record.name.replace(/[\\/:*?"<>|]+/g, '_') || 'transcript'}.txt`,
    class: 'sr-only',
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

function showStatus() {
  const badge = document.querySelector('#status [data-badge]');
  badge.className = `badge ${record.status}`;
  badge.textContent = record.status;
  const words = {
    pending: 'Waiting for a worker…',
    processing: `Transcribing… ${record.progress}%`,
    completed: 'Transcribed',
    failed: 'Failed',
  };
  document.getElementById('status-text').textContent = words[record.status] ?? record.status;
  const progress = document.getElementById('progress');
  progress.value = record.progress;
  progress.textContent = `${record.progress}%`;
  progress.hidden = record.status === 'completed' || record.status === 'failed';
  if (record.status === 'failed')
    document.getElementById('failure').textContent =
      `The recording could not be transcribed: ${record.error ?? 'unknown reason'}`;
  if (record.duration !== null) document.getElementById('duration').textContent = ` · ${stamp(record.duration)} long`;
}

function setDerivedEnabled(enabled) {
  for (const button of document.querySelectorAll('.generate, #generate-missing')) button.disabled = !enabled;
}

function showDerived(field, text) {
  document.getElementById(`derived-${field}`).textContent = text;
  const block = document.querySelector(`.derived[data-field="${field}"]`);
  block.querySelector('.copy-derived').hidden = !text;
  block.querySelector('.generate').firstChild.textContent = text ? 'Regenerate' : 'Generate';
}

async function generate(wanted, regenerate, trigger) {
  const errors = wanted.map((field) => document.getElementById(`derived-${field}-error`));
  for (const error of errors) error.textContent = '';
  setDerivedEnabled(false);
  trigger.setAttribute('aria-busy', 'true');
  const original = trigger.firstChild.textContent;
  trigger.firstChild.textContent = 'Generating…';
  try {
    const { data } = await api('/api/generate-audio-content', {
      method: 'POST',
      body: { audio_id: record.uuid, fields: wanted, force: regenerate },
    });
    trigger.firstChild.textContent = original;
    for (const [field, text] of Object.entries(data)) showDerived(field, text);
    toast(wanted.length === 1 ? `${labels[wanted[0]]} generated` : 'Generated');
  } catch (failure) {
    trigger.firstChild.textContent = original;
    for (const error of errors) error.textContent = failure.message;
    toast(failure.message, 'error');
  } finally {
    trigger.removeAttribute('aria-busy');
    setDerivedEnabled(record.status === 'completed');
  }
}

document.querySelector('.derived-list').addEventListener('click', (event) => {
  const button = event.target.closest('.generate');
  if (!button || button.disabled) return;
  const field = button.dataset.field;
  void generate([field], document.getElementById(`derived-${field}`).textContent !== '', button);
});

document.getElementById('generate-missing').addEventListener('click', (event) => {
  const missing = fields.filter((field) => document.getElementById(`derived-${field}`).textContent === '');
  if (missing.length === 0) return toast('Everything has been generated already');
  void generate(missing, false, event.currentTarget);
});

/** Reads the record again until it is completed or failed, more slowly as time passes. */
async function follow(delay = 1500) {
  await new Promise((resolve) => setTimeout(resolve, delay));
  try {
    ({ audio: record } = await api('/api/audios', { method: 'POST', body: { audio_id: record.uuid } }));
  } catch (failure) {
    toast(`Could not check the status: ${failure.message}`, 'error');
    return follow(Math.min(delay * 2, 30_000));
  }
  showStatus();
  if (record.status === 'completed') {
    renderTranscript();
    setDerivedEnabled(true);
    document.getElementById('derived-wait').hidden = true;
    toast('The transcript is ready');
  } else if (record.status === 'failed') {
    toast('The recording could not be transcribed', 'error');
  } else {
    return follow(Math.min(delay * 1.2, 10_000));
  }
}

renderTranscript();
if (record.status === 'pending' || record.status === 'processing') void follow();
