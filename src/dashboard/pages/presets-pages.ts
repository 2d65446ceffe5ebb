import { z } from 'zod';
import type { Plan } from '../../config.js';
import {
  CATEGORIES,
  type Category,
  type FieldDefinition,
  type PresetSummary,
} from '../../shared/presets/preset-types.js';
import { AppError } from '../../shared/errors.js';
import type { BrandVoice } from '../../modules/brand-voices/brand-voices.schemas.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { type SafeHtml, html } from '../html.js';
import { sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import { loggedIn } from '../viewer.js';
import { brandVoiceSelect, brandVoicesOf } from './brand-voices-page.js';
import { builtinTextNotice } from './builtin-text-notice.js';

const MAX_QUERY = 100;
const MAX_OUTPUTS = 10;
const listQuery = fieldsOf({ category: z.enum(CATEGORIES).optional().catch(undefined), q: text });

/** The presets playground: browse and search the catalogue, then fill a preset's form and generate. */
export const presetsPages: DashboardPages = (scope, deps) => {
  const { config, services } = deps;
  scope.get('/presets', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { category, q } = listQuery.parse(request.query);
    const search = q.trim().slice(0, MAX_QUERY);
    // The same listing GET /api/presets gives (only presets with input fields): the catalogue's, then the caller's own.
    const own = await services.userPresets.summaries(caller.account.id);
    const ownOf = (c: Category | undefined) => (c ? own.filter((p) => p.category.includes(c)) : own);
    const presets = [...services.presets.list(category).presets, ...ownOf(category)];
    const total = presets.length;
    const everything = services.presets.list().total + own.length;
    const counts = CATEGORIES.map((c) => [c, services.presets.list(c).total + ownOf(c).length] as const);
    const terms = searchTerms(search);
    const shown = presets.filter((p) => matches(p, terms)).length;
    const first = builtinTextNotice(services, caller);
    const body = html`${first.notice}
      <p class="hint plan-hint">Pick a preset, fill in its form and generate text. Your plan: <strong>${caller.plan.name}</strong>${caller.plan.premiumPresets ? ' (premium presets included)' : html` — presets marked <span class="badge locked">Paid plan</span> need a paid plan.`}</p>
      <p class="own-presets"><a class="button" href="/dashboard/presets/new" id="new-preset">New preset</a>
        <span class="hint">${own.length === 0 ? 'Write a preset of your own: your fields and prompt template, private to your account.' : html`Your own ${plural(own.length, 'preset')} (${own.length}) ${own.length === 1 ? 'is' : 'are'} marked <span class="badge yours">Yours</span>.`}</span></p>
      <section class="card preset-filters" aria-label="Find a preset">
        <nav aria-label="Categories" class="category-links">
          <ul>
            <li><a href="${listHref(undefined, search)}" ${category ? '' : html`aria-current="page"`}>All <span class="count">${everything}</span></a></li>
            ${counts.map(([c, n]) => html`<li><a href="${listHref(c, search)}" ${c === category ? html`aria-current="page"` : ''}>${c} <span class="count">${n}</span></a></li>`)}
          </ul>
        </nav>
        <form method="get" action="/dashboard/presets" role="search" id="preset-search" class="inline">
          <label for="preset-query">Search presets by name or description</label>
          <input type="search" id="preset-query" name="q" value="${search}" maxlength="${MAX_QUERY}" autocomplete="off" placeholder="e.g. email, blog, summary" />
          ${category ? html`<input type="hidden" name="category" value="${category}" />` : ''}
          <button type="submit">Search</button>
        </form>
        <p id="preset-count" role="status" aria-live="polite">${countText(shown, total, category)}</p>
      </section>
      <div id="preset-groups" data-total="${total}" data-category="${category ?? ''}">
        ${groups(presets, category).map(([name, members]) => presetGroup(name, members, terms, caller.plan))}
      </div>
      <p id="no-match" class="card" ${shown === 0 ? '' : html`hidden`}>No preset matches your search. Try other words${category ? html` or <a href="${listHref(undefined, search)}">all categories</a>` : ''}.</p>`;
    return sendPage(reply, {
      title: category ? `Presets: ${category}` : 'Presets',
      viewer: request.viewer,
      section: '/dashboard/presets',
      body,
      scripts: ['presets.js', ...first.scripts],
      styles: ['presets.css'],
    });
  });

  scope.get('/presets/:id', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { id } = pathOf(idPath, request);
    const slug = id.slice(0, 200);
    // The catalogue's preset, else the caller's own (as generate looks a slug up).
    const preset = services.presets.find(slug) ?? (await services.userPresets.find(caller.account.id, slug));
    if (!preset) throw new AppError('not_found', 'Preset not found');
    const [overview, voices] = await Promise.all([
      services.accounts.overview(caller),
      brandVoicesOf(request, caller, deps),
    ]);
    const locked = !preset.isFree && !caller.plan.premiumPresets;
    const first = builtinTextNotice(services, caller);
    const body = html`
      <p><a href="/dashboard/presets">← All presets</a></p>${first.notice}
      <p>${preset.description}</p>
      <p class="preset-meta">${preset.category.map((c) => html`<a class="badge category" href="${listHref(c, '')}">${c}</a>`)} ${accessBadge(preset, caller.plan)}</p>
      ${preset.custom ? ownActions(preset.slug, preset.custom.version) : ''}
      ${locked ? html`<p class="card locked-notice" role="note">This is a premium preset: the <strong>${caller.plan.name}</strong> plan does not include it, so generating will be refused. A paid plan unlocks it.</p>` : ''}
      <form id="generate-form" class="card" novalidate data-preset="${preset.slug}">
        <h2>Your input</h2>
        <p class="hint">Fields marked <span class="required-mark" aria-hidden="true">*</span><span class="sr-only">required</span> are required.</p>
        ${preset.fields.map(fieldInput)}
        <div class="generate-options">
          ${modelChoice(caller.plan.advancedModel)}
          <div>
            <label for="gen-outputs">Number of outputs</label>
            <input type="number" id="gen-outputs" name="outputs" min="1" max="${MAX_OUTPUTS}" value="1" inputmode="numeric" />
          </div>
          <div>
            <label for="gen-language">Language</label>
            <input type="text" id="gen-language" name="language" value="English" maxlength="50" autocomplete="off" />
          </div>
          ${brandVoiceChoice(voices)}
        </div>
        <p class="hint">Each output costs ${config.credits.perOutput} ${plural(config.credits.perOutput, 'credit')} (advanced model: ${config.credits.perAdvancedOutput}). Balance: <span id="credit-balance">${overview.credits.balance}</span> ${plural(overview.credits.balance, 'credit')}.</p>
        <p class="error" role="alert"></p>
        <button type="submit">Generate</button>
      </form>
      <section id="results" class="card" aria-labelledby="results-title" hidden>
        <h2 id="results-title" tabindex="-1">Outputs</h2>
        <p id="results-status" role="status" aria-live="polite"></p>
        <ol id="outputs" class="outputs"></ol>
      </section>`;
    return sendPage(reply, {
      title: preset.title,
      viewer: request.viewer,
      section: '/dashboard/presets',
      body,
      scripts: ['presets.js', ...first.scripts],
      styles: ['presets.css'],
      data: {
        preset: preset.slug,
        fields: preset.fields.map(({ name, type }) => ({ name, type })),
        balance: overview.credits.balance,
      },
    });
  });
};

