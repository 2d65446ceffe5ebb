import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const servers: Server[] = [];

beforeAll(async () => {
  t = await startDashboardApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const server of servers) server.close();
  await browser?.close();
  await t?.close();
});

/** A site on another origin (localhost and its own port) whose page embeds `markup`, as a customer's would. */
async function serveSite(): Promise<{ origin: string; show(markup: string): void }> {
  let page = '';
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Harbor museum</title></head><body><h1>Harbor museum</h1>${page}</body></html>`,
      );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, show: (markup) => (page = markup) };
}

async function askWidget(browserPage: Page, url: string, question: string) {
  await browserPage.goto(url);
  await browserPage.getByRole('button', { name: 'Harbor guide' }).click();
  await browserPage.getByLabel('Message').fill(question);
  await browserPage.getByLabel('Message').press('Enter');
  const answer = browserPage.locator('[data-atelier-chat-widget] .turn.ai').last();
  await expect.poll(() => answer.textContent()).not.toBe('…');
  return answer;
}

describe('widget keys on the bot page', () => {
  it('creates a publishable key for the widget code (never a secret key), limits it to the listed site, and revokes it', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await signUp(page, t.base);
    // A secret key of the account: it must never appear on the bot page.
    await page.getByLabel('Name').fill('server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.locator('#new-key-value').inputValue();
    expect(secret).toMatch(/^atl_/);

    await page.goto(`${t.base}/dashboard/bots`);
    await page.getByLabel('Name', { exact: true }).fill('Harbor guide');
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.waitForURL(/\/dashboard\/bots\/[0-9a-f-]{36}$/);
    const botUrl = page.url();
    await page.locator('#paste-title').fill('Lighthouse');
    await page
      .locator('#paste-content')
      .fill('The Harbor Lighthouse was built in 1874 by the engineer Margaret Quill.');
    await page.getByRole('button', { name: 'Add text' }).click();
    await expect.poll(() => page.locator('#documents tbody tr').count()).toBe(1);

    // No key yet: a placeholder, and a word of warning.
    expect(await page.locator('#widget-snippet').textContent()).toContain('data-api-key="YOUR_WIDGET_KEY"');
    expect(await page.locator('#widget-key-note').textContent()).toContain('Create a widget key below first');

    // A refused origin is said on the page.
    await page.getByLabel(/^Sites allowed/).fill('https://shop.example/path');
    const refused = page.waitForResponse((r) => r.url().endsWith('/keys') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    expect((await refused).status()).toBe(400);
    expect(await page.locator('#widget-key-form [role="alert"]').textContent()).toContain('is not an origin');

    const site = await serveSite();
    const elsewhere = await serveSite();
    await page.getByLabel(/^Key name/).fill('Museum site');
    await page.getByLabel(/^Sites allowed/).fill(site.origin);
    await page.getByLabel('Messages a minute').fill('30');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    await page.waitForURL(`${botUrl}#widget-keys-title`);
    const snippet = (await page.locator('#widget-snippet').textContent()) as string;
    const key = /data-api-key="(atl_pub_[\w-]+)"/.exec(snippet)?.[1] as string;
    expect(key).toBeDefined();
    expect(await page.locator('#widget-keys tbody tr').textContent()).toContain(key);
    expect(await page.locator('#widget-keys tbody tr').textContent()).toContain(site.origin);
    expect(await page.locator('#widget-key-note').textContent()).toContain(`only from ${site.origin}`);
    expect(await page.content()).not.toContain(secret);
    await page.locator('#integration-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'bot-widget-keys');

    // Saving the settings keeps the key in the code the page rebuilds.
    await page.getByLabel('Welcome message').fill('Ask me about the lighthouse!');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.locator('#widget-snippet').textContent())
      .toContain('data-welcome="Ask me about the lighthouse!"');
    const widgetCode = (await page.locator('#widget-snippet').textContent()) as string;
    expect(widgetCode).toContain(`data-api-key="${key}"`);
    expect(widgetCode).not.toContain(secret);

    // The widget answers on the listed site, and says why it cannot on another.
    site.show(widgetCode);
    elsewhere.show(widgetCode);
    const visitor = await browser.newPage();
    const visitorErrors = collectPageErrors(visitor);
    expect(
      await (await askWidget(visitor, `${site.origin}/`, 'When was the lighthouse built?')).textContent(),
    ).toContain('1874');
    expect(
      await (await askWidget(visitor, `${elsewhere.origin}/`, 'When was the lighthouse built?')).textContent(),
    ).toContain(`may not be used from ${elsewhere.origin}`);
    expect(visitorErrors).toEqual([]);
    await visitor.close();

    // Revoked: gone from the code and the list, and refused at once.
    await page.getByRole('button', { name: 'Revoke Museum site' }).click();
    await page.waitForURL(`${botUrl}#widget-keys-title`);
    await expect.poll(() => page.locator('#widget-snippet').textContent()).toContain('YOUR_WIDGET_KEY');
    expect(await page.locator('#widget-keys').count()).toBe(0);
    const publicUrl = /\/bot\/([^/]+)\/api/.exec(widgetCode)?.[1] as string;
    const after = await fetch(`${t.base}/bot/${publicUrl}/api`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello?' }),
    });
    expect(after.status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });
});
