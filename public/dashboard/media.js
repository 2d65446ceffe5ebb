// Images and videos pages: the generate form, the gallery's "Load more", and polling of pending tiles until they settle.
import { api, busy, el, formatTime, pageData, toast } from './common.js';

// A picture is often ready within a second, a video within tens of seconds: the first check after something new comes
// soon, and each later one waits half as long again, up to 5 s.
const FIRST_POLL_MS = 500;
const LAST_POLL_MS = 5000;
let pollMs = FIRST_POLL_MS;
const data = pageData();
const form = document.getElementById('generate-form');
const gallery = document.getElementById('gallery');
const galleryStatus = document.getElementById('gallery-status');
const empty = document.getElementById('gallery-empty');
const loadMore = document.getElementById('load-more');
const model = () => data.models.find((m) => m.name === form.elements.model.value) ?? data.models[0];
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

const badge = (status) => el('span', { class: `badge ${status}` }, status);
const when = (iso) => el('time', { datetime: iso }, formatTime(iso));
const links = (url) =>
  el(
    'p',
    { class: 'links' },
    el('a', { href: url, target: '_blank', rel: 'noopener' }, 'Open'),
    el('a', { href: url, download: true }, 'Download'),
  );
const failure = (error) => [
  el('p', { class: 'error' }, error ?? 'It failed'),
  el('p', { class: 'hint' }, 'Its credits were refunded.'),
];
const notes = (lines) => lines.filter(Boolean).map((line) => el('p', { class: 'hint' }, line));
const waiting = (status, text) =>
  el('div', { class: `placeholder ${status}` }, el('span', { class: 'spinner', 'aria-hidden': 'true' }), text);

function tile(record, busyNow, media, details) {
  return el(
    'li',
    { class: 'tile', dataset: { id: String(record.id), status: record.status }, 'aria-busy': String(busyNow) },
    media,
    el('div', { class: 'meta' }, ...details.flat()),
  );
}

function imageTile(r) {
  const done = r.status === 'completed' && r.image_url;
  const media = done
    ? el('img', {
        src: r.image_url,
        alt: r.prompt,
        width: r.width,
        height: r.height,
        loading: 'lazy',
        decoding: 'async',
      })
    : r.status === 'pending'
      ? waiting('pending', 'Generating…')
      : el('div', { class: 'placeholder failed' }, 'No picture');
  return tile(r, r.status === 'pending', media, [
    el('p', { class: 'prompt' }, r.prompt),
    el(
      'p',
      {},
      badge(r.status),
      ' ',
      el('span', { class: 'model' }, r.model),
      ` · ${r.width} × ${r.height}${r.hd ? ' · HD' : ''}`,
    ),
    r.status === 'failed' ? failure(r.error) : [],
    notes([
      r.action && `${r.action} of a given picture${r.edit_model ? ` (edit model ${r.edit_model})` : ''}`,
      r.requested_model !== r.model && `Asked for ${r.requested_model}`,
      r.style && `Style: ${r.style}`,
      r.artist && `Artist: ${r.artist}`,
      ...r.warnings,
    ]),
    done ? links(r.image_url) : [],
    el(
      'p',
      { class: 'hint' },
      when(r.created_at),
      r.status === 'failed' ? '' : ` · ${plural(r.used_credits, 'credit')}`,
    ),
  ]);
}

function videoTile(r) {
  const done = r.status === 'completed' && r.url;
  const size = r.width && r.height ? { width: r.width, height: r.height } : {};
  const media = done
    ? el('video', { controls: true, preload: 'metadata', src: r.url, 'aria-label': r.prompt, ...size })
    : r.status === 'processing'
      ? waiting('processing', 'Making the video…')
      : el('div', { class: 'placeholder failed' }, 'No video');
  return tile(r, r.status === 'processing', media, [
    el('p', { class: 'prompt' }, r.prompt),
    el(
      'p',
      {},
      badge(r.status),
      ' ',
      el('span', { class: 'model' }, r.model),
      ` · ${r.request.duration} s · ${r.request.aspectRatio}${r.width && r.height ? ` · ${r.width} × ${r.height}` : ''}`,
    ),
    r.status === 'failed' ? failure(r.error) : [],
    notes([
      r.request.isTalkingVideo ? 'Talking video' : r.request.isImageToVideo && 'Made from an image',
      ...r.warnings,
    ]),
    done ? links(r.url) : [],
    el(
      'p',
      { class: 'hint' },
      when(r.created_at),
      r.status === 'failed' ? '' : ` · ${plural(r.used_credits, 'credit')}`,
    ),
  ]);
}