function listHref(category: Category | undefined, search: string): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (search) params.set('q', search);
  const query = params.toString();
  return query ? `/dashboard/presets?${query}` : '/dashboard/presets';
}

function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The text a search looks in; presets.js matches the same words against the same text. */
function searchText(preset: PresetSummary): string {
  return `${preset.title} ${preset.description}`.toLowerCase();
}

function matches(preset: PresetSummary, terms: string[]): boolean {
  const text = searchText(preset);
  return terms.every((term) => text.includes(term));
}

function countText(shown: number, total: number, category: Category | undefined): string {
  const where = category ? ` in ${category}` : '';
  return shown === total
    ? `${total} ${plural(total, 'preset')}${where}`
    : `Showing ${shown} of ${total} ${plural(total, 'preset')}${where}`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** Without a category filter each preset sits under its first category, so none is listed twice. */
function groups(presets: PresetSummary[], category: Category | undefined): [Category, PresetSummary[]][] {
  if (category) return [[category, presets]];
  return CATEGORIES.map((c) => [c, presets.filter((p) => p.category[0] === c)] as [Category, PresetSummary[]]).filter(
    ([, members]) => members.length > 0,
  );
}

function presetGroup(name: Category, presets: PresetSummary[], terms: string[], plan: Plan): SafeHtml {
  const id = `group-${name.toLowerCase().replace(/\s+/g, '-')}`;
  const visible = presets.some((p) => matches(p, terms));
  return html`<section class="preset-group" aria-labelledby="${id}" ${visible ? '' : html`hidden`}>
    <h2 id="${id}">${name}</h2>
    <ul class="preset-list">
      ${presets.map(
        (p) => html`<li class="preset-item" data-search="${searchText(p)}" ${matches(p, terms) ? '' : html`hidden`}>
          <a class="preset-title" href="/dashboard/presets/${encodeURIComponent(p.slug)}">${p.title}</a>
          ${accessBadge(p, plan)}
          <p>${p.description}</p>
        </li>`,
      )}
    </ul>
  </section>`;
}

/** What the owner of a preset can do with it. */
function ownActions(slug: string, version: number): SafeHtml {
  const href = `/dashboard/presets/${encodeURIComponent(slug)}`;
  return html`<nav class="own-actions" aria-label="Your preset">
    <p class="hint">Your preset, version ${version}: only your account sees it.</p>
    <ul>
      <li><a href="${href}/edit">Edit</a></li>
      <li><a href="${href}/versions">Versions</a></li>
      <li><a href="${href}/links">Sharing</a></li>
      <li><a href="${href}/delete">Delete</a></li>
    </ul>
  </nav>`;
}

function accessBadge(preset: PresetSummary & { custom?: unknown }, plan: Plan): SafeHtml {
  if (preset.custom) return html`<span class="badge yours">Yours</span> <span class="badge free">Free</span>`;
  if (preset.isFree) return html`<span class="badge free">Free</span>`;
  if (plan.premiumPresets) return html`<span class="badge premium">Premium</span>`;
  return html`<span class="badge locked">Paid plan<span class="sr-only">: premium, not on your plan</span></span>`;
}

function requiredMark(field: FieldDefinition): SafeHtml | string {
  return field.required ? html` <span class="required-mark" aria-hidden="true">*</span>` : '';
}

/**
 * A text field gets a live character counter; a radio field becomes a fieldset of radio buttons, a select field a
 * select and a checkbox a box that sends "true" or "false" (your own presets' types).
 */
export function fieldInput(field: FieldDefinition): SafeHtml {
  const id = `field-${field.name}`;
  if (field.type === 'select') {
    return html`<div class="field">
      <label for="${id}">${field.label}${requiredMark(field)}</label>
      <select id="${id}" name="${field.name}">${(field.radioOptions ?? []).map((option) => html`<option ${option.default ? html`selected` : ''}>${option.value}</option>`)}</select>
    </div>`;
  }
  if (field.type === 'checkbox') {
    return html`<div class="field"><label class="inline-label"><input type="checkbox" id="${id}" name="${field.name}" value="true" ${field.default === 'true' ? html`checked` : ''} /> ${field.label}</label></div>`;
  }
  if (field.type === 'image') return pictureInput(field, id);
  if (field.type === 'radio') {
    return html`<fieldset class="field radio-field" id="${id}">
      <legend>${field.label}${requiredMark(field)}</legend>
      ${(field.radioOptions ?? []).map(
        (option, i) =>
          html`<label><input type="radio" name="${field.name}" id="${id}-${i}" value="${option.value}" ${option.default ? html`checked` : ''} /> ${option.value}</label>`,
      )}
    </fieldset>`;
  }
  const counter = `${id}-count`;
  const limit = field.maxLength;
  const attributes = html`id="${id}" name="${field.name}" ${limit === undefined ? '' : html`maxlength="${limit}"`} placeholder="${field.placeholder ?? ''}" ${field.required ? html`required aria-required="true"` : ''} ${limit === undefined ? '' : html`aria-describedby="${counter}"`}`;
  return html`<div class="field">
    <label for="${id}">${field.label}${requiredMark(field)}</label>
    ${field.type === 'textarea' ? html`<textarea ${attributes} rows="4"></textarea>` : html`<input type="text" ${attributes} />`}
    ${limit === undefined ? '' : html`<span class="counter" id="${counter}" data-limit="${limit}">0 / ${limit} characters</span>`}
  </div>`;
}

/** A picture from the device travels in the request as a data URL, a third larger than the file: under 1 MiB in all. */
const PICTURE_UPLOAD_MAX_BYTES = 700 * 1024;

/** An image field: a picture's address, or one chosen on the device (presets.js reads it into a data URL). */
function pictureInput(field: FieldDefinition, id: string): SafeHtml {
  const hint = `${id}-hint`;
  return html`<div class="field">
    <label for="${id}">${field.label}${requiredMark(field)}</label>
    <input type="text" id="${id}" name="${field.name}" placeholder="https://… or data:image/…" autocomplete="off" aria-describedby="${hint}" ${field.required ? html`required aria-required="true"` : ''} />
    <label for="${id}-file">Or choose a picture for ${field.label}</label>
    <input type="file" id="${id}-file" accept="image/png,image/jpeg,image/webp,image/gif" data-picture-for="${id}" data-max-bytes="${PICTURE_UPLOAD_MAX_BYTES}" aria-describedby="${hint}" />
    <p class="hint" id="${hint}">A picture's address, or a PNG, JPEG, WebP or GIF from your device up to ${Math.round(PICTURE_UPLOAD_MAX_BYTES / 1024)} KB.</p>
  </div>`;
}

function modelChoice(advancedAllowed: boolean): SafeHtml {
  return html`<fieldset class="field radio-field">
    <legend>Model</legend>
    <label><input type="radio" name="shouldUseGPT4" value="false" checked /> Standard</label>
    <label><input type="radio" name="shouldUseGPT4" value="true" ${advancedAllowed ? '' : html`disabled aria-describedby="advanced-note"`} /> Advanced</label>
    ${advancedAllowed ? '' : html`<p class="hint" id="advanced-note">The advanced model needs a paid plan.</p>`}
  </fieldset>`;
}

/** The brand voice sent as `brand_voice`; none chosen sends none, and the account's default then applies. */
function brandVoiceChoice(voices: BrandVoice[]): SafeHtml {
  return html`<div>
    <label for="gen-brand-voice">Brand voice</label>
    ${brandVoiceSelect({ id: 'gen-brand-voice', name: 'brand_voice', voices, describedBy: 'brand-voice-hint' })}
    <p class="hint" id="brand-voice-hint"><a href="/dashboard/brand-voices">Your brand voices</a>: its instructions go ahead of the preset's.</p>
  </div>`;
}
