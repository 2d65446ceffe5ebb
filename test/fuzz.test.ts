import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * No input may produce a 5xx or an unhandled rejection: random JSON bodies, wrong types, huge strings,
 * unknown fields and odd query strings go to every route of the foundation.
 */
let t: TestApp;
let key: string;
/** A real bot of the fuzzing account, so its routes are reached past the id check too. */
let botId = '';
let botUrl = '';
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  key = (await t.account({ plan: 'business', credits: 1_000_000 })).key;
  const bot = (
    await t.server.inject({ method: 'POST', url: '/api/bots', headers: withKey(key), payload: { name: 'Fuzz bot' } })
  ).json<{ id: string; public_url: string }>();
  botId = bot.id;
  botUrl = bot.public_url;
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await t.close();
});

const FIELDS = [
  'preset',
  'keywords',
  'tone',
  'length',
  'outputs',
  'language',
  'shouldUseGPT4',
  'extra1',
  'extra2',
  'extra3',
  'extra4',
  'suffix',
  'name',
  'voiceID',
  'text',
  'voiceSettings',
  'base_voice_id',
  'settings',
  'description',
  'samples',
  'instructions',
  'brand_voice',
  'url',
  'audio_type',
  'detect_speakers',
  'enhanced_quality',
  'webhook_url',
  'audio_id',
  'fields',
  'regenerate',
  'prompt',
  'model',
  'messages',
  'message',
  'history',
  'stream',
  'include_sources',
  'max_tokens',
  'temperature',
  'n',
  'stop',
  'messages',
  'message',
  'history',
  'stream',
  'include_sources',
  'max_tokens',
  'temperature',
  'n',
  'stop',
  'style',
  'artist',
  'dimensions',
  'useHD',
  'image',
  'waitForResult',
  'duration',
  'aspectRatio',
  'instructions',
  'temperature',
  'welcome_message',
  'title',
  'content',
  'kind',
];
const SLUGS = ['blog-post', 'fill-the-gaps', 'cover-letter-generator', 'eli5', 'custom-generator', 'nope', ''];

