import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserPresetSchema } from '../src/modules/presets/user-preset.schemas.js';
import { unwrap } from '../src/shared/errors.js';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite({ ATELIER_PRESET_LINK_RUNS_PER_MINUTE: '50' });

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

const recipe = (slug: string) =>
  createUserPresetSchema.parse({
    slug,
    title: 'Pantry recipe',
    fields: [{ name: 'keywords', label: 'Ingredients', type: 'textarea', required: true, maxLength: 300 }],
    prompt: 'Write a recipe in {{language}} using {{keywords}}.',
  });

/** axe on the page as it is, wide then phone-sized. */
async function accessible(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(WIDE);
}

const item = (page: Page, label: string) => page.locator('#preset-links li', { hasText: label });

describe('sharing a preset in the dashboard', () => {
  it('makes a link shown once, counts a visitor’s run, changes its cap, revokes it; refuses what the API refuses; 404s for another account', async () => {
    // axe is injected as an inline script, which the pages' CSP refuses: this context alone bypasses it.
    const context = await suite.browser.newContext({ bypassCSP: true, viewport: WIDE });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    const services = suite.app.app.services;
    const accountId = unwrap(await services.accounts.find(email)).id;
    unwrap(await services.userPresets.create(accountId, recipe('shared-recipe')));
    const sharing = `${suite.app.base}/dashboard/presets/shared-recipe/links`;

    // From the preset's own actions.
    await page.goto(`${suite.app.base}/dashboard/presets/shared-recipe`);
    await page.getByRole('navigation', { name: 'Your preset' }).getByRole('link', { name: 'Sharing' }).click();
    await page.waitForURL(sharing);
    expect(await page.locator('#no-links').textContent()).toContain('No links yet');
    await accessible(page, 'preset-sharing-empty');

    // Made through the form: the URL shown once, with a copy button.
    await page.getByLabel('Daily cap').fill('2');
    await page.getByLabel(/^Label/).fill('Newsletter');
    await page.getByRole('button', { name: 'Make link' }).click();
    await expect.poll(() => page.locator('#new-link').count()).toBe(1);
    expect(await page.locator('#new-link').textContent()).toContain('it will not be shown again');
    const url = await page.locator('#new-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^${suite.app.base}/p/[A-Za-z0-9_-]{20,64}$`));
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    expect(await item(page, 'Newsletter').locator('.used-today').textContent()).toBe('0 of 2');
    await accessible(page, 'preset-sharing-created');

    // Opened again, the page shows the link but never its URL.
    await page.goto(sharing);
    expect(await page.locator('#new-link').count()).toBe(0);
    expect(await page.content()).not.toContain(url.split('/p/')[1]);
    expect(await item(page, 'Newsletter').locator('.badge').textContent()).toBe('live');

    // A visitor with no account runs it once: the count shows it.
    const visitorContext = await suite.browser.newContext();
    const visitor = await visitorContext.newPage();
    visitor.setDefaultTimeout(8_000);
    await visitor.goto(url);
    await visitor.getByLabel(/^Ingredients/).fill('lentils, lemons');
    await visitor.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => visitor.locator('#public-output').textContent()).not.toBe('');
    await page.reload();
    expect(await item(page, 'Newsletter').locator('.used-today').textContent()).toBe('1 of 2');

    // Changed: a cap past the limit is the operation's message with what was typed kept, then a good one.
    const newsletter = item(page, 'Newsletter');
    const cap = newsletter.getByLabel('Daily cap');
    // The browser's own check of the field's limit set aside, as a browser without it would send the form.
    await page.evaluate(
      "document.querySelectorAll('input[name=daily_cap]').forEach((input) => input.removeAttribute('max'))",
    );
    await cap.fill('20000');
    await newsletter.getByLabel(/^Label/).fill('Newsletter, May');
    await newsletter.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => page.locator('#preset-links .error').textContent()).toContain('at most 10000');
    expect(await item(page, 'Newsletter').getByLabel('Daily cap').inputValue()).toBe('20000');
    expect(
      await item(page, 'Newsletter')
        .getByLabel(/^Label/)
        .inputValue(),
    ).toBe('Newsletter, May');
    await item(page, 'Newsletter').getByLabel('Daily cap').fill('5');
    await item(page, 'Newsletter').getByRole('button', { name: /^Save/ }).click();
    await page.waitForURL(/\?done=saved/);
    expect(await page.getByRole('status').filter({ hasText: 'Link saved.' }).count()).toBe(1);
    expect(await item(page, 'Newsletter, May').locator('.daily-cap').textContent()).toBe('5');
    expect(await item(page, 'Newsletter, May').locator('.used-today').textContent()).toBe('1 of 5');
    expect(unwrap(await services.presetLinks.list(accountId, 'shared-recipe'))).toMatchObject([
      {
        label: 'Newsletter, May',
        daily_cap: 5,
        used_today: 1,
      },
    ]);

    // Without scripts the form works the same; the copy button, which needs one, is not offered.
    const plainContext = await suite.browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await plainContext.newPage();
    plain.setDefaultTimeout(8_000);
    await plain.goto(sharing);
    await plain
      .locator('#create-link')
      .getByLabel(/^Label/)
      .fill('Plain');
    await plain.locator('#create-link').getByRole('button', { name: 'Make link' }).click();
    await expect.poll(() => plain.locator('#new-link-url').count()).toBe(1);
    expect(await plain.locator('#new-link-url').inputValue()).toMatch(/\/p\/[A-Za-z0-9_-]{20,64}$/);
    expect(await plain.locator('#new-link [data-copy]').isVisible()).toBe(false);
    await plainContext.close();
    await page.reload();
    expect(await item(page, 'Plain').locator('.badge').textContent()).toBe('live');

    // Another account: the sharing page and the revoke confirmation are the 404 page.
    const link = unwrap(await services.presetLinks.list(accountId, 'shared-recipe')).find(
      (candidate) => candidate.label === 'Newsletter, May',
    );
    const otherContext = await suite.browser.newContext();
    const other = await otherContext.newPage();
    await signUp(other, suite.app.base);
    const foreign = await other.goto(sharing);
    expect(foreign?.status()).toBe(404);
    expect(await other.locator('main h1').textContent()).toBe('Not found');
    expect((await other.goto(`${sharing}/${link?.id}/revoke`))?.status()).toBe(404);
    await otherContext.close();

    // Revoked through its confirmation: the public page is gone.
    await item(page, 'Newsletter, May')
      .getByRole('link', { name: /^Revoke/ })
      .click();
    await page.waitForURL(`${sharing}/${link?.id}/revoke`);
    expect(await page.getByRole('heading', { name: 'Revoke “Newsletter, May”?' }).count()).toBe(1);
    await accessible(page, 'preset-sharing-revoke');
    await page.getByRole('button', { name: 'Revoke link' }).click();
    await page.waitForURL(`${sharing}?done=revoked`);
    expect(await item(page, 'Newsletter, May').locator('.badge').textContent()).toBe('revoked');
    expect(await item(page, 'Newsletter, May').locator('form').count()).toBe(0);
    expect((await visitor.goto(url))?.status()).toBe(404);
    await visitorContext.close();

    // What the API refuses is said on the form, with what was typed kept: a preset with its 20 live links…
    unwrap(await services.userPresets.create(accountId, recipe('busy-recipe')));
    for (let i = 0; i < 20; i += 1)
      unwrap(await services.presetLinks.create(accountId, 'busy-recipe', { daily_cap: 50 }));
    await page.goto(`${suite.app.base}/dashboard/presets/busy-recipe/links`);
    await page
      .locator('#create-link')
      .getByLabel(/^Label/)
      .fill('One more');
    await page.locator('#create-link').getByRole('button', { name: 'Make link' }).click();
    await expect.poll(() => page.locator('#create-link .error').textContent()).toContain('at most 20 live links');
    expect(
      await page
        .locator('#create-link')
        .getByLabel(/^Label/)
        .inputValue(),
    ).toBe('One more');
    // …and an image preset.
    const poster = createUserPresetSchema.parse({
      slug: 'shared-poster',
      title: 'Event poster',
      fields: [{ name: 'keywords', label: 'Event', type: 'text', required: true }],
      output: 'image',
      image_settings: { model: 'DALL-E 3', dimensions: '1792x1024', style: 'watercolor' },
      prompt: 'A poster for {{keywords}}',
    });
    unwrap(await services.userPresets.create(accountId, poster));
    await page.goto(`${suite.app.base}/dashboard/presets/shared-poster/edit`);
    await page.getByRole('link', { name: 'Sharing' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/shared-poster/links`);
    expect(await page.locator('#text-only').textContent()).toContain('this one makes images');
    await page.getByLabel(/^Label/).fill('Posters');
    await page.getByRole('button', { name: 'Make link' }).click();
    await expect
      .poll(() => page.locator('#create-link .error').textContent())
      .toContain('public links run text presets');
    expect(await page.getByLabel(/^Label/).inputValue()).toBe('Posters');
    expect(await page.locator('#no-links').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
