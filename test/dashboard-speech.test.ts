import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

// The project's TypeScript has no DOM library: the page-side callbacks name only what they read.
type Img = { complete: boolean; naturalWidth: number };
type Audio = { readyState: number; duration: number; addEventListener(type: string, listener: () => void): void };

const voiceCount = (page: Page) => page.locator('#voice-list label.voice').count();
const checkedVoice = (page: Page) => page.locator('#voice-list input:checked').getAttribute('value');

async function openSpeech(page: Page): Promise<void> {
  await page.goto(`${suite.app.base}/dashboard/speech`);
  await expect.poll(() => page.locator('#voice-count').textContent()).toMatch(/^Showing \d+ of \d+ voices$/);
}

/** The audio's duration once its metadata has loaded. */
const loadedDuration = (page: Page, selector: string) =>
  page.locator(selector).evaluate(
    (node) =>
      new Promise<number>((resolve) => {
        const audio = node as unknown as Audio;
        if (audio.readyState >= 1) resolve(audio.duration);
        else audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
      }),
  );

describe('dashboard speech in a browser', () => {
  it('picks a voice by keyboard, speaks a text into a playable, downloadable MP3, and reports the word limit', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    const { email } = await signUp(page, suite.app.base);
    await openSpeech(page);

    // The browser speaks English, so the picker starts there; each voice shows its portrait.
    expect(await page.getByLabel('Language').inputValue()).toBe('English');
    const firstAvatar = page.locator('#voice-list label.voice img').first();
    await expect
      .poll(() =>
        firstAvatar.evaluate((node) => ((node as unknown as Img).complete ? (node as unknown as Img).naturalWidth : 0)),
      )
      .toBeGreaterThan(0);
    expect(await firstAvatar.getAttribute('src')).toMatch(/\/voice-avatars\/.+\.svg$/);
    const english = await voiceCount(page);

    await page.getByLabel('Language').selectOption('French');
    const french = await voiceCount(page);
    expect(french).toBeGreaterThan(0);
    expect(french).toBeLessThan(english);
    for (const meta of await page.locator('#voice-list .voice-meta').allTextContents()) expect(meta).toMatch(/^French/);
    await page.getByLabel('Language').selectOption('');
    expect(await voiceCount(page)).toBeGreaterThan(english);

    // Keyboard only: from the search box, Tab enters the radio group and an arrow key picks the next voice.
    await page.getByLabel('Language').selectOption('English');
    await page.getByLabel('Accent').selectOption('American');
    const american = await page
      .locator('#voice-list input[type="radio"]')
      .evaluateAll((radios) => radios.map((r) => (r as unknown as { value: string }).value));
    expect(american.length).toBeGreaterThan(2);
    await page.getByLabel('Search').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate('document.activeElement.value');
    expect(american).toContain(focused);
    await page.keyboard.press('ArrowDown');
    const picked = await checkedVoice(page);
    expect(picked).toBe(american[(american.indexOf(String(focused)) + 1) % american.length]);
    const pickedName = await page
      .locator('#voice-list label.voice', { has: page.locator('input:checked') })
      .locator('.voice-name')
      .textContent();
    expect(await page.locator('#selected-voice').textContent()).toContain(pickedName);

    const text = 'Hello from the Atelier dashboard. This sentence becomes an MP3 file.';
    await page.getByLabel('Text', { exact: true }).fill(text);
    expect(await page.locator('#word-count').textContent()).toBe('11');
    expect(await page.locator('#words-left-value').textContent()).toBe('2,000');
    await page.getByRole('button', { name: 'Generate speech' }).click();

    const take = page.locator('#takes > li').first();
    await take.locator('audio').waitFor({ timeout: 20_000 });
    expect(await take.locator('audio').getAttribute('src')).toMatch(/\/files\/tts\/.+\.mp3$/);
    expect(await loadedDuration(page, '#takes > li:first-child audio')).toBeGreaterThan(1);
    const download = take.getByRole('link', { name: 'Download MP3' });
    const href = String(await download.getAttribute('href'));
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/tts\/.+\.mp3$/);
    expect(await download.getAttribute('download')).toMatch(/\.mp3$/);
    const file = await fetch(href);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await expect.poll(() => page.locator('#words-left-value').textContent()).toBe('1,989');
    await expect.poll(() => take.textContent()).toMatch(/11 words · \d+\.\d s/);

    // The account spends almost all its words elsewhere: the next text is refused with the service's reason.
    const account = unwrap(await suite.app.app.services.accounts.find(email));
    expect(
      (
        await suite.app.app.services.credits.reserveWords(
          { id: randomUUID(), accountId: account.id, amount: 1985, reference: 'elsewhere' },
          suite.app.app.services.accounts.planOf(account),
        )
      ).ok,
    ).toBe(true);
    await page.getByLabel('Text', { exact: true }).fill('Five words are too many.');
    await page.getByRole('button', { name: 'Generate speech' }).click();
    await expect.poll(() => page.locator('#speak-error').textContent()).toContain('Text-to-speech word limit reached');
    // The page then learns how many words are really left, and warns before the next try.
    await expect.poll(() => page.locator('#words-left-value').textContent()).toBe('4');
    expect(await page.locator('#text-counter').textContent()).toContain('more than the 4 words you have left');
    expect(await page.locator('#takes > li').count()).toBe(1);
    await screenshot(page, 'speech');
    // Earlier results stay listed after a reload, from the account's history.
    await page.reload();
    await expect.poll(() => page.locator('#takes > li').count()).toBe(1);
    expect(await page.locator('#takes > li audio').getAttribute('src')).toMatch(/\.mp3$/);
    expect(await page.locator('#takes > li').textContent()).toMatch(/11 words · \d+\.\d s/);

    await page.setViewportSize({ width: 390, height: 844 });
    await openSpeech(page);
    await screenshot(page, 'speech-phone');
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('makes a sound effect from a description into a playable MP3 of the asked length, with its warnings', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    await signUp(page, suite.app.base);
    await openSpeech(page);
    await page.getByLabel('Describe the sound').fill('Rain falling on a tin roof with distant thunder');
    await page.getByLabel('Duration (seconds)').fill('2');
    await page.getByRole('button', { name: 'Generate sound' }).click();
    const sound = page.locator('#sounds > li').first();
    await sound.locator('audio').waitFor({ timeout: 20_000 });
    expect(await sound.locator('audio').getAttribute('src')).toMatch(/\/files\/sounds\/.+\.mp3$/);
    expect(await loadedDuration(page, '#sounds > li:first-child audio')).toBeCloseTo(2, 1);
    expect(await sound.textContent()).toContain('2 s · procedural-sound · 9 words counted');
    // The words the prompt used show in the speech form's allowance.
    await expect.poll(() => page.locator('#words-left-value').textContent()).toBe('1,991');

    await page.getByLabel('Describe the sound').fill('the colour purple');
    await page.getByLabel('Duration (seconds)').fill('1');
    await page.getByRole('button', { name: 'Generate sound' }).click();
    await expect.poll(() => page.locator('#sounds > li').count()).toBe(2);
    expect(await page.locator('#sounds > li').first().locator('.warnings').textContent()).toContain(
      'No sound this engine knows was named in the prompt',
    );
    await screenshot(page, 'speech-sounds');
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('creates a custom voice from a base voice and settings, offers it in the picker, speaks with it, and deletes it', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    await signUp(page, suite.app.base);
    await openSpeech(page);
    expect(await page.locator('#custom-empty').isVisible()).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('Narrator <b>bold</b>');
    await page.getByLabel('Description').fill('Slow and clear, for stories');
    await page.getByLabel('Base voice').selectOption('flite:slt');
    const speed = page.locator('#custom-settings input[type="range"]').first();
    expect(await page.locator('#custom-settings').textContent()).toContain('Speed');
    await speed.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Create voice' }).click();

    const item = page.locator('#custom-voices > li');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.locator('strong').textContent()).toBe('Narrator <b>bold</b>');
    expect(await item.textContent()).toContain('Based on Sarah · speed 0.8');
    await expect
      .poll(() =>
        item
          .locator('img')
          .evaluate((node) => ((node as unknown as Img).complete ? (node as unknown as Img).naturalWidth : 0)),
      )
      .toBeGreaterThan(0);
    const id = String(await item.getAttribute('data-voice-id'));
    expect(id).toMatch(/^custom:/);
    expect(await page.locator(`#voice-list input[value="${id}"]`).count()).toBe(1);

    await item.getByRole('button', { name: 'Use Narrator <b>bold</b>' }).click();
    expect(await checkedVoice(page)).toBe(id);
    expect(await page.locator('#speak-settings input[type="range"]').first().inputValue()).toBe('0.8');
    await page.getByLabel('Text', { exact: true }).fill('Once upon a time.');
    await page.getByRole('button', { name: 'Generate speech' }).click();
    await page.locator('#takes audio').waitFor({ timeout: 20_000 });
    expect(await loadedDuration(page, '#takes audio')).toBeGreaterThan(0.5);

    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: 'Delete Narrator <b>bold</b>' }).click();
    await expect.poll(() => item.count()).toBe(0);
    expect(await page.locator(`#voice-list input[value="${id}"]`).count()).toBe(0);
    expect(await page.locator('#custom-empty').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
});
