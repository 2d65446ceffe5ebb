import { describe, expect, it } from 'vitest';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

describe('dashboard in a browser: sign up, keys, log in and out', () => {
  it('signs up, creates a key shown once, and the key calls the API', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.base}/dashboard/signup`);
    await screenshot(page, 'signup');
    const { email } = await signUp(page, suite.app.base);

    await page.getByLabel('Name').fill('production server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('New API key').inputValue();
    expect(key).toMatch(/^atl_/);
    await expect.poll(() => page.locator('#keys tbody tr').count()).toBe(1);
    await screenshot(page, 'keys');

    const response = await fetch(`${suite.app.base}/api/account`, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: { email: string } }).account.email).toBe(email);

    // Reloading does not show the key again: only its prefix.
    await page.goto(`${suite.app.base}/dashboard/keys`);
    expect(await page.getByLabel('New API key').count()).toBe(0);
    expect(await page.locator('#keys').textContent()).toContain(key.slice(0, 12));

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator('#keys').textContent()).toContain('revoked');
    expect((await fetch(`${suite.app.base}/api/account`, { headers: { 'x-api-key': key } })).status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logs out, sends a logged-out visitor to log in, and back to the page asked for', async () => {
    const page = await suite.browser.newPage();
    const { email, password } = await signUp(page, suite.app.base);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/dashboard\/login$/);

    await page.goto(`${suite.app.base}/dashboard/keys`);
    await page.waitForURL(/\/dashboard\/login\?next=%2Fdashboard%2Fkeys$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong email or password');
    await screenshot(page, 'login-failed');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/keys`);
    await page.close();
  });

  it('shows the plan, balances, a drawn chart of spending per day and capability, and the ledger', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    await suite.app.app.services.accounts.addCredits(email, 50);
    const account = await suite.app.app.services.accounts.find(email);
    const { api_key: key } = await suite.app.app.services.keys.create(account.ok ? account.value.id : '', 'usage');
    const generated = await fetch(`${suite.app.base}/api/generate`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'blog-post', keywords: 'urban beekeeping', outputs: 2 }),
    });
    expect(generated.status).toBe(200);

    await page.goto(`${suite.app.base}/dashboard`);
    expect(await page.locator('#plan-name').textContent()).toBe('free');
    expect(await page.locator('#credit-balance').textContent()).toBe('148');
    // Chart.js drew on the canvas: it keeps the chart, with the capability as a data set.
    const drawn = await page.evaluate<{ label: string; total: number }[] | undefined>(`(() => {
      const chart = window.Chart.getChart(document.getElementById('usage-chart'));
      return chart?.data.datasets.map((d) => ({ label: d.label, total: d.data.reduce((a, b) => a + b, 0) }));
    })()`);
    expect(drawn).toEqual([{ label: 'Presets', total: 2 }]);
    const ledger = await page.locator('#ledger tbody tr').allTextContents();
    expect(ledger[0]).toContain('Presets');
    expect(ledger.at(-1)).toContain('Opening credits');
    // ?before= pages back: the entries older than the one named, and a way back to the newest.
    const [newest] = await suite.app.app.services.credits.ledger(account.ok ? account.value.id : '', 1);
    await page.goto(`${suite.app.base}/dashboard?before=${newest?.id}`);
    expect(await page.locator('#ledger tbody tr').allTextContents()).toEqual(ledger.slice(1));
    expect(await page.getByRole('link', { name: 'Newest entries' }).count()).toBe(1);
    await page.goto(`${suite.app.base}/dashboard`);
    await screenshot(page, 'usage');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(390);
    await screenshot(page, 'usage-phone');
    expect(errors).toEqual([]);
    await page.close();
  });
});
