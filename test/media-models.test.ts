/**
 * Every image and video model name of the hosted reference (copied into fixtures/hosted-media-models.json)
 * and of the clients' code, served here by family; ATELIER_IMAGE_ROUTES; the image request fields that
 * become a size, a style or a warning; and the migration that gave records their engine.
 */
import { Migrator, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { DEFAULT_IMAGE_MODELS, DEFAULT_VIDEO_MODELS } from '../src/engines/media/media-catalogue.js';
import { normalizeModelName } from '../src/engines/media/model-catalogue.js';
import { createImageModels, createVideoModels } from '../src/engines/providers/registry.js';
import { ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../src/engines/spec/video-model.js';
import { nearestSize, parseDimensions, ratioSize } from '../src/modules/images/image-dimensions.js';
import { EDIT_MODELS, IMAGE_ACTIONS } from '../src/modules/images/image-request.js';
import { type Db, migrateToLatest, openPostgres, openSqlite } from '../src/storage/db/database.js';
import { migrations } from '../src/storage/db/migrations/index.js';
import hosted from './fixtures/hosted-media-models.json' with { type: 'json' };
import hosted105 from './fixtures/hosted-image-models-1.0.5.json' with { type: 'json' };
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { createTestDatabase, testDialect } from './helpers/test-database.js';

/** Names the clients' own code sends (see docs/compatibility.md), beside the reference's. */
const CLIENT_IMAGE_NAMES = [
  'DALL-E 3',
  'DALL-E 2',
  'Midjourney',
  'Stable Diffusion',
  'Stable Diffusion XL',
  'Stable Diffusion 3.0',
  'Dall-E 3',
  'FLUX.2',
  'Imagen 4',
  'Stable Diffusion 3.5',
];
/** Names of the catalogue before families, which must keep working. */
const EARLIER_IMAGE_NAMES = [
  'GPT Image 1',
  'gpt-image-1',
  'Stable Diffusion 3',
  'Stable Diffusion 1.5',
  'FLUX.1',
  'sdxl',
  'builtin-sketch',
  'builtin',
  'flux pro',
];
const EARLIER_VIDEO_NAMES = [
  'builtin-slideshow',
  'builtin',
  'Runway Gen-3',
  'gen3a_turbo',
  'kling',
  'kling 1.6',
  'luma dream machine',
  'ray-2',
  'sora',
  'veo 2',
  'veo 3',
  'hailuo',
  'minimax',
  'pika',
  'stable video diffusion',
  'wan 2.1',
];

const quietConfig = (env: Record<string, string> = {}) =>
  loadConfig({ LOG_LEVEL: 'silent', ATELIER_DATA_DIR: '/tmp/atelier-media-models', ...env }, '/nonexistent/.env');

type ImageRecord = {
  id: number;
  status: string;
  model: string;
  engine: string;
  requested_model: string;
  width: number;
  height: number;
  style: string | null;
  warnings: string[];
  used_credits: number;
  error?: string;
};

describe('the default catalogues', () => {
  const images = createImageModels(quietConfig());
  const videos = createVideoModels(quietConfig(), []);

  it('serve every image and edit model name of the reference, the clients and the earlier catalogue, offline, each with a family', () => {
    for (const name of [...hosted.imageModels, ...hosted.editModels, ...CLIENT_IMAGE_NAMES, ...EARLIER_IMAGE_NAMES]) {
      const model = images.find(name);
      expect(model, name).toBeDefined();
      expect(model?.engine.provider, name).toBe('builtin');
      expect(model?.family, name).toEqual(expect.any(String));
    }
    expect(images.find('FLUX.2')?.name).toBe('FLUX.2 [pro]');
    expect(images.find('Midjourney')?.name).toBe('Midjourney V7');
    expect(images.find('gpt-image-1')?.name).toBe('OpenAI GPT Image 1');
    expect(images.find('Qwen Image')?.name).toBe('Qwen-Image');
    expect(images.find('Reve')?.name).toBe('REVE');
  });

  it('serve every video name of the reference, its default and the earlier names with the ffmpeg engine', () => {
    for (const name of [...hosted.videoModels, hosted.defaultVideoModel, ...EARLIER_VIDEO_NAMES]) {
      const model = videos.find(name);
      expect(model, name).toBeDefined();
      expect(model?.engine.provider, name).toBe('ffmpeg');
      expect(model?.family, name).toEqual(expect.any(String));
    }
  });

  it('compare names whatever their case and punctuation, and no spelling of one model hides another', () => {
    for (const [variant, name] of [
      ['dall-e-3', 'DALL-E 3'],
      ['DALLE3', 'DALL-E 3'],
      ['flux 2 pro', 'FLUX.2 [pro]'],
      ['flux-2-flex', 'FLUX.2 [flex]'],
      ['nano banana pro', 'Nano Banana Pro'],
      ['NANO-BANANA-2', 'Nano Banana 2'],
      ['z image turbo', 'Z-Image Turbo'],
      ['seedream 4.5', 'Seedream 4.5'],
      ['recraft V3', 'Recraft v3'],
      ['hunyuanimage 3.0', 'HunyuanImage 3.0'],
    ]) {
      expect(images.find(variant ?? '')?.name, variant).toBe(name);
    }
    expect(videos.find('kling 2.6 pro')?.name).toBe('Kling 2.6 Pro');
    expect(videos.find('veo-3.1-fast')?.name).toBe('Veo 3.1 Fast');
    expect(videos.find('LTX 2 PRO')?.name).toBe('LTX-2 Pro');
    for (const catalogue of [DEFAULT_IMAGE_MODELS, DEFAULT_VIDEO_MODELS]) {
      const owner = new Map<string, string>();
      for (const entry of catalogue) {
        for (const spelling of [entry.name, ...(entry.aliases ?? [])]) {
          const key = normalizeModelName(spelling);
          expect(owner.get(key) ?? entry.name, `${spelling} of ${entry.name}`).toBe(entry.name);
          owner.set(key, entry.name);
        }
        expect(entry.family, entry.name).toEqual(expect.any(String));
      }
    }
  });

  it('end every image model with the builtin engine, and price the cheap families low and the premium ones high', () => {
    for (const entry of DEFAULT_IMAGE_MODELS) {
      expect(entry.engines.at(-1), entry.name).toBe('builtin');
      expect(entry.credits, entry.name).toBeGreaterThanOrEqual(1);
      expect(entry.credits, entry.name).toBeLessThanOrEqual(8);
    }
    const credits = (name: string) => images.find(name)?.credits ?? 0;
    expect(credits('Z-Image Turbo')).toBeLessThan(credits('FLUX.2 [max]'));
    expect(credits('Imagen 4 Fast')).toBeLessThan(credits('Imagen 4 Ultra'));
    expect(credits('DALL-E 3')).toBe(4);
  });

  it('take the request enums of the reference exactly', () => {
    // Hosted 1.0.5 added actions and edit models after 1.0.4's (and dropped gpt-image-1, still taken here).
    expect([...IMAGE_ACTIONS]).toEqual([...hosted.imageActions, ...hosted105.newActions]);
    expect([...EDIT_MODELS]).toEqual([...hosted.editModels, ...hosted105.newEditModels]);
    expect([...ASPECT_RATIOS]).toEqual(hosted.videoAspectRatios);
    // 1.0.5 added 360p, 480p, 768p and 2k (test/videos-1-0-5.test.ts holds the new list); 1.0.4's stay accepted.
    expect([...VIDEO_RESOLUTIONS]).toEqual(expect.arrayContaining(hosted.videoResolutions));
  });
});

describe('ATELIER_IMAGE_ROUTES', () => {
  const base = {
    ATELIER_IMAGE_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    ATELIER_IMAGE_A1111_BASE_URL: 'http://127.0.0.1:9',
  };
  const engineOf = (env: Record<string, string>, name: string) =>
    createImageModels(quietConfig(env)).find(name)?.engine.provider;

  it("sends a family or one model to an engine, the model before its family, over the entry's own preference", () => {
    const env = {
      ...base,
      ATELIER_IMAGE_ROUTES:
        ' flux = openai-compatible, FLUX.2 [max]=builtin,dall-e-3=automatic1111 ,nano-banana=openai-compatible,',
    };
    expect(engineOf(env, 'FLUX.1')).toBe('openai-compatible');
    expect(engineOf(env, 'FLUX.2 [pro]')).toBe('openai-compatible');
    expect(engineOf(env, 'FLUX.2 [max]')).toBe('builtin');
    expect(engineOf(env, 'DALL-E 3')).toBe('automatic1111');
    expect(engineOf(env, 'DALL-E 2')).toBe('openai-compatible');
    expect(engineOf(env, 'Nano Banana Pro')).toBe('openai-compatible');
    expect(engineOf(env, 'Midjourney V7')).toBe('automatic1111');
    expect(engineOf(base, 'FLUX.1')).toBe('automatic1111');
  });

  it('refuses engines that are not configured, names that are neither family nor model, and other syntax', () => {
    const refused = (routes: string) => {
      try {
        quietConfig({ ATELIER_IMAGE_ROUTES: routes });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`${routes} was accepted`);
    };
    expect(refused('flux=automatic1111')).toMatch(
      /flux=automatic1111: the automatic1111 engine is not configured \(set ATELIER_IMAGE_A1111_BASE_URL\)/,
    );
    expect(refused('DALL-E 3=openai-compatible')).toMatch(/ATELIER_IMAGE_OPENAI_BASE_URL/);
    expect(refused('Imagen 9=builtin')).toMatch(/Imagen 9: neither a model family nor a model name/);
    expect(refused('flux=comfyui')).toMatch(/ATELIER_IMAGE_ROUTES: expected family=engine/);
    expect(refused('flux')).toMatch(/ATELIER_IMAGE_ROUTES/);
    expect(() => quietConfig({ ATELIER_IMAGE_ROUTES: 'midjourney=builtin,Stable Diffusion XL=builtin' })).not.toThrow();
  });

  it('routes configured entries by the family of their name in the default catalogue, or the one they give', () => {
    const env = {
      ATELIER_IMAGE_MODELS: JSON.stringify([
        { name: 'dall-e-3', engines: ['builtin'], credits: 1 },
        { name: 'House Style', family: 'house', engines: ['builtin'], credits: 1 },
      ]),
      ATELIER_IMAGE_ROUTES: 'openai-dalle=automatic1111,house=automatic1111',
      ATELIER_IMAGE_A1111_BASE_URL: 'http://127.0.0.1:9',
    };
    const catalogue = createImageModels(quietConfig(env));
    expect(catalogue.find('dall-e-3')).toMatchObject({ family: 'openai-dalle' });
    expect(catalogue.find('dall-e-3')?.engine.provider).toBe('automatic1111');
    expect(catalogue.find('House Style')?.engine.provider).toBe('automatic1111');
  });
});

describe('image sizes', () => {
  it('reads sizes, squares and ratios, and makes a ratio a size of multiples of 64 with the long side of the resolution', () => {
    expect(parseDimensions('1024x1024')).toEqual({ kind: 'size', width: 1024, height: 1024 });
    expect(parseDimensions(' 1792 X 1024 ')).toEqual({ kind: 'size', width: 1792, height: 1024 });
    expect(parseDimensions('512')).toEqual({ kind: 'size', width: 512, height: 512 });
    expect(parseDimensions('16:9')).toMatchObject({ kind: 'ratio', width: 16, height: 9 });
    for (const nothing of ['string', '', '16:0', 'x', '1024x'])
      expect(parseDimensions(nothing), nothing).toBeUndefined();
    const cases: [string, '1K' | '2K' | undefined, string][] = [
      ['1:1', undefined, '1024x1024'],
      ['16:9', '1K', '1024x576'],
      ['9:16', undefined, '576x1024'],
      ['16:9', '2K', '2048x1152'],
      ['21:9', undefined, '1024x448'],
      ['4:5', undefined, '832x1024'],
      ['2:3', undefined, '704x1024'],
      ['1:8', undefined, '128x1024'],
      ['8:1', '2K', '2048x256'],
      ['1:1', '2K', '2048x2048'],
    ];
    for (const [ratio, resolution, size] of cases) {
      const [w = 0, h = 0] = ratio.split(':').map(Number);
      const made = ratioSize(w, h, resolution);
      expect(`${made.width}x${made.height}`, `${ratio} ${resolution}`).toBe(size);
    }
    const dalle3 = [
      { width: 1024, height: 1024 },
      { width: 1792, height: 1024 },
      { width: 1024, height: 1792 },
    ];
    expect(nearestSize({ width: 512, height: 512 }, dalle3)).toEqual({ width: 1024, height: 1024 });
    expect(nearestSize({ width: 1024, height: 576 }, dalle3)).toEqual({ width: 1792, height: 1024 });
    expect(nearestSize({ width: 256, height: 1024 }, dalle3)).toEqual({ width: 1024, height: 1792 });
  });
});

describe('POST /api/generate-image with every model and field (nothing configured)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_JOB_POLL_MS: '50' });
    t.app.services.worker.start();
    key = (await t.account({ credits: 100_000 })).key;
  });
  afterAll(() => t.close());

  const generate = (payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url: '/api/generate-image', headers: withKey(key), payload });
  const record = async (payload: Record<string, unknown>) => {
    const response = await generate(payload);
    expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(200);
    return response.json<ImageRecord[]>()[0] as ImageRecord;
  };

  it('refuses an unknown name with the names there are', async () => {
    const response = await generate({ prompt: 'x', model: 'Imagen 9' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(
      /^model: unknown model "Imagen 9"; available: DALL-E 3, DALL-E 2, .*FLUX\.2 \[pro\], .*Z-Image Turbo, builtin-sketch$/,
    );
  });

  it("makes Pipedream's 512x512 DALL-E 3 at the nearest size DALL-E 3 makes, with a warning instead of a 400", async () => {
    const created = await record({
      prompt: 'A cat sitting on a chair',
      model: 'DALL-E 3',
      dimensions: '512x512',
      useHD: true,
      waitForResult: true,
    });
    expect(created).toMatchObject({
      status: 'completed',
      requested_model: 'DALL-E 3',
      engine: 'builtin',
      width: 1024,
      height: 1024,
      used_credits: 8,
    });
    expect(created.warnings).toEqual([
      'dimensions: DALL-E 3 makes 1024x1024, 1792x1024, 1024x1792; it made 1024x1024 instead of 512x512',
    ]);
    const ratio = await record({ prompt: 'x', model: 'DALL-E 3', dimensions: '16:9' });
    expect(ratio).toMatchObject({ width: 1792, height: 1024 });
    expect(ratio.warnings).toEqual([
      'dimensions: DALL-E 3 makes 1024x1024, 1792x1024, 1024x1792; it made 1792x1024 instead of 16:9 (1024x576)',
    ]);
    expect(await record({ prompt: 'x', model: 'Recraft v3', dimensions: '4:3' })).toMatchObject({
      width: 1365,
      height: 1024,
    });
  });

  it('turns ratios into sizes at the resolution, and the picture has that size', async () => {
    for (const [dimensions, resolution, width, height] of [
      ['16:9', undefined, 1024, 576],
      ['16:9', '2K', 2048, 1152],
      ['21:9', undefined, 1024, 448],
      ['1:8', undefined, 128, 1024],
      [undefined, '2K', 2048, 2048],
    ] as const) {
      const created = await record({
        prompt: 'A lighthouse',
        model: 'Nano Banana 2',
        ...(dimensions && { dimensions }),
        ...(resolution && { resolution }),
      });
      expect(created, `${dimensions} ${resolution}`).toMatchObject({ width, height, warnings: [] });
    }
    const done = await record({
      prompt: 'A wide valley',
      model: 'Z-Image Turbo',
      dimensions: '16:9',
      resolution: '2K',
      waitForResult: true,
    });
    expect(done).toMatchObject({ status: 'completed', width: 2048, height: 1152 });
    const picture = await t.server.inject({
      method: 'GET',
      url: new URL((done as unknown as { image_url: string }).image_url).pathname,
    });
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 2048, height: 1152 });
  });

  it('puts what cannot be honoured in the warnings: resolution with pixels, recraftStyle elsewhere, editing fields without an image, placeholders', async () => {
    expect(
      (await record({ prompt: 'x', model: 'FLUX.2 [dev]', dimensions: '640x480', resolution: '2K' })).warnings,
    ).toEqual(['resolution: ignored: dimensions gives the size in pixels']);
    expect(
      (await record({ prompt: 'x', model: 'Ideogram v3', recraftStyle: 'digital_illustration' })).warnings,
    ).toEqual(['recraftStyle: ignored: Ideogram v3 is not a Recraft model']);
    expect(await record({ prompt: 'x', model: 'Recraft v3', recraftStyle: 'digital_illustration' })).toMatchObject({
      style: 'digital illustration',
      warnings: [],
    });
    expect(await record({ prompt: 'x', model: 'Recraft v3', recraftStyle: 'any', style: 'neon' })).toMatchObject({
      style: 'neon',
      warnings: [],
    });
    // editModel without a picture is only a warning (clients send the reference's default); action without one is a 400.
    expect((await record({ prompt: 'x', model: 'Nano Banana 2', editModel: 'Seedream 4.5' })).warnings).toEqual([
      'editModel: ignored: no image given',
    ]);
    const noPicture = await generate({ prompt: 'x', model: 'Nano Banana 2', action: 'Remove Background' });
    expect(noPicture.statusCode).toBe(400);
    expect(noPicture.json<{ error: string }>().error).toMatch(/^action: needs image/);
    // A picture on a loopback address: the guarded fetcher refuses it later; the warnings come with the record.
    const picture = 'http://127.0.0.1:9/cat.png';
    expect(
      await record({ prompt: 'x', model: 'FLUX.1', image: picture, action: 'Stylization', dimensions: '512x512' }),
    ).toMatchObject({
      engine: 'builtin-filter',
      warnings: ["dimensions: ignored: builtin-filter keeps the picture's own size"],
    });
    // Nothing configured edits with a generative model: Ghiblify, and the default action, say what could.
    for (const action of ['Ghiblify', undefined]) {
      const refused = await generate({
        prompt: 'x',
        model: 'FLUX.1',
        image: picture,
        action,
        editModel: 'Flux Kontext Max',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ error: string }>().error).toMatch(/Flux Kontext Max is served here by the builtin engine/);
    }
    // The swagger example copied literally ("string" in every text field) is refused, naming the fields: a typo is never ignored.
    const placeholders = await generate({
      prompt: 'x',
      model: 'DALL-E 3',
      style: 'string',
      artist: 'string',
      dimensions: 'string',
      useHD: true,
    });
    expect(placeholders.statusCode).toBe(400);
    expect(placeholders.json<{ error: string }>().error).toMatch(/^dimensions: /);
    const notUrl = await generate({ prompt: 'x', model: 'DALL-E 3', image: 'string' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json<{ error: string }>().error).toMatch(/^image: /);
  });

  it('refuses what is not a value of the reference, and unknown fields, naming them', async () => {
    for (const [payload, field] of [
      [{ prompt: 'x', model: 'FLUX.1', action: 'Make It Pop' }, 'action'],
      [{ prompt: 'x', model: 'FLUX.1', editModel: 'Imagen 9' }, 'editModel'],
      [{ prompt: 'x', model: 'FLUX.1', resolution: '8K' }, 'resolution'],
      [{ prompt: 'x', model: 'FLUX.1', dimensions: '4096x4096' }, 'dimensions'],
      [{ prompt: 'x', model: 'FLUX.1', image: 'ftp://example.com/a.png' }, 'image'],
      [{ prompt: 'x', model: 'FLUX.1', usUD: true }, 'usUD'],
    ] as const) {
      const response = await generate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
  });

  it('creates a record for every name, keeping the name as sent and saying which engine serves it', async () => {
    for (const model of [
      ...hosted.imageModels,
      ...hosted.editModels,
      ...CLIENT_IMAGE_NAMES,
      'dall-e-3',
      'flux 2 pro',
      'NANO BANANA 2',
    ]) {
      const created = await record({ prompt: 'A neon cat', model });
      expect(created, model).toMatchObject({
        requested_model: model,
        engine: 'builtin',
        model: 'builtin-sketch',
        warnings: [],
      });
    }
    const models = (await t.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(key) })).json<{
      models: { name: string; family: string | null; engine: string; model: string; credits: number }[];
    }>().models;
    expect(models.map((m) => m.name)).toEqual(expect.arrayContaining(hosted.imageModels));
    expect(models.find((m) => m.name === 'FLUX.2 [pro]')).toEqual(
      expect.objectContaining({ family: 'flux', engine: 'builtin', model: 'builtin-sketch', credits: 5 }),
    );
  });
});