const KINDS = {
  images: {
    noun: 'image',
    list: (before) =>
      api(`/api/images?limit=${data.pageSize + 1}${before ? `&before=${before}` : ''}`).then((answer) => answer.images),
    read: (id) => api(`/api/get-image?imageId=${id}`),
    isPending: (r) => r.status === 'pending',
    tile: imageTile,
  },
  videos: {
    noun: 'video',
    list: (before) =>
      api(`/api/videos?limit=${data.pageSize + 1}${before ? `&before=${before}` : ''}`).then((answer) => answer.videos),
    read: (id) => api(`/api/get-video?video_id=${id}`).then((answer) => answer.video),
    isPending: (r) => r.status === 'processing',
    tile: videoTile,
  },
};
const kind = KINDS[data.kind];

// --- the gallery: pending tiles are polled (only while there are some), settled ones replace them ---
const pending = new Set(data.pending);
let before = data.before;
let timer;

function announce() {
  galleryStatus.textContent = pending.size ? `${plural(pending.size, kind.noun)} in progress…` : '';
  empty.hidden = gallery.children.length > 0;
}

function schedule() {
  clearTimeout(timer);
  announce();
  if (pending.size) timer = setTimeout(poll, pollMs);
}

async function poll() {
  await Promise.all([...pending].map(settle));
  pollMs = Math.min(pollMs * 1.5, LAST_POLL_MS);
  schedule();
}

async function settle(id) {
  try {
    const record = await kind.read(id);
    if (kind.isPending(record)) return;
    pending.delete(id);
    gallery.querySelector(`[data-id="${id}"]`)?.replaceWith(kind.tile(record));
    if (record.status === 'failed')
      toast(`${kind.noun === 'image' ? 'An image' : 'A video'} failed: ${record.error ?? 'no reason given'}`, 'error');
    else toast(`${kind.noun === 'image' ? 'Image' : 'Video'} ready: ${record.prompt.slice(0, 60)}`);
  } catch (failure) {
    // A record that is gone stops being polled; a network hiccup or a busy server is simply tried again.
    if (failure.status === 404 || failure.status === 401) pending.delete(id);
  }
}

function show(records, where) {
  const tiles = records.filter((r) => !gallery.querySelector(`[data-id="${r.id}"]`)).map((r) => kind.tile(r));
  if (where === 'top') gallery.prepend(...tiles);
  else gallery.append(...tiles);
  for (const r of records) {
    if (!kind.isPending(r) || pending.has(r.id)) continue;
    pending.add(r.id);
    pollMs = FIRST_POLL_MS;
  }
  schedule();
}

loadMore?.addEventListener('click', async () => {
  loadMore.disabled = true;
  try {
    const records = await kind.list(before);
    const shown = records.slice(0, data.pageSize);
    before = records.length > data.pageSize ? shown[shown.length - 1].id : null;
    show(shown, 'bottom');
    loadMore.hidden = !before;
    galleryStatus.textContent = `Loaded ${plural(shown.length, `more ${kind.noun}`)}`;
  } catch (failure) {
    toast(failure.message, 'error');
  } finally {
    loadMore.disabled = false;
  }
});

// --- the generate form ---
const cost = document.getElementById('cost');
const text = (name) => form.elements[name].value.trim();

function imageBody() {
  const size =
    form.elements.size.value === 'custom'
      ? `${form.elements.width.value}x${form.elements.height.value}`
      : form.elements.size.value;
  const body = {
    prompt: text('prompt'),
    model: form.elements.model.value,
    dimensions: size,
    outputs: Number(form.elements.outputs.value),
    useHD: form.elements.useHD.checked,
  };
  for (const [field, name] of [
    ['style', 'style'],
    ['artist', 'artist'],
    ['image', 'image'],
  ])
    if (text(name)) body[field] = text(name);
  if (body.image) body.action = form.elements.action.value;
  return body;
}

