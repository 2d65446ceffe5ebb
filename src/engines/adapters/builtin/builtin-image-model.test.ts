import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../shared/errors.js';
import type { ImageCallOptions } from '../../spec/image-model.js';
import { BuiltinImageModel } from './builtin-image-model.js';
import { escapeXml, plainText, wrap } from './image-caption.js';
import { styleFromText } from './image-palette.js';
import { warningTexts } from '../../spec/warning-text.js';

const model = new BuiltinImageModel();
const call = (overrides: Partial<ImageCallOptions> = {}): ImageCallOptions => ({
  prompt: 'a lighthouse on a cliff',
  width: 192,
  height: 128,
  hd: false,
  seed: 1,
  ...overrides,
});
const generate = async (overrides: Partial<ImageCallOptions> = {}) => model.doGenerate(call(overrides));
const means = async (png: Buffer) => (await sharp(png).stats()).channels.map((c) => c.mean);

describe('BuiltinImageModel', () => {
  it('names itself as the builtin sketch engine', () => {
    expect(model.provider).toBe('builtin');
    expect(model.modelId).toBe('builtin-sketch');
    expect(model.supportsReferenceImage).toBe(true);
  });

  it.each([
    [64, 64],
    [256, 144],
    [90, 300],
    [400, 17],
    [1, 1],
  ])('renders a PNG of exactly %i×%i', async (width, height) => {
    const result = await generate({ width, height });
    expect(result.image.mediaType).toBe('image/png');
    expect([result.width, result.height]).toEqual([width, height]);
    const meta = await sharp(result.image.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', width, height, 3]);
    expect(result.warnings).toEqual([]);
  });

  it.each(['watercolor', 'pixel art', 'minimal', 'neon', 'pencil sketch', 'flat'])(
    'renders the %s style',
    async (style) => {
      const result = await generate({ style, width: 160, height: 120 });
      const meta = await sharp(result.image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 160, 120]);
      expect(result.warnings).toEqual([]);
    },
  );

  it('gives the same bytes for the same options, and other bytes for another seed, prompt, style or hd', async () => {
    const first = await generate({ style: 'watercolor', artist: 'Hokusai' });
    const again = await generate({ style: 'watercolor', artist: 'Hokusai' });
    expect(first.image.data.equals(again.image.data)).toBe(true);
    for (const change of [
      { seed: 2 },
      { prompt: 'a lighthouse on a hill' },
      { style: 'neon' },
      { artist: 'Turner' },
      { hd: true },
    ]) {
      const other = await generate({ style: 'watercolor', artist: 'Hokusai', ...change });
      expect(other.image.data.equals(first.image.data)).toBe(false);
    }
  });

  it('takes its colours from the prompt', async () => {
    const [r1, g1, b1] = await means(
      (await generate({ prompt: 'a red sunset over the desert', width: 256, height: 256 })).image.data,
    );
    const [r2, g2, b2] = await means(
      (await generate({ prompt: 'a deep blue ocean at night', width: 256, height: 256 })).image.data,
    );
    if (
      r1 === undefined ||
      g1 === undefined ||
      b1 === undefined ||
      r2 === undefined ||
      g2 === undefined ||
      b2 === undefined
    )
      throw new Error('no channels');
    expect(r1).toBeGreaterThan(b1 + 20);
    expect(b2).toBeGreaterThan(r2 + 20);
    expect(r1 - r2).toBeGreaterThan(40);
    expect(g1 + r1 + b1).toBeGreaterThan(g2 + r2 + b2);
  });

  it('leaves out the caption band when asked (video keyframes carry their own captions)', async () => {
    const size = { width: 400, height: 300 };
    const band = async (png: Buffer) =>
      (await sharp(png).extract({ left: 0, top: 260, width: 400, height: 40 }).stats()).channels.map((c) => c.mean);
    const captioned = await band((await generate(size)).image.data);
    const plain = await band(
      (await generate({ ...size, providerOptions: { builtin: { caption: false } } })).image.data,
    );
    expect(plain).not.toEqual(captioned);
    const other = await generate({ ...size, providerOptions: { openai: { caption: false } } });
    expect(await band(other.image.data)).toEqual(captioned);
  });

  it('draws over a reference image', async () => {
    const green = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 200, b: 40 } },
    })
      .png()
      .toBuffer();
    const options = { prompt: 'a deep blue ocean at night', width: 240, height: 240 };
    const [, plainGreen] = await means((await generate(options)).image.data);
    const result = await generate({ ...options, referenceImage: { data: green, mediaType: 'image/png' } });
    const meta = await sharp(result.image.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 240, 240]);
    const [, withGreen] = await means(result.image.data);
    expect(withGreen).toBeGreaterThan((plainGreen ?? 0) + 25);
  });

  it('draws over a reference image in every look', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    for (const style of ['pixel art', 'watercolor', 'pencil sketch', 'neon']) {
      const result = await generate({ style, referenceImage: { data: jpeg, mediaType: 'image/jpeg' } });
      const meta = await sharp(result.image.data).metadata();
      expect([meta.width, meta.height]).toEqual([192, 128]);
    }
  });

  it('rejects a reference image sharp cannot decode, without retry', async () => {
    const error: unknown = await generate({
      referenceImage: { data: Buffer.from('definitely not a picture'), mediaType: 'image/png' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).isRetryable).toBe(false);
    expect((error as UpstreamError).message).toBe('The reference image could not be read as an image');
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(generate({ abortSignal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it('renders a very long prompt full of markup characters', async () => {
    const prompt = `<svg onload="x"> & 'quotes' "double" > ${'tall ships & <waves> '.repeat(100)}`.slice(0, 2000);
    expect(prompt).toHaveLength(2000);
    const result = await generate({ prompt, width: 320, height: 240 });
    const meta = await sharp(result.image.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 240]);
  });

  it('survives control characters and lone surrogates in the prompt', async () => {
    const result = await generate({ prompt: 'bell\u0007 nul\u0000 \uD800 lone \uDFFF and 🌊 waves' });
    expect((await sharp(result.image.data).metadata()).format).toBe('png');
  });

  it('warns about a style it does not know and an artist it cannot follow, and still renders', async () => {
    const result = await generate({ style: 'photorealistic', artist: 'Monet' });
    expect(result.warnings).toHaveLength(2);
    expect(warningTexts(result.warnings)[0]).toContain('photorealistic');
    expect((await sharp(result.image.data).metadata()).format).toBe('png');
  });

  it.each([
    [0, 100],
    [100, -1],
    [4097, 100],
    [100.5, 100],
    [Number.NaN, 100],
  ])('throws on a size of %s×%s', async (width, height) => {
    await expect(generate({ width, height })).rejects.toThrow(/whole number of pixels/);
  });
});

describe('caption text', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('wraps on spaces and ends cut text with an ellipsis', () => {
    expect(wrap('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    const lines = wrap('alpha beta gamma delta epsilon zeta eta theta', 11, 2);
    expect(lines).toEqual(['alpha beta', 'gamma…']);
    expect(lines.every((l) => Array.from(l).length <= 12)).toBe(true);
    expect(wrap('supercalifragilistic', 5, 2)).toEqual(['super', 'cali…']);
  });

  it('keeps only characters XML can carry', () => {
    expect(plainText(' a\u0000b\u001Fc \uD800d\n\te ')).toBe('a b c d e');
  });
});

describe('style names', () => {
  it('reads the style option loosely and the prompt strictly', () => {
    expect(styleFromText('Watercolour painting')).toBe('watercolor');
    expect(styleFromText('16-bit pixel art')).toBe('pixel');
    expect(styleFromText('flat vector')).toBe('minimal');
    expect(styleFromText('Synthwave')).toBe('neon');
    expect(styleFromText('charcoal')).toBe('sketch');
    expect(styleFromText('photorealistic')).toBeUndefined();
    expect(styleFromText('a watercolor of a fox', true)).toBe('watercolor');
    expect(styleFromText('a car wash on a flat road', true)).toBeUndefined();
  });
});
