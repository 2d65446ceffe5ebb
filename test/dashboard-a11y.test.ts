import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { axeViolations as violations } from './helpers/axe.js';
import { dashboardSuite, signUp } from './helpers/browser.js';

const suite = dashboardSuite();
describe('dashboard accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  // axe is injected as an inline script, which the pages' CSP rightly refuses: this context alone bypasses it.
  let context: BrowserContext;
  let page: Page;
  let pages: string[];

  /** Requests the page has under way: a page is read once it has loaded and none has been for QUIET_MS. */
  let inFlight = 0;
  const QUIET_MS = 100;

  beforeAll(async () => {
    context = await suite.browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
  });

  /** Playwright's 'networkidle' waits 500 ms of silence on every page; the pages here fetch at once or not at all. */
  async function settled(): Promise<void> {
    await page.waitForLoadState('load');
    let quietSince = Date.now();
    const deadline = quietSince + 5_000;
    while (Date.now() - quietSince < QUIET_MS && Date.now() < deadline) {
      if (inFlight > 0) quietSince = Date.now();
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  afterAll(async () => context?.close());

  /** Every page in `paths` at `width` pixels: the pages with serious or critical findings, and what they are. */
  async function problemsAt(width: number, paths: string[]): Promise<Record<string, string[]>> {
    await page.setViewportSize({ width, height: 900 });
    const problems: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(`${suite.app.base}${path}`);
      await settled();
      const found = await violations(page);
      if (found.length) problems[`${path} @${width}px`] = found;
    }
    return problems;
  }

  it('finds no serious or critical problem on the log-in and sign-up pages', async () => {
    expect(await problemsAt(1280, ['/dashboard/login', '/dashboard/signup'])).toEqual({});
  });

  it('finds none on any main page of a logged-in account, wide', async () => {
    const base = suite.app.base;
    const { email } = await signUp(page, base);
    await suite.app.app.services.accounts.setPlan(email, 'pro');
    const account = unwrap(await suite.app.app.services.accounts.find(email));
    const bot = unwrap(
      await suite.app.app.services.bots.create(
        account.id,
        { name: 'Helper', instructions: 'Answer briefly.' },
        suite.app.app.services.accounts.planOf(account),
      ),
    );
    const voice = unwrap(
      await suite.app.app.services.brandVoices.create(account.id, { name: 'House', instructions: 'Be brief.' }),
    );
    // A transcription whose audio cannot be fetched (a loopback address): its page shows the failed state.
    const { api_key: key } = await suite.app.app.services.keys.create(account.id, 'a11y');
    const created = await fetch(`${base}/api/transcriptions`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: 'http://127.0.0.1:9/talk.wav',
        audio_type: 'meeting',
        language: 'English',
        name: 'Stand-up',
      }),
    });
    const { dashboard_url: transcription } = (await created.json()) as { dashboard_url: string };
    pages = [
      '/dashboard',
      '/dashboard/keys',
      '/dashboard/presets',
      '/dashboard/presets/paragraph-writer',
      '/dashboard/images',
      '/dashboard/videos',
      '/dashboard/transcriptions',
      new URL(transcription).pathname,
      '/dashboard/speech',
      '/dashboard/bots',
      `/dashboard/bots/${bot.id}`,
      '/dashboard/brand-voices',
      `/dashboard/brand-voices/${voice.id}`,
      `/dashboard/brand-voices/${voice.id}/delete`,
      '/dashboard/no-such-page',
    ];
    expect(await problemsAt(1280, pages)).toEqual({});
  }, 90_000);

  it('finds none on the same pages phone-sized', async () => {
    expect(pages).toBeDefined();
    expect(await problemsAt(390, pages)).toEqual({});
  }, 90_000);
});
