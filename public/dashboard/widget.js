// Atelier chat widget: a chat button in the corner of any site that talks to one bot.
// <script src=".../dashboard/assets/widget.js" data-api-url="{api_url}" data-api-key="atl_pub_..." data-title="..." data-welcome="..." defer></script>
// data-api-key is one of the bot's publishable keys: it opens this bot's chat only, so a page may show it.
// A classic script (not a module) so that it can read its own data- attributes; everything lives in a shadow root,
// so the host page's styles do not leak in and ours do not leak out.
(() => {
  const script = document.currentScript;
  const options = script?.dataset ?? {};
  if (!options.apiUrl) {
    console.warn('Atelier chat widget: data-api-url is missing');
    return;
  }
  const title = options.title || 'Chat';
  const MAX_TURN = 4000;
  const MAX_HISTORY = 50;
  const turns = [];

  const CSS = `
    :host { all: initial; }
    * { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    .launcher { position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483000; border: 0; border-radius: 999px; padding: .8rem 1.1rem;
      background: #3552d4; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; box-shadow: 0 4px 16px rgba(0,0,0,.25);
      max-width: min(16rem, calc(100vw - 2rem)); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .panel { position: fixed; right: 1rem; bottom: 4.75rem; z-index: 2147483000; width: min(360px, calc(100vw - 2rem)); height: min(480px, calc(100vh - 6.5rem));
      display: flex; flex-direction: column; background: #fff; color: #1c2230; border: 1px solid #dde1e8; border-radius: 12px; overflow: hidden;
      box-shadow: 0 8px 30px rgba(0,0,0,.25); font-size: 15px; line-height: 1.45; }
    .panel[hidden] { display: none; }
    header { display: flex; align-items: center; justify-content: space-between; gap: .5rem; padding: .6rem .8rem; background: #3552d4; color: #fff; }
    h2 { margin: 0; font-size: 1rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .close { border: 0; background: transparent; color: inherit; font-size: 1.4rem; line-height: 1; cursor: pointer; padding: 0 .25rem; }
    .log { flex: 1; overflow-y: auto; padding: .75rem; background: #f6f7f9; display: flex; flex-direction: column; gap: .5rem; }
    .turn { max-width: 85%; padding: .45rem .7rem; border-radius: 10px; white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #dde1e8; }
    .turn.human { align-self: flex-end; background: #3552d4; color: #fff; border-color: #3552d4; }
    .turn.failed { border-color: #b42318; color: #b42318; }
    form { display: flex; gap: .4rem; padding: .6rem; border-top: 1px solid #dde1e8; background: #fff; }
    textarea { flex: 1; resize: none; height: 2.6rem; padding: .5rem; border: 1px solid #dde1e8; border-radius: 8px; font-size: 15px; color: #1c2230; background: #fff; }
    .send { border: 0; border-radius: 8px; padding: 0 .9rem; background: #3552d4; color: #fff; font-weight: 600; cursor: pointer; }
    .send:disabled { opacity: .6; cursor: progress; }
    :focus-visible { outline: 3px solid #7b93ff; outline-offset: 2px; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  `;

  function node(tag, attrs = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.append(...children);
    return element;
  }

  const host = node('div', { 'data-atelier-chat-widget': '' });
  const root = host.attachShadow({ mode: 'open' });
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(node('style', {}, CSS));
  }

  const launcher = node(
    'button',
    { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': 'atelier-chat' },
    title,
  );
  const close = node('button', { type: 'button', class: 'close', 'aria-label': 'Close the chat' }, '×');
  const log = node('div', { class: 'log', role: 'log', 'aria-live': 'polite' });
  const input = node('textarea', {
    id: 'atelier-chat-message',
    maxlength: String(MAX_TURN),
    placeholder: 'Type a message…',
  });
  const send = node('button', { type: 'submit', class: 'send' }, 'Send');
  const form = node(
    'form',
    {},
    node('label', { for: 'atelier-chat-message', class: 'sr-only' }, 'Message'),
    input,
    send,
  );
  const panel = node(
    'section',
    { id: 'atelier-chat', class: 'panel', role: 'dialog', 'aria-label': title, hidden: '' },
    node('header', {}, node('h2', {}, title), close),
    log,
    form,
  );
  root.append(launcher, panel);
  if (options.welcome) log.append(node('div', { class: 'turn ai' }, options.welcome));

  function toggle(open) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    (open ? input : launcher).focus();
  }
  launcher.addEventListener('click', () => toggle(panel.hidden));
  close.addEventListener('click', () => toggle(false));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') toggle(false);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const message = input.value.trim();
    if (!message || send.disabled) return;
    input.value = '';
    void ask(message);
  });

  async function ask(message) {
    log.append(node('div', { class: 'turn human' }, message));
    const answer = node('div', { class: 'turn ai' }, '…');
    log.append(answer);
    log.scrollTop = log.scrollHeight;
    send.disabled = true;
    log.setAttribute('aria-busy', 'true');
    let reply = '';
    try {
      await streamAnswer(message, (text) => {
        reply += text;
        answer.textContent = reply;
        log.scrollTop = log.scrollHeight;
      });
      if (!reply.trim()) throw new Error('The bot gave no answer');
      turns.push(
        { role: 'human', text: message.slice(0, MAX_TURN) },
        { role: 'ai', text: reply.trim().slice(0, MAX_TURN) },
      );
      turns.splice(0, Math.max(0, turns.length - MAX_HISTORY));
    } catch (failure) {
      answer.classList.add('failed');
      answer.textContent = `${reply ? `${reply}\n` : ''}${failure instanceof Error ? failure.message : 'The chat failed'}`;
    } finally {
      send.disabled = false;
      log.removeAttribute('aria-busy');
      log.scrollTop = log.scrollHeight;
    }
  }

  /** POSTs the message and calls onText with each piece of the streamed reply (server-sent `data:` events until [DONE]). */
  async function streamAnswer(message, onText) {
    let response;
    try {
      response = await fetch(options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': options.apiKey ?? '' },
        body: JSON.stringify({ message, history: turns, stream: true }),
      });
    } catch {
      throw new Error('The chat could not be reached; try again later');
    }
    if (!response.ok || !response.body) {
      const data = await response.json().catch(() => ({}));
      throw new Error(typeof data.error === 'string' ? data.error : `The chat failed (HTTP ${response.status})`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (data === '[DONE]') {
          void reader.cancel();
          return;
        }
        if (!data) continue;
        const event = JSON.parse(data);
        if (event.error) throw new Error(event.error);
        if (typeof event.text === 'string') onText(event.text);
      }
    }
  }

  const mount = () => document.body.append(host);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
})();
