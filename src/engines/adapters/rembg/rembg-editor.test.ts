import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamForFile, replyBytes, replyJson } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import { RembgEditor, rembgEndpoint } from './rembg-editor.js';

const upstream = fakeUpstreamForFile();
let jpeg: Buffer;
let cutOut: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  cutOut = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 0 } } })
    .png()
    .toBuffer();
});

const editor = (url: string, extra: { model?: string; apiKey?: string; timeoutMs?: number } = {}) =>
  new RembgEditor({ url, timeoutMs: extra.timeoutMs ?? 2_000, retry: { retries: 1, sleep: async () => {} }, ...extra });
const remove = (e: RembgEditor, signal?: AbortSignal) =>
  e.doEdit({
    action: 'Remove Background',
    prompt: 'x',
    image: { data: jpeg, mediaType: 'image/jpeg' },
    width: 1024,
    height: 1024,
    seed: 1,
    abortSignal: signal,
  });

describe('RembgEditor', () => {
  it("adds rembg's path to a bare address and keeps a full endpoint", () => {
    expect(rembgEndpoint('http://127.0.0.1:7000')).toBe('http://127.0.0.1:7000/api/remove');
    expect(rembgEndpoint('http://127.0.0.1:7000/')).toBe('http://127.0.0.1:7000/api/remove');
    expect(rembgEndpoint('http://bg.test/v2/remove-background')).toBe('http://bg.test/v2/remove-background');
  });

  it('posts the picture as the multipart field file, with the model and key, and returns the cut-out', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'image/png', cutOut));
    const origin = new URL(upstream.baseUrl).origin;
    const result = await remove(editor(origin, { model: 'isnet-general-use', apiKey: 'k' }));
    expect(result).toMatchObject({ width: 40, height: 30, image: { mediaType: 'image/png' } });
    expect(result.image.data.equals(cutOut)).toBe(true);
    const [call] = upstream.calls;
    expect(call?.path).toBe('/api/remove');
    expect(call?.headers.authorization).toBe('Bearer k');
    const text = call?.raw.toString('latin1') ?? '';
    expect(text).toMatch(/name="file"; filename="image\.jpg"\r\nContent-Type: image\/jpeg/);
    expect(text).toMatch(/name="model"\r\n\r\nisnet-general-use\r\n/);
    expect(call?.raw.includes(jpeg)).toBe(true);
    expect(editor(origin, { model: 'u2net' }).modelId).toBe('rembg u2net');
    expect(editor(origin).editActions).toEqual(['Remove Background']);
  });

  it('retries a 500, not a 401, names a missing endpoint, and refuses what is not a picture', async () => {
    const origin = new URL(upstream.baseUrl).origin;
    upstream.handle((_call, res) => replyJson(res, 500, { detail: 'secret' }));
    expect(await rejection(remove(editor(origin)))).toMatchObject({ isRetryable: true, upstreamStatus: 500 });
    expect(upstream.calls).toHaveLength(2);
    upstream.handle((_call, res) => replyJson(res, 401, {}));
    expect((await rejection(remove(editor(origin)))).message).toBe(
      'The background removal server rejected the credentials',
    );
    upstream.handle((_call, res) => replyJson(res, 404, {}));
    expect((await rejection(remove(editor(origin)))).message).toMatch(/POST \/api\/remove/);
    upstream.handle((_call, res) => replyBytes(res, 200, 'image/png', Buffer.from('nope')));
    expect(await rejection(remove(editor(origin)))).toMatchObject({
      isRetryable: false,
      message: 'The background removal server returned something that is not an image',
    });
  });

  it('times out', async () => {
    // An answer that never comes: only the time limit can end the call.
    upstream.handle(() => {});
    const error = await rejection(remove(editor(new URL(upstream.baseUrl).origin, { timeoutMs: 80 })));
    expect(error).toMatchObject({ isRetryable: true, message: 'The background removal server timed out' });
  });
});
