import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../../modules/accounts/accounts.service.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../modules/accounts/passwords.js';
import { ADJUSTMENT_REASON } from '../../../modules/admin/admin-accounts.service.js';
import type { OperationModules } from '../../../operations/catalogue.js';
import type { Operation } from '../../../operations/operation.js';
import { type Outcome, unwrap } from '../../../shared/errors.js';
import { sendAdminPage } from '../../admin-pages.js';
import { callOperation } from '../../dashboard-operations.js';
import type { DashboardDeps } from '../../dashboard-deps.js';
import { html } from '../../html.js';
import { csrfField, formatTime } from '../../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../../request-fields.js';

/** The fields of the account page's forms (each form sends some of them). */
export const accountForm = fieldsOf({ reason: text, plan: text, amount: text, password: text });

/** Runs an operation on the page's account with the input its form made. */
type OnAccount = <I extends z.ZodType, O extends z.ZodType>(
  operation: Operation<I, O, z.ZodObject<{ id: z.ZodString }>>,
  input: z.input<I>,
) => Promise<Outcome<z.input<O>>>;

interface AccountActionDefinition {
  /** Calls the action's operation with its input from the form. */
  run(
    on: OnAccount,
    operations: OperationModules['adminAccounts'],
    form: z.output<typeof accountForm>,
  ): Promise<Outcome<unknown>>;
  /** What the page says after. */
  done: string;
}

/** What each of the account page's forms does: the operation it calls, its input from the form, what it says after. */
export const ACCOUNT_ACTIONS = {
  block: {
    run: (on, operations, f) => on(operations.adminBlockAccount, { reason: f.reason || undefined }),
    done: 'Account blocked: its keys and sessions are refused.',
  },
  unblock: { run: (on, operations) => on(operations.adminUnblockAccount, {}), done: 'Account unblocked.' },
  plan: { run: (on, operations, f) => on(operations.adminSetAccountPlan, { plan: f.plan }), done: 'Plan changed.' },
  credits: {
    run: (on, operations, f) =>
      on(operations.adminAdjustCredits, { amount: f.amount ? Number(f.amount) : 0, reason: f.reason }),
    done: 'Credits changed; the ledger shows it.',
  },
  password: {
    run: (on, operations, f) => on(operations.adminSetAccountPassword, { password: f.password }),
    done: 'Password set; its sessions were ended.',
  },
  sessions: {
    run: (on, operations) => on(operations.adminEndAccountSessions, {}),
    done: 'Every session of the account was ended.',
  },
} satisfies Record<string, AccountActionDefinition>;

export type AccountAction = keyof typeof ACCOUNT_ACTIONS;

/** An action's name as a path or a query names it. */
export const accountAction = z.custom<AccountAction>(
  (value) => typeof value === 'string' && Object.hasOwn(ACCOUNT_ACTIONS, value),
);

const detailQuery = z.object({ before: z.coerce.number().int().positive().optional() });

