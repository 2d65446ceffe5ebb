import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const preview = (page: Page) => page.locator('#preview-body');

/** axe on the page as it is, wide then phone-sized. */
async function accessible(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(WIDE);
}

describe('dashboard preset editor in a browser', () => {
  it('creates a preset with three fields, previews it live, test-runs it, edits it into version 2 and deletes it; 404s for another account', async () => {
    // axe is injected as an inline script, which the pages' CSP refuses: this context alone bypasses it.
    const context = await suite.browser.newContext({ bypassCSP: true, viewport: WIDE });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    const accountId = unwrap(await suite.app.app.services.accounts.find(email)).id;

    await page.goto(`${suite.app.base}/dashboard/presets`);
    await page.getByRole('link', { name: 'New preset' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/new`);
    // Only the first row shows; the others wait for "Add field".
    expect(await page.locator('.field-row:visible').count()).toBe(1);
    await accessible(page, 'preset-editor-new');

    await page.getByLabel('Title', { exact: true }).fill('Bake sale poster');
    await page.locator('#f1-label').fill('What is on sale');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.locator('#f2-name').selectOption('extra3');
    await page.locator('#f2-label').fill('Where');
    await page.locator('#f2-default').fill('the school hall');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.locator('#f3-name').selectOption('extra9');
    await page.locator('#f3-label').fill('Mood');
    await page.locator('#f3-type').selectOption('select');
    await page.locator('#f3-options').fill('cheerful\ncalm');
    expect(await page.locator('.field-row:visible').count()).toBe(3);

    // A token no field fills: the live preview names it.
    const prompt = page.getByLabel('Prompt template');
    await prompt.fill('A {{extra9}} poster for {{keywords}} in {{extra3}}, {{secret}}.');
    await expect.poll(() => preview(page).textContent()).toContain('{{secret}} names no field');
    await prompt.fill('A {{extra9}} poster for a bake sale of {{keywords}}{{#extra3}} in {{extra3}}{{/extra3}}.');
    // The sample inputs follow the fields; the preview follows what is typed.
    await page.getByLabel('What is on sale (keywords)').fill('lemon cakes');
    await page.getByLabel('Mood (extra9)').selectOption('calm');
    await expect
      .poll(() => preview(page).textContent())
      .toContain('A calm poster for a bake sale of lemon cakes in the school hall.');
    expect(await preview(page).textContent()).toContain('You are a professional writer working on "Bake sale poster"');

    // The test run: the builtin engine's text, one output's credits.
    const before = Number(await page.locator('#editor-balance').textContent());
    await page.getByRole('button', { name: 'Test run' }).click();
    await expect.poll(() => page.locator('#test-run-text').textContent()).toContain('lemon cakes');
    await expect.poll(async () => Number(await page.locator('#editor-balance').textContent())).toBe(before - 1);
    const ledger = await suite.app.app.services.credits.ledger(accountId);
    expect(ledger.filter((entry) => entry.reason === 'reserve:text').map((entry) => entry.delta)).toEqual([-1]);
    expect(await page.locator('#test-run-body').textContent()).toContain('cost 1 credit');

    await page.getByRole('button', { name: 'Create preset' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bake sale poster');
    expect(await axeViolations(page)).toEqual([]);
    // Its page runs it like any preset, its own field types included.
    await page.getByLabel('What is on sale').fill('scones');
    await page.getByLabel('Mood').selectOption('cheerful');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('.output-text').first().textContent()).toContain('scones');
    await page.goto(`${suite.app.base}/dashboard/presets`);
    const item = page.locator('.preset-item', { hasText: 'Bake sale poster' });
    expect(await item.locator('.badge.yours').textContent()).toBe('Yours');

    // Edit: an API error is shown with everything typed kept, then a save makes version 2.
    await item.getByRole('link', { name: 'Bake sale poster' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/edit`);
    // The saved preset is previewed at once: the required sample is still empty.
    await expect.poll(() => preview(page).textContent()).toContain('inputs.keywords (What is on sale) is required');
    await page.getByLabel('What is on sale (keywords)').fill('scones');
    await expect.poll(() => preview(page).textContent()).toContain('A cheerful poster for a bake sale of scones');
    await accessible(page, 'preset-editor-edit');
    await page.getByLabel('Title', { exact: true }).fill('Bake sale flyer');
    await prompt.fill('A {{extra9}} flyer for {{keywords}}.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('#editor-error').textContent()).toContain('extra3 (Where) is not used');
    expect(await prompt.inputValue()).toBe('A {{extra9}} flyer for {{keywords}}.');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Bake sale flyer');
    await prompt.fill('A {{extra9}} flyer for {{keywords}} in {{extra3}}.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/edit?saved=1`);
    expect(await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/versions`);
    expect(await page.locator('#versions tbody tr td:first-child').allTextContents()).toEqual(['2 current', '1']);
    expect(await axeViolations(page)).toEqual([]);

    // A brand voice of its own: the preview shows its instructions first; choosing none clears it.
    const voice = unwrap(
      await suite.app.app.services.brandVoices.create(accountId, { name: 'Bakery', instructions: 'Sound warm.' }),
    );
    await page.goto(`${suite.app.base}/dashboard/presets/bake-sale-poster/edit`);
    await page.getByLabel('Brand voice').selectOption(voice.id);
    await page.getByLabel('What is on sale (keywords)').fill('scones');
    await expect.poll(() => preview(page).textContent()).toContain('Sound warm.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/edit?saved=1`);
    expect((await suite.app.app.services.userPresets.find(accountId, 'bake-sale-poster'))?.custom).toEqual({
      version: 3,
      brandVoice: voice.id,
    });
    expect(await page.getByLabel('Brand voice').inputValue()).toBe(voice.id);
    await page.getByLabel('Brand voice').selectOption('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/edit?saved=1`);
    expect((await suite.app.app.services.userPresets.find(accountId, 'bake-sale-poster'))?.custom).toEqual({
      version: 4,
    });

    // Another account: the editor, the versions and the delete page are the 404 page, and so is the preset.
    const other = await suite.browser.newPage();
    await signUp(other, suite.app.base);
    for (const path of ['/edit', '/versions', '/delete', '']) {
      const answer = await other.goto(`${suite.app.base}/dashboard/presets/bake-sale-poster${path}`);
      expect(answer?.status(), path).toBe(404);
    }
    await other.close();

    // Delete, through its confirmation.
    await page.goto(`${suite.app.base}/dashboard/presets/bake-sale-poster`);
    await page.getByRole('link', { name: 'Delete' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/bake-sale-poster/delete`);
    expect(await page.getByRole('heading', { name: 'Delete “Bake sale flyer”?' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete preset' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets`);
    expect(await page.locator('.preset-item', { hasText: 'Bake sale flyer' }).count()).toBe(0);
    expect(await suite.app.app.services.userPresets.find(accountId, 'bake-sale-poster')).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('previews, test-runs and saves without a script', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    await signUp(page, suite.app.base);
    await page.goto(`${suite.app.base}/dashboard/presets/new`);
    expect(await page.locator('.field-row:visible').count()).toBe(9);
    await page.getByLabel('Title', { exact: true }).fill('Plain haiku');
    await page.locator('#f1-label').fill('Subject');
    await page.getByLabel('Prompt template').fill('A haiku about {{keywords}} in {{language}}.');
    await page.getByRole('button', { name: 'Preview' }).click();
    // The sample inputs come from the fields once the form has been sent.
    await page.getByLabel('Subject (keywords)').fill('rain');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => preview(page).textContent()).toContain('A haiku about rain in English.');
    await page.getByRole('button', { name: 'Test run' }).click();
    await expect.poll(() => page.locator('#test-run-text').textContent()).toContain('rain');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Plain haiku');
    await page.getByRole('button', { name: 'Create preset' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/plain-haiku`);
    await context.close();
  });
});
