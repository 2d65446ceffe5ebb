import { describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUpAdmin } from './helpers/browser.js';
import { withKey } from './helpers/test-app.js';

const suite = dashboardSuite({ ATELIER_PRESET_LINK_RUNS_PER_MINUTE: '50' });

const recipe = {
  slug: 'pantry-recipe',
  title: 'Pantry recipe',
  description: 'A recipe from what is in the cupboard',
  fields: [
    { name: 'keywords', label: 'Ingredients', type: 'textarea', required: true, maxLength: 300 },
    { name: 'extra1', label: 'Cuisine', type: 'text', placeholder: 'e.g. Italian' },
  ],
  prompt: 'Write a {{extra1}} recipe in {{language}} using {{keywords}}.',
};

async function api(method: 'POST' | 'GET', url: string, key: string, payload?: object) {
  return suite.app.server.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });
}

describe('a shared preset in a browser', () => {
  it('runs the public page with and without its script, counts the runs left and shows the cap', async () => {
    const owner = await suite.app.account({ plan: 'free', credits: 1000 });
    expect((await api('POST', '/api/presets', owner.key, recipe)).statusCode).toBe(201);
    const made = await api('POST', '/api/presets/pantry-recipe/links', owner.key, { daily_cap: 3 });
    const { url } = made.json<{ url: string }>();
    expect(url.startsWith(`${suite.app.base}/p/`)).toBe(true);

    // A visitor with no account. axe is injected as an inline script, which the CSP refuses: this context bypasses it.
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    await page.goto(url);
    expect(await page.locator('h1').textContent()).toBe('Pantry recipe');
    expect(await page.locator('#runs-left').textContent()).toContain('3 of 3 runs left today');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The required field left empty: the service's message on the form, nothing spent.
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#public-preset-form .error').textContent()).toContain('Ingredients');

    await page.getByLabel(/^Ingredients/).fill('lentils, lemons, rice');
    await page.getByLabel('Cuisine').fill('Greek');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#public-output').textContent()).not.toBe('');
    expect(await page.locator('#public-result').isVisible()).toBe(true);
    expect(await page.locator('#runs-left').textContent()).toContain('2 of 3 runs left today');
    expect(await page.locator('#public-preset-form .error').textContent()).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'preset-link-public-page');

    // Without the script the form posts and the page comes back with the output.
    const plain = await suite.browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    plainPage.setDefaultTimeout(8_000);
    await plainPage.goto(url);
    await plainPage.getByLabel(/^Ingredients/).fill('oats, apples');
    // The answer is a new page at the same address: waited for by what it shows.
    await plainPage.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => plainPage.locator('#runs-left').textContent()).toContain('1 of 3 runs left today');
    expect(await plainPage.locator('#public-result').isVisible()).toBe(true);
    expect((await plainPage.locator('#public-output').textContent())?.length).toBeGreaterThan(0);
    await plain.close();

    // The last run, then the cap.
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#runs-left').textContent()).toContain('used all of its 3 runs');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => page.locator('#public-preset-form .error').textContent())
      .toContain('used all of its 3 runs for today');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'preset-link-cap');

    // A reload shows the cap and no button to press.
    await page.reload();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a 404 page for a revoked link', async () => {
    const owner = await suite.app.account({ plan: 'free', credits: 100 });
    expect((await api('POST', '/api/presets', owner.key, { ...recipe, slug: 'revoked-recipe' })).statusCode).toBe(201);
    const made = (await api('POST', '/api/presets/revoked-recipe/links', owner.key, {})).json<{
      id: string;
      url: string;
    }>();
    await suite.app.server.inject({
      method: 'DELETE',
      url: `/api/presets/revoked-recipe/links/${made.id}`,
      headers: withKey(owner.key),
    });
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const response = await page.goto(made.url);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Not found');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("lets an admin publish a user's preset and unpublish it", async () => {
    const owner = await suite.app.account({ plan: 'free', credits: 100, email: `chef-${Date.now()}@example.test` });
    expect((await api('POST', '/api/presets', owner.key, { ...recipe, slug: 'chef-recipe' })).statusCode).toBe(201);
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const errors = collectPageErrors(page);
    await signUpAdmin(page, suite.app);
    await page.goto(`${suite.app.base}/dashboard/admin/presets`);
    expect(await page.locator('#no-published').textContent()).toContain('No preset is published');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Account (id or email)').fill(owner.id);
    await page.getByLabel("The account's preset (slug)").fill('chef-recipe');
    await page.getByLabel(/^Slug in the catalogue/).fill('blog-post');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('#publish-form .error').textContent()).toContain("catalogue preset's");

    await page.getByLabel(/^Slug in the catalogue/).fill('');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin/presets?done=published`);
    expect(await page.locator('#published-presets tbody tr').count()).toBe(1);
    expect(await page.locator('#published-presets tbody').textContent()).toContain('Pantry recipe');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-published-presets');
    const other = await suite.app.account({ plan: 'free', credits: 10 });
    expect((await api('GET', '/api/presets/chef-recipe', other.key)).statusCode).toBe(200);

    await page.getByRole('button', { name: 'Unpublish chef-recipe' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin/presets?done=unpublished`);
    expect(await page.locator('#published-presets').count()).toBe(0);
    expect((await api('GET', '/api/presets/chef-recipe', other.key)).statusCode).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