describe('POST /api/generate-image routed by ATELIER_IMAGE_ROUTES', () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let key: string;
  let png: Buffer;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    t = await startTestApp({
      ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
      ATELIER_IMAGE_A1111_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
      ATELIER_IMAGE_ROUTES: 'midjourney=openai-compatible,Midjourney V6=builtin,DALL-E 3=automatic1111',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_JOB_POLL_MS: '20',
      ATELIER_UPSTREAM_RETRIES: '0',
    });
    t.app.services.worker.start();
    key = (await t.account({ credits: 1_000 })).key;
  });
  beforeEach(() => {
    upstream.calls.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const generate = async (payload: Record<string, unknown>) =>
    (
      await t.server.inject({
        method: 'POST',
        url: '/api/generate-image',
        headers: withKey(key),
        payload: { waitForResult: true, ...payload },
      })
    ).json<ImageRecord[]>()[0];

  it('sends a family to one engine and a single name of it to another', async () => {
    upstream.handle((call, res) =>
      call.path.startsWith('/sdapi')
        ? replyJson(res, 200, { images: [png.toString('base64')] })
        : replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }),
    );
    expect(await generate({ prompt: 'A castle', model: 'Midjourney' })).toMatchObject({
      status: 'completed',
      requested_model: 'Midjourney',
      engine: 'openai-compatible',
      model: 'Midjourney V7',
    });
    expect(upstream.calls.map((c) => [c.path, c.body.model])).toEqual([['/v1/images/generations', 'Midjourney V7']]);

    upstream.calls.length = 0;
    expect(await generate({ prompt: 'A castle', model: 'Midjourney V6' })).toMatchObject({
      status: 'completed',
      engine: 'builtin',
      model: 'builtin-sketch',
    });
    expect(upstream.calls).toEqual([]);

    expect(await generate({ prompt: 'A castle', model: 'dall-e-3', dimensions: '1024x1024' })).toMatchObject({
      status: 'completed',
      engine: 'automatic1111',
      model: 'DALL-E 3',
    });
    expect(upstream.calls.map((c) => c.path)).toEqual(['/sdapi/v1/txt2img']);

    upstream.calls.length = 0;
    expect(await generate({ prompt: 'A castle', model: 'DALL-E 2', dimensions: '1024x1024' })).toMatchObject({
      status: 'completed',
      engine: 'openai-compatible',
      model: 'dall-e-2',
    });
    expect(upstream.calls.map((c) => c.path)).toEqual(['/v1/images/generations']);

    const models = (await t.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(key) })).json<{
      models: { name: string; engine: string }[];
    }>().models;
    const engine = (name: string) => models.find((m) => m.name === name)?.engine;
    expect([
      engine('Midjourney V7'),
      engine('Midjourney V6'),
      engine('DALL-E 3'),
      engine('Imagen 4'),
      engine('FLUX.1'),
    ]).toEqual(['openai-compatible', 'builtin', 'automatic1111', 'automatic1111', 'automatic1111']);
  });
});

