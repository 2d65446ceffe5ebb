import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import type { UserPresetView } from '../../modules/presets/user-preset.schemas.js';
import type { DashboardDeps, DashboardPages } from '../dashboard-deps.js';
import { callOperation } from '../dashboard-operations.js';
import { html } from '../html.js';
import { csrfField, formatTime, sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import { loggedIn } from '../viewer.js';
import { brandVoicesOf } from './brand-voices-page.js';
import {
  type EditorForm,
  type EditorView,
  createBody,
  draftBody,
  editorFormOf,
  editorMarkup,
  newPresetForm,
  presetForm,
} from './preset-editor-form.js';

const page = {
  section: '/dashboard/presets' as const,
  scripts: ['preset-editor.js'],
  styles: ['presets.css', 'preset-editor.css'],
};
const editQuery = fieldsOf({ saved: text });
const presetHref = (slug: string) => `/dashboard/presets/${encodeURIComponent(slug)}`;

/** The editor of an account's own presets: new, edit (a new version), versions and delete. */
export const presetEditorPages: DashboardPages = (scope, deps) => {
  scope.get('/presets/new', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (caller) return editorPage(request, reply, deps, caller, { form: newPresetForm() });
  });

  scope.post('/presets/new', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const form = editorFormOf(request.body);
    if (form.action !== 'save') return tryDraft(request, reply, deps, caller, form);
    const created = await callOperation(request, caller, deps.operations.userPresets.createPreset, {
      input: createBody(form),
    });
    if (created.ok) return reply.redirect(presetHref(created.value.slug), 303);
    const { message, status } = created.error;
    return editorPage(request, reply, deps, caller, { form, error: message }, status);
  });

  scope.get('/presets/:id/edit', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const saved = editQuery.parse(request.query).saved === '1';
    const notice = saved ? `Saved as version ${preset.version}.` : undefined;
    return editorPage(request, reply, deps, caller, { form: presetForm(preset), preset, notice });
  });

  scope.post('/presets/:id/edit', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const form = editorFormOf(request.body);
    if (form.action !== 'save') return tryDraft(request, reply, deps, caller, form, preset);
    const { slug: _kept, ...changes } = createBody(form);
    const updated = await callOperation(request, caller, deps.operations.userPresets.updatePreset, {
      params: { slug: preset.slug },
      // No brand voice chosen clears the preset's: the account's default then applies.
      input: { ...changes, brand_voice: changes.brand_voice ?? null },
    });
    if (updated.ok) return reply.redirect(`${presetHref(preset.slug)}/edit?saved=1`, 303);
    const { message, status } = updated.error;
    return editorPage(request, reply, deps, caller, { form, preset, error: message }, status);
  });

  scope.get('/presets/:id/versions', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const listed = await callOperation(request, caller, deps.operations.userPresets.listPresetVersions, {
      params: { slug: preset.slug },
    });
    if (!listed.ok) throw listed.error;
    const body = html`<p><a href="${presetHref(preset.slug)}">← ${preset.title}</a></p>
      <section class="card" aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        <p class="hint">Each save makes a new version; an output records the version it was made with.</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Versions"><table id="versions">
          <thead><tr><th scope="col">Version</th><th scope="col">Saved</th><th scope="col">Fields</th><th scope="col">Prompt template</th></tr></thead>
          <tbody>
            ${listed.value.versions.map(
              (version) => html`<tr>
                <td>${version.version}${version.version === preset.version ? html` <span class="badge completed">current</span>` : ''}</td>
                <td>${formatTime(version.created_at)}</td>
                <td>${version.fields.map((field) => field.name).join(', ')}</td>
                <td><details><summary>Show</summary><pre>${version.prompt}</pre></details></td>
              </tr>`,
            )}
          </tbody>
        </table></div>
      </section>`;
    return sendPage(reply, {
      ...page,
      scripts: [],
      title: `Versions of ${preset.title}`,
      viewer: request.viewer,
      body,
    });
  });

  scope.get('/presets/:id/delete', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const preset = await ownPreset(request, caller, deps);
    const body = html`<section class="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete “${preset.title}”?</h2>
      <p>The preset and its ${preset.version} ${preset.version === 1 ? 'version' : 'versions'} go; <code>${preset.slug}</code> stops working
        wherever it is used. Outputs already made are kept. This cannot be undone.</p>
      <form method="post" action="${presetHref(preset.slug)}/delete" id="delete-preset">
        ${csrfField(request.viewer)}
        <button type="submit" class="danger">Delete preset</button>
        <a href="${presetHref(preset.slug)}">Cancel</a>
      </form>
    </section>`;
    return sendPage(reply, { ...page, scripts: [], title: `Delete ${preset.title}`, viewer: request.viewer, body });
  });

  scope.post('/presets/:id/delete', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const deleted = await callOperation(request, caller, deps.operations.userPresets.deletePreset, {
      params: { slug: pathOf(idPath, request).id.slice(0, 100) },
    });
    if (!deleted.ok) throw deleted.error;
    return reply.redirect('/dashboard/presets', 303);
  });
};

