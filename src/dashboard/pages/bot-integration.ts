import type { BotRecord } from '../../modules/bots/bots.service.js';
import { BOT_KEY_LIMITS, type BotKeyRecord } from '../../modules/keys/bot-keys.service.js';
import { type SafeHtml, escapeHtml, html } from '../html.js';
import { csrfField, formatTime } from '../layout.js';
import { hostedSnippets } from './bot-launcher.js';
import type { Viewer } from '../viewer.js';

/** What the integration section shows: the bot's active publishable keys, and the key form's last error. */
export interface IntegrationState {
  keys: BotKeyRecord[];
  keyError?: string | undefined;
}

/** A placeholder, never a real key: the snippet carries a publishable key once the bot has one. */
export const WIDGET_KEY_PLACEHOLDER = 'YOUR_WIDGET_KEY';

/** The key the widget code carries: the newest active publishable key of the bot. */
export const widgetKeyOf = (keys: BotKeyRecord[]): BotKeyRecord | undefined => keys.at(-1);

export function integration(bot: BotRecord, publicUrl: string, viewer: Viewer, state: IntegrationState): SafeHtml {
  return html`<section class="card wide" aria-labelledby="integration-title">
    <h2 id="integration-title">Integration</h2>
    <div class="columns">${apiAccess(bot)} ${widgetCode(bot, publicUrl, widgetKeyOf(state.keys))}</div>
    ${hostedSnippets(bot, [...new Set(state.keys.flatMap((key) => key.allowed_origins))])}
    ${widgetKeys(bot, viewer, state)}
  </section>`;
}

function apiAccess(bot: BotRecord): SafeHtml {
  const curl = `curl ${bot.api_url} \\
  -H "x-api-key: YOUR_API_KEY" \\
  -H "content-type: application/json" \\
  -d '{"message": "Hello!", "history": [], "include_sources": true}'`;
  return html`<div>
    <label for="public-url">Public URL <span class="optional">(the bot's identifier)</span></label>
    <div class="copy-row"><input id="public-url" class="mono" readonly value="${bot.public_url}" /><button type="button" class="small" data-copy="#public-url" aria-label="Copy the public URL">Copy</button></div>
    <label for="api-url">API URL</label>
    <div class="copy-row"><input id="api-url" class="mono" readonly value="${bot.api_url}" /><button type="button" class="small" data-copy="#api-url" aria-label="Copy the API URL">Copy</button></div>
    <h3>Call it with curl</h3>
    <pre class="mono" id="curl-example">${curl}</pre>
    <button type="button" class="small secondary" data-copy="#curl-example">Copy curl example</button>
    <p class="hint">Replace <code>YOUR_API_KEY</code> with one of this bot's widget keys (below), or, from your own servers only, a key from
      <a href="/dashboard/keys">API keys</a>. Add <code>"stream": true</code> for the answer as server-sent events.</p>
  </div>`;
}

function widgetCode(bot: BotRecord, publicUrl: string, key: BotKeyRecord | undefined): SafeHtml {
  return html`<div>
    <h3>Chat widget for your site</h3>
    <p class="hint">Paste this before <code>&lt;/body&gt;</code>: visitors get a chat button in the corner of the page.</p>
    <pre class="mono" id="widget-snippet">${widgetSnippet(bot, publicUrl, key?.api_key ?? WIDGET_KEY_PLACEHOLDER)}</pre>
    <button type="button" class="small secondary" data-copy="#widget-snippet">Copy widget code</button>
    ${
      key
        ? html`<p class="hint" role="note" id="widget-key-note">The code carries the widget key “${key.name}”. Anyone can read it in your page, and that is fine:
          it can only talk to this bot${key.allowed_origins.length ? html`, only from ${key.allowed_origins.join(', ')}` : ''}, at most
          ${key.rate_limit_per_minute} messages a minute. Answers are billed to your account; revoke the key below at any time.</p>`
        : html`<p class="warning" role="note" id="widget-key-note">Create a widget key below first: the code then carries it. Never put a key from the
          API keys page in a web page: anyone who reads the page could use your whole account.</p>`
    }
  </div>`;
}

/** The embed code; the bot's name and welcome are attribute values inside it, so they are escaped for that markup. */
function widgetSnippet(bot: BotRecord, publicUrl: string, key: string): string {
  const welcome = bot.welcome_message ? `\n  data-welcome="${escapeHtml(bot.welcome_message)}"` : '';
  return `<script src="${publicUrl}/dashboard/assets/widget.js" defer
  data-api-url="${escapeHtml(bot.api_url)}"
  data-api-key="${escapeHtml(key)}"
  data-title="${escapeHtml(bot.name)}"${welcome}></script>`;
}

function widgetKeys(bot: BotRecord, viewer: Viewer, { keys, keyError }: IntegrationState): SafeHtml {
  return html`<h3 id="widget-keys-title">Widget keys</h3>
    <p class="hint">A widget key opens this bot's chat and nothing else, so a web page can carry it. It has its own limit of messages a minute,
      apart from your account's, and can be kept to your own sites.</p>
    ${
      keys.length === 0
        ? html`<p id="no-widget-keys">No widget keys yet.</p>`
        : html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="widget-keys-title"><table id="widget-keys">
          <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Sites</th><th scope="col">A minute</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${keys.map((key) => keyRow(bot, viewer, key))}</tbody>
        </table></div>`
    }
    <form id="widget-key-form" method="post" action="/dashboard/bots/${bot.id}/keys" novalidate>
      ${csrfField(viewer)}
      ${keyError ? html`<p class="error" role="alert">${keyError}</p>` : ''}
      <div class="field-row">
        <div>
          <label for="widget-key-name">Key name <span class="optional">(optional)</span></label>
          <input id="widget-key-name" name="name" maxlength="${BOT_KEY_LIMITS.name}" placeholder="e.g. shop site" autocomplete="off" />
        </div>
        <div>
          <label for="widget-key-rate">Messages a minute</label>
          <input id="widget-key-rate" name="rate_limit_per_minute" type="number" min="${BOT_KEY_LIMITS.minPerMinute}" max="${BOT_KEY_LIMITS.maxPerMinute}" value="${BOT_KEY_LIMITS.defaultPerMinute}" />
        </div>
      </div>
      <label for="widget-key-origins">Sites allowed to use it <span class="optional">(optional)</span></label>
      <textarea id="widget-key-origins" name="allowed_origins" class="short" aria-describedby="widget-key-origins-hint" placeholder="https://www.example.com"></textarea>
      <p class="hint" id="widget-key-origins-hint">One origin a line, such as <code>https://www.example.com</code> (no path); at most ${BOT_KEY_LIMITS.origins}. Empty: any site.</p>
      <button type="submit">Create widget key</button>
    </form>`;
}

function keyRow(bot: BotRecord, viewer: Viewer, key: BotKeyRecord): SafeHtml {
  return html`<tr data-key-id="${key.id}">
    <td>${key.name}</td>
    <td class="mono" data-label="Key">${key.api_key}</td>
    <td data-label="Sites">${key.allowed_origins.length ? key.allowed_origins.join(', ') : 'any'}</td>
    <td data-label="A minute">${key.rate_limit_per_minute}</td>
    <td data-label="Created">${formatTime(key.created_at)}</td>
    <td><form method="post" action="/dashboard/bots/${bot.id}/keys/${key.id}/revoke" data-confirm="Revoke the widget key “${key.name}”? Sites that use it will stop working.">
      ${csrfField(viewer)}<button type="submit" class="danger" aria-label="Revoke ${key.name}">Revoke</button>
    </form></td>
  </tr>`;
}
