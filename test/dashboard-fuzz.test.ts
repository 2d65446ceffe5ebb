import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserPresetSchema } from '../src/modules/presets/user-preset.schemas.js';
import { unwrap } from '../src/shared/errors.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

let t: TestApp;
let cookie = '';
let csrf = '';
/** A live public link of the fuzzing account's own preset, so its forms reach the operations behind them. */
let linkId = '';

/** A logged-in browser's cookies and CSRF token, so the fuzzed requests reach the pages' own code. */
beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_LOGIN_ATTEMPTS_PER_MINUTE: '10000' });
  const form = await t.server.inject({ url: '/dashboard/signup' });
  const browser = String(form.headers['set-cookie']).split(';')[0] ?? '';
  const token = /name="csrf-token" content="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const signup = await t.server.inject({
    method: 'POST',
    url: '/dashboard/signup',
    headers: { cookie: browser, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: token, email: 'fuzz@example.test', password: 'fuzzing password' }).toString(),
  });
  cookie = `${browser}; ${String(signup.headers['set-cookie']).split(';')[0]}`;
  csrf =
    /name="csrf-token" content="([^"]+)"/.exec(
      (await t.server.inject({ url: '/dashboard/keys', headers: { cookie } })).body,
    )?.[1] ?? '';
  const accountId = unwrap(await t.app.services.accounts.find('fuzz@example.test')).id;
  const preset = createUserPresetSchema.parse({
    slug: 'fuzz-own',
    title: 'Fuzz own',
    fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
    prompt: 'About {{keywords}}',
  });
  unwrap(await t.app.services.userPresets.create(accountId, preset));
  linkId = unwrap(await t.app.services.presetLinks.create(accountId, 'fuzz-own', { daily_cap: 5 })).id;
});
afterAll(() => t.close());

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '%', '../..', '<script>', '0', '-1', '1e9', 'x'.repeat(5000)),
);
const routes: { method: 'GET' | 'POST'; path: (s: string) => string }[] = [
  { method: 'GET', path: (s) => `/dashboard?before=${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/login?next=${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/presets?category=${encodeURIComponent(s)}&q=${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/presets/${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/transcriptions/${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/bots/${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/${encodeURIComponent(s)}` },
  { method: 'GET', path: () => '/dashboard/images' },
  { method: 'GET', path: () => '/dashboard/videos' },
  { method: 'GET', path: () => '/dashboard/speech' },
  { method: 'POST', path: () => '/dashboard/keys' },
  { method: 'POST', path: (s) => `/dashboard/keys/${encodeURIComponent(s)}/revoke` },
  { method: 'POST', path: () => '/dashboard/password' },
  { method: 'POST', path: () => '/dashboard/login' },
  { method: 'POST', path: () => '/dashboard/signup' },
  { method: 'POST', path: () => '/dashboard/presets/new' },
  { method: 'GET', path: (s) => `/dashboard/presets/${encodeURIComponent(s)}/edit` },
  { method: 'POST', path: (s) => `/dashboard/presets/${encodeURIComponent(s)}/edit` },
  { method: 'GET', path: (s) => `/dashboard/presets/${encodeURIComponent(s)}/links` },
  { method: 'POST', path: () => '/dashboard/presets/fuzz-own/links' },
  { method: 'POST', path: () => `/dashboard/presets/fuzz-own/links/${linkId}` },
  { method: 'POST', path: (s) => `/dashboard/presets/fuzz-own/links/${encodeURIComponent(s)}` },
  { method: 'GET', path: (s) => `/dashboard/presets/fuzz-own/links/${encodeURIComponent(s)}/revoke` },
  { method: 'POST', path: (s) => `/dashboard/presets/fuzz-own/links/${encodeURIComponent(s)}/revoke` },
];

describe('property: no input to the dashboard produces a 5xx', () => {
  it('answers random paths, queries and form bodies with a page, a redirect or a 4xx page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        text,
        fc.dictionary(
          fc.constantFrom(
            ...['name', 'email', 'password', 'current', 'next', '_csrf', 'other'],
            ...['action', 'title', 'prompt', 'f1_name', 'f1_maxLength', 'f1_options', 'sample_keywords'],
            ...['daily_cap', 'label'],
          ),
          text,
        ),
        fc.boolean(),
        async (route, segment, form, withToken) => {
          const body = new URLSearchParams({ ...form, ...(withToken && { _csrf: csrf }) }).toString();
          const response = await t.server.inject({
            method: route.method,
            url: route.path(segment),
            remoteAddress: `10.${segment.length % 250}.0.1`,
            headers: {
              cookie,
              ...(route.method === 'POST' && { 'content-type': 'application/x-www-form-urlencoded' }),
            },
            ...(route.method === 'POST' && { payload: body }),
          });
          expect(
            response.statusCode,
            `${route.method} ${route.path(segment)} -> ${response.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          // A page for people; only what the router turns away before any route (a path segment over 500 characters) is the API's JSON error.
          if (response.statusCode >= 400)
            expect(response.headers['content-type']).toMatch(/^(text\/html|application\/json)/);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers a form body that is not a form, or is too large, with a 4xx', async () => {
    for (const [type, payload, status] of [
      ['application/json', '{"name": "x"}', 403],
      ['text/plain', 'hello', 403],
      ['application/x-www-form-urlencoded', `name=${'x'.repeat(70 * 1024)}`, 413],
    ] as const) {
      const response = await t.server.inject({
        method: 'POST',
        url: '/dashboard/keys',
        headers: { cookie, 'content-type': type },
        payload,
      });
      expect(response.statusCode, type).toBe(status);
    }
  });
});
