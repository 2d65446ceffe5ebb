/**
 * The MCP App (the MCP Apps extension, SEP-1865) that display_media points hosts at: one self-contained HTML page,
 * no external script, style or font, that the host renders in a sandboxed iframe. It speaks JSON-RPC with the host
 * over postMessage: `ui/initialize` then `ui/notifications/initialized`; it shows what the host hands it in
 * `ui/notifications/tool-result` (display_media's structuredContent: `images`, `videos`); and while a video is
 * processing it calls `get_video` through the host (`tools/call`) every 15 seconds, for at most 10 minutes or when the
 * viewer presses "Check now". That reads the record only: it never starts a job and costs nothing. Every value is put
 * in the page as text or as an http(s) URL, never as markup.
 */

/** The page, with a Content-Security-Policy that lets it load pictures and videos from `mediaOrigin` only. */
export function mediaAppHtml(mediaOrigin: string | undefined): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  const csp = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    `img-src${media} data: blob:`,
    `media-src${media} blob:`,
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Atelier media</title>
<style>${STYLE}</style>
</head>
<body>
<main id="media" aria-live="polite"><p class="note">Waiting for the media…</p></main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:var(--color-background-primary,Canvas);--fg:var(--color-text-primary,CanvasText);
--muted:var(--color-text-secondary,GrayText);--line:var(--color-border-primary,rgba(127,127,127,.35));
--radius:var(--border-radius-md,8px);font-family:var(--font-sans,system-ui,sans-serif);font-size:14px}
body{margin:0;padding:8px;background:var(--bg);color:var(--fg)}
main{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(180px,1fr))}
figure{margin:0;border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;display:flex;flex-direction:column}
figure.video{grid-column:1/-1}
img,video{display:block;width:100%;height:auto;background:rgba(127,127,127,.12)}
video{max-height:70vh}
figcaption{padding:6px 8px;display:flex;flex-wrap:wrap;gap:4px 8px;align-items:baseline}
.prompt{flex:1 1 100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.note,.status{color:var(--muted)}
.failed{color:var(--color-text-danger,#b3261e)}
.waiting{padding:24px 8px;text-align:center}
a{color:inherit}
button{font:inherit;padding:2px 8px;border-radius:var(--radius);border:1px solid var(--line);background:transparent;color:inherit;cursor:pointer}
`;

const SCRIPT = `
(() => {
  'use strict';
  const host = window.parent;
  const POLL_MS = 15000;
  const MAX_CHECKS = 40;
  const main = document.getElementById('media');
  const calls = new Map();
  const timers = new Map();
  let nextId = 1;
  let openLinks = false;

  const send = (message) => host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  const notify = (method, params) => send({ method, params });
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      calls.set(id, { resolve, reject });
      send({ id, method, params });
    });

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source !== host || !message || message.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      const call = calls.get(message.id);
      if (!call) return;
      calls.delete(message.id);
      if (message.error) call.reject(new Error(message.error.message || 'Request failed'));
      else call.resolve(message.result);
      return;
    }
    if (message.method === 'ui/notifications/tool-result') show(message.params || {});
    else if (message.method === 'ui/notifications/host-context-changed') applyContext(message.params || {});
    else if (message.method === 'ui/resource-teardown') {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      send({ id: message.id, result: {} });
    } else if (message.method === 'ping') send({ id: message.id, result: {} });
  });

  function applyContext(context) {
    if (context.theme === 'light' || context.theme === 'dark') document.documentElement.style.colorScheme = context.theme;
    const variables = context.styles && context.styles.variables;
    if (variables)
      for (const [name, value] of Object.entries(variables))
        if (name.startsWith('--') && typeof value === 'string') document.documentElement.style.setProperty(name, value);
  }

  const safeUrl = (value) => {
    try {
      const url = new URL(String(value));
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const link = (url, text) => {
    const anchor = element('a', '', text);
    anchor.href = url;
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
    anchor.addEventListener('click', (event) => {
      if (!openLinks) return;
      event.preventDefault();
      request('ui/open-link', { url }).catch(() => window.open(url, '_blank', 'noopener'));
    });
    return anchor;
  };
  const caption = (label, item) => {
    const figcaption = element('figcaption');
    if (item.prompt) {
      const prompt = element('span', 'prompt', item.prompt);
      prompt.title = item.prompt;
      figcaption.append(prompt);
    }
    figcaption.append(element('span', 'status', label));
    return figcaption;
  };

  function imageFigure(image) {
    const figure = element('figure', 'image');
    const url = image.status === 'completed' ? safeUrl(image.image_url) : undefined;
    if (url) {
      const picture = element('img');
      picture.src = url;
      picture.alt = image.prompt || 'Image ' + image.id;
      picture.loading = 'lazy';
      figure.append(picture);
    } else figure.append(element('p', image.status === 'failed' ? 'waiting failed' : 'waiting', image.error || 'Not ready yet'));
    const figcaption = caption('Image ' + image.id + ' · ' + image.status, image);
    if (url) figcaption.append(link(url, 'Open'));
    figure.append(figcaption);
    return figure;
  }

  function videoFigure(video, checks) {
    const figure = element('figure', 'video');
    figure.dataset.id = String(video.id);
    const url = video.status === 'completed' ? safeUrl(video.url) : undefined;
    const figcaption = caption('Video ' + video.id + ' · ' + video.status, video);
    if (url) {
      const player = element('video');
      player.src = url;
      player.controls = true;
      player.preload = 'metadata';
      player.playsInline = true;
      figure.append(player, figcaption);
      figcaption.append(link(url, 'Open'));
      return figure;
    }
    if (video.status === 'failed') {
      figure.append(element('p', 'waiting failed', video.error || 'The video could not be made'), figcaption);
      return figure;
    }
    const note = element('p', 'waiting', 'Still processing. Checking again every 15 seconds; this starts no new job.');
    const button = element('button', '', 'Check now');
    button.type = 'button';
    button.addEventListener('click', () => check(video, checks));
    figcaption.append(button);
    figure.append(note, figcaption);
    if (checks < MAX_CHECKS) timers.set(video.id, setTimeout(() => check(video, checks), POLL_MS));
    else note.textContent = 'Still processing. Press Check now to look again; this starts no new job.';
    return figure;
  }

  async function check(video, checks) {
    clearTimeout(timers.get(video.id));
    timers.delete(video.id);
    let next = video;
    try {
      const result = await request('tools/call', { name: 'get_video', arguments: { video_id: video.id } });
      const found = videoOf(result);
      if (found) next = Object.assign({}, video, found);
    } catch {
      // The host refused or failed: keep the record as it was and try again later.
    }
    const figure = main.querySelector('figure.video[data-id="' + video.id + '"]');
    if (figure) figure.replaceWith(videoFigure(next, checks + 1));
  }

  function videoOf(result) {
    if (!result || result.isError) return undefined;
    let value = result.structuredContent;
    if (!value && Array.isArray(result.content)) {
      const text = result.content.find((part) => part && part.type === 'text');
      try {
        value = text ? JSON.parse(text.text) : undefined;
      } catch {
        value = undefined;
      }
    }
    const video = value && (value.video || value);
    return video && video.id !== undefined && typeof video.status === 'string' ? video : undefined;
  }

  function show(result) {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    const data = result.structuredContent || {};
    const images = Array.isArray(data.images) ? data.images : [];
    const videos = Array.isArray(data.videos) ? data.videos : [];
    main.replaceChildren(...videos.map((video) => videoFigure(video, 0)), ...images.map(imageFigure));
    const missing = Array.isArray(data.not_found) ? data.not_found : [];
    for (const item of missing) main.append(element('p', 'note', item.type + ' ' + item.id + ': ' + item.error));
    if (images.length + videos.length + missing.length === 0) {
      const text = Array.isArray(result.content) && result.content.find((part) => part && part.type === 'text');
      main.replaceChildren(element('p', 'note', (text && text.text) || 'Nothing to show.'));
    }
  }

  request('ui/initialize', {
    appCapabilities: { availableDisplayModes: ['inline'] },
    appInfo: { name: 'atelier-media', version: '1.0.0' },
    protocolVersion: '2026-01-26',
  })
    .then((answer) => {
      openLinks = Boolean(answer && answer.hostCapabilities && answer.hostCapabilities.openLinks);
      applyContext((answer && answer.hostContext) || {});
    })
    .catch(() => undefined)
    .then(() => {
      notify('ui/notifications/initialized', {});
      // The view's size, for hosts that fit the frame to it: from now on, once the handshake is done.
      if (typeof ResizeObserver === 'function')
        new ResizeObserver(() => {
          const box = document.documentElement.getBoundingClientRect();
          notify('ui/notifications/size-changed', { width: Math.ceil(box.width), height: Math.ceil(box.height) });
        }).observe(document.documentElement);
    });
})();
`;
