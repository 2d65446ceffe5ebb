import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import { BOT_LIMITS, type BotRecord, DEFAULT_TEMPERATURE } from '../../modules/bots/bots.service.js';
import { FILE_EXTENSIONS } from '../../modules/bots/document-text.js';
import { type DocumentRecord, KNOWLEDGE_LIMITS } from '../../modules/bots/knowledge.service.js';
import { AppError, unwrap } from '../../shared/errors.js';
import type { DashboardDeps, DashboardPages } from '../dashboard-deps.js';
import { callOperation } from '../dashboard-operations.js';
import { type SafeHtml, html } from '../html.js';
import { formatTime, sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import type { BrandVoice } from '../../modules/brand-voices/brand-voices.schemas.js';
import { brandVoiceSelect, brandVoicesOf } from './brand-voices-page.js';
import { builtinTextNotice } from './builtin-text-notice.js';
import { loggedIn } from '../viewer.js';
import { integration, widgetKeyOf } from './bot-integration.js';
import { type RefusedLauncher, launcherCard, launcherForm } from './bot-launcher.js';

const page = { section: '/dashboard/bots' as const, scripts: ['bots.js'], styles: ['bots.css'] };
const botKeyPath = z.object({ id: z.string(), keyId: z.string() });
const widgetKeyFields = fieldsOf({ name: text, allowed_origins: text, rate_limit_per_minute: text });

/** Custom bots: the list with a create form, and each bot's settings, knowledge, integration and a test chat. */
export const botPages: DashboardPages = (scope, deps) => {
  scope.get('/bots', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const [bots, voices] = await Promise.all([
      deps.services.bots.list(caller.account.id),
      brandVoicesOf(request, caller, deps),
    ]);
    const first = builtinTextNotice(deps.services, caller);
    const body = html`${first.notice}${botList(bots)}
      <section class="card" aria-labelledby="create-title">
        <h2 id="create-title">Create a bot</h2>
        <p class="hint">A bot answers from the documents you give it. Your ${caller.plan.name} plan allows ${caller.plan.maxBots} bots.</p>
        <form id="create-bot" novalidate>
          ${botFields(models(deps), voices)}
          <p class="error" role="alert"></p>
          <button type="submit">Create bot</button>
        </form>
      </section>`;
    return sendPage(reply, {
      ...page,
      scripts: [...page.scripts, ...first.scripts],
      title: 'Bots',
      viewer: request.viewer,
      body,
    });
  });

  scope.get('/bots/:id', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (caller) return botPage(request, reply, deps, caller);
  });

  // Widget keys: plain forms (CSRF field) that come back to the bot's integration section.
  scope.post('/bots/:id/keys', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const id = pathOf(idPath, request).id.slice(0, 100);
    const created = await callOperation(request, caller, deps.operations.botKeys.createBotKey, {
      params: { id },
      input: widgetKeyForm(request.body),
    });
    if (created.ok) return reply.redirect(`/dashboard/bots/${encodeURIComponent(id)}#widget-keys-title`, 303);
    if (created.error.code === 'not_found') throw created.error;
    return botPage(request, reply, deps, caller, { key: created.error.message }, created.error.status);
  });

  // The chat bubble's look: a plain form (CSRF field) through the API's update_bot, back to its section.
  scope.post('/bots/:id/launcher', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const id = pathOf(idPath, request).id.slice(0, 100);
    const saved = await callOperation(request, caller, deps.operations.bots.updateBot, {
      params: { id },
      input: { launcher: launcherForm(request.body) },
    });
    if (saved.ok) return reply.redirect(`/dashboard/bots/${encodeURIComponent(id)}#launcher-title`, 303);
    if (saved.error.code === 'not_found') throw saved.error;
    return botPage(
      request,
      reply,
      deps,
      caller,
      { launcher: { error: saved.error.message, body: request.body } },
      saved.error.status,
    );
  });

  scope.post('/bots/:id/keys/:keyId/revoke', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { id, keyId } = pathOf(botKeyPath, request);
    unwrap(await callOperation(request, caller, deps.operations.botKeys.revokeBotKey, { params: { id, keyId } }));
    return reply.redirect(`/dashboard/bots/${encodeURIComponent(id.slice(0, 100))}#widget-keys-title`, 303);
  });
};

