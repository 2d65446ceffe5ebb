import { z } from 'zod';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import { callOperation } from '../../dashboard-operations.js';
import type { DashboardPages } from '../../dashboard-deps.js';
import { html } from '../../html.js';
import { KIND_LABELS } from '../usage-page.js';

const query = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() });

/** Usage across accounts: a date range, credits per day and capability as a chart and a table, the top accounts. */
export const adminUsagePage: DashboardPages = (scope, deps) => {
  scope.get('/admin/usage', async (request, reply) => {
    const caller = adminOnly(request);
    const { from, to } = query.catch({}).parse(request.query);
    const usage = deps.operations.adminUsage.adminUsage;
    const asked = await callOperation(request, caller, usage, {
      input: { from: from || undefined, to: to || undefined },
    });
    const fallback = asked.ok ? undefined : await callOperation(request, caller, usage, { input: {} });
    const report = asked.ok ? asked.value : fallback?.ok ? fallback.value : undefined;
    if (!report) throw new Error('The usage report failed');
    const kinds = Object.keys(report.totals.credits_by_capability).sort();
    const series = kinds.map((kind) => ({
      kind,
      label: KIND_LABELS[kind] ?? kind,
      credits: report.days.map((day) => day.credits_by_capability[kind] ?? 0),
    }));
    const body = html`
      <form method="get" action="/dashboard/admin/usage" class="filters" aria-label="Date range">
        <label>From <input type="date" name="from" value="${from || report.from}" required /></label>
        <label>To <input type="date" name="to" value="${to || report.to}" required /></label>
        <button type="submit">Show</button>
      </form>
      ${asked.ok ? '' : html`<p class="error" role="alert">${asked.error.message}; showing the last 30 days.</p>`}
      <div class="stats">
        <div class="stat"><div class="label">Credits spent</div><div class="value" id="total-credits">${report.totals.credits}</div></div>
        <div class="stat"><div class="label">Speech words</div><div class="value" id="total-words">${report.totals.words}</div></div>
        <div class="stat"><div class="label">Days</div><div class="value small-value">${report.from} to ${report.to}</div></div>
      </div>
      <section class="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Credits spent per day</h2>
        ${
          series.length === 0
            ? html`<p id="no-usage">No credits were spent in this range.</p>`
            : html`<div class="chart-box"><canvas id="usage-chart" role="img" aria-label="Stacked bars of credits spent per day by capability, across accounts; the same numbers are in the table below"></canvas></div>`
        }
        <div class="table-wrap" tabindex="0" role="region" aria-label="Credits and words per day"><table id="usage-table">
          <thead><tr><th scope="col">Day</th>${series.map((s) => html`<th scope="col">${s.label}</th>`)}<th scope="col">Credits</th><th scope="col">Speech words</th></tr></thead>
          <tbody>${report.days.map(
            (day, i) =>
              html`<tr><th scope="row">${day.day}</th>${series.map((s) => html`<td>${s.credits[i]}</td>`)}<td>${day.credits}</td><td>${day.words}</td></tr>`,
          )}</tbody>
        </table></div>
      </section>
      <section class="card" aria-labelledby="top-title">
        <h2 id="top-title">Top accounts</h2>
        ${
          report.top_accounts.length === 0
            ? html`<p>No account spent credits in this range.</p>`
            : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Top accounts"><table id="top-accounts">
              <thead><tr><th scope="col">Account</th><th scope="col">Credits</th><th scope="col">Speech words</th></tr></thead>
              <tbody>${report.top_accounts.map(
                (a) =>
                  html`<tr><td><a href="/dashboard/admin/accounts/${a.id}">${a.email}</a></td><td>${a.credits}</td><td>${a.words}</td></tr>`,
              )}</tbody>
            </table></div>`
        }
      </section>`;
    return sendAdminPage(reply, {
      title: 'Usage across accounts',
      viewer: request.viewer,
      current: '/dashboard/admin/usage',
      body,
      styles: ['usage.css'],
      scripts: series.length ? ['vendor/chart.umd.min.js', 'usage.js'] : [],
      data: { days: report.days.map((day) => day.day), series },
    });
  });
};