describe('POST /api/generate-video with every model name', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // No worker: only the records are looked at.
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    key = (await t.account({ credits: 100_000 })).key;
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url: '/api/generate-video', headers: withKey(key), payload });
  const read = async (id: number) =>
    (await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(key) })).json<{
      video: { requested_model: string; engine: string; request: Record<string, unknown>; warnings: string[] };
    }>().video;

  it('creates a record for each name of the reference and the earlier catalogue, served by ffmpeg', async () => {
    for (const model of [...hosted.videoModels, ...EARLIER_VIDEO_NAMES, 'kling 2.6 pro']) {
      const response = await create({ prompt: 'Waves on a beach.', model, duration: '1' });
      expect(response.statusCode, `${model}: ${response.body}`).toBe(200);
      const created = response.json<{
        id: number;
        image_url: string;
        is_video: boolean;
        model: string;
        requested_model: string;
        engine: string;
      }>();
      expect(created, model).toMatchObject({
        image_url: '',
        is_video: true,
        model: 'builtin-slideshow',
        requested_model: model,
        engine: 'ffmpeg',
      });
    }
  });

  it('defaults to Kling 1.0, 5 seconds and 16:9, and keeps resolution and generateAudio in the request', async () => {
    const response = await create({ prompt: 'A quiet harbour.' });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ id: number; used_credits: number }>();
    expect(created.used_credits).toBe(5);
    expect(await read(created.id)).toMatchObject({
      requested_model: 'Kling 1.0',
      engine: 'ffmpeg',
      request: { duration: '5', aspectRatio: '16:9', isTextToVideo: true, isImageToVideo: false },
    });
    expect((await read(created.id)).request).not.toHaveProperty('resolution');

    const full = (
      await create({
        prompt: 'x',
        model: 'Veo 3.1',
        duration: 8,
        aspectRatio: '21:9',
        resolution: '1080p',
        generateAudio: false,
      })
    ).json<{ id: number }>();
    expect((await read(full.id)).request).toEqual({
      duration: '8',
      aspectRatio: '21:9',
      isTextToVideo: true,
      isImageToVideo: false,
      resolution: '1080p',
      generateAudio: false,
    });
    const seconds = (await create({ prompt: 'x', model: 'Veo 3.1', duration: '8s' })).json<{ id: number }>();
    expect((await read(seconds.id)).request).toMatchObject({ duration: '8' });
    const fromPicture = (await create({ prompt: 'x', model: 'Kling 2.6 Pro Image', duration: 1 })).json<{
      id: number;
    }>();
    expect((await read(fromPicture.id)).warnings).toEqual([
      'Kling 2.6 Pro Image makes video from a picture; none was given, so the clip was made from the prompt',
    ]);
  });

  it('refuses an unknown name, ratio or resolution', async () => {
    for (const [payload, field] of [
      [{ prompt: 'x', model: 'Sora 9' }, 'model: unknown model "Sora 9"; available: builtin-slideshow, Veo 3.1 Fast'],
      [{ prompt: 'x', aspectRatio: '5:4' }, 'aspectRatio'],
      [{ prompt: 'x', resolution: '8k' }, 'resolution'],
      [{ prompt: 'x', generateAudio: 'loud' }, 'generateAudio'],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
  });
});

