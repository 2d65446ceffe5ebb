import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let files: FileServer;

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/talk.mp3', Buffer.from('not really audio'), 'audio/mpeg');
  // Workers off: the jobs are counted, not run.
  t = await startTestApp({ ATELIER_ALLOW_PRIVATE_URLS: 'true', ATELIER_RATE_LIMIT_ENABLED: 'false' });
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const post = (url: string, apiKey: string, payload: Record<string, unknown>, idempotencyKey?: string) =>
  t.server.inject({
    method: 'POST',
    url,
    headers: { ...withKey(apiKey), ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
    payload,
  });
const balance = async (apiKey: string) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;
const jobs = async () =>
  (
    await t.app.services.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('Idempotency-Key on creation routes', () => {
  it('turns parallel duplicates into one job and one charge, answering both alike', async () => {
    const { key } = await t.account({ credits: 50 });
    const jobsBefore = await jobs();
    const body = { prompt: 'A fox in the snow', model: 'DALL-E 3', outputs: 2 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/generate-image', key, body, 'fox-1')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = answers.map((a) =>
      a
        .json<{ id: number }[]>()
        .map((r) => r.id)
        .join(','),
    );
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await jobs()).toBe(jobsBefore + 2);
    expect(await balance(key)).toBe(50 - 8);
  });

  it('replays the first answer later, treats an equal body in other spellings as the same, and refuses another body', async () => {
    const { key } = await t.account({ credits: 50 });
    const first = await post('/api/generate-image', key, { prompt: 'Owl', model: 'builtin', useHD: false }, 'owl');
    const again = await post('/api/generate-image', key, { prompt: 'Owl', model: 'builtin', useHD: 'false' }, 'owl');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await post('/api/generate-image', key, { prompt: 'Two owls', model: 'builtin' }, 'owl');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used with a different request' });
    const elsewhere = await post('/api/generate-video', key, { prompt: 'Owl', model: 'builtin' }, 'owl');
    expect(elsewhere.statusCode).toBe(422);
    expect(await balance(key)).toBe(49);
  });

  it('keeps keys per account, and without a key every request is new', async () => {
    const a = await t.account({ credits: 10 });
    const b = await t.account({ credits: 10 });
    const fromA = await post('/api/generate-image', a.key, { prompt: 'Same', model: 'builtin' }, 'shared-key');
    const fromB = await post('/api/generate-image', b.key, { prompt: 'Same', model: 'builtin' }, 'shared-key');
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.body).not.toBe(fromA.body);
    await post('/api/generate-image', a.key, { prompt: 'Same', model: 'builtin' });
    await post('/api/generate-image', a.key, { prompt: 'Same', model: 'builtin' });
    expect(await balance(a.key)).toBe(7);
  });

  it('does not keep failed answers: after a 402 the same key works once credits are there', async () => {
    const { id, key } = await t.account({ credits: 1 });
    const poor = await post('/api/generate-image', key, { prompt: 'Costly', model: 'DALL-E 3' }, 'retry-me');
    expect(poor.statusCode).toBe(402);
    await t.app.services.credits.grant(id, 10, 'test');
    const paid = await post('/api/generate-image', key, { prompt: 'Costly', model: 'DALL-E 3' }, 'retry-me');
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    const { key } = await t.account({ credits: 10 });
    for (const bad of ['x'.repeat(256), 'has space', 'tab\tkey']) {
      const response = await post('/api/generate-image', key, { prompt: 'x', model: 'builtin' }, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/idempotency-key/i);
    }
  });

  it('covers text, speech, transcription, video and talking-video creation too', async () => {
    const { key } = await t.account({ credits: 100 });
    const cases: [string, Record<string, unknown>, (body: string) => string][] = [
      ['/api/generate', { preset: 'blog-post', keywords: 'gardening' }, (b) => b],
      ['/api/generate-text-to-speech', { voiceID: 'espeak-ng:en-us', text: 'Hello there' }, (b) => JSON.parse(b).uuid],
      ['/api/transcriptions', { url: files.url('/talk.mp3') }, (b) => JSON.parse(b).uuid],
      [
        '/api/generate-video',
        { prompt: 'A sunrise', model: 'builtin', duration: '2' },
        (b) => String(JSON.parse(b).id),
      ],
      [
        '/api/generate-talking-video',
        { video: 'https://example.com/face.mp4', text: 'Hello there', voiceID: 'espeak-ng:en-us' },
        (b) => String(JSON.parse(b).id),
      ],
    ];
    for (const [url, body, identity] of cases) {
      const before = await balance(key);
      const first = await post(url, key, body, `k-${url}`);
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      const spent = before - (await balance(key));
      const second = await post(url, key, body, `k-${url}`);
      expect(second.headers['idempotent-replayed'], url).toBe('true');
      expect(identity(second.body), url).toBe(identity(first.body));
      expect(before - (await balance(key)), url).toBe(spent);
    }
  });
});