const hugeString = fc.integer({ min: 4_000, max: 12_000 }).map((n) => 'x'.repeat(n));
const anyValue = fc.oneof(
  fc.jsonValue(),
  hugeString,
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('Short', 'Medium', 'Long', '10', 'true', -1, 0, 1, 3, 11, 1e308, null),
  fc.constantFrom(...SLUGS),
  fc.constantFrom('espeak-ng:en-us', 'flite:slt', 'custom:00000000-0000-4000-8000-000000000000', 'openai:alloy'),
  fc.constantFrom(
    'http://127.0.0.1:9/a.mp3',
    'file:///etc/passwd',
    'https://example.com/x.mp3',
    '00000000-0000-4000-8000-000000000000',
    'meeting',
    'Therapy Session',
  ),
  fc.constant([{ role: 'user', content: 'hi' }]),
  fc.array(
    fc.record({
      role: fc.constantFrom('human', 'ai', 'user', 'system'),
      text: fc.string({ maxLength: 20 }),
      content: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
    }),
    { maxLength: 4 },
  ),
  fc.constantFrom(
    'DALL-E 3',
    'gpt-4o-mini',
    'gpt-4o',
    'sdxl',
    'builtin',
    'kling',
    '1024x1024',
    '1792x1024',
    '99999x1',
    '16:9',
    '9:16',
    '5',
    '0',
    'http://127.0.0.1:9/x.png',
  ),
  fc.array(fc.constantFrom('summary', 'soap_note', 'nope', 'title'), { maxLength: 4 }),
  fc.dictionary(
    fc.constantFrom('speed', 'pitch', 'volume', 'word_gap', 'x'),
    fc.oneof(fc.double(), fc.boolean(), fc.string({ maxLength: 5 })),
    { maxKeys: 3 },
  ),
);
/** Mostly well-named fields with random values, sometimes unknown fields, sometimes not an object at all. */
const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 8 }) },
  {
    weight: 2,
    arbitrary: fc.record({
      preset: fc.constantFrom(...SLUGS),
      keywords: fc.oneof(fc.string(), hugeString),
      outputs: fc.integer({ min: -2, max: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue(), { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);
const segment = fc.oneof(
  fc.constantFrom(...SLUGS, '1', '0', '-1', '99999999999999999999', '%00', '%E0%A4%A', '..%2F..'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const query = fc.dictionary(
  fc.constantFrom(
    'category',
    'limit',
    'before_id',
    'before',
    'language',
    'accent',
    'include_custom',
    'imageId',
    'video_id',
    'x',
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('Content', 'HR', '0', '101', '-5', 'true', 'English', 'Scottish'),
  ),
  { maxKeys: 3 },
);

const routes: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: (s: string) => string; withBody: boolean }[] = [
  { method: 'POST', path: () => '/api/generate', withBody: true },
  { method: 'GET', path: () => '/api/presets', withBody: false },
  { method: 'GET', path: (s) => `/api/presets/${s}`, withBody: false },
  { method: 'GET', path: () => '/api/account', withBody: false },
  { method: 'GET', path: () => '/api/outputs', withBody: false },
  { method: 'GET', path: (s) => `/api/outputs/${s}`, withBody: false },
  { method: 'GET', path: () => '/api/keys', withBody: false },
  { method: 'POST', path: () => '/api/keys', withBody: true },
  { method: 'DELETE', path: (s) => `/api/keys/${s}`, withBody: false },
  { method: 'GET', path: () => '/health', withBody: false },
  { method: 'POST', path: () => '/api/generate-text-to-speech', withBody: true },
  { method: 'GET', path: (s) => `/api/text-to-speech/${s}`, withBody: false },
  { method: 'GET', path: () => '/api/get-text-to-speech-voices', withBody: false },
  { method: 'GET', path: () => '/api/get-text-to-speech-voice-settings', withBody: false },
  { method: 'GET', path: () => '/api/voices', withBody: false },
  { method: 'POST', path: () => '/api/voices', withBody: true },
  { method: 'POST', path: () => '/api/voices/clone', withBody: true },
  { method: 'PATCH', path: (s) => `/api/voices/${s}`, withBody: true },
  { method: 'GET', path: (s) => `/api/voices/${s}`, withBody: false },
  { method: 'DELETE', path: (s) => `/api/voices/${s}`, withBody: false },
  { method: 'GET', path: () => '/api/brand-voices', withBody: false },
  { method: 'POST', path: () => '/api/brand-voices', withBody: true },
  { method: 'PATCH', path: (s) => `/api/brand-voices/${s}`, withBody: true },
  { method: 'GET', path: (s) => `/api/brand-voices/${s}`, withBody: false },
  { method: 'DELETE', path: (s) => `/api/brand-voices/${s}`, withBody: false },
  { method: 'GET', path: (s) => `/voice-avatars/${s}.svg`, withBody: false },
  { method: 'GET', path: (s) => `/files/tts/${s}`, withBody: false },
  { method: 'POST', path: () => '/api/transcriptions', withBody: true },
  { method: 'POST', path: () => '/api/audios', withBody: true },
  { method: 'POST', path: () => '/api/generate-audio-content', withBody: true },
  { method: 'GET', path: () => '/api/transcriptions', withBody: false },
  { method: 'GET', path: () => '/api/webhook-secret', withBody: false },
  { method: 'POST', path: () => '/api/generate-image', withBody: true },
  { method: 'GET', path: () => '/api/get-image', withBody: false },
  { method: 'GET', path: () => '/api/images', withBody: false },
  { method: 'GET', path: () => '/api/image-models', withBody: false },
  { method: 'POST', path: () => '/api/generate-video', withBody: true },
  { method: 'POST', path: () => '/api/generate-talking-video', withBody: true },
  { method: 'GET', path: () => '/api/get-video', withBody: false },
  { method: 'GET', path: () => '/api/videos', withBody: false },
  { method: 'POST', path: () => '/v1/videos', withBody: true },
  { method: 'GET', path: () => '/v1/videos', withBody: false },
  { method: 'GET', path: (s) => `/v1/videos/${s}`, withBody: false },
  { method: 'GET', path: (s) => `/api/videos/${s}/content`, withBody: false },
  { method: 'DELETE', path: (s) => `/v1/videos/${s}`, withBody: false },
  { method: 'POST', path: () => '/v1/images/edits', withBody: true },
  { method: 'GET', path: (s) => `/files/images/${s}`, withBody: false },
  { method: 'POST', path: () => '/api/bots', withBody: true },
  { method: 'GET', path: () => '/api/bots', withBody: false },
  { method: 'GET', path: (s) => `/api/bots/${s}`, withBody: false },
  { method: 'PATCH', path: (s) => `/api/bots/${s}`, withBody: true },
  { method: 'DELETE', path: (s) => `/api/bots/${s}`, withBody: false },
  { method: 'POST', path: (s) => `/api/bots/${s}/documents`, withBody: true },
  { method: 'GET', path: (s) => `/api/bots/${s}/documents`, withBody: false },
  { method: 'DELETE', path: (s) => `/api/bots/${s}/documents/${s}`, withBody: false },
  { method: 'GET', path: () => `/api/bots/${botId}`, withBody: false },
  { method: 'PATCH', path: () => `/api/bots/${botId}`, withBody: true },
  { method: 'POST', path: () => `/api/bots/${botId}/documents`, withBody: true },
  { method: 'GET', path: () => `/api/bots/${botId}/documents`, withBody: false },
  { method: 'DELETE', path: (s) => `/api/bots/${botId}/documents/${s}`, withBody: false },
  { method: 'POST', path: () => `/bot/${botUrl}/api`, withBody: true },
  { method: 'POST', path: (s) => `/bot/${s}/api`, withBody: true },
  { method: 'POST', path: () => '/api/chat/completions', withBody: true },
  { method: 'GET', path: () => '/v1/models', withBody: false },
  { method: 'GET', path: (s) => `/api/models/${s}`, withBody: false },
];

describe('property: no input produces a 5xx', () => {
  it('answers every random request with a success or a 4xx {"error": string}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        segment,
        query,
        fc.boolean(),
        async (route, payload, seg, params, sendKey) => {
          const search = new URLSearchParams(params).toString();
          const res = await t.server.inject({
            method: route.method,
            url: `${route.path(seg)}${search ? `?${search}` : ''}`,
            headers: sendKey ? withKey(key) : {},
            ...(route.withBody && {
              payload: JSON.stringify(payload),
              headers: { ...(sendKey ? withKey(key) : {}), 'content-type': 'application/json' },
            }),
          });
          expect(res.statusCode, `${route.method} ${route.path(seg)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = res.json<Record<string, unknown>>();
            expect(Object.keys(parsed)).toEqual(['error']);
            // The OpenAI-compatible routes answer in OpenAI's shape, {error: {message, type, param, code}},
            // except for what the router refuses before it knows the route (a malformed URL).
            const openAiShaped =
              /^\/(api|v1)\/(chat|models|videos\/|images\/)|^\/v1\/videos/.test(route.path(seg)) &&
              typeof parsed.error === 'object';
            expect(typeof (openAiShaped ? (parsed.error as { message?: unknown }).message : parsed.error)).toBe(
              'string',
            );
          }
        },
      ),
      { numRuns: 1500 },
    );
    expect(rejections).toEqual([]);
  });

  it('answers malformed bodies and content types with a 4xx {"error"}', async () => {
    const cases = [
      { payload: '{"preset": ', type: 'application/json' },
      { payload: '', type: 'application/json' },
      { payload: 'preset=blog-post', type: 'application/x-www-form-urlencoded' },
      { payload: 'hello', type: 'text/plain' },
      { payload: '[1,2,3]', type: 'application/json' },
      { payload: '"just a string"', type: 'application/json' },
      { payload: '{"__proto__": {"admin": true}, "preset": "blog-post", "keywords": "a"}', type: 'application/json' },
    ];
    for (const c of cases) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/generate',
        headers: { ...withKey(key), 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
      expect(typeof res.json<{ error: unknown }>().error).toBe('string');
    }
  });
});