describe(`migration 0008 (${testDialect})`, () => {
  it('gives the images and videos already there their engine', async () => {
    const database = await createTestDatabase({ migrated: false });
    const db: Db = database.url ? openPostgres(database.url, { allowExitOnIdle: true }) : openSqlite(':memory:');
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0007-rate-limits');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      await db
        .insertInto('accounts')
        .values({ id: 'a', email: 'a@example.test', plan: 'pro', credits: 0, period_start: now, created_at: now })
        .execute();
      const image = (
        model: string,
      ) => sql`insert into images (account_id, prompt, style, artist, requested_model, model, width, height, hd, seed, reference_url, status, error, blob_key, warnings, credits, created_at, updated_at)
        values ('a', 'p', null, null, 'x', ${model}, 64, 64, 0, 1, null, 'completed', null, null, '[]', 1, ${now}, ${now})`;
      for (const model of ['builtin-sketch', 'dall-e-3', 'Stable Diffusion XL', 'some-local-model'])
        await image(model).execute(db);
      await sql`insert into videos (account_id, prompt, requested_model, model, duration, aspect_ratio, image_url, seed, status, error, blob_key, width, height, warnings, credits, created_at, updated_at)
        values ('a', 'p', 'kling', 'builtin-slideshow', 5, '16:9', null, 1, 'completed', null, null, 1280, 720, '[]', 10, ${now}, ${now})`.execute(
        db,
      );
      await migrateToLatest(db);
      expect(
        (await db.selectFrom('images').select(['model', 'engine']).orderBy('id').execute()).map((r) => [
          r.model,
          r.engine,
        ]),
      ).toEqual([
        ['builtin-sketch', 'builtin'],
        ['dall-e-3', 'openai-compatible'],
        ['Stable Diffusion XL', 'automatic1111'],
        ['some-local-model', 'builtin'],
      ]);
      expect(await db.selectFrom('videos').select(['engine', 'resolution', 'generate_audio']).execute()).toEqual([
        { engine: 'ffmpeg', resolution: null, generate_audio: null },
      ]);
      const down = await migrator.migrateTo('0007-rate-limits');
      expect(down.error).toBeUndefined();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