/** One bot's page; `errors` are the widget key form's or the chat bubble form's error when it comes back to it. */
async function botPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  errors: { key?: string; launcher?: RefusedLauncher } = {},
  status = 200,
) {
  const id = pathOf(idPath, request).id.slice(0, 100);
  const found = await deps.services.bots.get(caller.account.id, id);
  if (!found.ok) throw new AppError('not_found', 'Bot not found');
  const bot = found.value;
  const [documents, voices] = await Promise.all([
    deps.services.bots.listDocuments(caller.account.id, bot.id),
    brandVoicesOf(request, caller, deps),
  ]);
  const keys = unwrap(await deps.services.botKeys.list(caller.account.id, bot.id)).filter((key) => !key.revoked_at);
  const first = builtinTextNotice(deps.services, caller);
  const body = html`${first.notice}<p class="bot-nav"><a href="/dashboard/bots">← All bots</a>
      <span aria-hidden="true">·</span> <a href="#settings-title">Settings</a> <a href="#chat-title">Test chat</a>
      <a href="#knowledge-title">Knowledge</a> <a href="#integration-title">Integration</a> <a href="#launcher-title">Chat bubble</a></p>
    <div class="bot-layout">
      ${settings(bot, models(deps), voices)} ${testChat(bot)} ${knowledge(documents.ok ? documents.value : [], Math.min(caller.plan.maxDocumentsPerBot, KNOWLEDGE_LIMITS.documentsPerBot))} ${integration(bot, deps.config.publicUrl, request.viewer, { keys, keyError: errors.key })}
      ${launcherCard(bot, request.viewer, errors.launcher)}
    </div>`;
  const data = {
    bot: {
      id: bot.id,
      name: bot.name,
      public_url: bot.public_url,
      api_url: bot.api_url,
      welcome_message: bot.welcome_message,
    },
    publicUrl: deps.config.publicUrl,
    widgetKey: widgetKeyOf(keys)?.api_key ?? null,
  };
  const scripts = [...page.scripts, ...first.scripts];
  return sendPage(reply, { ...page, scripts, title: bot.name, viewer: request.viewer, body, data }, status);
}

/** The widget key form: origins one a line (spaces or commas between them do too); the service checks each field. */
function widgetKeyForm(body: unknown) {
  const form = widgetKeyFields.parse(body);
  const rate = form.rate_limit_per_minute.trim();
  return {
    name: form.name.trim(),
    allowed_origins: form.allowed_origins
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean),
    rate_limit_per_minute: rate === '' ? undefined : Number(rate),
  };
}

const models = (deps: DashboardDeps) => ({
  names: deps.services.chat.list().data.map((m) => m.id),
  standard: deps.config.text.model,
});

