import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppOverrides } from '../../src/app.js';
import { freePort } from './processes.js';
import { type TestApp, startTestApp } from './test-app.js';

/**
 * Debian's Chromium headless shell (installed by `npm test`'s set-up), with the flags that keep it off the
 * network. The same Blink as the full browser without its browser-side machinery: the dashboard files took
 * 56 s of CPU in it instead of 111 s in `chromium --headless`, whose headless mode runs the whole browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser where only it is installed (a machine set up before the shell was asked for). */
export const CHROMIUM_PATH = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SCREENSHOTS = join(process.cwd(), 'test-artifacts', 'screenshots');

let shared: Promise<Browser> | undefined;

/**
 * Chromium for one test file. One browser serves every file a vitest worker runs (they run one after
 * another in the same process: isolate is false), so each file does not pay for starting it: the file gets
 * it with a close() that closes the contexts (and so the pages) the file opened, and the browser stays up
 * until the worker exits, which ends it (Playwright kills what it launched when its process exits).
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const browser = await shared.catch(() => undefined);
  if (!browser?.isConnected()) {
    shared = undefined;
    shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }
  const real = await shared;
  const before = new Set(real.contexts());
  return new Proxy(real, {
    get(target, property) {
      if (property === 'close')
        return async () => {
          await Promise.all(
            target
              .contexts()
              .filter((context) => !before.has(context))
              .map((c) => c.close()),
          );
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface DashboardApp extends TestApp {
  /** http://127.0.0.1:PORT, which is also the service's public URL (file links point here). */
  base: string;
}

/** The whole service listening on a free loopback port, workers running, its public URL set to that port. */
export async function startDashboardApp(
  env: Record<string, string> = {},
  overrides: AppOverrides = {},
): Promise<DashboardApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PORT: String(port), ATELIER_PUBLIC_URL: base, ...env }, overrides);
  await t.server.listen({ host: '127.0.0.1', port });
  t.app.services.worker.start();
  return {
    ...t,
    base,
    async close() {
      // Chromium opens sockets ahead of the requests it expects (preconnect) and keeps them in the shared browser
      // after the file's pages are closed; a socket that never sent a request waits out the server's 60 s headers
      // timeout before the server's close can end (the OAuth test's afterAll timed out so on CI). The file is done:
      // no request of its own is in flight.
      t.server.server.closeAllConnections();
      await t.close();
    },
  };
}

/** A test file's service and browser, started before its tests and closed after them. */
export function dashboardSuite(env: Record<string, string> = {}): { app: DashboardApp; browser: Browser } {
  const suite = {} as { app: DashboardApp; browser: Browser };
  beforeAll(async () => {
    suite.app = await startDashboardApp(env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}

let accounts = 0;

/** Signs a new account up through the form and leaves the page logged in (on the API keys page). */
export async function signUp(
  page: Page,
  base: string,
  email = `browser${++accounts}-${Date.now()}@example.test`,
  password = 'correct horse battery',
): Promise<{ email: string; password: string }> {
  await page.goto(`${base}/dashboard/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/dashboard/keys`);
  return { email, password };
}

/** Signs a new account up through the form and makes it an admin (as `atelier accounts create --admin` would). */
export async function signUpAdmin(page: Page, app: DashboardApp): Promise<{ email: string; password: string }> {
  const account = await signUp(page, app.base);
  await app.app.services.db.updateTable('accounts').set({ is_admin: 1 }).where('email', '=', account.email).execute();
  return account;
}

/** Saves a full-page screenshot under test-artifacts/screenshots/NAME.png (phone-sized too when asked). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Fails the test on any script error or CSP violation the page reports. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    )
      errors.push(`console: ${message.text()}`);
  });
  return errors;
}
