// Bots: create a bot, change or delete it, manage its knowledge, and talk to it in a test chat.
import { api, busy, el, formatTime, pageData, stream, toast } from './common.js';

const MAX_TURN = 4000;
const MAX_HISTORY = 50;
/** Earlier turns of the test chat, oldest first, as the bot route takes them. */
const turns = [];

/** The body of POST /api/bots (and PATCH) from the bot form; an empty welcome message is none. */
function botBody(form) {
  const data = new FormData(form);
  const text = (name) => String(data.get(name) ?? '').trim();
  const body = {
    name: text('name'),
    instructions: text('instructions'),
    welcome_message: text('welcome_message') || null,
  };
  // An emptied model field means the standard model, whose name is the field's placeholder.
  const model = text('model') || form.elements.model.placeholder;
  if (model) body.model = model;
  if (text('temperature')) body.temperature = Number(text('temperature'));
  // None chosen is none: the account's default brand voice then applies.
  if (form.elements.brand_voice_id) body.brand_voice_id = text('brand_voice_id') || null;
  return body;
}

const createForm = document.getElementById('create-bot');
createForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  void busy(createForm, async () => {
    const bot = await api('/api/bots', { method: 'POST', body: botBody(createForm) });
    location.assign(`/dashboard/bots/${bot.id}`);
  });
});

const { bot, publicUrl, widgetKey } = pageData();
if (bot) {
  setUpSettings();
  setUpKnowledge();
  setUpChat();
}

function setUpSettings() {
  const form = document.getElementById('bot-settings');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(form, async () => {
      const saved = await api(`/api/bots/${bot.id}`, { method: 'PATCH', body: botBody(form) });
      Object.assign(bot, saved);
      document.querySelector('main h1').textContent = saved.name;
      document.title = `${saved.name} · Atelier`;
      form.elements.model.value = saved.model;
      document.getElementById('widget-snippet').textContent = widgetSnippet(saved);
      document.getElementById('delete-bot').dataset.confirm =
        `Delete the bot “${saved.name}” with its whole knowledge base? Sites that use it will stop working.`;
      if (!turns.length) showWelcome();
      toast('Settings saved');
    });
  });
}

/** The same embed code the server renders (with the bot's newest widget key), after a change of name or welcome message. */
function widgetSnippet(saved) {
  const attribute = (text) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const welcome = saved.welcome_message ? `\n  data-welcome="${attribute(saved.welcome_message)}"` : '';
  return `<script src="${publicUrl}/dashboard/assets/widget.js" defer\n  data-api-url="${attribute(saved.api_url)}"\n  data-api-key="${attribute(widgetKey ?? 'YOUR_WIDGET_KEY')}"\n  data-title="${attribute(saved.name)}"${welcome}></script>`;
}

// Deleting asks first (common.js cancels the submit when the answer is no): this listener runs after that one.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  if (form.id === 'delete-bot') {
    event.preventDefault();
    void busy(form, async () => {
      await api(`/api/bots/${bot.id}`, { method: 'DELETE' });
      location.assign('/dashboard/bots');
    });
  } else if (form.classList.contains('delete-document')) {
    event.preventDefault();
    void busy(form, async () => {
      await api(`/api/bots/${bot.id}/documents/${form.dataset.documentId}`, { method: 'DELETE' });
      form.closest('tr').remove();
      updateUsage();
      toast('Document deleted');
    });
  }
});

function setUpKnowledge() {
  const upload = document.getElementById('upload-form');
  upload.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(upload, async () => {
      const file = upload.elements.file.files[0];
      if (!file) throw new Error('Choose a file to upload');
      const body = new FormData();
      const title = upload.elements.title.value.trim();
      if (title) body.append('title', title);
      body.append('file', file);
      added(await api(`/api/bots/${bot.id}/documents`, { method: 'POST', body }));
      upload.reset();
    });
  });

  const paste = document.getElementById('paste-form');
  paste.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(paste, async () => {
      const { title, kind, content } = paste.elements;
      if (!title.value.trim()) throw new Error('Give the text a title');
      if (!content.value.trim()) throw new Error('Paste the text to add');
      added(
        await api(`/api/bots/${bot.id}/documents`, {
          method: 'POST',
          body: { title: title.value.trim(), kind: kind.value, content: content.value },
        }),
      );
      paste.reset();
    });
  });
}

