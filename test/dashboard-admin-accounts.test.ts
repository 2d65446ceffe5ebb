import { describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUpAdmin } from './helpers/browser.js';
import { withKey } from './helpers/test-app.js';

const suite = dashboardSuite();

describe('the admin accounts and usage pages in a browser', () => {
  it('finds an account, blocks it, adds credits with a reason, and shows usage across accounts', async () => {
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUpAdmin(page, suite.app);
    const email = `findme-${Date.now()}@example.test`;
    const user = await suite.app.account({ email, credits: 50 });
    const generated = await suite.app.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(user.key),
      payload: { preset: 'blog-post', keywords: 'bees', outputs: 2 },
    });
    expect(generated.statusCode).toBe(200);

    await page.goto(`${suite.app.base}/dashboard/admin/accounts`);
    await page.getByLabel('Email contains').fill('FINDME');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('#accounts tbody tr').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: email }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin/accounts/${user.id}`);
    expect(await page.locator('#account-credits').textContent()).toBe('48');

    await page.getByLabel('Reason for blocking').fill('spam');
    await page.getByRole('button', { name: 'Block' }).click();
    await page.waitForURL(/done=block/);
    expect(await page.locator('#account-status').textContent()).toBe('Blocked: spam');
    const refused = await suite.app.server.inject({ url: '/api/account', headers: withKey(user.key) });
    expect(refused.statusCode).toBe(401);

    await page.getByLabel('Credits to add').fill('25');
    await page.getByLabel('Reason (in the ledger)').fill('goodwill gesture');
    await page.getByRole('button', { name: 'Change credits' }).click();
    await page.waitForURL(/done=credits/);
    expect(await page.locator('#account-credits').textContent()).toBe('73');
    const row = await page.locator('#ledger tbody tr').first().textContent();
    expect(row).toContain('+25');
    expect(row).toContain('goodwill gesture');

    await page.getByLabel('Credits to add').fill('-500');
    await page.getByLabel('Reason (in the ledger)').fill('too much');
    await page.getByRole('button', { name: 'Change credits' }).click();
    expect(await page.locator('#outcome').textContent()).toBe('Cannot remove 500 credits: the balance is 73');
    await screenshot(page, 'admin-account');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin/usage`);
    await expect
      .poll(() => page.locator('#usage-chart').evaluate((c) => (c as unknown as { width: number }).width > 0))
      .toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.locator('#usage-table tbody tr').last().textContent()).toContain(today);
    expect(await page.locator('#total-credits').textContent()).toBe('2');
    expect(await page.locator('#top-accounts').textContent()).toContain(email);
    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toContain('from must be on or before to');
    await screenshot(page, 'admin-usage');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
