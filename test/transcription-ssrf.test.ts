import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** With the guard on (the default), the service downloads from and calls back to public addresses only. */
let files: FileServer;
let t: TestApp;
let key: string;

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/a.mp3', Buffer.from('audio'), 'audio/mpeg');
  t = await startTestApp({ ATELIER_JOB_POLL_MS: '20', ATELIER_JOB_RETRY_BASE_MS: '20' });
  t.app.services.worker.start();
  key = (await t.account()).key;
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const create = (payload: Record<string, unknown>) =>
  t.server.inject({ method: 'POST', url: '/api/transcriptions', headers: withKey(key), payload });
async function settle(uuid: string) {
  for (let i = 0; i < 200; i++) {
    const { audio } = (
      await t.server.inject({ method: 'POST', url: '/api/audios', headers: withKey(key), payload: { audio_id: uuid } })
    ).json<{
      audio: {
        status: string;
        error?: string;
        webhook?: { deliveries: { status: string; attempts: { error?: string }[] }[] };
      };
    }>();
    if (audio.status === 'failed' || audio.status === 'completed') return audio;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('never settled');
}

describe('SSRF guard on downloads and webhooks', () => {
  it.each([
    'http://127.0.0.1:PORT/a.mp3',
    'http://[::1]:PORT/a.mp3',
    'http://10.1.2.3/a.mp3',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost:PORT/a.mp3',
    'http://[::ffff:127.0.0.1]:PORT/a.mp3',
  ])('refuses %s and fails the job with the reason, never fetching', async (template) => {
    const port = new URL(files.url('/')).port;
    const { uuid } = (await create({ url: template.replace('PORT', port) })).json<{ uuid: string }>();
    const audio = await settle(uuid);
    expect(audio.status).toBe('failed');
    expect(audio.error).toMatch(/private or local address/);
    expect(files.hits('/a.mp3')).toBe(0);
  });

  it('refuses a redirect to a private address', async () => {
    // The first hop is itself local here, so this shows the refusal happens before any redirect is read.
    const { uuid } = (await create({ url: `http://127.0.0.1:${new URL(files.url('/')).port}/redirect` })).json<{
      uuid: string;
    }>();
    expect((await settle(uuid)).status).toBe('failed');
    expect(files.hits('/redirect')).toBe(0);
  });

  it.each(['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://example.com/a.mp3', 'data:audio/mp3;base64,AAAA'])(
    'refuses %s at once as invalid input',
    async (url) => {
      const res = await create({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Invalid input: url/);
    },
  );

  it('refuses a private webhook target and does not retry it', async () => {
    const { uuid } = (await create({ url: 'http://10.0.0.1/a.mp3', webhook_url: 'http://192.168.1.10/hook' })).json<{
      uuid: string;
    }>();
    await settle(uuid);
    let delivery: NonNullable<Awaited<ReturnType<typeof settle>>['webhook']>['deliveries'][number] | undefined;
    for (let i = 0; i < 200 && delivery?.status !== 'failed'; i++) {
      delivery = (await settle(uuid)).webhook?.deliveries[0];
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toHaveLength(1);
    expect(delivery?.attempts[0]?.error).toMatch(/private or local address/);
  });
});
