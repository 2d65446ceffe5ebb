// Shared by every dashboard page: calling the API with the session, small DOM helpers, copy buttons, toasts.
const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';

/** An API error with the status and the service's message. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Calls the JSON API as the logged-in user: the session cookie plus the page's CSRF token. */
export async function api(path, { method = 'GET', body, headers = {} } = {}) {
  const init = { method, credentials: 'same-origin', headers: { 'x-csrf-token': csrf, ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, errorText(data, response.status));
  return data;
}

function errorText(data, status) {
  if (data && typeof data === 'object' && data.error)
    return typeof data.error === 'string' ? data.error : (data.error.message ?? `HTTP ${status}`);
  return `HTTP ${status}`;
}

/**
 * POSTs and reads a text/event-stream answer: calls onEvent with each `data:` payload parsed as JSON,
 * until `[DONE]`. Errors before the stream starts throw ApiError.
 */
export async function stream(path, body, onEvent) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'x-csrf-token': csrf, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) {
    const data = await response.json().catch(() => ({}));
    throw new ApiError(response.status, errorText(data, response.status));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '[DONE]') return;
      if (data) onEvent(JSON.parse(data));
    }
  }
}

/** Builds an element without innerHTML: attributes (on* as listeners) and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity))
    if (child !== undefined && child !== null && child !== false)
      node.append(child instanceof Node ? child : String(child));
  return node;
}

/** The page's data block (see pageData on the server). */
/** Each `.counter` of the form says how many characters its field holds, of its limit, as the field is typed in. */
export function showCounts(form) {
  for (const counter of form.querySelectorAll('.counter')) {
    const field = document.getElementById(counter.id.replace(/-count$/, ''));
    const limit = Number(counter.dataset.limit);
    const update = () => {
      counter.textContent = `${field.value.length} / ${limit} characters`;
      counter.classList.toggle('near', field.value.length >= limit * 0.9);
    };
    field.addEventListener('input', update);
    update();
  }
}

export function pageData() {
  const node = document.getElementById('page-data');
  return node ? JSON.parse(node.textContent) : {};
}

let toastTimer;
/** A short message in the live region, read out by screen readers. */
export function toast(message, kind = 'info') {
  const node = document.getElementById('toast');
  if (!node) return;
  node.textContent = message;
  node.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (node.className = ''), 4000);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (an insecure origin, say): fall back to a selection copy.
    const area = el('textarea', { class: 'sr-only' }, text);
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast('Copied');
}

export function formatTime(iso) {
  return iso ? `${new Date(iso).toISOString().replace('T', ' ').slice(0, 16)} UTC` : '—';
}

/** Disables a form's submit button while `work` runs, and reports a failure in the form's .error element. */
export async function busy(form, work) {
  const button = form.querySelector('button[type="submit"]');
  const error = form.querySelector('.error');
  if (error) error.textContent = '';
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } catch (failure) {
    if (error) error.textContent = failure.message;
    else toast(failure.message, 'error');
    return undefined;
  } finally {
    if (button) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

document.addEventListener('click', (event) => {
  const button = event.target.closest?.('[data-copy]');
  if (!button) return;
  const target = document.querySelector(button.dataset.copy);
  if (target) copyText('value' in target && target.value !== undefined ? target.value : target.textContent);
});

// In the capture phase, so a form's own submit handler never runs when the confirmation is declined.
document.addEventListener(
  'submit',
  (event) => {
    const message = event.target.dataset?.confirm;
    if (message && !window.confirm(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  },
  true,
);
