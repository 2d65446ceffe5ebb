import type { BotRecord } from '../../modules/bots/bots.service.js';
import {
  LAUNCHER_ICONS,
  LAUNCHER_LIMITS,
  LAUNCHER_POSITIONS,
  LAUNCHER_SIZES,
  type LauncherSettings,
} from '../../modules/bots/launcher-settings.js';
import { type SafeHtml, html } from '../html.js';
import { csrfField } from '../layout.js';
import { fieldsOf, text } from '../request-fields.js';
import type { Viewer } from '../viewer.js';

const launcherFields = fieldsOf({ position: text, size: text, width: text, icon: text, color: text, label: text });

/**
 * The launcher form as the API's `launcher` object: an empty field is not saved (the page's attribute applies);
 * what is given goes as typed, so the API's checks say what is wrong with it. Nothing given clears the settings.
 */
export function launcherForm(body: unknown): Record<string, string | number> | null {
  const form = launcherFields.parse(body);
  const settings: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(form)) {
    const given = value.trim();
    if (given === '') continue;
    settings[name] = name === 'width' && /^\d+$/.test(given) ? Number(given) : given;
  }
  return Object.keys(settings).length > 0 ? settings : null;
}

/** The chat URL of the hosted snippet ({bots_url}/bot/{public_url}) and its host. */
export function chatAddress(bot: BotRecord): { chatUrl: string; host: string } {
  const chatUrl = bot.api_url.replace(/\/api$/, '');
  return { chatUrl, host: chatUrl.slice(0, chatUrl.length - `/bot/${bot.public_url}`.length) };
}

/** The hosted snippet and iframe with this service's host: a page written for the hosted widget needs only that change. */
export function hostedSnippets(bot: BotRecord, origins: string[]): SafeHtml {
  const { chatUrl, host } = chatAddress(bot);
  const script = `<script src="${host}/chat.min.js" data-chat-url="${chatUrl}" defer></script>`;
  const iframe = `<iframe src="${chatUrl}?mode=embedded" title="Chat" style="width: 400px; height: 600px; border: 0" allow="microphone"></iframe>`;
  return html`<div>
    <h3 id="hosted-snippet-title">Hosted-style snippet <span class="optional">(no key in the page)</span></h3>
    <p class="hint">The snippet of the hosted service's docs, with this service's host. It carries no key: the bot hands its widget key to the sites
      listed in a widget key's allowed origins, and the chat does not appear anywhere else.
      ${origins.length ? html`Allowed now: ${origins.join(', ')}.` : html`<strong>No widget key lists a site yet</strong>: create one below with your site's origin.`}</p>
    <pre class="mono" id="hosted-snippet">${script}</pre>
    <button type="button" class="small secondary" data-copy="#hosted-snippet">Copy snippet</button>
    <p class="hint">Or the chat inside your page (the same sites only):</p>
    <pre class="mono" id="hosted-iframe">${iframe}</pre>
    <button type="button" class="small secondary" data-copy="#hosted-iframe">Copy iframe</button>
  </div>`;
}

const choice = (value: string, current: string | number | undefined, label: string) =>
  html`<option value="${value}" ${value === String(current ?? '') ? html`selected` : ''}>${label}</option>`;

/** A refused form, to show again as it was typed beside its error. */
export interface RefusedLauncher {
  error: string;
  body: unknown;
}

/** The launcher's look, saved per bot; each field left empty keeps what the embedding page's attributes say. */
export function launcherCard(bot: BotRecord, viewer: Viewer, refused?: RefusedLauncher): SafeHtml {
  const saved: Partial<Record<keyof LauncherSettings, string | number>> = refused
    ? launcherFields.parse(refused.body)
    : bot.launcher;
  const error = refused?.error;
  return html`<section class="card" aria-labelledby="launcher-title">
    <h2 id="launcher-title">Chat bubble</h2>
    <p class="hint" id="launcher-hint">How the chat button looks on the sites that embed the snippet. What you save here overrides the page's
      <code>data-</code> attributes; a field left empty keeps the page's choice (or the default look).</p>
    <form id="launcher-form" method="post" action="/dashboard/bots/${bot.id}/launcher" novalidate aria-describedby="launcher-hint">
      ${csrfField(viewer)}
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <div class="field-row">
        <div>
          <label for="launcher-position">Position</label>
          <select id="launcher-position" name="position">${choice('', saved.position, "Page's choice")}${LAUNCHER_POSITIONS.map((p) => choice(p, saved.position, p))}</select>
        </div>
        <div>
          <label for="launcher-size">Button size</label>
          <select id="launcher-size" name="size">${choice('', saved.size, "Page's choice")}${LAUNCHER_SIZES.map((s) => choice(s, saved.size, s))}</select>
        </div>
      </div>
      <div class="field-row">
        <div>
          <label for="launcher-width">Window width <span class="optional">(px)</span></label>
          <input id="launcher-width" name="width" type="number" min="${LAUNCHER_LIMITS.minWidth}" max="${LAUNCHER_LIMITS.maxWidth}" value="${saved.width ?? ''}" aria-describedby="launcher-width-hint" />
          <p class="hint" id="launcher-width-hint">${LAUNCHER_LIMITS.minWidth}–${LAUNCHER_LIMITS.maxWidth} on desktop; phones always get the full screen.</p>
        </div>
        <div>
          <label for="launcher-color">Colour</label>
          <input id="launcher-color" name="color" value="${saved.color ?? ''}" placeholder="#3552d4" maxlength="7" autocomplete="off" aria-describedby="launcher-color-hint" />
          <p class="hint" id="launcher-color-hint">A hex colour such as #3552d4.</p>
        </div>
      </div>
      <label for="launcher-icon">Icon</label>
      <input id="launcher-icon" name="icon" list="launcher-icons" value="${saved.icon ?? ''}" maxlength="${LAUNCHER_LIMITS.iconUrl}" autocomplete="off" aria-describedby="launcher-icon-hint" />
      <datalist id="launcher-icons">${LAUNCHER_ICONS.map((name) => html`<option value="${name}"></option>`)}</datalist>
      <p class="hint" id="launcher-icon-hint">A picture's address (https://…) or a built-in icon: ${LAUNCHER_ICONS.join(', ')}.</p>
      <label for="launcher-label">Side tab text</label>
      <input id="launcher-label" name="label" value="${saved.label ?? ''}" maxlength="${LAUNCHER_LIMITS.label}" autocomplete="off" />
      <button type="submit">Save the chat bubble</button>
    </form>
  </section>`;
}
