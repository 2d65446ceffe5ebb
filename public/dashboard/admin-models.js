// The admin models page: Pull / Cancel / Remove through the admin API, and each pull's progress (bytes,
// speed, time left) polled every second while something is pulled. Progress comes from the pulls' status
// files, so it shows again after a reload and for pulls `atelier models pull` runs.
import { api, el, pageData, toast } from './common.js';

const status = document.getElementById('models-status');
let polling;

const bytes = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${(n / 1e6).toFixed(1)} MB`);

function timeLeft(seconds) {
  if (seconds === null) return 'time left unknown';
  if (seconds < 60) return `${seconds} s left`;
  return `${Math.round(seconds / 60)} min left`;
}

function stateCell(model) {
  if (model.state === 'pulled') return [model.in_use ? 'Pulled, in use' : 'Pulled'];
  if (model.state === 'pulling') {
    const p = model.progress;
    const percent = p.total > 0 ? Math.floor((p.received / p.total) * 100) : 0;
    return [
      el('progress', { max: p.total, value: p.received, 'aria-label': `${model.name} pulled ${percent}%` }),
      el(
        'span',
        { class: 'progress-text' },
        `${bytes(p.received)} of ${bytes(p.total)} (${percent}%) · ${bytes(p.bytes_per_second)}/s · ${timeLeft(p.eta_seconds)}`,
        p.by_this_process ? '' : ' · by another process',
      ),
    ];
  }
  if (model.last_error) return [`Not pulled (last pull failed: ${model.last_error})`];
  return [model.partial_bytes === null ? 'Not pulled' : `Not pulled (${bytes(model.partial_bytes)} kept to resume)`];
}

async function act(model, verb, request) {
  try {
    await request();
    status.textContent = `${model.name}: ${verb}`;
  } catch (failure) {
    toast(failure.message, 'error');
  }
  await refresh();
}

function actions(model) {
  const path = `/api/admin/models/${encodeURIComponent(model.name)}`;
  const button = (label, onclick) =>
    el('button', { type: 'button', 'aria-label': `${label} ${model.name}`, onclick }, label);
  if (model.state === 'pulling')
    return [button('Cancel', () => act(model, 'pull cancelled', () => api(`${path}/cancel`, { method: 'POST' })))];
  const out = [];
  if (model.state === 'absent')
    out.push(
      button(model.partial_bytes === null ? 'Pull' : 'Resume', () =>
        act(model, 'pull started', () => api(`${path}/pull`, { method: 'POST' })),
      ),
    );
  if (model.state === 'pulled' || model.partial_bytes !== null)
    out.push(
      button('Remove', () => {
        if (!window.confirm(`Remove ${model.name} (${bytes(model.bytes)})?`)) return;
        act(model, 'removed', () => api(path, { method: 'DELETE' }));
      }),
    );
  return out;
}

function render(overview) {
  document.querySelector('#text-provider strong').textContent = overview.text_provider;
  document.querySelector('#whisper-model strong').textContent = overview.whisper_model ?? 'no whisper model';
  for (const model of overview.models) {
    const row = document.querySelector(`tr[data-model="${CSS.escape(model.name)}"]`);
    if (!row) continue;
    row.querySelector('.state').replaceChildren(...stateCell(model));
    row.querySelector('.actions').replaceChildren(...actions(model));
  }
  const pulling = overview.models.some((m) => m.state === 'pulling');
  if (pulling && !polling) polling = setInterval(refresh, 1000);
  if (!pulling && polling) {
    clearInterval(polling);
    polling = undefined;
  }
}

async function refresh() {
  try {
    render(await api('/api/admin/models'));
  } catch (failure) {
    toast(failure.message, 'error');
  }
}

render(pageData());