function botList(bots: BotRecord[]): SafeHtml {
  return html`<section class="card" aria-labelledby="bots-title">
    <h2 id="bots-title">Your bots</h2>
    ${
      bots.length === 0
        ? html`<p>No bots yet: create the first one below.</p>`
        : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Bots"><table id="bots">
          <thead><tr><th scope="col">Name</th><th scope="col">Documents</th><th scope="col">Created</th></tr></thead>
          <tbody>
            ${bots.map((bot) => html`<tr><td><a href="/dashboard/bots/${bot.id}">${bot.name}</a></td><td>${bot.documents}</td><td>${formatTime(bot.created_at)}</td></tr>`)}
          </tbody>
        </table></div>`
    }
  </section>`;
}

/** The fields of POST /api/bots (and PATCH), filled in from `bot` when editing. */
function botFields(
  { names, standard }: { names: string[]; standard: string },
  voices: BrandVoice[],
  bot?: BotRecord,
): SafeHtml {
  return html`<label for="bot-name">Name</label>
    <input id="bot-name" name="name" required maxlength="${BOT_LIMITS.name}" value="${bot?.name ?? ''}" autocomplete="off" />
    <label for="bot-instructions">Instructions</label>
    <textarea id="bot-instructions" name="instructions" maxlength="${BOT_LIMITS.instructions}" aria-describedby="instructions-hint">${bot?.instructions ?? ''}</textarea>
    <p class="hint" id="instructions-hint">How the bot behaves (its system prompt), e.g. “You answer questions about our opening hours, briefly.” At most ${BOT_LIMITS.instructions.toLocaleString('en')} characters.</p>
    <div class="field-row">
      <div>
        <label for="bot-model">Model</label>
        <input id="bot-model" name="model" list="bot-models" maxlength="${BOT_LIMITS.model}" value="${bot?.model ?? ''}" placeholder="${standard}" aria-describedby="model-hint" autocomplete="off" />
        <datalist id="bot-models">${names.map((name) => html`<option value="${name}"></option>`)}</datalist>
        <p class="hint" id="model-hint">Offered here: ${names.join(', ')}. Empty for the standard model.</p>
      </div>
      <div>
        <label for="bot-temperature">Temperature</label>
        <input id="bot-temperature" name="temperature" type="number" min="${BOT_LIMITS.minTemperature}" max="${BOT_LIMITS.maxTemperature}" step="0.1" value="${bot?.temperature ?? DEFAULT_TEMPERATURE}" aria-describedby="temperature-hint" />
        <p class="hint" id="temperature-hint">0 (focused) to 2 (inventive).</p>
      </div>
    </div>
    <label for="bot-welcome">Welcome message</label>
    <textarea id="bot-welcome" name="welcome_message" class="short" maxlength="${BOT_LIMITS.welcomeMessage}" aria-describedby="welcome-hint">${bot?.welcome_message ?? ''}</textarea>
    <p class="hint" id="welcome-hint">The first message a chat shows; empty for none.</p>
    <label for="bot-brand-voice">Brand voice</label>
    ${brandVoiceSelect({ id: 'bot-brand-voice', name: 'brand_voice_id', voices, selected: bot?.brand_voice_id, describedBy: 'brand-voice-hint' })}
    <p class="hint" id="brand-voice-hint">Its instructions go ahead of the bot's. <a href="/dashboard/brand-voices">Your brand voices</a></p>`;
}

function settings(bot: BotRecord, modelNames: { names: string[]; standard: string }, voices: BrandVoice[]): SafeHtml {
  return html`<section class="card" aria-labelledby="settings-title">
    <h2 id="settings-title">Settings</h2>
    <form id="bot-settings" novalidate>
      ${botFields(modelNames, voices, bot)}
      <p class="error" role="alert"></p>
      <button type="submit">Save changes</button>
    </form>
    <form id="delete-bot" class="delete-bot" data-confirm="Delete the bot “${bot.name}” with its whole knowledge base? Sites that use it will stop working.">
      <p class="error" role="alert"></p>
      <button type="submit" class="danger">Delete bot</button>
      <span class="hint">Deletes its documents too; this cannot be undone.</span>
    </form>
  </section>`;
}