function videoBody() {
  const body = {
    prompt: text('prompt'),
    model: form.elements.model.value,
    duration: Number(form.elements.duration.value),
    aspectRatio: form.elements.aspectRatio.value,
  };
  if (text('image')) body.image = text('image');
  return body;
}

async function generate() {
  galleryStatus.textContent = `Sending your ${kind.noun} request…`;
  try {
    if (data.kind === 'images') {
      const records = await api('/api/generate-image', { method: 'POST', body: imageBody() });
      show(records, 'top');
    } else {
      const created = await api('/api/generate-video', { method: 'POST', body: videoBody() });
      show([await kind.read(created.id)], 'top');
    }
  } catch (failure) {
    announce();
    throw failure;
  }
}

function updateImageForm() {
  const m = model();
  const size = form.elements.size;
  const previous = size.value;
  const sizes = m.sizes ?? data.freeSizes;
  size.replaceChildren(
    ...sizes.map((s) => el('option', { value: s }, s.replace('x', ' × '))),
    m.sizes ? [] : el('option', { value: 'custom' }, 'Custom size…'),
  );
  if ([...size.options].some((o) => o.value === previous)) size.value = previous;
  updateImageOptions();
  document.getElementById('model-engine').textContent = `Served by ${m.engine} (${m.model})`;
}

function updateImageOptions() {
  const m = model();
  const custom = form.elements.size.value === 'custom';
  document.getElementById('custom-size').hidden = !custom;
  form.elements.width.disabled = form.elements.height.disabled = !custom;
  // A picture URL turns the request into an edit: the action picker shows, and the model is the one that edits.
  const editing = text('image') !== '';
  document.getElementById('edit-fields').hidden = !editing;
  form.elements.action.disabled = !editing;
  const each = form.elements.useHD.checked ? m.hd_credits : m.credits;
  cost.textContent = `Costs ${plural(each * Number(form.elements.outputs.value), 'credit')}.`;
}

function updateVideoOptions() {
  const seconds = Number(form.elements.duration.value);
  cost.textContent =
    Number.isInteger(seconds) && seconds > 0 ? `Costs ${plural(model().credits_per_second * seconds, 'credit')}.` : '';
}

if (form) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    busy(form, generate);
  });
  if (data.kind === 'images') {
    form.elements.model.addEventListener('change', updateImageForm);
    form.addEventListener('change', updateImageOptions);
    form.elements.image.addEventListener('input', updateImageOptions);
    updateImageForm();
  } else {
    form.addEventListener('input', updateVideoOptions);
    form.addEventListener('change', updateVideoOptions);
    updateVideoOptions();
  }
}

// --- the talking-video form (videos page, paid plans) ---
const talking = document.getElementById('talking-form');

function talkingBody() {
  const field = (name) => talking.elements[name].value.trim();
  const body = {
    [talking.elements.source.value]: field('face'),
    resolution: talking.elements.resolution.value,
    generateCaptions: talking.elements.generateCaptions.checked,
    captionColor: talking.elements.captionColor.value,
  };
  if (talking.elements.source.value === 'image') body.avatarModel = talking.elements.avatarModel.value;
  if (field('text')) body.text = field('text');
  if (field('audio')) body.audio = field('audio');
  else body.voiceID = talking.elements.voiceID.value;
  return body;
}

talking?.addEventListener('submit', (event) => {
  event.preventDefault();
  busy(talking, async () => {
    galleryStatus.textContent = 'Sending your talking video request…';
    try {
      const created = await api('/api/generate-talking-video', { method: 'POST', body: talkingBody() });
      show([await kind.read(created.id)], 'top');
    } catch (failure) {
      announce();
      throw failure;
    }
  });
});
talking?.elements.source.addEventListener('change', () => {
  talking.elements.avatarModel.disabled = talking.elements.source.value !== 'image';
});

schedule();
