import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { dashboardSuite, signUp } from './helpers/browser.js';

const suite = dashboardSuite();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now; the serious and critical findings. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate<Violation[]>(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('dashboard accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical problem on any main page, logged out or in, wide or phone-sized', async () => {
    // axe is injected as an inline script, which the pages' CSP rightly refuses: this context alone bypasses it.
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const base = suite.app.base;
    const problems: Record<string, string[]> = {};
    for (const path of ['/dashboard/login', '/dashboard/signup']) {
      await page.goto(`${base}${path}`);
      problems[path] = await violations(page);
    }
    const { email } = await signUp(page, base);
    await suite.app.app.services.accounts.setPlan(email, 'pro');
    const account = unwrap(await suite.app.app.services.accounts.find(email));
    const bot = unwrap(await suite.app.app.services.bots.create(account.id, { name: 'Helper', instructions: 'Answer briefly.' }));
    // A transcription whose audio cannot be fetched (a loopback address): its page shows the failed state.
    const { api_key: key } = await suite.app.app.services.keys.create(account.id, 'a11y');
    const created = await fetch(`${base}/api/transcriptions`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/talk.wav', audio_type: 'meeting', language: 'English', name: 'Stand-up' }),
    });
    const { dashboard_url: transcription } = (await created.json()) as { dashboard_url: string };

    const pages = ['/dashboard', '/dashboard/keys', '/dashboard/presets', '/dashboard/presets/paragraph-writer', '/dashboard/images', '/dashboard/videos', '/dashboard/transcriptions', new URL(transcription).pathname, '/dashboard/speech', '/dashboard/bots', `/dashboard/bots/${bot.id}`, '/dashboard/no-such-page'];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(`${base}${path}`);
        await page.waitForLoadState('networkidle');
        const found = await violations(page);
        if (found.length) problems[`${path} @${width}px`] = found;
      }
    }
    expect(Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0))).toEqual({});
    await context.close();
  });
});
