import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import { type DashboardApp, collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';
import { startTestApp, withKey } from './helpers/test-app.js';

/**
 * The hosted widget's snippet, with only the host changed to Atelier's, on a customer's page served from other
 * origins than the service: the launcher, the JavaScript API, a streamed answer, allowed and refused sites, and the
 * embedded page in an iframe.
 */
let t: DashboardApp;
let browser: Browser;
let ownerKey: string;
let bot: { id: string; public_url: string };
let key: string;
let site: Site;
let elsewhere: Site;
const servers: Server[] = [];

interface Site {
  origin: string;
  show(markup: string): void;
}

/** A customer's site on its own origin (localhost and a port: not the service's 127.0.0.1), showing `markup`. */
async function serveSite(): Promise<Site> {
  let markup = '';
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Harbor museum</title></head><body><main><h1>Harbor museum</h1><p>Opening hours.</p></main>${markup}</body></html>`,
      );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    show: (value) => {
      markup = value;
    },
  };
}

/** The hosted docs' snippet with Atelier's host; `before` runs first (pre-load config), `after` right after the script. */
function snippet({ attributes = '', before = '', after = '' } = {}): string {
  const script = `<script src="${t.base}/chat.min.js" data-chat-url="${t.base}/bot/${bot.public_url}"${attributes}></script>`;
  return `${before ? `<script>${before}</script>` : ''}${script}${after ? `<script>${after}</script>` : ''}`;
}

const RECORD_EVENTS = `window.seen = [];
for (const type of ['ready', 'open', 'close', 'show', 'hide', 'destroy']) easyPeasyChat.addEventListener(type, (e) => seen.push(e.type));
window.addEventListener('easy-peasy-chat:ready', () => seen.push('window:ready'));`;

const shadow = (page: Page) => page.locator('[data-easy-peasy-chat]');
const seen = (page: Page) => page.evaluate<string[]>('window.seen');
/** Runs `code` on the customer's page, where `chat` is its window.easyPeasyChat. */
const inPage = <T = unknown>(page: Page, code: string) =>
  page.evaluate<T>(`(() => { const chat = window.easyPeasyChat; return ${code}; })()`);

const suite = dashboardSuite({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
beforeAll(async () => {
  ({ app: t, browser } = suite);
  [site, elsewhere] = await Promise.all([serveSite(), serveSite()]);
  ownerKey = (await t.account()).key;
  const api = (method: string, url: string, payload?: object) =>
    t.server.inject({ method: method as 'POST', url, headers: withKey(ownerKey), ...(payload && { payload }) });
  bot = (await api('POST', '/api/bots', { name: 'Harbor guide', model: 'builtin', welcome_message: 'Ahoy!' })).json();
  await api('POST', `/api/bots/${bot.id}/documents`, {
    title: 'Lighthouse',
    content: 'The Harbor Lighthouse was built in 1874 by the engineer Margaret Quill.',
  });
  // A key for any site is never handed to a page; the one listing the site is.
  await api('POST', `/api/bots/${bot.id}/keys`, { name: 'servers' });
  key = (await api('POST', `/api/bots/${bot.id}/keys`, { name: 'Museum', allowed_origins: [site.origin] })).json<{
    api_key: string;
  }>().api_key;
});
// Runs before the suite's own afterAll (hooks stack): the sites close first, then the browser and the service.
afterAll(() => {
  for (const server of servers) server.close();
});

describe('the launcher address', () => {
  it('hands the key to an allowed origin only, says why to others, and needs an origin', async () => {
    const launcher = `${t.base}/bot/${bot.public_url}/launcher`;
    const allowed = await fetch(launcher, { headers: { origin: site.origin } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(site.origin);
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    expect(await allowed.json()).toEqual({ name: 'Harbor guide', welcome_message: 'Ahoy!', launcher: {}, key });

    const refused = await fetch(launcher, { headers: { origin: elsewhere.origin } });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toEqual({ error: expect.stringContaining(`may not run on ${elsewhere.origin}`) });
    expect(JSON.stringify(body)).not.toContain('atl_pub_');

    expect((await fetch(launcher)).status).toBe(400);
    expect((await fetch(`${t.base}/bot/${'x'.repeat(32)}/launcher`, { headers: { origin: site.origin } })).status).toBe(
      404,
    );
    const script = await fetch(`${t.base}/chat.min.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('saved settings are checked by the API and served; a bad one is a 400 that names the field', async () => {
    const patch = (launcher: unknown) =>
      t.server.inject({
        method: 'PATCH',
        url: `/api/bots/${bot.id}`,
        headers: withKey(ownerKey),
        payload: { launcher },
      });
    for (const [bad, field] of [
      [{ width: 200 }, 'launcher.width'],
      [{ color: 'blue' }, 'launcher.color'],
      [{ icon: 'javascript:alert(1)' }, 'launcher.icon'],
      [{ position: 'middle' }, 'launcher.position'],
      [{ shadow: true }, 'shadow'],
    ] as const) {
      const answer = await patch(bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json<{ error: string }>().error).toContain(field);
    }
    const saved = await patch({ position: 'side-left', label: 'Ask us', color: '#7a1f5c', icon: 'headset' });
    expect(saved.json()).toMatchObject({ launcher: { position: 'side-left', label: 'Ask us', color: '#7a1f5c' } });
    const served = await fetch(`${t.base}/bot/${bot.public_url}/launcher`, { headers: { origin: site.origin } });
    expect(((await served.json()) as { launcher: object }).launcher).toEqual({
      position: 'side-left',
      label: 'Ask us',
      color: '#7a1f5c',
      icon: 'headset',
    });
    expect((await patch(null)).json()).toMatchObject({ launcher: {} });
  });
});

