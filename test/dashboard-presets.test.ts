import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

const TOPIC = 'why remote teams need written rituals';

describe('dashboard presets playground in a browser', () => {
  it('searches the catalogue, fills a preset form, generates, copies an output', async () => {
    const page = await suite.browser.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    await signUp(page, suite.app.base);
    await page.getByRole('link', { name: 'Presets', exact: true }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets`);

    const items = page.locator('.preset-item');
    const visible = page.locator('.preset-item:visible');
    const total = suite.app.app.services.presets.list().total;
    expect(await items.count()).toBe(total);
    expect(await visible.count()).toBe(total);
    // A free account sees which presets need a paid plan.
    expect(
      await page.locator('.preset-item', { hasText: 'TikTok Video Script' }).locator('.badge.locked').count(),
    ).toBe(1);
    expect(await page.locator('.preset-item', { hasText: 'Paragraph Writer' }).locator('.badge.free').count()).toBe(1);
    await screenshot(page, 'presets');

    await page.getByLabel('Search presets').fill('paragraph');
    await expect.poll(() => visible.count()).toBeLessThan(total);
    const shown = await visible.count();
    expect(shown).toBeGreaterThan(0);
    expect(await page.locator('#preset-count').textContent()).toBe(`Showing ${shown} of ${total} presets`);
    expect(await page.locator('.preset-item:visible', { hasText: 'TikTok Video Script' }).count()).toBe(0);
    await page.getByLabel('Search presets').fill('no such preset anywhere');
    await expect.poll(() => page.locator('#no-match').isVisible()).toBe(true);
    await page.getByLabel('Search presets').fill('paragraph writer');

    await page.getByRole('link', { name: 'Paragraph Writer' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/presets/paragraph-writer`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Paragraph Writer');
    expect(await page.getByRole('group', { name: 'Length' }).getByRole('radio').count()).toBe(3);
    expect(await page.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);

    // The required topic left empty: the API's validation message shows in the form and points at the field.
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('is required');
    expect(await page.getByLabel('What the paragraph is about').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('What the paragraph is about').fill(TOPIC);
    expect(await page.locator('#field-keywords-count').textContent()).toBe(`${TOPIC.length} / 2500 characters`);
    await page.getByRole('radio', { name: 'Short' }).check();
    await page.getByRole('button', { name: 'Generate' }).click();
    const output = page.locator('.output-text').first();
    await expect.poll(() => output.textContent()).toContain(TOPIC);
    expect(await page.locator('#generate-form .error').textContent()).toBe('');
    await expect
      .poll(() => page.locator('#results-status').textContent())
      .toMatch(/1 output generated\. Used 1 credit, \d+ left\./);

    await page.getByRole('button', { name: 'Copy output 1' }).click();
    await expect.poll(() => page.locator('#toast').textContent()).toBe('Copied');
    await screenshot(page, 'preset-form');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'preset-form-phone');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works as plain links, refuses a premium preset on the free plan, and 404s an unknown preset', async () => {
    const page = await suite.browser.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    await signUp(page, suite.app.base);

    await page.goto(`${suite.app.base}/dashboard/presets?category=Business&q=email`);
    const business = suite.app.app.services.presets.list('Business').total;
    const shown = await page.locator('.preset-item:visible').count();
    expect(shown).toBeGreaterThan(0);
    expect(await page.locator('#preset-count').textContent()).toBe(
      `Showing ${shown} of ${business} presets in Business`,
    );
    expect(await page.getByRole('link', { name: /^Business/ }).getAttribute('aria-current')).toBe('page');

    await page.goto(`${suite.app.base}/dashboard/presets/tiktok-video-script`);
    expect(await page.getByRole('note').textContent()).toContain('premium preset');
    await page.getByLabel('Video idea').fill('a cooking channel');
    // The request's own bounds are checked first: the message names the field, which is marked.
    await page.getByLabel('Number of outputs').fill('11');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('outputs: must be at most 10');
    expect(await page.getByLabel('Number of outputs').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Number of outputs').fill('1');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not available on the free plan');
    expect(await page.locator('#results').isVisible()).toBe(false);

    const missing = await page.goto(`${suite.app.base}/dashboard/presets/no-such-preset`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('alert').textContent()).toBe('Preset not found');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('runs a preset of yours with an image field from a picture chosen on the device; one too large is refused there', async () => {
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    const accountId = unwrap(await suite.app.app.services.accounts.find(email)).id;
    unwrap(
      await suite.app.app.services.userPresets.create(accountId, {
        slug: 'label-reader',
        title: 'Label reader',
        description: '',
        category: ['Other'],
        fields: [
          { name: 'keywords', label: 'Product', type: 'text', required: true },
          { name: 'extra5', label: 'Photo', type: 'image', required: true },
        ],
        output: 'text',
        prompt: 'Describe the label of {{keywords}}.{{#extra5}} A photo is attached.{{/extra5}}',
      }),
    );
    await page.goto(`${suite.app.base}/dashboard/presets/label-reader`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Product').fill('honey jar');
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c09030' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Or choose a picture for Photo')
      .setInputFiles({ name: 'jar.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => page.locator('#field-extra5').inputValue()).toMatch(/^data:image\/png;base64,/);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#outputs').textContent()).toContain('320x200');

    const huge = Buffer.alloc(800 * 1024, 1);
    await page
      .getByLabel('Or choose a picture for Photo')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await expect.poll(() => page.locator('#field-extra5-hint').textContent()).toContain('huge.png is 800 KB');
    expect(await page.locator('#field-extra5').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
