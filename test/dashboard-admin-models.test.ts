import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { type ModelServer, catalogueWith, startModelServer } from './helpers/model-server.js';
import { withKey } from './helpers/test-app.js';
import { writeTinyLlama } from './helpers/tiny-llama.js';

/** The first run in a browser: the builtin-engine notice, the one-click pull, its progress (also after a reload), then llama.cpp answering. */
const NAME = 'qwen3-0.6b';
let app: DashboardApp;
let browser: Browser;
let server: ModelServer;
let body: Buffer;

beforeAll(async () => {
  const file = join(tmpdir(), `atelier-dashboard-models-${process.pid}.gguf`);
  await writeTinyLlama(file);
  body = await readFile(file);
  await rm(file);
  const catalogue = catalogueWith(NAME, body);
  const entry = catalogue.find((e) => e.name === NAME);
  if (!entry) throw new Error('no entry');
  server = await startModelServer(entry, body);
  app = await startDashboardApp(
    { ATELIER_MODELS_BASE_URL: server.baseUrl, ATELIER_LLM_CONTEXT_SIZE: '512', ATELIER_LLM_THREADS: '1' },
    { modelCatalogue: catalogue },
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await server?.close();
});

describe('the admin models page in a browser', () => {
  it('pulls the recommended model from the first-run notice, shows progress across a reload, then serves chat with it', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUpAdmin(page, app);
    await page.goto(`${app.base}/dashboard/presets`);
    const notice = page.locator('#builtin-text-notice');
    expect(await notice.textContent()).toContain('builtin engine');

    server.hold(Math.floor(body.length / 3));
    await page.getByRole('button', { name: `Pull ${NAME}` }).click();
    await page.getByRole('link', { name: 'see its progress' }).click();
    await page.waitForURL(`${app.base}/dashboard/admin/models`);
    const row = page.locator(`tr[data-model="${NAME}"]`);
    await expect
      .poll(() => row.locator('.progress-text').textContent(), { timeout: 10_000 })
      .toMatch(/ of .*\(33%\).*\/s/);
    await page.reload();
    await expect.poll(() => row.locator('.progress-text').textContent(), { timeout: 10_000 }).toMatch(/\(33%\)/);
    expect(await row.getByRole('button', { name: `Cancel ${NAME}` }).isVisible()).toBe(true);
    expect(await page.locator('#whisper-model').textContent()).toMatch(
      /^Transcriptions use no whisper model\. A pulled whisper model is used at once, without a restart/,
    );
    await screenshot(page, 'admin-models');
    expect(await axeViolations(page)).toEqual([]);

    server.release();
    await expect.poll(() => row.locator('.state').textContent(), { timeout: 15_000 }).toBe('Pulled, in use');
    expect(await page.locator('#text-provider strong').textContent()).toBe('llama-cpp');
    await page.goto(`${app.base}/dashboard/presets`);
    expect(await page.locator('#builtin-text-notice').count()).toBe(0);

    const { key } = await app.account({ credits: 1_000 });
    const answer = await app.server.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: withKey(key),
      payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 4 },
    });
    expect(answer.json()).toMatchObject({ model: 'Qwen3-0.6B-Q8_0' });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