describe('the hosted snippet on an allowed site', () => {
  it('queues calls made before load, fires its events, opens, streams an answer, closes, hides and comes back', async () => {
    site.show(
      snippet({
        attributes: ' data-btn-position="bottom-left" data-widget-btn-color="#0a7d4f" data-widget-icon="sparkles"',
        after: `${RECORD_EVENTS}\nwindow.mountedAtCall = easyPeasyChat.isMounted(); easyPeasyChat.open();`,
      }),
    );
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${site.origin}/`);
    await expect.poll(() => seen(page)).toEqual(['ready', 'window:ready', 'open']);
    expect(await page.evaluate('window.mountedAtCall')).toBe(false);
    expect(await inPage(page, '[chat.isOpen(), chat.isVisible()]')).toEqual([true, true]);
    const panel = page.getByRole('dialog', { name: 'Harbor guide' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    // The page's attributes apply (nothing saved): bottom left, its colour.
    const launcher = page.getByRole('button', { name: 'Chat with Harbor guide' });
    const box = await launcher.boundingBox();
    expect(box && box.x < 100 && box.y > 400).toBe(true);
    expect(
      await page.evaluate(
        "getComputedStyle(document.querySelector('[data-easy-peasy-chat]').shadowRoot.querySelector('.launcher')).backgroundColor",
      ),
    ).toBe('rgb(10, 125, 79)');
    expect(await panel.textContent()).toContain('Ahoy!');

    const chat = page.waitForResponse((r) => r.url().endsWith(`/bot/${bot.public_url}/api`));
    await page.getByLabel('Message').fill('When was the lighthouse built?');
    await page.getByLabel('Message').press('Enter');
    const response = await chat;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect(JSON.parse(response.request().postData() as string)).toMatchObject({ stream: true, history: [] });
    const answer = panel.locator('.turn.ai').last();
    await expect.poll(() => answer.textContent()).toContain('1874');

    await page.getByRole('button', { name: 'Close the chat' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await launcher.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await inPage(page, '(chat.toggle(), chat.hide())');
    expect(await inPage(page, '[chat.isOpen(), chat.isVisible()]')).toEqual([false, false]);
    expect(await launcher.isVisible()).toBe(false);
    // show() brings the conversation back, open as it was.
    await inPage(page, 'chat.show()');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.textContent()).toContain('1874');
    await inPage(page, '(chat.init(), chat.destroy())');
    expect(await shadow(page).count()).toBe(0);
    expect(await inPage(page, 'chat.isMounted()')).toBe(false);
    await inPage(page, 'chat.init()');
    expect(await inPage(page, 'chat.isMounted()')).toBe(true);
    expect(await seen(page)).toEqual([
      'ready',
      'window:ready',
      'open',
      'close',
      'open',
      'close',
      'open',
      'hide',
      'show',
      'destroy',
      'ready',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes pre-load config and contacts, follows client-side navigation, and caches the launcher', async () => {
    await t.server.inject({
      method: 'PATCH',
      url: `/api/bots/${bot.id}`,
      headers: withKey(ownerKey),
      payload: { launcher: { position: 'side-right', label: 'Ask us', width: 520 } },
    });
    site.show(
      snippet({
        attributes: ' data-btn-position="top-left" data-btn-label="Help" defer',
        before: `window.easyPeasyChat = { hidden: true, contact: { email: 'ada@example.com', name: 'Ada' } };`,
      }),
    );
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    let launcherRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/launcher')) launcherRequests++;
    });
    await page.goto(`${site.origin}/start`);
    await expect.poll(() => inPage(page, 'chat.isMounted()')).toBe(true);
    expect(await inPage(page, 'chat.isVisible()')).toBe(false);
    expect(await page.getByRole('button', { name: 'Ask us' }).isVisible()).toBe(false);
    await inPage(page, 'chat.show()');
    // Saved settings override the attributes: a side tab on the right with the saved text.
    const tab = page.getByRole('button', { name: 'Ask us' });
    const box = await tab.boundingBox();
    expect(box && box.x + box.width > 1270 && box.y > 200).toBe(true);
    await tab.click();
    const width = await page.getByRole('dialog').evaluate((panel) => panel.getBoundingClientRect().width);
    expect(width).toBe(520);

    await page.evaluate("history.pushState({}, '', '/tickets')");
    expect(await inPage(page, 'chat.visit')).toEqual({
      contact: { email: 'ada@example.com', name: 'Ada' },
      startPage: `${site.origin}/start`,
      lastPage: `${site.origin}/tickets`,
    });
    expect(await inPage(page, 'chat.setContact(null)')).toBeUndefined();
    expect(await inPage(page, 'chat.visit.contact')).toBeNull();
    await expect(inPage(page, "chat.setContact({ mail: 'x' })")).rejects.toThrow(/unknown field mail/);
    // The launcher's answer is kept by the browser: loading the page again does not ask for it.
    expect(launcherRequests).toBe(1);
    await page.reload();
    await expect.poll(() => inPage(page, 'chat.isMounted()')).toBe(true);
    expect(launcherRequests).toBe(1);
    await t.server.inject({
      method: 'PATCH',
      url: `/api/bots/${bot.id}`,
      headers: withKey(ownerKey),
      payload: { launcher: null },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no accessibility violations when open', async () => {
    site.show(snippet({ after: 'easyPeasyChat.open();' }));
    const page = await browser.newPage();
    await page.goto(`${site.origin}/`);
    await expect.poll(() => page.getByRole('dialog', { name: 'Harbor guide' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-hosted-open');
    // On a phone the chat takes the whole screen, whatever width is asked for.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await page.getByRole('dialog', { name: 'Harbor guide' }).boundingBox();
    expect(box && [box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 844]);
    await page.close();
  });
});

describe('elsewhere', () => {
  it('a site no widget key lists gets no widget, and the chat route refuses its key', async () => {
    elsewhere.show(snippet({ after: RECORD_EVENTS }));
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const refused = page.waitForResponse((r) => r.url().includes('/launcher'));
    await page.goto(`${elsewhere.origin}/`);
    expect((await refused).status()).toBe(403);
    await expect.poll(() => warnings.join('\n')).toContain(`may not run on ${elsewhere.origin}`);
    expect(await shadow(page).count()).toBe(0);
    expect(await inPage(page, 'chat.isMounted()')).toBe(false);
    expect(await seen(page)).toEqual([]);
    // The key, taken from elsewhere, is refused by the chat route from this origin too.
    const status = await page.evaluate(
      async ([url, k]) =>
        (
          await fetch(url as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': k as string },
            body: JSON.stringify({ message: 'Hi' }),
          })
        ).status,
      [`${t.base}/bot/${bot.public_url}/api`, key],
    );
    expect(status).toBe(403);
    await page.close();
  });
});

describe('embedded mode', () => {
  const iframe = () =>
    `<iframe src="${t.base}/bot/${bot.public_url}?mode=embedded" title="Chat with us" style="width: 420px; height: 560px" allow="microphone"></iframe>`;

  it('answers inside an iframe on an allowed site, and is not shown framed by another', async () => {
    site.show(iframe());
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${site.origin}/`);
    const frame = page.frameLocator('iframe');
    const region = frame.getByRole('region', { name: 'Harbor guide' });
    await expect.poll(() => region.isVisible()).toBe(true);
    const chat = page.waitForResponse((r) => r.url().endsWith(`/embedded/bot/${bot.public_url}/api`));
    await frame.getByLabel('Message').fill('Who built the lighthouse?');
    await frame.getByLabel('Message').press('Enter');
    expect((await chat).headers()['content-type']).toMatch(/^text\/event-stream/);
    await expect.poll(() => region.locator('.turn.ai').last().textContent()).toContain('Margaret Quill');
    expect(errors).toEqual([]);

    elsewhere.show(iframe());
    const framed = await page.goto(`${elsewhere.origin}/`);
    expect(framed?.status()).toBe(200);
    await expect.poll(() => page.frames().length).toBe(2);
    // The browser refuses to show the page there at all (frame-ancestors), not only the widget in it.
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    expect(await page.frames()[1]?.locator('script[data-mode="embedded"]').count()).toBe(0);
    const embedded = await fetch(`${t.base}/bot/${bot.public_url}?mode=embedded`);
    expect(embedded.headers.get('content-security-policy')).toContain(`frame-ancestors ${site.origin}`);
    await page.close();
  });

  it('the embedded mount speaks only for a same-origin page: a cross-site request keeps its own Origin', async () => {
    const answer = await fetch(`${t.base}/embedded/bot/${bot.public_url}/api`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': key,
        origin: elsewhere.origin,
        'sec-fetch-site': 'cross-site',
        'x-embedding-origin': site.origin,
      },
      body: JSON.stringify({ message: 'Hi' }),
    });
    expect(answer.status).toBe(403);
    expect((await fetch(`${t.base}/bot/${bot.public_url}`)).status).toBe(404);
  });
});

