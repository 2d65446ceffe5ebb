import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from './helpers/media.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * OpenAI's video API (/v1/videos) through the official openai SDK against a listening service: created (JSON and
 * multipart with an input_reference), polled, downloaded (ffprobe'd), listed page by page, deleted; other
 * accounts' ids 404; the records and credits those of /api/generate-video.
 */

let t: TestApp;
let base: string;
let key: string;
let client: OpenAI;
let still: Buffer;

beforeAll(async () => {
  still = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#d02020' } })
    .png()
    .toBuffer();
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
    ATELIER_OPENAI_VIDEO_ALIASES: 'sora-2-cheap=builtin-slideshow',
  });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  const address = t.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  key = (await t.account({ credits: 300 })).key;
  client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
});
afterAll(() => t?.close());

const balance = async (apiKey = key) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

/** Any whole number of seconds up to ATELIER_VIDEO_MAX_SECONDS here; the SDK's type lists OpenAI's 4, 8 and 12. */
const seconds = (count: number) => String(count) as OpenAI.Videos.VideoSeconds;

async function finished(id: string, openai = client): Promise<OpenAI.Videos.Video> {
  for (;;) {
    const video = await openai.videos.retrieve(id);
    if (video.status === 'completed' || video.status === 'failed') return video;
    expect(['queued', 'in_progress']).toContain(video.status);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('/v1/videos', () => {
  it('creates a video (sora-2), polls it to completed and downloads an MP4 of the size and length asked', async () => {
    const before = await balance();
    const created = await client.videos.create({
      prompt: 'A sunrise over the sea',
      model: 'sora-2',
      seconds: seconds(2),
      size: '1280x720',
    });
    expect(created).toMatchObject({ object: 'video', model: 'sora-2', seconds: '2', size: '1280x720', progress: 0 });
    expect(['queued', 'in_progress']).toContain(created.status);
    expect(created.id).toMatch(/^video_\d{12}$/);
    expect(await balance()).toBe(before - 3 * 2);
    const done = await finished(created.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.completed_at).toBeGreaterThanOrEqual(done.created_at);
    const content = await client.videos.downloadContent(created.id);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    const probed = await probeVideo(Buffer.from(await content.arrayBuffer()));
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(probed.durationSeconds).toBeCloseTo(2, 0);
    // The same record at /api.
    const record = await t.server.inject({
      method: 'GET',
      url: `/api/get-video?video_id=${Number(created.id.slice('video_'.length))}`,
      headers: withKey(key),
    });
    expect(record.json()).toMatchObject({ video: { status: 'completed', requested_model: 'sora-2', used_credits: 6 } });
  });

  it('takes input_reference as a multipart file (checked, used as the first frame), and a configured alias', async () => {
    const created = await client.videos.create({
      prompt: 'The red square zooms',
      model: 'sora-2-cheap',
      seconds: seconds(1),
      size: '720x1280',
      input_reference: await toFile(still, 'first.png', { type: 'image/png' }),
    });
    const done = await finished(created.id);
    // The record names the model the alias sent it to.
    expect(done).toMatchObject({ status: 'completed', size: '720x1280', model: 'builtin-slideshow' });
    const record = await t.server.inject({
      method: 'GET',
      url: `/api/get-video?video_id=${Number(created.id.slice('video_'.length))}`,
      headers: withKey(key),
    });
    expect(record.json()).toMatchObject({
      video: { model: expect.any(String), request: { isImageToVideo: true }, used_credits: 2 },
    });
    const hostile = client.videos.create({
      prompt: 'x',
      seconds: seconds(1),
      input_reference: await toFile(Buffer.from('not a picture'), 'first.png', { type: 'image/png' }),
    });
    await expect(hostile).rejects.toMatchObject({ status: 400, param: 'input_reference' });
  });

  it("lists in OpenAI's pages (after, limit, order) and deletes; other accounts' ids are 404", async () => {
    const own = (await t.account({ credits: 100 })).key;
    const openai = new OpenAI({ apiKey: own, baseURL: `${base}/v1`, maxRetries: 0 });
    const ids: string[] = [];
    for (const prompt of ['one', 'two', 'three'])
      ids.push((await openai.videos.create({ prompt, model: 'builtin-slideshow', seconds: seconds(1) })).id);
    const seen: string[] = [];
    for await (const video of openai.videos.list({ limit: 2 })) seen.push(video.id);
    expect(seen).toEqual([...ids].reverse());
    const ascending = await openai.videos.list({ limit: 2, order: 'asc' });
    expect(ascending.data.map((video) => video.id)).toEqual(ids.slice(0, 2));
    expect(ascending.has_more).toBe(true);

    const [first = ''] = ids;
    await finished(first, openai);
    await expect(client.videos.retrieve(first)).rejects.toMatchObject({ status: 404 });
    await expect(client.videos.downloadContent(first)).rejects.toMatchObject({ status: 404 });
    await expect(client.videos.delete(first)).rejects.toMatchObject({ status: 404 });
    const stranger = await fetch(`${base}/api/videos/${first}`, { headers: { authorization: `Bearer ${key}` } });
    expect(stranger.status).toBe(404);

    expect(await openai.videos.delete(first)).toEqual({ id: first, object: 'video.deleted', deleted: true });
    await expect(openai.videos.retrieve(first)).rejects.toMatchObject({ status: 404 });
    const listed = await t.server.inject({ method: 'GET', url: '/api/videos', headers: withKey(own) });
    expect(listed.json<{ videos: { id: number }[] }>().videos.map((video) => video.id)).toEqual(
      ids
        .slice(1)
        .reverse()
        .map((id) => Number(id.slice('video_'.length))),
    );
  });

  it('refuses a wrong key (401), no credits (402), a free plan (403) and too long a clip (400) in OpenAI shape', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${base}/v1`, maxRetries: 0 });
    await expect(wrong.videos.create({ prompt: 'x' })).rejects.toMatchObject({ status: 401 });
    const poor = (await t.account({ credits: 0 })).key;
    const broke = new OpenAI({ apiKey: poor, baseURL: `${base}/v1`, maxRetries: 0 });
    await expect(broke.videos.create({ prompt: 'x' })).rejects.toMatchObject({
      status: 402,
      error: { message: expect.any(String), type: expect.any(String) },
    });
    const free = (await t.account({ plan: 'free', credits: 100 })).key;
    const unpaid = new OpenAI({ apiKey: free, baseURL: `${base}/v1`, maxRetries: 0 });
    await expect(unpaid.videos.create({ prompt: 'x' })).rejects.toMatchObject({ status: 403 });
    await expect(client.videos.create({ prompt: 'x', seconds: seconds(999) })).rejects.toMatchObject({
      status: 400,
      param: 'seconds',
    });
    await expect(client.videos.retrieve('video_x')).rejects.toMatchObject({ status: 400 });
  });

  it('says queued while no worker has taken the job; its content and its deletion wait for it (409)', async () => {
    const idle = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    try {
      const idleKey = (await idle.account({ credits: 20 })).key;
      const headers = withKey(idleKey);
      const created = await idle.server.inject({
        method: 'POST',
        url: '/api/videos',
        headers,
        payload: { prompt: 'Later', model: 'builtin-slideshow', seconds: 1 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json<{ id: string }>();
      const read = await idle.server.inject({ method: 'GET', url: `/v1/videos/${id}`, headers });
      expect(read.json()).toMatchObject({ id, status: 'queued', progress: 0, completed_at: null, size: '720x1280' });
      const content = await idle.server.inject({ method: 'GET', url: `/v1/videos/${id}/content`, headers });
      expect(content.statusCode).toBe(409);
      expect(content.json()).toMatchObject({ error: { message: expect.stringMatching(/not ready.*queued/) } });
      const deleted = await idle.server.inject({ method: 'DELETE', url: `/v1/videos/${id}`, headers });
      expect(deleted.statusCode).toBe(409);
      expect((await idle.server.inject({ method: 'GET', url: `/v1/videos/${id}`, headers })).statusCode).toBe(200);
    } finally {
      await idle.close();
    }
  });
});
