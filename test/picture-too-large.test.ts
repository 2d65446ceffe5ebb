import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * A picture whose header claims a canvas far too big (or whose body is broken) fails its job before ffmpeg sees it,
 * with a message that says so, and the credits held for it come back.
 */
let t: TestApp;
let files: FileServer;
let key: string;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A well-formed PNG header (valid CRCs) that claims width x height, 8-bit RGB, with a few bytes of pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One second of silence, 16-bit mono at 8 kHz. */
function silentWav(): Buffer {
  const data = Buffer.alloc(16_000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/speech.wav', silentWav(), 'audio/wav');
  files.serve('/huge.png', pngClaiming(100_000, 100_000), 'image/png');
  // Within the limit, but its pixels stop short of what its header promises.
  files.serve('/cut.png', pngClaiming(1024, 1024), 'image/png');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 5000 })).key;
});
afterAll(async () => {
  await t.close();
  await files.close();
});

type Video = { status: string; error?: string; used_credits: number };

async function failed(url: string, payload: Record<string, unknown>): Promise<Video> {
  const created = await t.server.inject({ method: 'POST', url, headers: withKey(key), payload });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ id: number }>().id;
  for (;;) {
    const res = await t.server.inject({ url: `/api/get-video?video_id=${id}`, headers: withKey(key) });
    const { video } = res.json<{ video: Video }>();
    if (video.status !== 'processing') return video;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const balance = async () =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
    .credits.balance;

describe('a picture that claims 100,000 x 100,000 pixels', () => {
  it('fails a talking video with "picture too large or corrupt", not ffmpeg’s exit code, and refunds', async () => {
    const before = await balance();
    const video = await failed('/api/generate-talking-video', {
      image: files.url('/huge.png'),
      audio: files.url('/speech.wav'),
    });
    expect(video.status).toBe('failed');
    expect(video.error).toMatch(/face image is a picture too large or corrupt: it claims 100000x100000 pixels/);
    expect(video.error).not.toMatch(/ffmpeg/);
    expect(video.used_credits).toBe(0);
    expect(await balance()).toBe(before);
  });

  it('fails an image-to-video the same way', async () => {
    const video = await failed('/api/generate-video', {
      prompt: 'From this picture',
      model: 'builtin',
      duration: 2,
      image: files.url('/huge.png'),
    });
    expect(video.status).toBe('failed');
    expect(video.error).toMatch(/reference image is a picture too large or corrupt: it claims 100000x100000 pixels/);
  });

  it('and so does a picture cut short, within the limit', async () => {
    const video = await failed('/api/generate-video', {
      prompt: 'From this picture',
      model: 'builtin',
      duration: 2,
      image: files.url('/cut.png'),
    });
    expect(video.error).toMatch(/reference image is a picture too large or corrupt: it could not be decoded/);
  });
});