describe('the chat bubble on the bot page', () => {
  it('saves the look through the API, says what is wrong with a bad field, and shows the hosted snippet', async () => {
    // axe is injected inline, which the dashboard's CSP refuses.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    const errors = collectPageErrors(page);
    await signUp(page, t.base);
    await page.goto(`${t.base}/dashboard/bots`);
    await page.getByLabel('Name', { exact: true }).fill('Ferry desk');
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.waitForURL(/\/dashboard\/bots\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1) as string;
    expect(await page.locator('#hosted-snippet').textContent()).toMatch(
      new RegExp(`^<script src="${t.base}/chat.min.js" data-chat-url="${t.base}/bot/[\\w-]+" defer></script>$`),
    );
    expect(await page.locator('#hosted-snippet-title').locator('..').textContent()).toContain(
      'No widget key lists a site yet',
    );

    await page.getByLabel('Position').selectOption('top-left');
    await page.getByLabel(/^Window width/).fill('200');
    await page.getByRole('button', { name: 'Save the chat bubble' }).click();
    await expect.poll(() => page.locator('#launcher-form [role="alert"]').textContent()).toContain('launcher.width');
    // The refused form comes back as typed.
    expect(await page.getByLabel('Position').inputValue()).toBe('top-left');
    await page.getByLabel(/^Window width/).fill('480');
    await page.getByLabel('Colour').fill('#224466');
    await page.getByLabel('Icon').fill('headset');
    await page.getByRole('button', { name: 'Save the chat bubble' }).click();
    await page.waitForURL(/#launcher-title$/);
    expect(await page.getByLabel('Position').inputValue()).toBe('top-left');
    expect(await page.getByLabel(/^Window width/).inputValue()).toBe('480');
    const owner = await page.evaluate<{ launcher: object }>(
      `fetch('/api/bots/${id}', { headers: { 'x-csrf-token': document.querySelector('meta[name="csrf-token"]').content } }).then((r) => r.json())`,
    );
    expect(owner.launcher).toEqual({ position: 'top-left', width: 480, color: '#224466', icon: 'headset' });
    await page.locator('#launcher-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'bot-chat-bubble');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('with the bot interface on a port of its own', () => {
  it('serves the widget where the bots answer, and not on the main server', async () => {
    const own = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_BOTS_PORT: '0' });
    try {
      const owner = (await own.account()).key;
      const made = await own.server.inject({
        method: 'POST',
        url: '/api/bots',
        headers: withKey(owner),
        payload: { name: 'Quay desk' },
      });
      const { id, public_url: publicUrl } = made.json<{ id: string; public_url: string }>();
      await own.server.inject({
        method: 'POST',
        url: `/api/bots/${id}/keys`,
        headers: withKey(owner),
        payload: { allowed_origins: ['https://quay.example'] },
      });
      const botServer = own.app.botServer;
      expect((await botServer?.inject({ url: '/chat.min.js' }))?.statusCode).toBe(200);
      const launcher = await botServer?.inject({
        url: `/bot/${publicUrl}/launcher`,
        headers: { origin: 'https://quay.example' },
      });
      expect(launcher?.json()).toMatchObject({ name: 'Quay desk', key: expect.stringMatching(/^atl_pub_/) });
      expect((await botServer?.inject({ url: `/bot/${publicUrl}?mode=embedded` }))?.statusCode).toBe(200);
      expect((await own.server.inject({ url: '/chat.min.js' })).statusCode).toBe(404);
      expect((await own.server.inject({ url: `/bot/${publicUrl}/launcher` })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});
