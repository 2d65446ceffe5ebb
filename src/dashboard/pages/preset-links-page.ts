import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import {
  type CreatedPresetLink,
  DAILY_CAP_MAX,
  DEFAULT_DAILY_CAP,
  LINKS_PER_PRESET,
  type PresetLinkView,
} from '../../modules/presets/preset-links.schemas.js';
import { LINK_NOT_FOUND } from '../../modules/presets/preset-links.service.js';
import type { UserPresetView } from '../../modules/presets/user-preset.schemas.js';
import { AppError } from '../../shared/errors.js';
import type { DashboardDeps, DashboardPages } from '../dashboard-deps.js';
import { callOperation } from '../dashboard-operations.js';
import { type SafeHtml, html } from '../html.js';
import { csrfField, formatTime, sendPage } from '../layout.js';
import { fieldsOf, pathOf, text } from '../request-fields.js';
import type { Viewer } from '../viewer.js';
import { loggedIn } from '../viewer.js';
import { ownPreset } from './preset-editor-page.js';

const page = { section: '/dashboard/presets' as const, styles: ['preset-links.css'] };
const linkPath = z.object({ id: z.string(), link_id: z.string() });
const linkForm = fieldsOf({ daily_cap: text, label: text });
type LinkForm = ReturnType<typeof linkForm.parse>;
const doneQuery = fieldsOf({ done: z.enum(['saved', 'revoked']).optional().catch(undefined) });
const DONE = { saved: 'Link saved.', revoked: 'Link revoked: its page is gone.' } as const;
const NEW_FORM: LinkForm = { daily_cap: String(DEFAULT_DAILY_CAP), label: '' };

const sharingHref = (slug: string) => `/dashboard/presets/${encodeURIComponent(slug)}/links`;
const linkHref = (slug: string, id: string) => `${sharingHref(slug)}/${encodeURIComponent(id)}`;

/**
 * The daily cap as typed: empty is none given, a whole number in digits a number for the operation to check (its
 * limits, its message); anything else (1e3, 0x10, words) reads as NaN, which the operation refuses as not a number.
 */
function dailyCapOf(form: LinkForm): number | undefined {
  const typed = form.daily_cap.trim();
  if (typed === '') return undefined;
  return /^[+-]?\d{1,15}$/.test(typed) ? Number(typed) : Number.NaN;
}

/** State a render of the sharing page may carry: a link just made, or a form's error with what was typed. */
interface SharingState {
  created?: CreatedPresetLink;
  createForm?: LinkForm;
  createError?: string;
  edited?: { id: string; form: LinkForm; error: string };
}

