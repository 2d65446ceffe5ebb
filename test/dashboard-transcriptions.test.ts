import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DashboardApp,
  collectPageErrors,
  launchBrowser,
  screenshot,
  signUp,
  startDashboardApp,
} from './helpers/browser.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';

let t: DashboardApp;
let files: FileServer;
let browser: Browser;
let owner: BrowserContext;
let ownerPage: Page;
let errors: string[];
/** The first transcription's dashboard_url, which other visitors try. */
let detailUrl = '';
/** The recording on the service's own origin (its file store), which the page's CSP lets the player load. */
let ownOriginAudio = '';

const DETAIL = /\/dashboard\/transcriptions\/([0-9a-f-]{36})$/;

beforeAll(async () => {
  files = await startFileServer();
  const { wav } = makeRecording(MEETING_SCRIPT.slice(0, 3));
  files.serve('/short.wav', makeRecording(MEETING_SCRIPT.slice(3, 4)).wav, 'audio/wav');
  t = await startDashboardApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
  });
  await t.app.services.blobs.put('test-audio/meeting.wav', wav);
  ownOriginAudio = t.app.services.blobs.publicUrl('test-audio/meeting.wav');
  browser = await launchBrowser();
  owner = await browser.newContext();
  ownerPage = await owner.newPage();
  errors = collectPageErrors(ownerPage);
  await signUp(ownerPage, t.base);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await files?.close();
});

async function createFromForm(page: Page, url: string, name: string): Promise<string> {
  await page.goto(`${t.base}/dashboard/transcriptions`);
  await page.getByLabel('Audio or video URL').fill(url);
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Kind of recording').selectOption('meeting');
  // Checked to start with: speaker detection is on unless turned off, as in the API (hosted 1.0.5).
  expect(await page.getByLabel('Detect speakers').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Transcribe' }).click();
  await page.waitForURL(DETAIL);
  return page.url();
}

/** The part of the page's <audio> the test reads (the test's TypeScript has no DOM types). */
type Player = { currentTime: number; muted: boolean; pause(): void };

const statusOf = (page: Page) => page.locator('#status [data-badge]').textContent();

describe('dashboard transcriptions in a browser', () => {
  it('creates from a URL, follows it to completed, plays segments, generates content, downloads the text', async () => {
    const page = ownerPage;
    await page.goto(`${t.base}/dashboard/transcriptions`);
    await page.getByRole('button', { name: 'Transcribe' }).click();
    expect(await page.locator('#create-transcription .error').textContent()).toBe('Give the address of the recording');
    await page.getByLabel('Audio or video URL').fill('ftp://example.test/a.mp3');
    await page.getByRole('button', { name: 'Transcribe' }).click();
    await expect.poll(() => page.locator('#create-transcription .error').textContent()).toContain('Invalid input');

    detailUrl = await createFromForm(page, ownOriginAudio, 'Weekly <meeting>');
    expect(await page.locator('h1').textContent()).toBe('Weekly <meeting>');
    await expect.poll(() => statusOf(page), { timeout: 45_000 }).toBe('completed');
    expect(await page.locator('#progress').isHidden()).toBe(true);

    const segments = page.locator('#segments .segment');
    expect(await segments.count()).toBeGreaterThanOrEqual(2);
    expect(await segments.first().locator('.time').textContent()).toMatch(/^\[\d\d:\d\d\]$/);
    expect(await page.locator('#speakers li').count()).toBeGreaterThanOrEqual(1);
    expect(await segments.first().locator('.speaker').textContent()).toMatch(/^Speaker \d$/);

    // Clicking a segment plays the recording from its start; that segment is marked as the one playing.
    const audio = page.locator('audio#player');
    await audio.evaluate((node: Player) => (node.muted = true));
    const target = segments.nth(1);
    const [minutes, seconds] = ((await target.locator('.time').textContent()) ?? '')
      .slice(1, -1)
      .split(':')
      .map(Number);
    const start = (minutes ?? 0) * 60 + (seconds ?? 0);
    await target.locator('.text').click();
    await expect.poll(() => audio.evaluate((node: Player) => node.currentTime)).toBeGreaterThanOrEqual(start);
    expect(await audio.evaluate((node: Player) => node.currentTime)).toBeLessThan(start + 2);
    await expect.poll(() => target.getAttribute('aria-current')).toBe('true');
    await audio.evaluate((node: Player) => node.pause());

    // Keyboard: the time button of the first segment seeks back to it.
    await segments.first().locator('button.time').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => audio.evaluate((node: Player) => node.currentTime)).toBeLessThan(start);
    await audio.evaluate((node: Player) => node.pause());

    // Only the meeting's fields are offered; one is generated and shown with its copy button.
    expect(await page.locator('.derived[data-field="action_items"]').count()).toBe(1);
    expect(await page.locator('.derived[data-field="soap_note"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    await expect.poll(() => page.locator('#derived-summary').textContent()).not.toBe('');
    expect(await page.getByRole('button', { name: 'Copy Summary' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Regenerate Summary' }).count()).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as text' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Weekly _meeting_.txt');
    expect(readFileSync((await file.path()) as string, 'utf8')).toMatch(/^\[00:0\d\] Speaker \d: \w+/);

    await page.getByRole('button', { name: 'Copy transcript' }).click();
    await expect.poll(() => page.locator('#toast').textContent()).toBe('Copied');
    await screenshot(page, 'transcription-detail');

    // Already generated content is there on the next visit.
    await page.reload();
    expect(await page.locator('#derived-summary').textContent()).not.toBe('');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'transcription-detail-phone');
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows a recording from another site as a link, and the list follows a pending row until it settles', async () => {
    const page = ownerPage;
    const elsewhere = files.url('/short.wav');
    await createFromForm(page, elsewhere, 'Elsewhere');
    expect(await page.locator('audio').count()).toBe(0);
    expect(await page.locator('#external-audio a').getAttribute('href')).toBe(elsewhere);
    await screenshot(page, 'transcription-pending');

    await page.goto(`${t.base}/dashboard/transcriptions`);
    const row = page.locator('#transcriptions tbody tr', { hasText: 'Elsewhere' });
    await expect.poll(() => row.locator('[data-badge]').textContent(), { timeout: 45_000 }).toBe('completed');
    expect(
      await page
        .locator('#transcriptions tbody tr', { hasText: 'Weekly <meeting>' })
        .locator('[data-badge]')
        .textContent(),
    ).toBe('completed');
    await screenshot(page, 'transcriptions');

    await row.getByRole('link', { name: 'Elsewhere' }).click();
    await page.waitForURL(DETAIL);
    expect(await page.locator('#segments .segment').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('#segments button.time').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows why a recording could not be transcribed', async () => {
    const page = ownerPage;
    await createFromForm(page, files.url('/missing.wav'), 'Missing');
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('failed');
    expect(await page.locator('#failure').textContent()).toMatch(/^The recording could not be transcribed: .+/);
    expect(await page.getByRole('button', { name: 'Generate Summary' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('answers another account with the 404 page and sends a logged-out visitor to log in and back', async () => {
    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    await signUp(page, t.base);
    const response = await page.goto(detailUrl);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('alert').textContent()).toContain('There is no such transcription');
    expect(await page.content()).not.toContain('Weekly');
    expect((await page.goto(`${t.base}/dashboard/transcriptions/not-a-uuid`))?.status()).toBe(404);
    await stranger.close();

    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(detailUrl);
    const path = new URL(detailUrl).pathname;
    await anonymous.waitForURL(`${t.base}/dashboard/login?next=${encodeURIComponent(path)}`);
    await visitor.close();
  });
});