function knowledge(documents: DocumentRecord[], maxDocuments: number): SafeHtml {
  const characters = documents.reduce((sum, d) => sum + d.characters, 0);
  return html`<section class="card wide" aria-labelledby="knowledge-title">
    <h2 id="knowledge-title">Knowledge</h2>
    <p class="hint" id="knowledge-limits">Files: ${FILE_EXTENSIONS.join(', ')} (text, Markdown, HTML, PDF), at most ${KNOWLEDGE_LIMITS.fileBytes / MB} MB each;
      the text of one document at most ${KNOWLEDGE_LIMITS.documentBytes / MB} MB. At most ${maxDocuments} documents and
      ${KNOWLEDGE_LIMITS.charactersPerBot.toLocaleString('en')} characters per bot.</p>
    <p id="knowledge-usage" role="status">${usage(documents.length, characters)}</p>
    <div class="table-wrap" tabindex="0" role="region" aria-label="Documents"><table id="documents">
      <thead><tr><th scope="col">Title</th><th scope="col">Kind</th><th scope="col">Characters</th><th scope="col">Passages</th><th scope="col">Added</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${documents.map(documentRow)}</tbody>
    </table></div>
    <p id="no-documents" class="hint" ${documents.length ? html`hidden` : ''}>No documents yet: without them the bot can only say it does not know.</p>
    <div class="columns">${uploadForm()} ${pasteForm()}</div>
  </section>`;
}

const MB = 1024 * 1024;
const usage = (count: number, characters: number) =>
  `${count} ${count === 1 ? 'document' : 'documents'}, ${characters.toLocaleString('en')} characters`;

function documentRow(doc: DocumentRecord): SafeHtml {
  return html`<tr data-document-id="${doc.id}" data-characters="${doc.characters}">
    <td>${doc.title}</td><td data-label="Kind">${doc.kind}</td><td data-label="Characters">${doc.characters.toLocaleString('en')}</td>
    <td data-label="Passages">${doc.chunks}</td><td data-label="Added">${formatTime(doc.created_at)}</td>
    <td><form class="delete-document" data-document-id="${doc.id}" data-confirm="Delete the document “${doc.title}” from the knowledge base?">
      <button type="submit" class="danger" aria-label="Delete ${doc.title}">Delete</button>
    </form></td>
  </tr>`;
}

function uploadForm(): SafeHtml {
  const accept = [...FILE_EXTENSIONS, 'text/plain', 'text/markdown', 'text/html', 'application/pdf'].join(',');
  return html`<div>
    <h3>Upload a file</h3>
    <form id="upload-form" novalidate>
      <label for="upload-file">File</label>
      <input id="upload-file" name="file" type="file" required accept="${accept}" />
      <label for="upload-title">Title <span class="optional">(optional: the file name otherwise)</span></label>
      <input id="upload-title" name="title" maxlength="${KNOWLEDGE_LIMITS.title}" />
      <p class="error" role="alert"></p>
      <button type="submit">Upload</button>
    </form>
  </div>`;
}

function pasteForm(): SafeHtml {
  return html`<div>
    <h3>Paste text</h3>
    <form id="paste-form" novalidate>
      <label for="paste-title">Title</label>
      <input id="paste-title" name="title" required maxlength="${KNOWLEDGE_LIMITS.title}" />
      <label for="paste-kind">Format</label>
      <select id="paste-kind" name="kind"><option value="text">Plain text</option><option value="markdown">Markdown</option><option value="html">HTML</option></select>
      <label for="paste-content">Text</label>
      <textarea id="paste-content" name="content" required></textarea>
      <p class="error" role="alert"></p>
      <button type="submit">Add text</button>
    </form>
  </div>`;
}

function testChat(bot: BotRecord): SafeHtml {
  return html`<section class="card" aria-labelledby="chat-title">
    <h2 id="chat-title">Test chat</h2>
    <p class="hint">Talk to the bot as a visitor would; answers are billed to your account like any other.</p>
    <div id="chat-log" class="chat-log" role="log" aria-live="polite" aria-label="Conversation with ${bot.name}"></div>
    <form id="chat-form" novalidate>
      <label for="chat-message">Message</label>
      <textarea id="chat-message" name="message" class="short" required maxlength="4000" aria-describedby="chat-hint"></textarea>
      <p class="hint" id="chat-hint">Enter sends; Shift+Enter starts a new line.</p>
      <p class="error" role="alert"></p>
      <div class="buttons"><button type="submit">Send</button> <button type="button" class="secondary" id="chat-reset">New conversation</button></div>
    </form>
  </section>`;
}