/** Sharing one of the account's own presets: its public links, made, changed and revoked through the API's operations. */
export const presetLinksPages: DashboardPages = (scope, deps) => {
  const operations = deps.operations.presetLinks;

  scope.get('/presets/:id/links', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    return sharingPage(request, reply, deps, caller, preset);
  });

  scope.post('/presets/:id/links', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const form = linkForm.parse(request.body);
    const label = form.label.trim();
    const created = await callOperation(request, caller, operations.createPresetLink, {
      params: { slug: preset.slug },
      input: { daily_cap: dailyCapOf(form), ...(label === '' ? {} : { label }) },
    });
    if (created.ok) return sharingPage(request, reply, deps, caller, preset, { created: created.value }, 201);
    const { message, status } = created.error;
    return sharingPage(request, reply, deps, caller, preset, { createForm: form, createError: message }, status);
  });

  scope.post('/presets/:id/links/:link_id', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const id = pathOf(linkPath, request).link_id.slice(0, 100);
    const form = linkForm.parse(request.body);
    // Both fields are on the form, so both are sent: an emptied label removes it.
    const label = form.label.trim();
    const updated = await callOperation(request, caller, operations.updatePresetLink, {
      params: { slug: preset.slug, link_id: id },
      input: { daily_cap: dailyCapOf(form), label: label === '' ? null : label },
    });
    if (updated.ok) return reply.redirect(`${sharingHref(preset.slug)}?done=saved#link-${id}`, 303);
    if (updated.error.code === 'not_found') throw updated.error;
    const edited = { id, form, error: updated.error.message };
    return sharingPage(request, reply, deps, caller, preset, { edited }, updated.error.status);
  });

  scope.get('/presets/:id/links/:link_id/revoke', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const link = await linkOf(request, caller, deps, preset);
    const name = linkName(link);
    const body = link.revoked_at
      ? html`<section class="card" aria-labelledby="revoke-title">
          <h2 id="revoke-title">${name} is already revoked</h2>
          <p>It was revoked ${formatTime(link.revoked_at)}; its page is gone.</p>
          <p><a href="${sharingHref(preset.slug)}">Back to sharing</a></p>
        </section>`
      : html`<section class="card" aria-labelledby="revoke-title">
          <h2 id="revoke-title">Revoke ${name}?</h2>
          <p>Its public page answers “not found” from now on, to everyone who has the link. Outputs it made are kept.
            This cannot be undone: to share “${preset.title}” again, make a new link.</p>
          <form method="post" action="${linkHref(preset.slug, link.id)}/revoke" id="revoke-link">
            ${csrfField(request.viewer)}
            <button type="submit" class="danger">Revoke link</button>
            <a href="${sharingHref(preset.slug)}">Cancel</a>
          </form>
        </section>`;
    return sendPage(reply, { ...page, title: `Revoke a link to ${preset.title}`, viewer: request.viewer, body });
  });

  scope.post('/presets/:id/links/:link_id/revoke', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const revoked = await callOperation(request, caller, operations.revokePresetLink, {
      params: { slug: preset.slug, link_id: pathOf(linkPath, request).link_id.slice(0, 100) },
    });
    if (!revoked.ok) throw revoked.error;
    return reply.redirect(`${sharingHref(preset.slug)}?done=revoked`, 303);
  });
};

async function linksOf(request: FastifyRequest, caller: Caller, deps: DashboardDeps, preset: UserPresetView) {
  const listed = await callOperation(request, caller, deps.operations.presetLinks.listPresetLinks, {
    params: { slug: preset.slug },
  });
  if (!listed.ok) throw listed.error;
  return listed.value.links;
}

/** The preset's link the path names; none is the dashboard's 404 page. */
async function linkOf(request: FastifyRequest, caller: Caller, deps: DashboardDeps, preset: UserPresetView) {
  const id = pathOf(linkPath, request).link_id;
  const link = (await linksOf(request, caller, deps, preset)).find((candidate) => candidate.id === id);
  if (!link) throw new AppError('not_found', LINK_NOT_FOUND);
  return link;
}

const linkName = (link: PresetLinkView) =>
  link.label ? `“${link.label}”` : `the link made ${formatTime(link.created_at)}`;

async function sharingPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  preset: UserPresetView,
  state: SharingState = {},
  status = 200,
) {
  const links = await linksOf(request, caller, deps, preset);
  const live = links.filter((link) => !link.revoked_at).length;
  const done = doneQuery.parse(request.query).done;
  const viewer = request.viewer;
  const perRun = deps.config.credits.perOutput;
  const body = html`<p><a href="/dashboard/presets/${encodeURIComponent(preset.slug)}">← ${preset.title}</a></p>
    <p class="hint">A public link opens a page that runs “${preset.title}” for anyone who has it, with no account: each run
      is paid from your credits (${perRun} a run) and kept with your outputs, up to the link's daily cap (runs a UTC day),
      and a few a minute per visitor. Revoking a link ends its page at once.</p>
    ${state.created ? createdNotice(state.created) : ''}
    ${done ? html`<p class="ok" role="status">${DONE[done]}</p>` : ''}
    <section class="card" aria-labelledby="links-title">
      <h2 id="links-title">Links</h2>
      ${
        links.length === 0
          ? html`<p id="no-links">No links yet: this preset is private to your account. Make one below to share it.</p>`
          : html`<ol id="preset-links" class="link-list">${links.map((link) => linkItem(viewer, preset, link, state))}</ol>`
      }
    </section>
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">Make a link</h2>
      ${preset.output === 'text' ? '' : html`<p class="hint" id="text-only">Public links run text presets only, and this one makes ${preset.output === 'image' ? 'images' : 'speech'}.</p>`}
      <form method="post" action="${sharingHref(preset.slug)}" id="create-link">
        ${csrfField(viewer)}
        ${state.createError ? html`<p class="error" role="alert">${state.createError}</p>` : ''}
        ${linkFields('new', state.createForm ?? NEW_FORM)}
        <button type="submit">Make link</button>
      </form>
      <p class="hint">${live} of at most ${LINKS_PER_PRESET} live links; revoked links do not count.</p>
    </section>`;
  return sendPage(
    reply,
    {
      ...page,
      title: `Sharing ${preset.title}`,
      viewer,
      body,
      ...(state.created ? { scripts: ['preset-links.js'] } : {}),
    },
    status,
  );
}

