// The transcriptions list: creates one from a URL (then opens it), and follows rows still in progress.
import { api, busy, el } from './common.js';

const form = document.getElementById('create-transcription');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const url = form.elements.url;
  if (!url.value.trim()) {
    form.querySelector('.error').textContent = 'Give the address of the recording';
    url.focus();
    return;
  }
  void busy(form, async () => {
    const values = new FormData(form);
    const body = {
      url: url.value.trim(),
      audio_type: values.get('audio_type'),
      language: String(values.get('language')).trim() || 'English',
      detect_speakers: values.has('detect_speakers'),
      enhanced_quality: values.has('enhanced_quality'),
    };
    const name = String(values.get('name')).trim();
    const webhook = String(values.get('webhook_url')).trim();
    if (name) body.name = name;
    if (webhook) body.webhook_url = webhook;
    const { uuid } = await api('/api/transcriptions', { method: 'POST', body });
    window.location.assign(`/dashboard/transcriptions/${encodeURIComponent(uuid)}`);
  });
});

const settled = (status) => status === 'completed' || status === 'failed';

function showRow(row, audio) {
  if (settled(audio.status) && !settled(row.dataset.status)) announcer.textContent = `${audio.name}: ${audio.status}`;
  row.dataset.status = audio.status;
  const badge = row.querySelector('[data-badge]');
  badge.className = `badge ${audio.status}`;
  badge.textContent = audio.status;
  row.querySelector('.progress-text').textContent = settled(audio.status) ? '' : `${audio.progress}%`;
}

/** Reads each row still in progress again, more slowly as time passes, until every one has settled. */
async function follow(delay = 2000) {
  const rows = [...document.querySelectorAll('#transcriptions tbody tr')].filter((row) => !settled(row.dataset.status));
  if (rows.length === 0) return;
  await new Promise((resolve) => setTimeout(resolve, delay));
  await Promise.all(
    rows.map(async (row) => {
      try {
        const { audio } = await api('/api/audios', { method: 'POST', body: { audio_id: row.dataset.uuid } });
        showRow(row, audio);
      } catch {
        // A failed check is retried on the next round.
      }
    }),
  );
  return follow(Math.min(delay * 1.2, 10_000));
}

// The status cells are not live regions: one line says when a row finishes.
const announcer = el('p', { class: 'sr-only', role: 'status' });
document.getElementById('transcriptions')?.before(announcer);
void follow();
