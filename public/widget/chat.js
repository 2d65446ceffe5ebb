// The hosted chat widget, drop-in: served at {bots_url}/chat.min.js for the hosted snippet
//   <script src="{bots_url}/chat.min.js" data-chat-url="{bots_url}/bot/{agent id}" defer></script>
// with its data- attributes (data-btn-position, data-widget-btn-color, data-btn-size, data-btn-label, data-widget-icon,
// data-widget-width) and window.easyPeasyChat. The snippet carries no key: the bot's launcher address
// ({chat url}/launcher) hands this page the bot's look and a publishable key when one of the bot's widget keys lists
// this page's origin, and refuses any other site (the widget then does not appear). A classic script (not a module)
// so that it can read its own data- attributes; everything lives in a shadow root, away from the page's styles.
(() => {
  const script = document.currentScript;
  const data = script?.dataset ?? {};
  const existing = window.easyPeasyChat;
  if (existing && typeof existing.isMounted === 'function') return; // loaded twice: the first copy serves
  if (!data.chatUrl) {
    console.warn('Chat widget: data-chat-url is missing');
    return;
  }
  const chatUrl = new URL(data.chatUrl, location.href).href.replace(/[/?#]+$/, '');
  const embedded = data.mode === 'embedded';
  const chatAddress = new URL(chatUrl);
  /** The embedded page speaks for the site that frames it; its messages go to the chat route's embedded mount. */
  const embeddingOrigin = embedded ? framingOrigin() : undefined;
  const apiUrl = embedded ? `${chatAddress.origin}/embedded${chatAddress.pathname}/api` : `${chatUrl}/api`;
  const launcherUrl = `${chatUrl}/launcher${embedded ? `?origin=${encodeURIComponent(embeddingOrigin ?? '')}` : ''}`;
  const CACHE_KEY = `easy-peasy-chat:launcher:${chatUrl}${embedded ? `:${embeddingOrigin ?? ''}` : ''}`;
  const CACHE_MS = 5 * 60 * 1000;
  const MAX_TURN = 4000;
  const MAX_HISTORY = 50;
  const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'side-right', 'side-left'];
  const SIZES = { medium: 56, large: 64, xlarge: 72 };
  const EVENTS = ['ready', 'open', 'close', 'show', 'hide', 'destroy'];
  const CONTACT_FIELDS = ['email', 'name', 'phone', 'externalId'];
  const ICONS = {
    spark: 'M12 2l2.2 6.6L21 11l-6.8 2.4L12 20l-2.2-6.6L3 11l6.8-2.4z',
    bubble: 'M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H9l-5 4V6a2 2 0 012-2z',
    typing:
      'M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H9l-5 4V6a2 2 0 012-2zm4 7a1.3 1.3 0 100 .1zm4 0a1.3 1.3 0 100 .1zm4 0a1.3 1.3 0 100 .1z',
    chats: 'M3 3h12a2 2 0 012 2v7a2 2 0 01-2 2H7l-4 3zm18 6v11l-4-3H9a2 2 0 01-2-2v-1h9a3 3 0 003-3V9z',
    message: 'M3 5h18v12H7l-4 3zm3 3v2h12V8zm0 4v2h8v-2z',
    smile:
      'M12 2a10 10 0 110 20 10 10 0 010-20zm-3 7a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm6 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm-7 5a4.5 4.5 0 008 0z',
    heart:
      'M12 21l-1.4-1.3C5.4 15 2 12 2 8.4A4.4 4.4 0 016.5 4c1.7 0 3.4.8 4.5 2.1A6 6 0 0115.5 4 4.4 4.4 0 0120 8.4c0 3.6-3.4 6.6-8.6 11.3z',
    question:
      'M12 2a10 10 0 110 20 10 10 0 010-20zm-1 15v2h2v-2zm1-11a4 4 0 00-4 4h2a2 2 0 114 0c0 2-3 1.8-3 5h2c0-2.3 3-2.5 3-5a4 4 0 00-4-4z',
    sparkles:
      'M9 3l1.6 4.4L15 9l-4.4 1.6L9 15l-1.6-4.4L3 9l4.4-1.6zm9 9l.9 2.1L21 15l-2.1.9L18 18l-.9-2.1L15 15l2.1-.9z',
    bot: 'M11 2h2v3h5a2 2 0 012 2v10a2 2 0 01-2 2H6a2 2 0 01-2-2V7a2 2 0 012-2h5zM8.5 10a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm7 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM8 15v1h8v-1z',
    headset:
      'M12 2a9 9 0 019 9v7a3 3 0 01-3 3h-3v-2h3a1 1 0 001-1v-1h-3v-6h3v-0a7 7 0 00-14 0h3v6H5v1a1 1 0 001 1h3v2H6a3 3 0 01-3-3v-7a9 9 0 019-9z',
    outline: 'M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H9l-5 4V6a2 2 0 012-2zm0 2v11.8L8.3 16H20V6z',
    classic:
      'M12 3c5.5 0 10 3.6 10 8s-4.5 8-10 8c-1.2 0-2.4-.2-3.5-.5L3 21l1.7-4.3C3.6 15.2 2 13.2 2 11c0-4.4 4.5-8 10-8z',
  };

  const preload = existing && typeof existing === 'object' ? existing : {};
  const listeners = new Map(EVENTS.map((type) => [type, new Set()]));
  const queue = [];
  const turns = [];
  const pages = { start: location.href, last: location.href };
  const state = { mounted: false, open: embedded, visible: preload.hidden !== true, reopen: false, loading: true };
  let contact = null;
  let answer = null; // the launcher's answer: {name, welcome_message, launcher, key}
  let ui = null;

  if (preload.contact !== undefined) {
    try {
      setContact(preload.contact);
    } catch (failure) {
      console.warn(failure.message);
    }
  }

  function framingOrigin() {
    const ancestor = location.ancestorOrigins?.[0];
    if (ancestor) return ancestor;
    try {
      return document.referrer ? new URL(document.referrer).origin : undefined;
    } catch {
      return undefined;
    }
  }

  function emit(type) {
    for (const listener of listeners.get(type)) {
      try {
        listener({ type });
      } catch (failure) {
        console.error(failure);
      }
    }
  }

  /** The page's attributes, then the bot's saved settings over them (the hosted rule), each checked. */
  function look() {
    const saved = answer?.launcher ?? {};
    const pick = (name, attribute, valid, fallback) =>
      valid(saved[name]) ? saved[name] : valid(attribute) ? attribute : fallback;
    const width = Number.parseInt(saved.width ?? data.widgetWidth ?? '', 10);
    return {
      position: pick('position', data.btnPosition, (v) => POSITIONS.includes(v), 'bottom-right'),
      size: pick('size', data.btnSize, (v) => v in SIZES, 'medium'),
      color: pick('color', data.widgetBtnColor, (v) => /^#([0-9a-f]{3}){1,2}$/i.test(v ?? ''), '#3552d4'),
      label: pick('label', data.btnLabel, (v) => typeof v === 'string' && v.trim() !== '', 'Chat'),
      icon: pick('icon', data.widgetIcon, (v) => typeof v === 'string' && v.trim() !== '', 'bubble'),
      width: Number.isFinite(width) ? Math.min(720, Math.max(320, width)) : 400,
    };
  }

  /** Black or white, whichever reads better on `color` (WCAG contrast). */
  function textOn(color) {
    const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, '$&$&') : color;
    const channel = (i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111';
  }

  function node(tag, attrs = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.append(...children);
    return element;
  }

  function icon(name) {
    if (ICONS[name]) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '0 0 24 24');
      svg.setAttribute('aria-hidden', 'true');
      svg.setAttribute('focusable', 'false');
      const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      path.setAttribute('d', ICONS[name]);
      path.setAttribute('fill', 'currentColor');
      svg.append(path);
      return svg;
    }
    if (/^https?:\/\//i.test(name)) {
      try {
        return node('img', { src: new URL(name).href, alt: '' });
      } catch {}
    }
    return icon('bubble');
  }

  function css({ position, size, color, width }) {
    const px = SIZES[size];
    const [vertical, horizontal] = position.startsWith('side') ? ['bottom', position.slice(5)] : position.split('-');
    const offset = position.startsWith('side') ? 20 : px + 32;
    return `
    :host { all: initial; }
    * { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    .launcher { position: fixed; ${horizontal}: ${position.startsWith('side') ? 0 : 20}px; z-index: 2147483000; border: 0; cursor: pointer;
      background: ${color}; color: ${textOn(color)}; box-shadow: 0 4px 16px rgba(0,0,0,.25); display: flex; align-items: center; justify-content: center; }
    .launcher.corner { ${vertical}: 20px; width: ${px}px; height: ${px}px; border-radius: 50%; padding: 0; }
    .launcher.side { top: 50%; transform: translateY(-50%); writing-mode: vertical-rl; padding: 14px 8px; gap: 6px; font-size: 15px; font-weight: 600;
      border-radius: ${horizontal === 'right' ? '8px 0 0 8px' : '0 8px 8px 0'}; }
    .launcher.side svg, .launcher.side img { width: 20px; height: 20px; transform: rotate(90deg); }
    .launcher svg, .launcher img { width: ${Math.round(px * 0.5)}px; height: ${Math.round(px * 0.5)}px; object-fit: contain; }
    .panel { position: fixed; ${horizontal}: 20px; ${vertical}: ${offset}px; z-index: 2147483000; width: min(${width}px, calc(100vw - 40px));
      height: min(640px, calc(100vh - ${offset + 20}px)); display: flex; flex-direction: column; background: #fff; color: #1c2230;
      border: 1px solid #dde1e8; border-radius: 12px; overflow: hidden; box-shadow: 0 8px 30px rgba(0,0,0,.25); font-size: 15px; line-height: 1.45; }
    .panel.embedded { inset: 0; width: 100%; height: 100%; border: 0; border-radius: 0; box-shadow: none; }
    @media (max-width: 640px) { .panel { inset: 0; width: 100%; height: 100%; border-radius: 0; } }
    [hidden] { display: none !important; }
    header { display: flex; align-items: center; justify-content: space-between; gap: .5rem; padding: .6rem .8rem; background: ${color}; color: ${textOn(color)}; }
    h2 { margin: 0; font-size: 1rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .close { border: 0; background: transparent; color: inherit; font-size: 1.4rem; line-height: 1; cursor: pointer; padding: 0 .35rem; }
    .log { flex: 1; overflow-y: auto; padding: .75rem; background: #f6f7f9; display: flex; flex-direction: column; gap: .5rem; }
    .turn { max-width: 85%; padding: .45rem .7rem; border-radius: 10px; white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #dde1e8; }
    .turn.human { align-self: flex-end; background: ${color}; color: ${textOn(color)}; border-color: ${color}; }
    .turn.failed { border-color: #b42318; color: #b42318; }
    form { display: flex; gap: .4rem; padding: .6rem; border-top: 1px solid #dde1e8; background: #fff; }
    textarea { flex: 1; resize: none; height: 2.6rem; padding: .5rem; border: 1px solid #8a93a3; border-radius: 8px; font-size: 15px; color: #1c2230; background: #fff; }
    .send { border: 0; border-radius: 8px; padding: 0 .9rem; background: ${color}; color: ${textOn(color)}; font-weight: 600; cursor: pointer; }
    .send:disabled { opacity: .6; cursor: progress; }
    :focus-visible { outline: 3px solid #7b93ff; outline-offset: 2px; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }`;
  }

  function build() {
    const style = look();
    const name = answer?.name || 'Chat';
    const host = node('div', { 'data-easy-peasy-chat': '' });
    const root = host.attachShadow({ mode: 'open' });
    // A constructed stylesheet, as the dashboard's widget: no <style> element for the page's CSP to refuse.
    if (
      'adoptedStyleSheets' in root &&
      typeof CSSStyleSheet === 'function' &&
      'replaceSync' in CSSStyleSheet.prototype
    ) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css(style));
      root.adoptedStyleSheets = [sheet];
    } else {
      root.append(node('style', {}, css(style)));
    }
    const side = style.position.startsWith('side');
    const launcher = node(
      'button',
      {
        type: 'button',
        class: `launcher ${side ? 'side' : 'corner'}`,
        'aria-expanded': 'false',
        'aria-controls': 'easy-peasy-chat-panel',
        ...(side ? {} : { 'aria-label': `Chat with ${name}` }),
      },
      icon(style.icon),
      ...(side ? [node('span', {}, style.label)] : []),
    );
    const close = node('button', { type: 'button', class: 'close', 'aria-label': 'Close the chat' }, '×');
    const log = node('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation' });
    const input = node('textarea', {
      id: 'easy-peasy-chat-message',
      maxlength: String(MAX_TURN),
      placeholder: 'Type a message…',
    });
    const send = node('button', { type: 'submit', class: 'send' }, 'Send');
    const form = node(
      'form',
      {},
      node('label', { for: 'easy-peasy-chat-message', class: 'sr-only' }, 'Message'),
      input,
      send,
    );
    const panel = node(
      'section',
      {
        id: 'easy-peasy-chat-panel',
        class: `panel${embedded ? ' embedded' : ''}`,
        role: embedded ? 'region' : 'dialog',
        'aria-label': name,
      },
      node('header', {}, node('h2', {}, name), ...(embedded ? [] : [close])),
      log,
      form,
    );
    if (embedded) launcher.hidden = true;
    root.append(launcher, panel);
    if (answer?.welcome_message) log.append(node('div', { class: 'turn ai' }, answer.welcome_message));
    launcher.addEventListener('click', () => api.toggle());
    close.addEventListener('click', () => api.close());
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !embedded) api.close();
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
    return { host, launcher, panel, log, input, send };
  }

  function render() {
    if (!ui) return;
    ui.host.hidden = !state.visible;
    ui.host.style.display = state.visible ? '' : 'none';
    ui.panel.hidden = !state.open;
    ui.launcher.setAttribute('aria-expanded', String(state.open));
  }

  function mount() {
    ui = build();
    document.body.append(ui.host);
    state.mounted = true;
    render();
  }

  async function ask(message) {
    const { log, send } = ui;
    log.append(node('div', { class: 'turn human' }, message));
    const reply = node('div', { class: 'turn ai' }, '…');
    log.append(reply);
    log.scrollTop = log.scrollHeight;
    send.disabled = true;
    log.setAttribute('aria-busy', 'true');
    let text = '';
    try {
      if (!answer?.key) answer = (await loadLauncher()).answer ?? answer;
      if (!answer?.key) throw new Error('The chat could not be reached; try again later');
      await streamAnswer(message, (piece) => {
        text += piece;
        reply.textContent = text;
        log.scrollTop = log.scrollHeight;
      });
      if (!text.trim()) throw new Error('The bot gave no answer');
      turns.push(
        { role: 'human', text: message.slice(0, MAX_TURN) },
        { role: 'ai', text: text.trim().slice(0, MAX_TURN) },
      );
      turns.splice(0, Math.max(0, turns.length - MAX_HISTORY));
    } catch (failure) {
      reply.classList.add('failed');
      reply.textContent = `${text ? `${text}\n` : ''}${failure instanceof Error ? failure.message : 'The chat failed'}`;
    } finally {
      send.disabled = false;
      log.removeAttribute('aria-busy');
      log.scrollTop = log.scrollHeight;
    }
  }

  /** POSTs the message to the bot chat route and calls onText with each piece of the streamed reply, until [DONE]. */
  async function streamAnswer(message, onText) {
    let response;
    try {
      response = await fetch(apiUrl, {
        method: 'POST',
        credentials: 'omit',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'x-api-key': answer.key,
          ...(embeddingOrigin ? { 'x-embedding-origin': embeddingOrigin } : {}),
        },
        body: JSON.stringify({ message, history: turns, stream: true }),
      });
    } catch {
      throw new Error('The chat could not be reached; try again later');
    }
    if (!response.ok || !response.body) {
      const body = await response.json().catch(() => ({}));
      throw new Error(typeof body.error === 'string' ? body.error : `The chat failed (HTTP ${response.status})`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (event === '[DONE]') {
          void reader.cancel();
          return;
        }
        if (!event) continue;
        const parsed = JSON.parse(event);
        if (parsed.error) throw new Error(parsed.error);
        if (typeof parsed.text === 'string') onText(parsed.text);
      }
    }
  }

  function readCache() {
    try {
      const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null');
      return cached && typeof cached.at === 'number' && cached.answer ? cached : null;
    } catch {
      return null;
    }
  }

  function writeCache(value) {
    try {
      if (value) localStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), answer: value }));
      else localStorage.removeItem(CACHE_KEY);
    } catch {}
  }

  /**
   * The launcher's answer, from the browser's cache while it is fresh: {answer}, or {refused} when the bot host says
   * this page may not have the chat, or {} when the host cannot be reached (a CSP connect-src, say: the page's
   * attributes and the default look then apply, and the first message tries again).
   */
  async function loadLauncher() {
    const cached = readCache();
    if (cached && Date.now() - cached.at < CACHE_MS) return { answer: cached.answer };
    let response;
    try {
      response = await fetch(launcherUrl, { credentials: 'omit' });
    } catch {
      return cached ? { answer: cached.answer } : {};
    }
    const body = await response.json().catch(() => ({}));
    if (response.status === 403 || response.status === 404 || response.status === 400) {
      writeCache(null);
      return { refused: typeof body.error === 'string' ? body.error : `HTTP ${response.status}` };
    }
    if (!response.ok || typeof body.key !== 'string') return cached ? { answer: cached.answer } : {};
    writeCache(body);
    return { answer: body };
  }

  function setContact(value) {
    if (value === null) {
      contact = null;
      return;
    }
    if (typeof value !== 'object' || Array.isArray(value))
      throw new TypeError('easyPeasyChat.setContact: give {email, name, phone, externalId} or null');
    const unknown = Object.keys(value).filter((key) => !CONTACT_FIELDS.includes(key));
    if (unknown.length) throw new TypeError(`easyPeasyChat.setContact: unknown field ${unknown.join(', ')}`);
    for (const key of Object.keys(value))
      if (typeof value[key] !== 'string' || value[key].length > 320)
        throw new TypeError(`easyPeasyChat.setContact: ${key} must be text of at most 320 characters`);
    contact = { ...value };
  }

  /** Single-page sites change pages without loading: the last page visited follows them. */
  function followNavigation() {
    const note = () => {
      pages.last = location.href;
    };
    for (const method of ['pushState', 'replaceState']) {
      const original = history[method];
      history[method] = function (...args) {
        const result = original.apply(this, args);
        note();
        return result;
      };
    }
    window.addEventListener('popstate', note);
    window.addEventListener('hashchange', note);
  }

  /** Calls that change the widget wait until it is mounted; they run in order then. */
  const whenMounted =
    (action) =>
    (...args) => {
      if (state.loading) queue.push(() => action(...args));
      else action(...args);
    };

  const api = {
    open: whenMounted(() => {
      if (!state.mounted || state.open) return;
      state.open = true;
      render();
      if (state.visible) ui.input.focus();
      emit('open');
    }),
    close: whenMounted(() => {
      if (!state.mounted || !state.open || embedded) return;
      state.open = false;
      render();
      if (state.visible) ui.launcher.focus();
      emit('close');
    }),
    toggle: whenMounted(() => (state.open ? api.close() : api.open())),
    hide: whenMounted(() => {
      if (!state.mounted || !state.visible) return;
      state.visible = false;
      state.reopen = state.open;
      state.open = embedded;
      render();
      emit('hide');
    }),
    show: whenMounted(() => {
      if (!state.mounted || state.visible) return;
      state.visible = true;
      state.open = state.open || state.reopen;
      render();
      emit('show');
    }),
    destroy: whenMounted(() => {
      if (!state.mounted) return;
      ui.host.remove();
      ui = null;
      state.mounted = false;
      state.open = embedded;
      emit('destroy');
    }),
    init: whenMounted(() => {
      if (state.mounted || !answer) return;
      mount();
      emit('ready');
    }),
    isOpen: () => state.mounted && state.open,
    isVisible: () => state.mounted && state.visible,
    isMounted: () => state.mounted,
    setContact,
    addEventListener(type, listener) {
      if (listeners.has(type) && typeof listener === 'function') listeners.get(type).add(listener);
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener);
    },
    /** What the hosted service labels conversations with: the contact and the first and last page of the visit. */
    get visit() {
      return { contact: contact && { ...contact }, startPage: pages.start, lastPage: pages.last };
    },
  };
  window.easyPeasyChat = api;
  if (!embedded) followNavigation();

  async function start() {
    const loaded = await loadLauncher();
    if (loaded.refused) {
      state.loading = false;
      queue.length = 0;
      console.warn(`Chat widget: ${loaded.refused}`);
      return;
    }
    answer = loaded.answer ?? { name: '', welcome_message: null, launcher: {} };
    if (!document.body)
      await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
    mount();
    state.loading = false;
    emit('ready');
    window.dispatchEvent(new CustomEvent('easy-peasy-chat:ready'));
    for (const call of queue.splice(0)) call();
  }
  void start();
})();
