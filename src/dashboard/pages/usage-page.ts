import { z } from 'zod';
import type { DashboardPages } from '../dashboard-deps.js';
import { html } from '../html.js';
import { formatTime, sendPage } from '../layout.js';
import { loggedIn } from '../viewer.js';
import { millisNow } from '../../shared/clock.js';

const LEDGER_PAGE = 50;
const DAY_MS = 86_400_000;

/** What each kind of work is called on the page; the ledger's reasons are `reserve:<kind>` / `refund:<kind>`. */
export const KIND_LABELS: Record<string, string> = {
  text: 'Presets',
  derived: 'Derived content',
  transcription: 'Transcriptions',
  image: 'Images',
  video: 'Videos',
  chat: 'Chat and bots',
};
const REASON_LABELS: Record<string, string> = {
  initial: 'Opening credits',
  grant: 'Credits added',
  period_reset: 'New period allowance',
};

const query = z.object({ before: z.coerce.number().int().positive().optional() });

/** The dashboard's home: plan, balances, a chart of credits spent per day and capability, and the ledger. */
export const usagePage: DashboardPages = (scope, { services, clock }) => {
  scope.get('/', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { before } = query.catch({}).parse(request.query);
    const [overview, perDay, ledger] = await Promise.all([
      services.accounts.overview(caller),
      services.credits.spentByDay(caller.account.id, caller.period.start),
      services.credits.ledger(caller.account.id, LEDGER_PAGE + 1, before),
    ]);
    const days = daysOf(caller.period.start, new Date(Math.min(millisNow(clock), caller.period.end.getTime() - 1)));
    const kinds = [...new Set(perDay.map((row) => row.kind))];
    const series = kinds.map((kind) => ({
      kind,
      label: KIND_LABELS[kind] ?? kind,
      credits: days.map((day) => perDay.find((row) => row.day === day && row.kind === kind)?.credits ?? 0),
    }));
    const entries = ledger.slice(0, LEDGER_PAGE);
    const older = ledger.length > LEDGER_PAGE ? entries.at(-1)?.id : undefined;
    const { plan, usage, credits, period } = overview;

    const body = html`
      <section aria-labelledby="plan-title">
        <h2 id="plan-title" class="sr-only">Plan and balances</h2>
        <div class="stats">
          <div class="stat"><div class="label">Plan</div><div class="value" id="plan-name">${plan.name}</div></div>
          <div class="stat"><div class="label">Credit balance</div><div class="value" id="credit-balance">${credits.balance}</div></div>
          <div class="stat"><div class="label">Credits used this period</div><div class="value">${usage.credits_used}</div></div>
          <div class="stat"><div class="label">Speech words left</div><div class="value" id="words-left">${usage.tts_words_left}</div><div class="label">of ${plan.monthly_tts_words}</div></div>
          <div class="stat"><div class="label">Period renews</div><div class="value small-value">${period.end.slice(0, 10)}</div><div class="label">${plan.monthly_credits} credits a month</div></div>
        </div>
      </section>
      <section class="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Credits spent per day</h2>
        ${
          series.length === 0
            ? html`<p id="no-usage">Nothing spent yet this period. Try a <a href="/dashboard/presets">preset</a> or <a href="/dashboard/images">make an image</a>.</p>`
            : html`<div class="chart-box"><canvas id="usage-chart" role="img" aria-label="Stacked bars of credits spent per day this period, by capability; the same numbers are in the table below"></canvas></div>
            <details>
              <summary>The same numbers as a table</summary>
              <div class="table-wrap" tabindex="0" role="region" aria-label="Credits per day"><table id="usage-table">
                <thead><tr><th scope="col">Day</th>${series.map((s) => html`<th scope="col">${s.label}</th>`)}</tr></thead>
                <tbody>${days.map((day, i) => html`<tr><th scope="row">${day}</th>${series.map((s) => html`<td>${s.credits[i]}</td>`)}</tr>`)}</tbody>
              </table></div>
            </details>`
        }
      </section>
      <section class="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title">Ledger</h2>
        <p class="hint">Every change to the balance: work reserves credits when it starts and gets them back if it fails.</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Ledger"><table id="ledger">
          <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Change</th><th scope="col">Balance</th><th scope="col">Reference</th></tr></thead>
          <tbody>
            ${entries.map(
              (entry) => html`<tr>
                <td>${formatTime(entry.created_at)}</td>
                <td>${reasonLabel(entry.reason)}</td>
                <td class="${entry.delta < 0 ? 'minus' : 'plus'}">${entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
                <td>${entry.balance_after}</td>
                <td class="mono">${entry.reference ?? ''}</td>
              </tr>`,
            )}
          </tbody>
        </table></div>
        ${older ? html`<p><a href="/dashboard?before=${older}" rel="next">Older entries</a></p>` : ''}
        ${before ? html`<p><a href="/dashboard">Newest entries</a></p>` : ''}
      </section>`;
    return sendPage(reply, {
      title: 'Usage',
      viewer: request.viewer,
      section: '/dashboard',
      body,
      styles: ['usage.css'],
      scripts: series.length ? ['vendor/chart.umd.min.js', 'usage.js'] : [],
      data: { days, series },
    });
  });
};

function reasonLabel(reason: string): string {
  const [action, kind] = reason.split(':');
  if (kind === undefined) return REASON_LABELS[reason] ?? reason;
  const label = KIND_LABELS[kind] ?? kind;
  return action === 'refund' ? `${label}: refund` : label;
}

/** Every UTC day from `start` to `end`, as YYYY-MM-DD. */
function daysOf(start: Date, end: Date): string[] {
  const days: string[] = [];
  for (
    let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
    t <= end.getTime();
    t += DAY_MS
  )
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
