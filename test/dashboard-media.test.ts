import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { collectPageErrors, dashboardSuite, screenshot, signUp } from './helpers/browser.js';

const suite = dashboardSuite();

/** A signed-up browser session on the pro plan: it may make videos and has credits. */
async function proPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  const errors = collectPageErrors(page);
  const { email } = await signUp(page, suite.app.base);
  unwrap(await suite.app.app.services.accounts.setPlan(email, 'pro'));
  return { page, errors };
}

const tileOf = (page: Page, prompt: string) => page.locator('#gallery > li', { hasText: prompt });

describe('dashboard images and videos in a browser', () => {
  it('generates an image that turns into a loaded picture, and shows why another one failed', async () => {
    const { page, errors } = await proPage();
    await page.goto(`${suite.app.base}/dashboard/images`);
    await expect.poll(() => page.locator('#gallery-empty').isVisible()).toBe(true);

    const prompt = 'A lighthouse at dusk, seen from the sea';
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByLabel('Model').selectOption('builtin-sketch');
    await page.getByLabel('Size (pixels)').selectOption('512x512');
    await expect.poll(() => page.locator('#cost').textContent()).toBe('Costs 1 credit.');
    await page.getByRole('button', { name: 'Generate' }).click();
    const picture = tileOf(page, prompt).locator('img');
    await picture.waitFor({ timeout: 15_000 });
    expect(await picture.getAttribute('alt')).toBe(prompt);
    await expect
      .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(await tileOf(page, prompt).textContent()).toContain('512 × 512');
    expect(await tileOf(page, prompt).getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/.+\.(png|jpg|webp)$/,
    );

    // A picture to edit on a loopback address: the action picker appears; the API accepts the edit, the SSRF
    // guard refuses the picture, the job fails with that reason.
    const hostile = 'A cat <img src=x onerror=alert(1)>';
    await page.getByLabel('Prompt').fill(hostile);
    expect(await page.getByLabel('What to do with the picture').isVisible()).toBe(false);
    await page.getByLabel('Picture to edit (URL)').fill('http://127.0.0.1:9/cat.png');
    await page.getByLabel('What to do with the picture').selectOption('Colorize');
    await page.getByRole('button', { name: 'Generate' }).click();
    const failed = tileOf(page, hostile);
    await expect.poll(() => failed.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    expect(await failed.locator('.error').textContent()).toContain('reference image could not be downloaded');
    expect(await failed.locator('img').count()).toBe(0);
    expect(await failed.textContent()).toContain('Colorize of a given picture');
    // An action nothing here can do: the form shows the service's answer, naming what could.
    await page.getByLabel('What to do with the picture').selectOption('Ghiblify');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => page.locator('#generate-form .error').textContent())
      .toMatch(/"Ghiblify" needs a generative model/);
    await page.getByLabel('Picture to edit (URL)').fill('');
    await screenshot(page, 'images');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.locator('#gallery > li').count()).toBe(2);
    // Gallery pictures load lazily: bring the last one into view so the full-page screenshot shows it.
    const lastPicture = page.locator('#gallery img').last();
    await lastPicture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => lastPicture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'images-phone');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pages the gallery with "Load more" and polls nothing once every image has settled', async () => {
    const { page, errors } = await proPage();
    await page.goto(`${suite.app.base}/dashboard/images`);
    const headers = { 'x-csrf-token': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' };
    for (let batch = 0; batch < 6; batch++) {
      const data = {
        prompt: `Seeded picture ${batch}`,
        model: 'builtin-sketch',
        dimensions: '64x64',
        outputs: 4,
        waitForResult: true,
      };
      expect((await page.request.post(`${suite.app.base}/api/generate-image`, { headers, data })).status()).toBe(200);
    }
    const { images } = (await (
      await page.request.get(`${suite.app.base}/api/images?limit=100`, { headers })
    ).json()) as { images: { status: string }[] };
    const settled = images.map((image) => image.status);
    expect(settled).toEqual(Array(24).fill('completed'));

    const polls: string[] = [];
    page.on('request', (request) => void (request.url().includes('/api/get-image') && polls.push(request.url())));
    await page.reload();
    expect(await page.locator('#gallery > li').count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('#gallery > li').count()).toBe(24);
    expect(await page.getByRole('button', { name: 'Load more' }).isVisible()).toBe(false);
    // Twice the first check's delay (media.js FIRST_POLL_MS): a pending tile would have been asked about by then.
    await page.waitForTimeout(1_000);
    expect(polls).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('generates a two-second video that becomes a playable player', async () => {
    const { page, errors } = await proPage();
    await page.goto(`${suite.app.base}/dashboard/videos`);
    const prompt = 'Waves rolling onto a beach at sunrise';
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByLabel('Duration').fill('2');
    await page.getByLabel('Aspect ratio').selectOption('1:1');
    await expect.poll(() => page.locator('#cost').textContent()).toBe('Costs 4 credits.');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => tileOf(page, prompt).getAttribute('data-status')).toBe('processing');
    const player = tileOf(page, prompt).locator('video');
    await player.waitFor({ timeout: 20_000 });
    await expect
      .poll(
        () =>
          player.evaluate((node) => {
            const video = node as unknown as { readyState: number; duration: number };
            return video.readyState >= 1 || video.duration > 0;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await player.evaluate((node) => Math.round((node as unknown as { duration: number }).duration))).toBe(2);
    await expect
      .poll(() => player.evaluate((node) => (node as unknown as { readyState: number }).readyState), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(1_500); // Chromium's loading spinner lingers over the first frame for a moment
    await screenshot(page, 'videos');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the talking-video form and shows the video settle (here: refused, the face being on a private address)', async () => {
    const { page, errors } = await proPage();
    await page.goto(`${suite.app.base}/dashboard/videos`);
    const text = 'Hello from the dashboard form.';
    await page.getByLabel('The face is').selectOption('image');
    await page.getByLabel('Its URL').fill('http://127.0.0.1:9/face.png');
    await page.getByLabel('What it says').fill(text);
    await page.getByLabel('Voice', { exact: true }).selectOption('espeak-ng:en-us');
    await page.getByLabel('Resolution').selectOption('720p');
    await page.getByLabel('Captions, the word being spoken highlighted').check();
    await page.getByRole('button', { name: 'Make the talking video' }).click();
    const tile = tileOf(page, text);
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    expect(await tile.textContent()).toMatch(/face image could not be downloaded.*private or local address/);
    expect(await tile.textContent()).toContain('Talking video');
    // Without a face URL the form is not sent; without text or audio the service says what is missing.
    await page.getByLabel('Its URL').fill('https://example.com/face.png');
    await page.getByLabel('What it says').fill('');
    await page.getByRole('button', { name: 'Make the talking video' }).click();
    await expect.poll(() => page.locator('#talking-form .error').textContent()).toMatch(/voiceID|audio/);
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
    await page.close();
  });

  it('tells a free-plan account that videos need a paid plan instead of showing the form', async () => {
    const page = await suite.browser.newPage();
    const errors = collectPageErrors(page);
    await signUp(page, suite.app.base);
    await page.goto(`${suite.app.base}/dashboard/videos`);
    expect(await page.locator('#plan-message').textContent()).toContain(
      'Video generation needs a paid plan; the free plan does not include it',
    );
    expect(await page.locator('#generate-form').count()).toBe(0);
    expect(await page.locator('#talking-form').count()).toBe(0);
    expect(await page.locator('#gallery-empty').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