/** The caller's own preset the path names; another account's, or none, is the dashboard's 404 page. */
export async function ownPreset(request: FastifyRequest, caller: Caller, deps: DashboardDeps): Promise<UserPresetView> {
  const slug = pathOf(idPath, request).id.slice(0, 100);
  const found = await deps.services.userPresets.view(caller.account.id, slug);
  if (!found.ok) throw found.error;
  return found.value;
}

/** The Preview and Test run buttons without a script: the same operations, the answer rendered in the editor. */
async function tryDraft(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  form: EditorForm,
  preset?: UserPresetView,
) {
  const input = draftBody(form, preset?.slug);
  const drafts = deps.operations.presetDrafts;
  if (form.action === 'test') {
    const ran = await callOperation(request, caller, drafts.testRunPreset, { input });
    const run = ran.ok ? ran.value : { error: ran.error.message };
    return editorPage(request, reply, deps, caller, { form, preset, run });
  }
  const previewed = await callOperation(request, caller, drafts.previewPreset, { input });
  const preview = previewed.ok ? previewed.value : { error: previewed.error.message };
  return editorPage(request, reply, deps, caller, { form, preset, preview });
}

type EditorState = Pick<EditorView, 'form' | 'error' | 'preview' | 'run'> & {
  preset?: UserPresetView | undefined;
  notice?: string | undefined;
};

async function editorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  { preset, notice, ...state }: EditorState,
  status = 200,
) {
  const [overview, voices] = await Promise.all([
    deps.services.accounts.overview(caller),
    brandVoicesOf(request, caller, deps),
  ]);
  const editor = editorMarkup({
    voices,
    ...state,
    action: preset ? `${presetHref(preset.slug)}/edit` : '/dashboard/presets/new',
    csrf: request.viewer.csrf,
    creating: !preset,
    perOutput: deps.config.credits.perOutput,
    balance: overview.credits.balance,
  });
  const body = preset
    ? html`<p><a href="${presetHref(preset.slug)}">← ${preset.title}</a> · <a href="${presetHref(preset.slug)}/versions">Versions</a> · <a href="${presetHref(preset.slug)}/links">Sharing</a></p>
      <p class="hint">Version ${preset.version}, updated ${formatTime(preset.updated_at)}. Saving makes version ${preset.version + 1}.</p>
      ${notice ? html`<p class="ok" role="status">${notice}</p>` : ''}${editor}`
    : html`<p><a href="/dashboard/presets">← All presets</a></p>
      <p class="hint">A preset of your own: only your account sees it, and uses it by its slug wherever a preset is taken.</p>${editor}`;
  const title = preset ? `Edit ${preset.title}` : 'New preset';
  return sendPage(
    reply,
    { ...page, title, viewer: request.viewer, body, data: { slug: preset?.slug ?? null } },
    status,
  );
}