/** One account's page: its state, usage this period, ledger and keys, and a form per action. */
export async function renderAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  state: { notice?: string; error?: string; status?: number } = {},
) {
  const id = pathOf(idPath, request).id.slice(0, 100);
  const { before } = detailQuery.catch({}).parse(request.query);
  const detail = unwrap(
    await callOperation(request, caller, deps.operations.adminAccounts.adminGetAccount, {
      params: { id },
      input: { before },
    }),
  );
  const { account, usage, ledger, keys } = detail;
  const viewer = request.viewer;
  const self = account.id === caller.account.id;
  const action = (name: AccountAction) => `/dashboard/admin/accounts/${account.id}/${name}`;
  const kinds = Object.entries(usage.credits_used_by_kind);
  const body = html`
    <p><a href="/dashboard/admin/accounts">← All accounts</a></p>
    <h2 id="account-email">${account.email}${account.is_admin ? html` <span class="badge pending">admin</span>` : ''}</h2>
    ${state.notice ? html`<p class="ok" role="status" id="outcome">${state.notice}</p>` : ''}
    ${state.error ? html`<p class="error" role="alert" id="outcome">${state.error}</p>` : ''}
    <div class="stats">
      <div class="stat"><div class="label">Plan</div><div class="value" id="account-plan">${account.plan}</div></div>
      <div class="stat"><div class="label">Credit balance</div><div class="value" id="account-credits">${account.credits}</div></div>
      <div class="stat"><div class="label">Status</div><div class="value small-value" id="account-status">${account.blocked ? `Blocked${account.blocked_reason ? `: ${account.blocked_reason}` : ''}` : 'Active'}</div></div>
      <div class="stat"><div class="label">Created</div><div class="value small-value">${formatTime(account.created_at)}</div></div>
      <div class="stat"><div class="label">Last use</div><div class="value small-value">${formatTime(account.last_used_at)}</div></div>
    </div>
    <section class="card" aria-labelledby="period-title">
      <h2 id="period-title">This period</h2>
      <p class="hint">${detail.period.start.slice(0, 10)} to ${detail.period.end.slice(0, 10)}: ${usage.credits_used} credits and ${usage.tts_words_used} speech words used, ${usage.tts_words_left} words left.</p>
      ${
        kinds.length === 0
          ? html`<p>No credits spent this period.</p>`
          : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Credits by capability"><table id="account-usage">
            <thead><tr><th scope="col">Capability</th><th scope="col">Credits</th></tr></thead>
            <tbody>${kinds.map(([kind, credits]) => html`<tr><th scope="row">${kind}</th><td>${credits}</td></tr>`)}</tbody>
          </table></div>`
      }
    </section>
    <section class="card admin-actions" aria-labelledby="manage-title">
      <h2 id="manage-title">Manage</h2>
      ${
        account.blocked
          ? html`<form method="post" action="${action('unblock')}" class="inline">${csrfField(viewer)}<button type="submit">Unblock</button></form>`
          : self
            ? ''
            : html`<form method="post" action="${action('block')}" class="inline">${csrfField(viewer)}
              <label for="block-reason">Reason for blocking <span class="hint">(optional; the account is told)</span></label>
              <input id="block-reason" name="reason" maxlength="200" />
              <button type="submit" class="danger">Block</button>
            </form>`
      }
      <form method="post" action="${action('plan')}" class="inline">${csrfField(viewer)}
        <label for="plan">Plan</label>
        <select id="plan" name="plan">${deps.config.plans.map((p) => html`<option ${p.name === account.plan ? 'selected' : ''}>${p.name}</option>`)}</select>
        <button type="submit">Change plan</button>
      </form>
      <form method="post" action="${action('credits')}" class="inline">${csrfField(viewer)}
        <label for="credit-amount">Credits to add <span class="hint">(negative to remove)</span></label>
        <input id="credit-amount" name="amount" type="number" step="1" required />
        <label for="credit-reason">Reason <span class="hint">(in the ledger)</span></label>
        <input id="credit-reason" name="reason" required maxlength="200" />
        <button type="submit">Change credits</button>
      </form>
      ${
        self
          ? ''
          : html`<form method="post" action="${action('password')}" class="inline">${csrfField(viewer)}
        <label for="account-password">New password <span class="hint">(${account.has_password ? 'replaces the current one' : 'lets the account log in to the dashboard'}; ends its sessions)</span></label>
        <input id="account-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" />
        <button type="submit">Set password</button>
      </form>
      <form method="post" action="${action('sessions')}" class="inline">${csrfField(viewer)}
        <p class="hint">${account.sessions} dashboard session${account.sessions === 1 ? '' : 's'} open.</p>
        <button type="submit" class="secondary">End sessions</button>
      </form>`
      }
    </section>
    <section class="card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <div class="table-wrap" tabindex="0" role="region" aria-label="Ledger"><table id="ledger">
        <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Change</th><th scope="col">Balance</th><th scope="col">Reference or reason</th></tr></thead>
        <tbody>${ledger.entries.map(
          (e) => html`<tr>
            <td>${formatTime(e.created_at)}</td>
            <td class="mono">${e.reason === ADJUSTMENT_REASON ? 'adjustment by an admin' : e.reason}</td>
            <td>${e.delta > 0 ? `+${e.delta}` : e.delta}</td>
            <td>${e.balance_after}</td>
            <td>${e.reference ?? ''}</td>
          </tr>`,
        )}</tbody>
      </table></div>
      ${ledger.next_before ? html`<p><a rel="next" href="/dashboard/admin/accounts/${account.id}?before=${ledger.next_before}">Older entries</a></p>` : ''}
      ${before ? html`<p><a href="/dashboard/admin/accounts/${account.id}">Newest entries</a></p>` : ''}
    </section>
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      ${
        keys.length === 0
          ? html`<p>No API keys.</p>`
          : html`<div class="table-wrap" tabindex="0" role="region" aria-label="API keys"><table id="account-keys">
            <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead>
            <tbody>${keys.map(
              (k) => html`<tr>
                <td>${k.name}</td>
                <td class="mono">${k.prefix}…</td>
                <td>${formatTime(k.created_at)}</td>
                <td>${formatTime(k.last_used_at)}</td>
                <td>${k.revoked_at ? html`<span class="badge failed">revoked</span>` : html`<span class="badge completed">active</span>`}</td>
              </tr>`,
            )}</tbody>
          </table></div>`
      }
    </section>`;
  return sendAdminPage(
    reply,
    {
      title: 'Account',
      viewer,
      current: '/dashboard/admin/accounts',
      body,
      styles: ['usage.css', 'admin-accounts.css'],
    },
    state.status,
  );
}
