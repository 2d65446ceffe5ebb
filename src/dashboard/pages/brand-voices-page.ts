import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import { BRAND_VOICE_LIMITS as L, type BrandVoice } from '../../modules/brand-voices/brand-voices.schemas.js';
import type { DashboardDeps, DashboardPages } from '../dashboard-deps.js';
import { callOperation } from '../dashboard-operations.js';
import { type SafeHtml, html } from '../html.js';
import { csrfField, formatTime, sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import type { Viewer } from '../viewer.js';
import { loggedIn } from '../viewer.js';

const page = { section: '/dashboard/brand-voices' as const, scripts: ['brand-voices.js'] };
const formFields = fieldsOf({ name: text, instructions: text, samples: text, url: text, default: text });
type VoiceForm = ReturnType<typeof formFields.parse>;
/** The form as typed: a browser sends a textarea's line breaks as CRLF, which the API's JSON would send as LF. */
function voiceForm(body: unknown): VoiceForm {
  const form = formFields.parse(body);
  const lines = (value: string) => value.replace(/\r\n?/g, '\n');
  return { ...form, instructions: lines(form.instructions), samples: lines(form.samples) };
}
const editQuery = fieldsOf({ saved: text });
const EMPTY_FORM: VoiceForm = { name: '', instructions: '', samples: '', url: '', default: '' };

/** How the instructions were made, as the list says it. */
export function madeBy(voice: Pick<BrandVoice, 'drafted_by'>): string {
  if (voice.drafted_by === 'model') return 'drafted by the model';
  if (voice.drafted_by === 'offline profile') return 'offline profile';
  return 'written';
}

/** The account's brand voices, one page of them (an account keeps at most as many as a page holds). */
export async function brandVoicesOf(request: FastifyRequest, caller: Caller, deps: DashboardDeps) {
  const listed = await callOperation(request, caller, deps.operations.brandVoices.listBrandVoices, {
    input: { limit: L.perAccount, offset: 0 },
  });
  if (!listed.ok) throw listed.error;
  return listed.value.brand_voices;
}

/**
 * A choice of brand voice for a form: none (the account's default, named, then applies) or one of `voices`,
 * `selected` chosen.
 */
export function brandVoiceSelect(options: {
  id: string;
  name: string;
  voices: BrandVoice[];
  selected?: string | null;
  describedBy?: string;
}): SafeHtml {
  const fallback = options.voices.find((voice) => voice.default);
  return html`<select id="${options.id}" name="${options.name}" ${options.describedBy ? html`aria-describedby="${options.describedBy}"` : ''}>
    <option value="">${fallback ? `None chosen: your default, ${fallback.name}` : 'None (you have no default)'}</option>
    ${options.voices.map((voice) => html`<option value="${voice.id}" ${voice.id === options.selected ? html`selected` : ''}>${voice.name}${voice.default ? ' (default)' : ''}</option>`)}
  </select>`;
}

/** Brand voices: the list with a create form, each one's edit page, and a delete confirmation. */
export const brandVoicesPage: DashboardPages = (scope, deps) => {
  scope.get('/brand-voices', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (caller) return listPage(request, reply, deps, caller);
  });

  scope.post('/brand-voices', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const form = voiceForm(request.body);
    const created = await callOperation(request, caller, deps.operations.brandVoices.createBrandVoice, {
      input: {
        name: form.name,
        instructions: given(form.instructions),
        samples: given(form.samples),
        url: given(form.url.trim()),
        default: form.default === 'on',
      },
    });
    if (created.ok) return reply.redirect('/dashboard/brand-voices', 303);
    return listPage(request, reply, deps, caller, { form, error: created.error.message }, created.error.status);
  });

  scope.get('/brand-voices/:id', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const voice = await find(request, caller, deps);
    const saved = editQuery.parse(request.query).saved === '1';
    return editPage(reply, request.viewer, voice, formOf(voice), { saved });
  });

  scope.post('/brand-voices/:id', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const voice = await find(request, caller, deps);
    const form = voiceForm(request.body);
    // Only what changed is sent: instructions sent as they were would count as written over a draft.
    const url = form.url.trim();
    const updated = await callOperation(request, caller, deps.operations.brandVoices.updateBrandVoice, {
      params: { id: voice.id },
      input: {
        name: form.name,
        default: form.default === 'on',
        ...(form.instructions.trim() === voice.instructions ? {} : { instructions: form.instructions }),
        ...(form.samples.trim() === (voice.samples ?? '') ? {} : { samples: given(form.samples) ?? null }),
        ...(url === (voice.url ?? '') ? {} : { url: given(url) ?? null }),
      },
    });
    if (updated.ok) return reply.redirect(`/dashboard/brand-voices/${encodeURIComponent(voice.id)}?saved=1`, 303);
    return editPage(reply, request.viewer, voice, form, { error: updated.error.message }, updated.error.status);
  });

  scope.get('/brand-voices/:id/delete', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const voice = await find(request, caller, deps);
    const body = html`<section class="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete “${voice.name}”?</h2>
      <p>Bots that use it are left without a brand voice (your default then applies to them)${voice.default ? html`, and this is your default: nothing applies where none is named afterwards` : ''}. This cannot be undone.</p>
      <form method="post" action="/dashboard/brand-voices/${voice.id}/delete" id="delete-voice">
        ${csrfField(request.viewer)}
        <button type="submit" class="danger">Delete brand voice</button>
        <a href="/dashboard/brand-voices/${voice.id}">Cancel</a>
      </form>
    </section>`;
    return sendPage(reply, { ...page, title: `Delete ${voice.name}`, viewer: request.viewer, body });
  });

  scope.post('/brand-voices/:id/delete', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { id } = pathOf(idPath, request);
    const deleted = await callOperation(request, caller, deps.operations.brandVoices.deleteBrandVoice, {
      params: { id: id.slice(0, 100) },
    });
    if (!deleted.ok) throw deleted.error;
    return reply.redirect('/dashboard/brand-voices', 303);
  });
};

