import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { BlobUrls } from '../src/storage/blob/blob-store.js';
import { S3BlobStore } from '../src/storage/blob/s3-blob-store.js';
import { probeAudio } from './helpers/media.js';
import { type S3Server, startS3Server } from './helpers/s3-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server();
}, 30_000);
afterAll(() => s3?.stop());

const urls = new BlobUrls({
  publicBase: 'https://atelier.example.test/files',
  serviceBase: 'https://atelier.example.test/files',
});
const storeWith = (options: { prefix?: string; accessKeyId?: string } = {}) =>
  new S3BlobStore(
    {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId ?? 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: options.prefix ?? '',
    },
    urls,
  );

const bodyOf = async (read: Awaited<ReturnType<S3BlobStore['open']>>) => {
  if (read.status !== 'found' || !read.body) throw new Error(`expected a blob, got ${read.status}`);
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('S3BlobStore against a real S3-compatible server', () => {
  it('puts, gets and deletes blobs, stored with their media type and a year of caching', async () => {
    const store = storeWith();
    const data = Buffer.from('ID3 not really an mp3, but bytes all the same');
    await store.put('tts/put-get.mp3', data);
    expect(await store.get('tts/put-get.mp3')).toEqual(data);
    const stored = await s3.object('tts/put-get.mp3');
    expect(stored.contentType).toBe('audio/mpeg');
    expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');

    await store.delete('tts/put-get.mp3');
    expect(await store.get('tts/put-get.mp3')).toBeUndefined();
    await expect(store.delete('tts/put-get.mp3')).resolves.toBeUndefined();
    store.close();
  });

  it('keeps every object under the configured prefix', async () => {
    const store = storeWith({ prefix: 'tenant-a/' });
    await store.put('images/prefixed.png', Buffer.from('png'));
    expect(await s3.exists('tenant-a/images/prefixed.png')).toBe(true);
    expect(await s3.exists('images/prefixed.png')).toBe(false);
    expect((await store.get('images/prefixed.png'))?.toString()).toBe('png');
    store.close();
  });

  it('reads one byte range, and says when a blob is missing', async () => {
    const store = storeWith();
    await store.put('videos/range.mp4', Buffer.from('0123456789'));
    const part = await store.open('videos/range.mp4', { range: 'bytes=2-5' });
    expect(part).toMatchObject({
      status: 'found',
      contentType: 'video/mp4',
      contentLength: 4,
      contentRange: 'bytes 2-5/10',
    });
    expect((await bodyOf(part)).toString()).toBe('2345');
    const whole = await store.open('videos/range.mp4', {});
    expect(whole).toMatchObject({ status: 'found', contentLength: 10 });
    expect(whole.status === 'found' && whole.contentRange).toBeFalsy();
    expect((await bodyOf(whole)).toString()).toBe('0123456789');
    const headers = await store.open('videos/range.mp4', { headersOnly: true });
    expect(headers).toMatchObject({ status: 'found', contentType: 'video/mp4', contentLength: 10 });
    expect(headers.status === 'found' && headers.body).toBeFalsy();
    expect(await store.open('videos/none.mp4', {})).toEqual({ status: 'missing' });
    expect(await store.open('videos/none.mp4', { headersOnly: true })).toEqual({ status: 'missing' });
    store.close();
  });

  it('builds public URLs and reads keys back from them; refuses keys outside the naming scheme', async () => {
    const store = storeWith();
    expect(store.publicUrl('tts/a.mp3')).toBe('https://atelier.example.test/files/tts/a.mp3');
    expect(store.keyOf('https://atelier.example.test/files/tts/a.mp3')).toBe('tts/a.mp3');
    expect(store.keyOf('https://elsewhere.test/files/tts/a.mp3')).toBeUndefined();
    expect(store.keyOf('https://atelier.example.test/files/../secret')).toBeUndefined();
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    store.close();
  });

  it('sends its credentials: an access key the server does not know is refused', async () => {
    const store = storeWith({ accessKeyId: 'NOT-A-KEY' });
    await expect(store.put('tts/refused.mp3', Buffer.from('x'))).rejects.toThrow(/Access Key/i);
    expect(await s3.exists('tts/refused.mp3')).toBe(false);
    expect(await store.isReachable()).toBe(false);
    expect(await storeWith().isReachable()).toBe(true);
    store.close();
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const store = new S3BlobStore(
      {
        bucket: 'no-such-bucket',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        prefix: '',
      },
      urls,
    );
    await expect(store.open('tts/a.mp3', {})).rejects.toThrow(/bucket/i);
    expect(await store.isReachable()).toBe(false);
    store.close();
  });
});

type SpeechResult = { uuid: string; url: string; status: string };
type ImageRecord = { id: number; status: string; image_url: string | null; width: number; height: number };

describe('the service with ATELIER_BLOB_STORE=s3', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp(
      s3.env({ ATELIER_S3_PREFIX: 'atelier', ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_JOB_POLL_MS: '50' }),
    );
    t.app.services.worker.start();
    key = (await t.account({ plan: 'pro', credits: 100 })).key;
  });
  afterAll(() => t?.close());

  it('puts a text-to-speech MP3 in the bucket and serves it through /files with ranges and long caching', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate-text-to-speech',
      headers: withKey(key),
      payload: { voiceID: 'espeak-ng:en-us', text: 'The bucket keeps every recording for the players.' },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<SpeechResult>();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/files\/tts\/[0-9a-f-]{36}\.mp3$/);
    const objectKey = `atelier/${new URL(url).pathname.slice('/files/'.length)}`;
    const stored = await s3.object(objectKey);
    expect(stored.contentType).toBe('audio/mpeg');
    expect(existsSync(join(t.dataDir, 'files')) ? readdirSync(join(t.dataDir, 'files')) : []).toEqual([]);

    const path = new URL(url).pathname;
    const file = await t.server.inject({ url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(Number(file.headers['content-length'])).toBe(stored.data.length);
    expect(file.rawPayload).toEqual(stored.data);
    const audio = await probeAudio(file.rawPayload);
    expect(audio.codec).toBe('mp3');
    expect(audio.durationSeconds).toBeGreaterThan(1);

    const range = await t.server.inject({ url: path, headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${stored.data.length}`);
    expect(range.rawPayload).toEqual(stored.data.subarray(100, 200));
    const open = await t.server.inject({ url: path, headers: { range: 'bytes=1000-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 1000-${stored.data.length - 1}/${stored.data.length}`);
    expect(open.rawPayload).toEqual(stored.data.subarray(1000));
    const beyond = await t.server.inject({ url: path, headers: { range: `bytes=${stored.data.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    for (const ignored of ['bytes=-50', 'bytes=0-9,20-29', 'items=0-9']) {
      const whole = await t.server.inject({ url: path, headers: { range: ignored } });
      expect(whole.statusCode, ignored).toBe(200);
      expect(whole.rawPayload).toEqual(stored.data);
    }

    const head = await t.server.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.headers['content-length']).toBe(String(stored.data.length));
    expect(head.rawPayload).toHaveLength(0);

    const etag = String(file.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.server.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('streams over a real socket: a player seeking with fetch gets the right bytes', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate-text-to-speech',
      headers: withKey(key),
      payload: { voiceID: 'espeak-ng:en-us', text: 'Seeking through a recording over the network.' },
    });
    const path = new URL(res.json<SpeechResult>().url).pathname;
    const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
    const stored = await s3.object(`atelier/${path.slice('/files/'.length)}`);
    const whole = await fetch(`${address}${path}`);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(stored.data);
    const part = await fetch(`${address}${path}`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.data.subarray(10, 20));
  });

  it('puts a builtin image in the bucket; its record points at /files, which serves the picture', async () => {
    const created = await t.server.inject({
      method: 'POST',
      url: '/api/generate-image',
      headers: withKey(key),
      payload: { prompt: 'A harbour at dawn', model: 'builtin', dimensions: '256x256', waitForResult: true },
    });
    expect(created.statusCode).toBe(200);
    const [record] = created.json<ImageRecord[]>();
    expect(record?.status).toBe('completed');
    const url = record?.image_url ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/files\/images\/[0-9a-f-]{36}\.png$/);
    const blobKey = new URL(url).pathname.slice('/files/'.length);
    expect(await s3.exists(`atelier/${blobKey}`)).toBe(true);
    expect(t.app.services.blobs.keyOf(url)).toBe(blobKey);

    const file = await t.server.inject({ url: new URL(url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('answers 404 for a blob that is not there and for paths outside the naming scheme', async () => {
    for (const path of [
      '/files/tts/00000000-0000-0000-0000-000000000000.mp3',
      '/files/tts/..%2F..%2Fatelier.db',
      '/files/TTS/x.mp3',
    ]) {
      const res = await t.server.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json<{ error: string }>().error).toMatch(/^Not found/);
    }
  });
});

describe('a CDN base for public URLs (ATELIER_BLOB_PUBLIC_URL)', () => {
  it('makes records point at the CDN, while the service still serves /files/<key> as its origin', async () => {
    const t = await startTestApp(
      s3.env({ ATELIER_BLOB_PUBLIC_URL: 'https://cdn.example.test/media/', ATELIER_RATE_LIMIT_ENABLED: 'false' }),
    );
    try {
      const { key: apiKey } = await t.account({ plan: 'pro' });
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/generate-text-to-speech',
        headers: withKey(apiKey),
        payload: { voiceID: 'espeak-ng:en-us', text: 'Served from the edge.' },
      });
      const { url, uuid } = res.json<SpeechResult>();
      expect(url).toMatch(/^https:\/\/cdn\.example\.test\/media\/tts\/[0-9a-f-]{36}\.mp3$/);
      const blobKey = url.slice('https://cdn.example.test/media/'.length);
      expect(await s3.exists(blobKey)).toBe(true);
      expect(t.app.services.blobs.keyOf(url)).toBe(blobKey);
      expect(t.app.services.blobs.keyOf(`http://127.0.0.1:8080/files/${blobKey}`)).toBe(blobKey);

      const record = await t.server.inject({ url: `/api/text-to-speech/${uuid}`, headers: withKey(apiKey) });
      expect(record.json<{ url: string }>().url).toBe(url);
      const origin = await t.server.inject({ url: `/files/${blobKey}` });
      expect(origin.statusCode).toBe(200);
      expect(origin.headers['content-type']).toBe('audio/mpeg');
    } finally {
      await t.close();
    }
  });

  it('works with local files too: URLs point at the CDN, files stay where they were', async () => {
    const t = await startTestApp({
      ATELIER_BLOB_PUBLIC_URL: 'https://cdn.example.test',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
    });
    try {
      const { key: apiKey } = await t.account({ plan: 'pro' });
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/generate-text-to-speech',
        headers: withKey(apiKey),
        payload: { voiceID: 'espeak-ng:en-us', text: 'Local files behind a CDN.' },
      });
      const { url } = res.json<SpeechResult>();
      expect(url).toMatch(/^https:\/\/cdn\.example\.test\/tts\/[0-9a-f-]{36}\.mp3$/);
      const blobKey = url.slice('https://cdn.example.test/'.length);
      expect(existsSync(join(t.dataDir, 'files', blobKey))).toBe(true);
      const origin = await t.server.inject({ url: `/files/${blobKey}`, headers: { range: 'bytes=0-9' } });
      expect(origin.statusCode).toBe(206);
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-config', ...env }, '/nonexistent/.env');

  it('keeps local files by default, served under the public URL', () => {
    const config = loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-config' }, '/nonexistent/.env');
    expect(config.blobs).toEqual({
      store: 'fs',
      publicBase: 'http://127.0.0.1:8080/files',
      serviceBase: 'http://127.0.0.1:8080/files',
    });
  });

  it('needs a bucket for s3, and both halves of a key pair or neither', () => {
    expect(load({ ATELIER_BLOB_STORE: 's3' })).toThrow(ConfigError);
    expect(load({ ATELIER_BLOB_STORE: 's3' })).toThrow(/ATELIER_S3_BUCKET/);
    expect(load({ ATELIER_BLOB_STORE: 's3', ATELIER_S3_BUCKET: 'media', ATELIER_S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /give both or neither/,
    );
    expect(load({ ATELIER_BLOB_STORE: 's3', ATELIER_S3_BUCKET: 'Not_A_Bucket' })).toThrow(/bucket name/);
    const config = load({
      ATELIER_BLOB_STORE: 's3',
      ATELIER_S3_BUCKET: 'media',
      ATELIER_S3_PREFIX: '/atelier/prod/',
    })();
    expect(config.blobs).toMatchObject({
      store: 's3',
      s3: {
        bucket: 'media',
        region: 'us-east-1',
        prefix: 'atelier/prod/',
        credentials: undefined,
        forcePathStyle: false,
      },
    });
  });
});
