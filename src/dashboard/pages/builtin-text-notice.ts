import type { Caller } from '../../modules/accounts/accounts.service.js';
import type { DashboardServices } from '../dashboard-deps.js';
import { type SafeHtml, html } from '../html.js';

const size = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/**
 * The first-run notice of the text pages (presets, bots): text comes from the builtin engine, which writes
 * placeholder text, not a language model's. An admin gets one click to pull the recommended small model.
 */
export function builtinTextNotice(
  services: Pick<DashboardServices, 'adminModels'>,
  caller: Caller,
): { notice: SafeHtml | ''; scripts: string[] } {
  const { builtin, recommended } = services.adminModels.builtinTextOnly();
  if (!builtin) return { notice: '', scripts: [] };
  const admin = caller.account.is_admin === 1 && !caller.botKey;
  const models = html`<a href="/dashboard/admin/models">Models page</a>`;
  let action: SafeHtml | string = ' An administrator can pull a small language model to get real answers.';
  if (admin && recommended?.state === 'pulling')
    action = html` ${recommended.name} is being pulled: see its progress on the ${models}; it is used as soon as it is there.`;
  else if (admin && recommended?.state === 'absent')
    action = html` <button type="button" id="pull-recommended" data-model="${recommended.name}">Pull ${recommended.name} (${size(recommended.bytes)})</button>
      <span id="pull-recommended-status" role="status"></span> It is used as soon as it is pulled, no restart needed (progress on the ${models}).`;
  else if (admin) action = html` Choose a language model on the ${models}.`;
  const notice = html`<section class="card notice" id="builtin-text-notice" aria-label="Text engine">
    <p><strong>No language model yet:</strong> text is written by the builtin engine, which makes deterministic placeholder text, not real answers.${action}</p>
  </section>`;
  return { notice, scripts: admin && recommended?.state === 'absent' ? ['first-run.js'] : [] };
}
