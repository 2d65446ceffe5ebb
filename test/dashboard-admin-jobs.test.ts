import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import {
  type DashboardApp,
  collectPageErrors,
  launchBrowser,
  screenshot,
  signUpAdmin,
  startDashboardApp,
} from './helpers/browser.js';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { withKey } from './helpers/test-app.js';

/** A 1x1 PNG: what the fake image server makes once it works. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let upstream: FakeUpstream;
let app: DashboardApp;
let browser: Browser;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  app = await startDashboardApp({
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_OPENAI_API_KEY: 'sk-image-browser-secret',
    ATELIER_UPSTREAM_RETRIES: '0',
    ATELIER_IMAGE_WAIT_MS: '5000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await upstream?.close();
});

describe('the admin jobs and engines pages in a browser', () => {
  it('shows the queue, cancels a queued job and retries a failed one to completion; both pages pass axe', async () => {
    const { key } = await app.account({ credits: 100 });
    const generate = async (waitForResult: boolean) =>
      (
        await app.server.inject({
          method: 'POST',
          url: '/api/generate-image',
          headers: withKey(key),
          payload: { prompt: 'a lighthouse', model: 'DALL-E 3', waitForResult },
        })
      ).json<{ id: number; status: string }[]>()[0] as { id: number; status: string };
    const imageStatus = async (id: number) =>
      (await app.server.inject({ method: 'GET', url: `/api/get-image?imageId=${id}`, headers: withKey(key) })).json<{
        status: string;
        error?: string;
      }>();

    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'refused' } }));
    const failed = await generate(true);
    expect(failed.status).toBe('failed');
    await app.app.services.worker.stop();
    const queued = await generate(false);

    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUpAdmin(page, app);
    await page.goto(`${app.base}/dashboard/admin/jobs`);
    const summary = page.locator('#job-summary');
    expect(await summary.textContent()).toMatch(/image\.generate\s*failed\s*1/);
    expect(await summary.textContent()).toMatch(/image\.generate\s*queued\s*1/);
    expect(await page.locator('#failed-jobs').textContent()).toContain('The image provider answered 400');
    await screenshot(page, 'admin-jobs');
    expect(await axeViolations(page)).toEqual([]);

    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: `Cancel job image:${queued.id}` }).click();
    await page.waitForURL(`${app.base}/dashboard/admin/jobs?done=cancel`);
    expect(await page.locator('#job-notice').textContent()).toContain('cancelled');
    expect(await page.locator('#queued-jobs-none').isVisible()).toBe(true);
    expect(await imageStatus(queued.id)).toMatchObject({ status: 'failed', error: 'Cancelled by an administrator' });

    app.app.services.worker.start();
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: PNG.toString('base64') }] }));
    await page.getByRole('button', { name: `Retry job image:${failed.id}` }).click();
    await page.waitForURL(`${app.base}/dashboard/admin/jobs?done=retry`);
    expect(await page.locator('#job-notice').textContent()).toContain('queued again');
    await expect.poll(async () => (await imageStatus(failed.id)).status, { timeout: 5_000 }).toBe('completed');
    await page.reload();
    expect(await page.locator('#failed-jobs').textContent()).not.toContain(`image:${failed.id}`);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Engines' }).click();
    await page.waitForURL(`${app.base}/dashboard/admin/engines`);
    for (const capability of ['text', 'image', 'video', 'transcription', 'speech', 'sound'])
      expect(await page.getByRole('heading', { level: 2, name: new RegExp(`^${capability}`) }).count()).toBe(1);
    const images = page.locator('[data-capability="image"]');
    expect(await images.textContent()).toContain(new URL(upstream.baseUrl).host);
    expect(await page.content()).not.toContain('sk-image-browser-secret');
    await screenshot(page, 'admin-engines');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
