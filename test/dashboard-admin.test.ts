import { describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp, signUpAdmin } from './helpers/browser.js';

const suite = dashboardSuite();

describe('the admin area in a browser', () => {
  it('is a 404 for an account that is not an admin, and not in its navigation', async () => {
    const page = await suite.browser.newPage();
    await signUp(page, suite.app.base);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    for (const path of ['/dashboard/admin', '/dashboard/admin/audit']) {
      const res = await page.goto(`${suite.app.base}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not found');
    }
    await page.close();
  });

  it('shows an admin its home and the audit log, which passes axe', async () => {
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { email } = await signUpAdmin(page, suite.app);
    await page.goto(`${suite.app.base}/dashboard`);
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin`);
    expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').count()).toBe(7);

    const admin = await suite.app.app.services.sessions.resolve(
      (await context.cookies()).find((c) => c.name === 'atelier_session')?.value,
    );
    if (!admin) throw new Error('the admin is not logged in');
    await suite.app.app.services.audit.record(admin, {
      action: 'account.block',
      targetType: 'account',
      targetId: 'acc-1',
      before: { blocked: false, plan: 'pro' },
      after: { blocked: true, plan: 'pro' },
      reason: 'spam <script>',
    });
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${suite.app.base}/dashboard/admin/audit`);
    const row = page.locator('#audit tbody tr').first();
    expect(await row.textContent()).toContain(email);
    expect(await row.textContent()).toContain('blocked: false → true');
    expect(await row.textContent()).toContain('spam <script>');
    await page.getByLabel('Action').fill('account.unblock');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('#no-audit').isVisible()).toBe(true);
    await screenshot(page, 'admin-audit');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