/** A field left empty is a field not given. */
const given = (value: string) => (value.trim() === '' ? undefined : value);

/** The caller's brand voice the path names; another account's, or none, is the dashboard's 404 page. */
async function find(request: FastifyRequest, caller: Caller, deps: DashboardDeps): Promise<BrandVoice> {
  const id = pathOf(idPath, request).id.slice(0, 100);
  const found = await callOperation(request, caller, deps.operations.brandVoices.getBrandVoice, { params: { id } });
  if (!found.ok) throw found.error;
  return found.value;
}

const formOf = (voice: BrandVoice): VoiceForm => ({
  name: voice.name,
  instructions: voice.instructions,
  samples: voice.samples ?? '',
  url: voice.url ?? '',
  default: voice.default ? 'on' : '',
});

async function listPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  state: { form?: VoiceForm; error?: string } = {},
  status = 200,
) {
  const voices = await brandVoicesOf(request, caller, deps);
  const body = html`<section class="card" aria-labelledby="voices-title">
      <h2 id="voices-title">Your brand voices</h2>
      <p class="hint">A brand voice is instructions for your house style. Generating from a preset, chat completions and bots put
        them ahead of their own instructions: the one you name (<code>brand_voice</code>, a bot's brand voice) or else your default.</p>
      ${
        voices.length === 0
          ? html`<p>No brand voices yet: create the first one below.</p>`
          : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Brand voices"><table id="brand-voices">
            <thead><tr><th scope="col">Name</th><th scope="col">Default</th><th scope="col">Instructions</th><th scope="col">Updated</th></tr></thead>
            <tbody>
              ${voices.map(
                (voice) => html`<tr data-voice-id="${voice.id}">
                  <td><a href="/dashboard/brand-voices/${voice.id}">${voice.name}</a></td>
                  <td>${voice.default ? html`<span class="badge completed">default</span>` : ''}</td>
                  <td>${madeBy(voice)}</td>
                  <td>${formatTime(voice.updated_at)}</td>
                </tr>`,
              )}
            </tbody>
          </table></div>`
      }
    </section>
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">Create a brand voice</h2>
      <p class="hint">Write the instructions, or leave them empty and give writing samples or a page in your voice: the
        instructions are then drafted from them by the language model. Offline (the builtin engine, no language model), the
        draft is a measured style profile: counts taken from the samples, written as instructions. You can edit them after.
        At most ${L.perAccount} brand voices per account.</p>
      <form method="post" action="/dashboard/brand-voices" id="create-voice">
        ${csrfField(request.viewer)}
        ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
        ${voiceFields(state.form ?? EMPTY_FORM, false)}
        <button type="submit">Create brand voice</button>
      </form>
    </section>`;
  return sendPage(reply, { ...page, title: 'Brand voices', viewer: request.viewer, body }, status);
}

function editPage(
  reply: FastifyReply,
  viewer: Viewer,
  voice: BrandVoice,
  form: VoiceForm,
  { saved = false, error }: { saved?: boolean; error?: string },
  status = 200,
) {
  const body = html`<p><a href="/dashboard/brand-voices">← All brand voices</a></p>
    <section class="card" aria-labelledby="edit-title">
      <h2 id="edit-title">Edit</h2>
      <p class="hint">Instructions: ${madeBy(voice)}. Updated ${formatTime(voice.updated_at)}. Change the samples or the page
        and leave the instructions as they are, or empty the instructions, to draft them again.</p>
      ${saved ? html`<p class="ok" role="status">Saved.</p>` : ''}
      <form method="post" action="/dashboard/brand-voices/${voice.id}" id="edit-voice">
        ${csrfField(viewer)}
        ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
        ${voiceFields(form, true)}
        <button type="submit">Save changes</button>
      </form>
      <p><a href="/dashboard/brand-voices/${voice.id}/delete" id="delete-link">Delete this brand voice…</a></p>
    </section>`;
  return sendPage(reply, { ...page, title: voice.name, viewer, body }, status);
}

/** Code points, as the engine counts what it reads. */
const characters = (value: string) => Array.from(value).length;

function voiceFields(form: VoiceForm, editing: boolean): SafeHtml {
  const count = characters(form.instructions);
  return html`<label for="voice-name">Name</label>
    <input id="voice-name" name="name" required maxlength="${L.name}" value="${form.name}" autocomplete="off" />
    <label for="voice-instructions">Instructions ${editing ? '' : html`<span class="optional">(optional: drafted from the samples or the page otherwise)</span>`}</label>
    <textarea id="voice-instructions" name="instructions" rows="8" maxlength="${L.instructions}" aria-describedby="instructions-count">${form.instructions}</textarea>
    <p class="hint counter" id="instructions-count" data-applied="${L.applied}"><span id="instructions-characters">${count.toLocaleString('en')}</span> of at most ${L.instructions.toLocaleString('en')} characters; the engine reads the first ${L.applied.toLocaleString('en')}<span id="instructions-over">${count > L.applied ? html`: ${(count - L.applied).toLocaleString('en')} past them are not read` : ''}</span>.</p>
    <label for="voice-samples">Writing samples <span class="optional">(optional)</span></label>
    <textarea id="voice-samples" name="samples" rows="5" maxlength="${L.samples}" aria-describedby="samples-hint">${form.samples}</textarea>
    <p class="hint" id="samples-hint">Text written in the voice, at most ${L.samples.toLocaleString('en')} characters.</p>
    <label for="voice-url">Page URL <span class="optional">(optional)</span></label>
    <input id="voice-url" name="url" type="url" maxlength="${L.url}" value="${form.url}" placeholder="https://example.com/about" aria-describedby="url-hint" autocomplete="off" />
    <p class="hint" id="url-hint">A page in your voice: its text is read to draft the instructions.</p>
    <label class="inline-label"><input type="checkbox" id="voice-default" name="default" ${form.default === 'on' ? html`checked` : ''} /> Make this my default</label>
    <p class="hint">The default applies wherever no brand voice is named; one account has one default.</p>`;
}