function added(doc) {
  document.querySelector('#documents tbody').prepend(documentRow(doc));
  updateUsage();
  const note = doc.warnings?.length ? ` (${doc.warnings.join(' ')})` : '';
  toast(
    `Added “${doc.title}”: ${doc.chunks} ${doc.chunks === 1 ? 'passage' : 'passages'}${note}`,
    doc.warnings?.length ? 'error' : 'info',
  );
}

function documentRow(doc) {
  return el(
    'tr',
    { dataset: { documentId: doc.id, characters: doc.characters } },
    el('td', {}, doc.title),
    el('td', { 'data-label': 'Kind' }, doc.kind),
    el('td', { 'data-label': 'Characters' }, doc.characters.toLocaleString('en')),
    el('td', { 'data-label': 'Passages' }, String(doc.chunks)),
    el('td', { 'data-label': 'Added' }, formatTime(doc.created_at)),
    el(
      'td',
      {},
      el(
        'form',
        {
          class: 'delete-document',
          dataset: { documentId: doc.id, confirm: `Delete the document “${doc.title}” from the knowledge base?` },
        },
        el('button', { type: 'submit', class: 'danger', 'aria-label': `Delete ${doc.title}` }, 'Delete'),
      ),
    ),
  );
}

function updateUsage() {
  const rows = [...document.querySelectorAll('#documents tbody tr')];
  const characters = rows.reduce((sum, row) => sum + Number(row.dataset.characters), 0);
  document.getElementById('knowledge-usage').textContent =
    `${rows.length} ${rows.length === 1 ? 'document' : 'documents'}, ${characters.toLocaleString('en')} characters`;
  document.getElementById('no-documents').hidden = rows.length > 0;
}

function setUpChat() {
  const form = document.getElementById('chat-form');
  const input = form.elements.message;
  showWelcome();
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  document.getElementById('chat-reset').addEventListener('click', () => {
    turns.length = 0;
    showWelcome();
    input.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const message = input.value.trim();
    if (!message || form.hasAttribute('aria-busy')) return;
    void busy(form, async () => {
      input.value = '';
      await ask(message).catch((failure) => {
        input.value = message;
        throw failure;
      });
    });
  });
}

function showWelcome() {
  const log = document.getElementById('chat-log');
  log.replaceChildren();
  if (bot.welcome_message) log.append(turn('ai', bot.name, bot.welcome_message));
}

function turn(role, who, text) {
  const body = el('p', { class: 'text' }, text);
  return el('div', { class: `turn ${role === 'human' ? 'human' : 'ai'}` }, el('span', { class: 'who' }, who), body);
}

async function ask(message) {
  const log = document.getElementById('chat-log');
  log.append(turn('human', 'You', message));
  const answer = turn('ai', bot.name, '');
  const text = answer.querySelector('.text');
  answer.classList.add('streaming');
  log.append(answer);
  log.setAttribute('aria-busy', 'true');
  let reply = '';
  try {
    await stream(
      `/dashboard/bot/${encodeURIComponent(bot.public_url)}/api`,
      { message, history: turns, stream: true, include_sources: true },
      (event) => {
        if (event.error) throw new Error(event.error);
        if (event.text) {
          reply += event.text;
          text.textContent = reply;
          log.scrollTop = log.scrollHeight;
        }
        if (event.sources) answer.append(sourcesList(event.sources));
      },
    );
  } catch (failure) {
    answer.classList.add('failed');
    if (!reply) answer.remove();
    throw failure;
  } finally {
    answer.classList.remove('streaming');
    log.removeAttribute('aria-busy');
    log.scrollTop = log.scrollHeight;
  }
  if (reply.trim()) {
    turns.push(
      { role: 'human', text: message.slice(0, MAX_TURN) },
      { role: 'ai', text: reply.trim().slice(0, MAX_TURN) },
    );
    turns.splice(0, Math.max(0, turns.length - MAX_HISTORY));
  }
}

function sourcesList(sources) {
  if (!sources.length) return el('p', { class: 'sources' }, 'No sources: nothing in the knowledge base matched.');
  const passage = (text) => (text.length > 280 ? `${text.slice(0, 280).trimEnd()}…` : text);
  return el(
    'div',
    { class: 'sources' },
    el('p', { class: 'sources-title' }, 'Sources'),
    el(
      'ul',
      {},
      sources.map((source) =>
        el(
          'li',
          {},
          el('span', { class: 'source-title' }, `[${source.index}] ${source.title}`),
          ' ',
          el('q', {}, passage(source.passage)),
        ),
      ),
    ),
  );
}
