import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { styleProfile } from '../src/engines/adapters/builtin/style-profile.js';
import { unwrap } from '../src/shared/errors.js';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

const SAMPLES =
  'We grow our own tomatoes. We water them at dawn, and we never rush the harvest. Our spades are old, and we like them that way.';

const rows = (page: Page) => page.locator('#brand-voices tbody tr');
const row = (page: Page, name: string) => page.locator('#brand-voices tbody tr', { hasText: name });

describe('dashboard brand voices in a browser', () => {
  it('creates from instructions and from samples, edits, makes a default, deletes; generates with one; 404s for another account', async () => {
    // axe is injected as an inline script, which the pages' CSP refuses: this context alone bypasses it.
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    const accountId = unwrap(await suite.app.app.services.accounts.find(email)).id;

    await page.getByRole('link', { name: 'Brand voices', exact: true }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices`);
    expect(await page.locator('main').textContent()).toContain('No brand voices yet');
    expect(await page.locator('main').textContent()).toContain('measured style profile');

    // Nothing to write from: the operation's own message is shown on the form, with what was typed kept.
    await page.getByLabel('Name').fill('Empty');
    await page.getByRole('button', { name: 'Create brand voice' }).click();
    await expect.poll(() => page.locator('#create-voice .error').textContent()).toContain('give instructions');
    expect(await page.getByLabel('Name').inputValue()).toBe('Empty');

    // Written instructions.
    await page.getByLabel('Name').fill('Plain');
    await page.getByLabel(/^Instructions/).fill('Write short sentences. Say we, not the company.');
    await page.getByRole('button', { name: 'Create brand voice' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices`);
    expect(await rows(page).count()).toBe(1);
    expect(await row(page, 'Plain').locator('td').nth(2).textContent()).toBe('written');
    expect(await row(page, 'Plain').locator('.badge').count()).toBe(0);

    // From samples: the offline engine drafts a measured profile.
    await page.getByLabel('Name').fill('Gardener');
    await page.getByLabel('Writing samples').fill(SAMPLES);
    await page.getByRole('button', { name: 'Create brand voice' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices`);
    expect(await rows(page).count()).toBe(2);
    expect(await row(page, 'Gardener').locator('td').nth(2).textContent()).toBe('offline profile');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'brand-voices');

    await row(page, 'Gardener').getByRole('link', { name: 'Gardener' }).click();
    await page.waitForURL(/\/dashboard\/brand-voices\/[0-9a-f-]{36}$/);
    const gardenerId = page.url().split('/').pop() ?? '';
    const instructions = await page.getByLabel(/^Instructions/).inputValue();
    const profile = styleProfile(SAMPLES);
    expect(instructions.split('\n')[0]).toBe(profile.split('\n')[0]);
    expect(await page.locator('#instructions-count').textContent()).toContain(
      `${Array.from(instructions).length.toLocaleString('en')} of at most 10,000 characters; the engine reads the first 2,000`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'brand-voice-edit');
    // The count follows what is typed, and says what the engine leaves unread.
    await page.getByLabel(/^Instructions/).fill('x'.repeat(2_010));
    expect(await page.locator('#instructions-count').textContent()).toContain('2,010 of at most');
    expect(await page.locator('#instructions-count').textContent()).toContain('10 past them are not read');

    // Nothing left to draft from: the operation's error is shown on the form, and nothing is changed.
    await page.getByLabel(/^Instructions/).fill('');
    await page.getByLabel('Writing samples').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.locator('#edit-voice .error').textContent())
      .toContain('there is no text to draft the instructions from');
    expect(await page.getByLabel('Writing samples').inputValue()).toBe('');
    expect(unwrap(await suite.app.app.services.brandVoices.get(accountId, gardenerId)).instructions).toBe(instructions);

    // Saving a new name alone sends only what changed: the drafted instructions stay the offline profile's.
    await page.goto(`${suite.app.base}/dashboard/brand-voices/${gardenerId}`);
    await page.getByLabel('Name').fill('Gardener, renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices/${gardenerId}?saved=1`);
    expect(unwrap(await suite.app.app.services.brandVoices.get(accountId, gardenerId))).toMatchObject({
      name: 'Gardener, renamed',
      instructions,
      drafted_by: 'offline profile',
    });

    // Edit: a new name, the instructions rewritten, made the default.
    await page.getByLabel('Name').fill('Gardener, edited');
    await page.getByLabel(/^Instructions/).fill('Talk like someone with soil on their hands.');
    await page.getByLabel('Make this my default').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices/${gardenerId}?saved=1`);
    expect(await page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    const edited = unwrap(await suite.app.app.services.brandVoices.get(accountId, gardenerId));
    expect(edited).toMatchObject({
      name: 'Gardener, edited',
      instructions: 'Talk like someone with soil on their hands.',
      default: true,
      drafted_by: null,
    });
    await page.goto(`${suite.app.base}/dashboard/brand-voices`);
    expect(await row(page, 'Gardener, edited').locator('.badge').textContent()).toBe('default');
    expect(await row(page, 'Plain').locator('.badge').count()).toBe(0);

    // Generate from a preset with a brand voice chosen: the request names it, and it works.
    const plain = (await suite.app.app.services.brandVoices.list(accountId, { limit: 50, offset: 0 }))[0].find(
      (voice) => voice.name === 'Plain',
    );
    await page.goto(`${suite.app.base}/dashboard/presets/paragraph-writer`);
    const select = page.getByLabel('Brand voice');
    expect(await select.locator('option').first().textContent()).toBe('None chosen: your default, Gardener, edited');
    await select.selectOption({ label: 'Plain' });
    await page.getByLabel('What the paragraph is about').fill('tomatoes at dawn');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/generate'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/generate'));
    await page.getByRole('button', { name: 'Generate' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ brand_voice: plain?.id });
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.locator('.output-text').first().textContent()).toContain('tomatoes at dawn');
    expect(await page.locator('#generate-form .error').textContent()).toBe('');

    // Another account: the brand voice is the dashboard's 404 page, its delete too.
    const other = await suite.browser.newPage();
    await signUp(other, suite.app.base);
    const foreign = await other.goto(`${suite.app.base}/dashboard/brand-voices/${gardenerId}`);
    expect(foreign?.status()).toBe(404);
    expect(await other.locator('main h1').textContent()).toBe('Not found');
    expect((await other.goto(`${suite.app.base}/dashboard/brand-voices/${gardenerId}/delete`))?.status()).toBe(404);
    await other.close();

    // Delete, through its confirmation form.
    await page.goto(`${suite.app.base}/dashboard/brand-voices/${gardenerId}`);
    await page.getByRole('link', { name: 'Delete this brand voice…' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices/${gardenerId}/delete`);
    expect(await page.getByRole('heading', { name: 'Delete “Gardener, edited”?' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete brand voice' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/brand-voices`);
    expect(await rows(page).count()).toBe(1);
    expect(await row(page, 'Gardener').count()).toBe(0);
    expect((await suite.app.app.services.brandVoices.get(accountId, gardenerId)).ok).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('lets a bot take a brand voice', async () => {
    const page = await suite.browser.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    const accountId = unwrap(await suite.app.app.services.accounts.find(email)).id;
    const voice = unwrap(
      await suite.app.app.services.brandVoices.create(accountId, { name: 'Warm', instructions: 'Be warm.' }),
    );
    await page.goto(`${suite.app.base}/dashboard/bots`);
    await page.getByLabel('Name', { exact: true }).fill('Greeter');
    await page.getByLabel('Brand voice').selectOption({ label: 'Warm' });
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.waitForURL(/\/dashboard\/bots\/[0-9a-f-]{36}$/);
    const botId = page.url().split('/').pop() ?? '';
    expect(unwrap(await suite.app.app.services.bots.get(accountId, botId)).brand_voice_id).toBe(voice.id);
    expect(await page.getByLabel('Brand voice').inputValue()).toBe(voice.id);
    // None chosen is none.
    await page.getByLabel('Brand voice').selectOption('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('#toast').textContent()).toBe('Settings saved');
    expect(unwrap(await suite.app.app.services.bots.get(accountId, botId)).brand_voice_id).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
