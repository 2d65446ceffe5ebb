import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import {
  type DashboardApp,
  collectPageErrors,
  launchBrowser,
  screenshot,
  signUp,
  startDashboardApp,
} from './helpers/browser.js';

let t: DashboardApp;
let browser: Browser;
let files: string;

beforeAll(async () => {
  t = await startDashboardApp();
  browser = await launchBrowser();
  files = mkdtempSync(join(tmpdir(), 'atelier-bot-docs-'));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

const FACTS = `# Harbor Lighthouse

The Harbor Lighthouse was built in 1874 by the engineer Margaret Quill.
Its lamp can be seen from 23 nautical miles away on a clear night.
The keeper of the lighthouse feeds a grey cat called Biscuit every morning.
`;

/** A page on another origin (another host name and port) that embeds the widget, as a customer's site would. */
async function serveSite(markup: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(markup);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

const lastAnswer = (page: Page) => page.locator('#chat-log .turn.ai').last();

describe('dashboard bots in a browser', () => {
  it('creates a bot, adds knowledge, chats with it, shows the integration, and the widget works from another site', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    page.on('dialog', (dialog) => void dialog.accept());
    const { email } = await signUp(page, t.base);
    const accountId = unwrap(await t.app.services.accounts.find(email)).id;

    await page.goto(`${t.base}/dashboard/bots`);
    expect(await page.locator('main').textContent()).toContain('No bots yet');
    // The service's own error is shown in the form.
    await page.getByRole('button', { name: 'Create bot' }).click();
    await expect.poll(() => page.locator('#create-bot .error').textContent()).toMatch(/name/);

    await page.getByLabel('Name', { exact: true }).fill('Harbor guide');
    await page.getByLabel('Instructions').fill('You answer questions about the Harbor Lighthouse.');
    await page.getByLabel('Temperature').fill('0.3');
    await page.getByLabel('Welcome message').fill('Ask me about the lighthouse!');
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.waitForURL(/\/dashboard\/bots\/[0-9a-f-]{36}$/);
    const botId = page.url().split('/').pop() as string;
    const bot = unwrap(await t.app.services.bots.get(accountId, botId));
    expect(bot).toMatchObject({
      name: 'Harbor guide',
      temperature: 0.3,
      welcome_message: 'Ask me about the lighthouse!',
    });
    expect(await page.locator('main h1').textContent()).toBe('Harbor guide');
    expect(await page.locator('#chat-log').textContent()).toContain('Ask me about the lighthouse!');

    // Knowledge: a file the service refuses (its error is shown), a Markdown file, and a pasted text that is deleted again.
    const picture = join(files, 'photo.png');
    writeFileSync(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await page.getByLabel('File', { exact: true }).setInputFiles(picture);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.locator('#upload-form .error').textContent()).toContain('Unsupported file type');
    const file = join(files, 'lighthouse.md');
    writeFileSync(file, FACTS);
    await page.getByLabel('File', { exact: true }).setInputFiles(file);
    await page.getByLabel(/^Title \(optional/).fill('Lighthouse facts');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.locator('#documents tbody').textContent()).toContain('Lighthouse facts');
    expect(await page.locator('#documents tbody tr').first().textContent()).toContain('markdown');
    expect(await page.locator('#knowledge-usage').textContent()).toContain('1 document');

    await page.getByLabel('Title', { exact: true }).fill('Opening hours');
    await page.getByLabel('Text', { exact: true }).fill('The museum opens at nine.');
    await page.getByRole('button', { name: 'Add text' }).click();
    await expect.poll(() => page.locator('#documents tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete Opening hours' }).click();
    await expect.poll(() => page.locator('#documents tbody tr').count()).toBe(1);
    expect(unwrap(await t.app.services.bots.listDocuments(accountId, botId)).map((d) => d.title)).toEqual([
      'Lighthouse facts',
    ]);

    // The test chat: streamed answer from the knowledge, then its sources; Enter sends; the history goes along.
    await page.getByLabel('Message', { exact: true }).fill('Who built the Harbor Lighthouse?');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await expect.poll(() => lastAnswer(page).locator('.sources').textContent()).toContain('Lighthouse facts');
    expect(await lastAnswer(page).locator('.text').textContent()).toContain('Margaret Quill');
    expect(await lastAnswer(page).locator('.sources').textContent()).toMatch(/\[1\] Lighthouse facts/);
    await page.getByLabel('Message', { exact: true }).fill('What is the name of the cat?');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await expect.poll(() => page.locator('#chat-log .sources').count()).toBe(2);
    expect(await lastAnswer(page).locator('.text').textContent()).toContain('Biscuit');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    // Integration: the addresses, a curl example and the widget code, which waits for a widget key.
    expect(await page.getByLabel(/Public URL/).inputValue()).toBe(bot.public_url);
    expect(await page.getByLabel('API URL', { exact: true }).inputValue()).toBe(bot.api_url);
    const curl = (await page.locator('#curl-example').textContent()) as string;
    expect(curl).toContain(`curl ${bot.api_url}`);
    expect(curl).toContain('x-api-key: YOUR_API_KEY');
    expect(
      await page.locator('section[aria-labelledby="integration-title"] a[href="/dashboard/keys"]').count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('#widget-key-note').textContent()).toContain('Create a widget key below first');
    const snippet = (await page.locator('#widget-snippet').textContent()) as string;
    expect(snippet).toContain(`src="${t.base}/dashboard/assets/widget.js"`);
    expect(snippet).toContain(`data-api-url="${bot.api_url}"`);
    await screenshot(page, 'bot-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'bot-detail-phone');
    // Nothing is wider than a phone's screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Settings: a change goes through PATCH and shows at once.
    await page.getByLabel('Name', { exact: true }).fill('Lighthouse guide');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Lighthouse guide');
    expect(unwrap(await t.app.services.bots.get(accountId, botId)).name).toBe('Lighthouse guide');
    const widgetKey = unwrap(await t.app.services.botKeys.create(accountId, botId, { name: 'widget' })).api_key;
    const widgetCode = ((await page.locator('#widget-snippet').textContent()) as string).replace(
      'YOUR_WIDGET_KEY',
      widgetKey,
    );
    expect(widgetCode).toContain(`data-api-key="${widgetKey}"`);
    expect(widgetCode).toContain('data-title="Lighthouse guide"');

    // The widget on a site of another origin: its requests cross origins, so this also proves the CORS answers.
    const site = await serveSite(
      `<!doctype html><html lang="en"><head><title>Harbor museum</title></head><body><h1>Harbor museum</h1>${widgetCode}</body></html>`,
    );
    try {
      const visitor = await browser.newPage();
      const visitorErrors = collectPageErrors(visitor);
      await visitor.goto(site.url);
      await visitor.getByRole('button', { name: 'Lighthouse guide' }).click();
      expect(await visitor.getByRole('dialog').textContent()).toContain('Ask me about the lighthouse!');
      await visitor.getByLabel('Message').fill('When was the lighthouse built?');
      await visitor.getByLabel('Message').press('Enter');
      const answer = visitor.locator('[data-atelier-chat-widget] .turn.ai').last();
      await expect.poll(() => answer.textContent()).toContain('1874');
      await screenshot(visitor, 'widget');
      expect(visitorErrors).toEqual([]);
      await visitor.close();
    } finally {
      site.server.close();
    }

    await page.goto(`${t.base}/dashboard/bots`);
    const row = page.locator('#bots tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Lighthouse guide');
    expect(await row.locator('td').nth(1).textContent()).toBe('1');
    await screenshot(page, 'bots');

    // Deleting asks first, then the bot is gone.
    await row.getByRole('link').click();
    await page.getByRole('button', { name: 'Delete bot' }).click();
    await page.waitForURL(`${t.base}/dashboard/bots`);
    expect(await page.locator('#bots').count()).toBe(0);
    expect((await t.app.services.bots.get(accountId, botId)).ok).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers CORS on the bot address only, and never with cookies', async () => {
    const preflight = (path: string) =>
      fetch(`${t.base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
    const bot = await preflight('/bot/abcdefghijklmnopqrstuvwxyz012345/api');
    expect(bot.status).toBe(204);
    expect(bot.headers.get('access-control-allow-origin')).toBe('*');
    expect(bot.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(bot.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/api/generate', '/api/bots', '/dashboard/bot/abcdefghijklmnopqrstuvwxyz012345/api']) {
      const other = await preflight(path);
      expect(other.status).toBe(404);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it("shows the 404 page for another account's bot and for an unknown id", async () => {
    const owner = await t.account();
    const bot = unwrap(
      await t.app.services.bots.create(
        owner.id,
        { name: 'Private bot' },
        { name: 'pro', maxBots: 25, maxDocumentsPerBot: 200 },
      ),
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.base}/dashboard/bots/${bot.id}`);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await signUp(page, t.base);
    for (const id of [bot.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page.goto(`${t.base}/dashboard/bots/${id}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('alert').textContent()).toBe('Bot not found');
    }
    expect(await page.locator('main').textContent()).not.toContain('Private bot');
    await context.close();
  });
});
