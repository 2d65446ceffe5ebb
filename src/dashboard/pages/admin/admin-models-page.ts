import type { ModelView } from '../../../modules/admin/admin-models.service.js';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import type { DashboardPages } from '../../dashboard-deps.js';
import { html } from '../../html.js';

export const formatBytes = (bytes: number): string =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;

/** What the page (and its script) says when transcriptions have no whisper model. */
const NO_WHISPER_MODEL = 'no whisper model';

/** The state column as text; the page's script keeps it current with the same words. */
function stateText(model: ModelView): string {
  if (model.state === 'pulled') return model.in_use ? 'Pulled, in use' : 'Pulled';
  if (model.state === 'pulling') return 'Pulling…';
  if (model.last_error) return `Not pulled (last pull failed: ${model.last_error})`;
  return model.partial_bytes === null
    ? 'Not pulled'
    : `Not pulled (${formatBytes(model.partial_bytes)} kept to resume)`;
}

/** The local model catalogue: pull with live progress (also after a reload), cancel, remove. */
export const adminModelsPage: DashboardPages = (scope, { services }) => {
  scope.get('/admin/models', async (request, reply) => {
    adminOnly(request);
    const overview = services.adminModels.list();
    const body = html`
      <p id="text-provider">Text is served by <strong>${overview.text_provider}</strong>${
        overview.follows_pulled_models
          ? '. A pulled language model is used at once, without a restart; removing it goes back to the builtin engine.'
          : ' as configured (ATELIER_TEXT_PROVIDER or a model path): pulled language models are used after a configuration change and a restart.'
      }</p>
      <p id="whisper-model">Transcriptions use <strong>${overview.whisper_model ?? NO_WHISPER_MODEL}</strong>${
        overview.follows_pulled_whisper_models
          ? '. A pulled whisper model is used at once, without a restart; transcriptions already running finish on the model they started with.'
          : ' as configured (ATELIER_WHISPER_MODEL_PATH): pulled whisper models are used after a configuration change and a restart.'
      }</p>
      <div class="table-wrap" tabindex="0" role="region" aria-label="Local models"><table id="models">
        <thead><tr><th scope="col">Model</th><th scope="col">Kind</th><th scope="col">Size</th><th scope="col">Serves</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
        <tbody>${overview.models.map(
          (m) => html`<tr data-model="${m.name}">
            <th scope="row"><span class="mono">${m.name}</span>${m.recommended ? html` <span class="badge">recommended</span>` : ''}<br /><span class="hint">${m.description}</span></th>
            <td>${m.kind}</td>
            <td>${formatBytes(m.bytes)}</td>
            <td>${m.serves}</td>
            <td class="state">${stateText(m)}</td>
            <td class="actions"></td>
          </tr>`,
        )}</tbody>
      </table></div>
      <p role="status" id="models-status" class="hint"></p>`;
    return sendAdminPage(reply, {
      title: 'Models',
      viewer: request.viewer,
      current: '/dashboard/admin/models',
      body,
      scripts: ['admin-models.js'],
      styles: ['admin-models.css'],
      data: overview,
    });
  });
};
