import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardApp, collectPageErrors, launchBrowser, screenshot, signUp, startDashboardApp } from './helpers/browser.js';

let t: DashboardApp;
let browser: Browser;

beforeAll(async () => {
  t = await startDashboardApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('dashboard in a browser: sign up, keys, log in and out', () => {
  it('signs up, creates a key shown once, and the key calls the API', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${t.base}/dashboard/signup`);
    await screenshot(page, 'signup');
    const { email } = await signUp(page, t.base);

    await page.getByLabel('Name').fill('production server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('New API key').inputValue();
    expect(key).toMatch(/^atl_/);
    await expect.poll(() => page.locator('#keys tbody tr').count()).toBe(1);
    await screenshot(page, 'keys');

    const response = await fetch(`${t.base}/api/account`, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: { email: string } }).account.email).toBe(email);

    // Reloading does not show the key again: only its prefix.
    await page.goto(`${t.base}/dashboard/keys`);
    expect(await page.getByLabel('New API key').count()).toBe(0);
    expect(await page.locator('#keys').textContent()).toContain(key.slice(0, 12));

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator('#keys').textContent()).toContain('revoked');
    expect((await fetch(`${t.base}/api/account`, { headers: { 'x-api-key': key } })).status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logs out, sends a logged-out visitor to log in, and back to the page asked for', async () => {
    const page = await browser.newPage();
    const { email, password } = await signUp(page, t.base);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/dashboard\/login$/);

    await page.goto(`${t.base}/dashboard/keys`);
    await page.waitForURL(/\/dashboard\/login\?next=%2Fdashboard%2Fkeys$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong email or password');
    await screenshot(page, 'login-failed');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${t.base}/dashboard/keys`);
    await page.close();
  });
});