/** The new link's URL, on this answer only: the service keeps a hash of its token. */
function createdNotice(created: CreatedPresetLink): SafeHtml {
  return html`<section class="card notice" aria-labelledby="new-link-title" id="new-link">
    <h2 id="new-link-title">Your new link${created.label ? html` “${created.label}”` : ''}</h2>
    <p><strong>Copy it now: it will not be shown again.</strong> Atelier keeps only a hash of it; if it is lost, revoke the
      link and make another.</p>
    <div class="copy-row">
      <input id="new-link-url" class="mono" readonly value="${created.url}" aria-label="The new link's URL" />
      <button type="button" data-copy="#new-link-url" hidden>Copy</button>
    </div>
    <p><a href="${created.url}" target="_blank" rel="noopener noreferrer">Open its page</a> (a run from it counts too).</p>
  </section>`;
}

function linkItem(viewer: Viewer, preset: UserPresetView, link: PresetLinkView, state: SharingState): SafeHtml {
  const edited = state.edited?.id === link.id ? state.edited : undefined;
  const form = edited?.form ?? { daily_cap: String(link.daily_cap), label: link.label ?? '' };
  const heading = link.label ?? `Link made ${formatTime(link.created_at)}`;
  return html`<li class="link-item" id="link-${link.id}" data-link-id="${link.id}">
    <h3 id="link-${link.id}-title">${heading} ${link.revoked_at ? html`<span class="badge failed">revoked</span>` : html`<span class="badge completed">live</span>`}</h3>
    <dl class="link-facts">
      <div><dt>Daily cap</dt><dd class="daily-cap">${link.daily_cap.toLocaleString('en')}</dd></div>
      <div><dt>Runs today</dt><dd class="used-today">${link.used_today.toLocaleString('en')} of ${link.daily_cap.toLocaleString('en')}</dd></div>
      <div><dt>Created</dt><dd>${formatTime(link.created_at)}</dd></div>
      ${link.revoked_at ? html`<div><dt>Revoked</dt><dd>${formatTime(link.revoked_at)}</dd></div>` : ''}
    </dl>
    ${
      link.revoked_at
        ? ''
        : html`<form method="post" action="${linkHref(preset.slug, link.id)}" class="link-edit">
          ${csrfField(viewer)}
          ${edited ? html`<p class="error" role="alert">${edited.error}</p>` : ''}
          ${linkFields(link.id, form)}
          <button type="submit" class="secondary">Save<span class="sr-only"> ${heading}</span></button>
        </form>
        <p><a href="${linkHref(preset.slug, link.id)}/revoke">Revoke…<span class="sr-only"> ${heading}</span></a></p>`
    }
  </li>`;
}

function linkFields(id: string, form: LinkForm): SafeHtml {
  return html`<div class="link-fields">
    <div>
      <label for="cap-${id}">Daily cap</label>
      <input id="cap-${id}" name="daily_cap" type="number" inputmode="numeric" min="1" max="${DAILY_CAP_MAX}" step="1" required value="${form.daily_cap}" aria-describedby="cap-${id}-hint" />
      <p class="hint" id="cap-${id}-hint">Runs a UTC day, 1 to ${DAILY_CAP_MAX.toLocaleString('en')}.</p>
    </div>
    <div>
      <label for="label-${id}">Label <span class="optional">(optional)</span></label>
      <input id="label-${id}" name="label" maxlength="100" value="${form.label}" autocomplete="off" aria-describedby="label-${id}-hint" />
      <p class="hint" id="label-${id}-hint">To tell your links apart; only you see it.</p>
    </div>
  </div>`;
}
