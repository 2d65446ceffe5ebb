import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, csrfTokenFor } from '../src/modules/sessions/session-tokens.js';
import { unwrap } from '../src/shared/errors.js';
import { type RouteEntry, routeTable } from './helpers/route-table.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * Another account's record is a record that does not exist: on every route with a record's id in its path (every
 * method, read from the app's own router, not from a list kept here), API and dashboard pages alike, and on every
 * operation that takes a record's id in its query string (read from the app's own OpenAPI document), a stranger gets
 * exactly the answer of a random missing id, and the owner then finds the record as it was. A route added with an id
 * fails the counts below until it has a row in ROUTES, PAGES or QUERY_ROUTES, which says how its owner makes the record.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
});
afterAll(() => t.close());

type Params = Record<string, string>;
type Json = Record<string, unknown>;

async function call(method: HTTPMethods, url: string, key: string, payload?: Json) {
  return t.server.inject({ method, url, headers: withKey(key), ...(payload !== undefined && { payload }) });
}

async function made(method: HTTPMethods, url: string, key: string, payload: Json): Promise<Json> {
  const res = await call(method, url, key, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<Json>();
}

/** The id an answer names under `name`: a string or a number, never a missing field read as "undefined". */
function idIn(json: Json | undefined, name: string): string {
  const id = json?.[name];
  if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`no ${name} in ${JSON.stringify(json)}`);
  return String(id);
}

/** A kind of record: how its owner makes one (the path's parameters), and where the owner reads it back. */
interface RecordKind {
  make(key: string): Promise<Params>;
  view(params: Params): string;
}

const tagline = (slug: string) => ({
  slug,
  title: 'Shop tagline',
  fields: [{ name: 'keywords', label: 'What the shop sells', type: 'text', required: true }],
  prompt: 'Write a tagline for a shop selling {{keywords}}.',
});

const preset: RecordKind = {
  make: async (key) => {
    const slug = `own-${randomUUID().slice(0, 8)}`;
    await made('POST', '/api/presets', key, tagline(slug));
    return { slug };
  },
  view: ({ slug }) => `/api/presets/${slug}`,
};
const presetLink: RecordKind = {
  make: async (key) => {
    const { slug = '' } = await preset.make(key);
    const link = await made('POST', `/api/presets/${slug}/links`, key, { daily_cap: 5 });
    return { slug, link_id: idIn(link, 'id') };
  },
  view: ({ slug }) => `/api/presets/${slug}/links`,
};
const bot: RecordKind = {
  make: async (key) => ({ id: idIn(await made('POST', '/api/bots', key, { name: 'Harbour guide' }), 'id') }),
  view: ({ id }) => `/api/bots/${id}`,
};
const botDocument: RecordKind = {
  make: async (key) => {
    const { id = '' } = await bot.make(key);
    const document = await made('POST', `/api/bots/${id}/documents`, key, { title: 'Tides', content: 'High at noon.' });
    return { id, documentId: idIn(document, 'id') };
  },
  view: ({ id }) => `/api/bots/${id}/documents`,
};
const botKey: RecordKind = {
  make: async (key) => {
    const { id = '' } = await bot.make(key);
    return { id, keyId: idIn(await made('POST', `/api/bots/${id}/keys`, key, {}), 'id') };
  },
  view: ({ id }) => `/api/bots/${id}/keys`,
};
const apiKey: RecordKind = {
  make: async (key) => ({ id: idIn(await made('POST', '/api/keys', key, { name: 'second' }), 'key_id') }),
  view: () => '/api/keys',
};
const output: RecordKind = {
  make: async (key) => {
    const res = await call('POST', '/api/generate', key, { preset: 'blog-post', keywords: 'urban beekeeping' });
    expect(res.statusCode, res.body).toBe(200);
    return { id: idIn(res.json<Json[]>()[0], 'id') };
  },
  view: ({ id }) => `/api/outputs/${id}`,
};
const brandVoice: RecordKind = {
  make: async (key) => ({
    id: idIn(await made('POST', '/api/brand-voices', key, { name: 'House', instructions: 'Be brief.' }), 'id'),
  }),
  view: ({ id }) => `/api/brand-voices/${id}`,
};
const voice: RecordKind = {
  make: async (key) => ({
    id: idIn(await made('POST', '/api/voices', key, { name: 'Mine', base_voice_id: 'espeak-ng:en-gb' }), 'id'),
  }),
  view: ({ id }) => `/api/voices/${id}`,
};
const speech: RecordKind = {
  make: async (key) => {
    const spoken = await made('POST', '/api/generate-text-to-speech', key, { voiceID: 'espeak-ng:en-us', text: 'Hi.' });
    return { uuid: idIn(spoken, 'uuid') };
  },
  view: ({ uuid }) => `/api/text-to-speech/${uuid}`,
};
const response: RecordKind = {
  make: async (key) => ({ id: idIn(await made('POST', '/v1/responses', key, { input: 'Hello bees' }), 'id') }),
  view: ({ id }) => `/v1/responses/${id}`,
};
const openaiVideo: RecordKind = {
  make: async (key) => ({
    id: idIn(
      await made('POST', '/v1/videos', key, { prompt: 'A tide', model: 'builtin-slideshow', seconds: '1' }),
      'id',
    ),
  }),
  view: ({ id }) => `/v1/videos/${id}`,
};

const image: RecordKind = {
  make: async (key) => {
    const res = await call('POST', '/api/generate-image', key, { prompt: 'A bee', model: 'builtin-sketch' });
    expect(res.statusCode, res.body).toBe(200);
    return { id: idIn(res.json<Json[]>()[0], 'id') };
  },
  view: ({ id }) => `/api/get-image?imageId=${id}`,
};
const video: RecordKind = {
  make: async (key) => ({
    id: idIn(await made('POST', '/api/generate-video', key, { prompt: 'A bee flies over a meadow.' }), 'id'),
  }),
  view: ({ id }) => `/api/get-video?video_id=${id}`,
};
const transcription: RecordKind = {
  make: async (key) => ({
    uuid: idIn(
      await made('POST', '/api/create-transcription', key, { audioUrl: 'https://example.com/bees.mp3' }),
      'uuid',
    ),
  }),
  view: ({ uuid }) => `/api/get-transcription?id=${uuid}`,
};

/** Each route with a record id in its path: the record it names, and the body a write sends (valid for the owner). */
const ROUTES: Record<string, { kind: RecordKind; body?: Json }> = {
  'DELETE /api/keys/:id': { kind: apiKey },
  'GET /api/presets/:slug': { kind: preset },
  'HEAD /api/presets/:slug': { kind: preset },
  'PATCH /api/presets/:slug': { kind: preset, body: { title: 'Stolen' } },
  'DELETE /api/presets/:slug': { kind: preset },
  'POST /api/presets/:slug/links': { kind: preset, body: { daily_cap: 3 } },
  'GET /api/presets/:slug/links': { kind: preset },
  'HEAD /api/presets/:slug/links': { kind: preset },
  'PATCH /api/presets/:slug/links/:link_id': { kind: presetLink, body: { daily_cap: 9 } },
  'DELETE /api/presets/:slug/links/:link_id': { kind: presetLink },
  'GET /api/presets/:slug/versions': { kind: preset },
  'HEAD /api/presets/:slug/versions': { kind: preset },
  'GET /api/outputs/:id': { kind: output },
  'HEAD /api/outputs/:id': { kind: output },
  'GET /api/brand-voices/:id': { kind: brandVoice },
  'HEAD /api/brand-voices/:id': { kind: brandVoice },
  'PATCH /api/brand-voices/:id': { kind: brandVoice, body: { name: 'Stolen' } },
  'DELETE /api/brand-voices/:id': { kind: brandVoice },
  'GET /api/bots/:id': { kind: bot },
  'HEAD /api/bots/:id': { kind: bot },
  'PATCH /api/bots/:id': { kind: bot, body: { name: 'Stolen' } },
  'DELETE /api/bots/:id': { kind: bot },
  'GET /api/bots/:id/documents': { kind: botDocument },
  'HEAD /api/bots/:id/documents': { kind: botDocument },
  'POST /api/bots/:id/documents': { kind: botDocument, body: { title: 'Planted', content: 'Wrong tides.' } },
  'DELETE /api/bots/:id/documents/:documentId': { kind: botDocument },
  'POST /api/bots/:id/keys': { kind: botKey, body: {} },
  'GET /api/bots/:id/keys': { kind: botKey },
  'HEAD /api/bots/:id/keys': { kind: botKey },
  'DELETE /api/bots/:id/keys/:keyId': { kind: botKey },
  'GET /api/voices/:id': { kind: voice },
  'HEAD /api/voices/:id': { kind: voice },
  'PATCH /api/voices/:id': { kind: voice, body: { name: 'Stolen' } },
  'DELETE /api/voices/:id': { kind: voice },
  'GET /api/text-to-speech/:uuid': { kind: speech },
  'HEAD /api/text-to-speech/:uuid': { kind: speech },
  'GET /api/responses/:id': { kind: response },
  'HEAD /api/responses/:id': { kind: response },
  'DELETE /api/responses/:id': { kind: response },
  'GET /api/responses/:id/input_items': { kind: response },
  'HEAD /api/responses/:id/input_items': { kind: response },
  'GET /v1/responses/:id': { kind: response },
  'HEAD /v1/responses/:id': { kind: response },
  'DELETE /v1/responses/:id': { kind: response },
  'GET /v1/responses/:id/input_items': { kind: response },
  'HEAD /v1/responses/:id/input_items': { kind: response },
  'GET /api/videos/:id': { kind: openaiVideo },
  'HEAD /api/videos/:id': { kind: openaiVideo },
  'DELETE /api/videos/:id': { kind: openaiVideo },
  'GET /api/videos/:id/content': { kind: openaiVideo },
  'HEAD /api/videos/:id/content': { kind: openaiVideo },
  'GET /v1/videos/:id': { kind: openaiVideo },
  'HEAD /v1/videos/:id': { kind: openaiVideo },
  'DELETE /v1/videos/:id': { kind: openaiVideo },
  'GET /v1/videos/:id/content': { kind: openaiVideo },
  'HEAD /v1/videos/:id/content': { kind: openaiVideo },
};
const RECORD_ROUTES = 56;

/** The account a key opens. */
async function accountOf(key: string): Promise<string> {
  return unwrap(await t.app.services.keys.authenticate(key)).account.id;
}

/** A connected OAuth application (approved, its code exchanged): the grant the keys page lists and revokes. */
const oauthGrant: RecordKind = {
  make: async (key) => {
    const { oauth } = t.app.services;
    const accountId = await accountOf(key);
    const redirect = 'https://assistant.example.test/callback';
    const registered = await oauth.register({ redirect_uris: [redirect], token_endpoint_auth_method: 'none' });
    if (!registered.ok) throw new Error('registration refused');
    const client = registered.value;
    const verifier = randomBytes(32).toString('base64url');
    const check = await oauth.checkAuthorization({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirect,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    if (!check.ok) throw new Error('authorization refused');
    const code = new URL(await oauth.approve(accountId, check.request)).searchParams.get('code') ?? '';
    const exchanged = await oauth.token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
    });
    if (!exchanged.ok) throw new Error('the code was refused');
    const [grant] = await oauth.listConnected(accountId);
    return { id: idIn(grant as unknown as Json, 'grant_id') };
  },
  view: () => '/dashboard/keys',
};

/** A dashboard page's parameters from the record's: the page names them its own way (`:id` for a preset's slug). */
type Renamed = Record<string, string>;
const renamed = (params: Params, names: Renamed = {}): Params =>
  Object.fromEntries(
    Object.entries(names).length === 0
      ? Object.entries(params)
      : Object.entries(names).map(([page, record]) => [page, params[record] ?? '']),
  );

/**
 * Each dashboard page with a record id in its path: the record, how the page names its parameters, and the form a
 * POST sends (valid for the owner; the CSRF token is added).
 */
const PAGES: Record<string, { kind: RecordKind; names?: Renamed; form?: Record<string, string> }> = {
  'GET /dashboard/bots/:id': { kind: bot },
  'HEAD /dashboard/bots/:id': { kind: bot },
  'POST /dashboard/bots/:id/keys': { kind: bot, form: { name: 'Planted' } },
  'POST /dashboard/bots/:id/keys/:keyId/revoke': { kind: botKey },
  'POST /dashboard/bots/:id/launcher': { kind: bot, form: { position: 'top-left' } },
  'GET /dashboard/brand-voices/:id': { kind: brandVoice },
  'HEAD /dashboard/brand-voices/:id': { kind: brandVoice },
  'POST /dashboard/brand-voices/:id': { kind: brandVoice, form: { name: 'Stolen', instructions: 'Shout.' } },
  'GET /dashboard/brand-voices/:id/delete': { kind: brandVoice },
  'HEAD /dashboard/brand-voices/:id/delete': { kind: brandVoice },
  'POST /dashboard/brand-voices/:id/delete': { kind: brandVoice },
  'POST /dashboard/keys/:id/revoke': { kind: apiKey },
  'GET /dashboard/presets/:id': { kind: preset, names: { id: 'slug' } },
  'HEAD /dashboard/presets/:id': { kind: preset, names: { id: 'slug' } },
  'GET /dashboard/presets/:id/edit': { kind: preset, names: { id: 'slug' } },
  'HEAD /dashboard/presets/:id/edit': { kind: preset, names: { id: 'slug' } },
  'POST /dashboard/presets/:id/edit': {
    kind: preset,
    names: { id: 'slug' },
    form: { action: 'save', title: 'Stolen' },
  },
  'GET /dashboard/presets/:id/versions': { kind: preset, names: { id: 'slug' } },
  'HEAD /dashboard/presets/:id/versions': { kind: preset, names: { id: 'slug' } },
  'GET /dashboard/presets/:id/delete': { kind: preset, names: { id: 'slug' } },
  'HEAD /dashboard/presets/:id/delete': { kind: preset, names: { id: 'slug' } },
  'POST /dashboard/presets/:id/delete': { kind: preset, names: { id: 'slug' } },
  'GET /dashboard/presets/:id/links': { kind: preset, names: { id: 'slug' } },
  'HEAD /dashboard/presets/:id/links': { kind: preset, names: { id: 'slug' } },
  'POST /dashboard/presets/:id/links': { kind: preset, names: { id: 'slug' }, form: { daily_cap: '3' } },
  'POST /dashboard/presets/:id/links/:link_id': {
    kind: presetLink,
    names: { id: 'slug', link_id: 'link_id' },
    form: { daily_cap: '9' },
  },
  'GET /dashboard/presets/:id/links/:link_id/revoke': { kind: presetLink, names: { id: 'slug', link_id: 'link_id' } },
  'HEAD /dashboard/presets/:id/links/:link_id/revoke': { kind: presetLink, names: { id: 'slug', link_id: 'link_id' } },
  'POST /dashboard/presets/:id/links/:link_id/revoke': { kind: presetLink, names: { id: 'slug', link_id: 'link_id' } },
  'POST /dashboard/oauth/grants/:id/revoke': { kind: oauthGrant },
  'GET /dashboard/transcriptions/:uuid': { kind: transcription },
  'HEAD /dashboard/transcriptions/:uuid': { kind: transcription },
};
const RECORD_PAGES = 32;

/** Pages with a parameter that names no account's record: a bot's public address, the same for every caller. */
const NOT_A_PAGE_RECORD = ['POST /dashboard/bot/:public_url/api'];

/**
 * Each operation with a record's id in its query string (GET, and the HEAD Fastify adds): the record, and the query
 * field that names it.
 */
const QUERY_ROUTES: Record<string, { kind: RecordKind; field: string; cursor?: true }> = {
  'GET /api/get-image': { kind: image, field: 'imageId' },
  'HEAD /api/get-image': { kind: image, field: 'imageId' },
  'GET /api/get-video': { kind: video, field: 'video_id' },
  'HEAD /api/get-video': { kind: video, field: 'video_id' },
  'GET /api/get-transcription': { kind: transcription, field: 'id' },
  'HEAD /api/get-transcription': { kind: transcription, field: 'id' },
  // A page of outputs older than the given one: another account's output is a cursor that names nothing (an empty
  // page, as for a missing one).
  'GET /api/outputs': { kind: output, field: 'before_id', cursor: true },
  'HEAD /api/outputs': { kind: output, field: 'before_id', cursor: true },
};
const QUERY_ID_ROUTES = 8;
/** A query field that names a record: `id`, `…_id`, `…Id`, `uuid`. */
const ID_FIELD = /^(id|uuid)$|_id$|Id$/;

/** Routes with a parameter that names no account's record: a model, the same for every caller. */
const NOT_A_RECORD = [
  'GET /api/models/:model',
  'HEAD /api/models/:model',
  'GET /v1/models/:model',
  'HEAD /v1/models/:model',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)];

/** A random id of the same shape as `id` (so it passes the same validation) that names nothing. */
function lookalike(id: string): string {
  if (UUID.test(id)) return randomUUID();
  if (/^\d+$/.test(id)) return String(Number(id) + 1_000_000 + randomInt(1_000_000));
  const kept = id.lastIndexOf('_') + 1;
  const random = [...id.slice(kept)].map((c) =>
    /\d/.test(c)
      ? pick('0123456789')
      : /[a-z]/.test(c)
        ? pick('abcdefghijklmnopqrstuvwxyz')
        : /[A-Z]/.test(c)
          ? pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ')
          : c,
  );
  return id.slice(0, kept) + random.join('');
}

const fill = (pattern: string, params: Params) =>
  pattern.replace(/:(\w+)/g, (_all, name: string) => params[name] ?? '');

/** What a caller learns from an answer: its status, content type and body, with the ids it was asked for masked. */
function answer(res: { statusCode: number; headers: Record<string, unknown>; body: string }, params: Params) {
  let body = res.body;
  for (const [name, value] of Object.entries(params)) body = body.split(value).join(`<${name}>`);
  return { status: res.statusCode, type: res.headers['content-type'], body };
}

const recordRoutes = (routes: RouteEntry[]) =>
  routes.filter((r) => /^\/(api|v1)\//.test(r.path) && r.path.includes(':') && !r.path.startsWith('/api/admin/'));

describe("another account's record, on every route with an id in its path", () => {
  it('answers as a random missing id does, and leaves the record as it was', async () => {
    const routes = recordRoutes(routeTable(t.server)).filter((r) => !NOT_A_RECORD.includes(`${r.method} ${r.path}`));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(ROUTES).sort());
    expect(routes).toHaveLength(RECORD_ROUTES);

    const owner = (await t.account()).key;
    const stranger = (await t.account()).key;
    for (const { method, path } of routes) {
      const row = ROUTES[`${method} ${path}`];
      if (!row) throw new Error(`no row for ${method} ${path}`);
      const label = `${method} ${path}`;
      const mine = await row.kind.make(owner);
      const theirs = await row.kind.make(stranger);
      const before = await call('GET', row.kind.view(mine), owner);
      expect(before.statusCode, label).toBe(200);
      // The owner's view shows the very record (so a test of a wrong id, which is missing anyway, cannot pass).
      const record = Object.values(mine).at(-1) ?? '';
      expect(before.body, `${label}: the owner sees ${record}`).toContain(record);

      const ask = (params: Params) => call(method, fill(path, params), stranger, row.body);
      const missing = Object.fromEntries(Object.entries(mine).map(([name, id]) => [name, lookalike(id)]));
      const asked = await ask(mine);
      expect(answer(asked, mine), label).toEqual(answer(await ask(missing), missing));
      expect(asked.statusCode, label).toBe(404);

      // A nested record under the stranger's own parent: the owner's child id is still a missing one.
      const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const child = names.at(-1) ?? '';
      if (names.length > 1) {
        const mixed = { ...theirs, [child]: mine[child] ?? '' };
        const mixedMissing = { ...theirs, [child]: missing[child] ?? '' };
        const nested = await ask(mixed);
        expect(answer(nested, { [child]: mixed[child] ?? '' }), `${label} (own parent)`).toEqual(
          answer(await ask(mixedMissing), { [child]: mixedMissing[child] ?? '' }),
        );
        expect(nested.statusCode, `${label} (own parent)`).toBe(404);
      }

      const after = await call('GET', row.kind.view(mine), owner);
      expect({ status: after.statusCode, body: after.json() }, `${label}: the owner's record`).toEqual({
        status: 200,
        body: before.json(),
      });
    }
  });
});

/** An account with an API key and a signed-in browser: its session cookie and the CSRF token its forms carry. */
interface Person {
  key: string;
  cookie: string;
  csrf: string;
}

async function person(): Promise<Person> {
  const email = `cross-${randomUUID()}@example.test`;
  const password = 'a long enough password';
  const { key } = await t.account({ email });
  unwrap(await t.app.services.sessions.setPassword(email, password));
  const { token } = unwrap(await t.app.services.sessions.logIn(email, password));
  return { key, cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfTokenFor(token) };
}

/** A page as `who`'s browser asks for it: a POST is a form with its CSRF token. */
function page(method: HTTPMethods, url: string, who: Person, form: Record<string, string> = {}) {
  const post = method === 'POST';
  return t.server.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(post && { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(post && { payload: new URLSearchParams({ _csrf: who.csrf, ...form }).toString() }),
  });
}

/** What the owner sees of the record: the API's answer, or (a dashboard view) whether the page still lists it. */
async function ownerView(kind: RecordKind, params: Params, owner: Person) {
  const url = kind.view(params);
  if (!url.startsWith('/dashboard/')) {
    const res = await call('GET', url, owner.key);
    return { status: res.statusCode, body: res.json<unknown>() };
  }
  const res = await page('GET', url, owner);
  return { status: res.statusCode, body: Object.values(params).every((id) => res.body.includes(id)) };
}

/** As `answer`, with where a redirect goes (masked too). */
function pageAnswer(res: { statusCode: number; headers: Record<string, unknown>; body: string }, params: Params) {
  let location = String(res.headers.location ?? '');
  for (const [name, value] of Object.entries(params)) location = location.split(value).join(`<${name}>`);
  return { ...answer(res, params), location };
}

describe("another account's record on a dashboard page with an id in its path", () => {
  it('answers as a random missing id does, and leaves the record as it was', async () => {
    const pages = routeTable(t.server).filter(
      (r) =>
        r.path.startsWith('/dashboard/') &&
        r.path.includes(':') &&
        !r.path.startsWith('/dashboard/admin/') &&
        !NOT_A_PAGE_RECORD.includes(`${r.method} ${r.path}`),
    );
    expect(pages.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(PAGES).sort());
    expect(pages).toHaveLength(RECORD_PAGES);

    const owner = await person();
    const stranger = await person();
    for (const { method, path } of pages) {
      const row = PAGES[`${method} ${path}`];
      if (!row) throw new Error(`no row for ${method} ${path}`);
      const label = `${method} ${path}`;
      const record = await row.kind.make(owner.key);
      const mine = renamed(record, row.names);
      const before = await ownerView(row.kind, record, owner);
      expect(before, `${label}: the owner sees the record`).toMatchObject({ status: 200 });
      if (typeof before.body === 'boolean') expect(before.body, `${label}: the owner's page lists it`).toBe(true);

      const missing = Object.fromEntries(Object.entries(mine).map(([name, id]) => [name, lookalike(id)]));
      const asked = await page(method, fill(path, mine), stranger, row.form);
      expect(pageAnswer(asked, mine), label).toEqual(
        pageAnswer(await page(method, fill(path, missing), stranger, row.form), missing),
      );
      expect(asked.statusCode, `${label}: ${asked.body.slice(0, 200)}`).not.toBe(200);

      expect(await ownerView(row.kind, record, owner), `${label}: the owner's record`).toEqual(before);
    }
  });
});

describe("another account's record named in a query string", () => {
  it('answers as a random missing id does, and leaves the record as it was', async () => {
    const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const asked = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && ID_FIELD.test(p.name) && !path.startsWith('/api/admin/'))
          .map((p) => ({ route: `${method.toUpperCase()} ${path}`, field: p.name })),
      ),
    );
    // Each GET's HEAD too, as the router holds it.
    const routes = asked.flatMap(({ route, field }) => {
      const [, path = ''] = route.split(' ');
      const head = routeTable(t.server).some((r) => r.method === 'HEAD' && r.path === path);
      return [{ route, field }, ...(route.startsWith('GET ') && head ? [{ route: `HEAD ${path}`, field }] : [])];
    });
    expect(routes.map((r) => `${r.route} ?${r.field}`).sort()).toEqual(
      Object.entries(QUERY_ROUTES)
        .map(([route, row]) => `${route} ?${row.field}`)
        .sort(),
    );
    expect(routes).toHaveLength(QUERY_ID_ROUTES);

    const owner = (await t.account()).key;
    const stranger = (await t.account()).key;
    for (const { route } of routes) {
      const row = QUERY_ROUTES[route];
      if (!row) throw new Error(`no row for ${route}`);
      const [method = 'GET', path = ''] = route.split(' ') as [HTTPMethods, string];
      const mine = await row.kind.make(owner);
      const id = Object.values(mine)[0] ?? '';
      const before = await call('GET', row.kind.view(mine), owner);
      expect(before.statusCode, route).toBe(200);
      expect(before.body, `${route}: the owner sees ${id}`).toContain(id);

      const ask = (value: string) => call(method, `${path}?${row.field}=${encodeURIComponent(value)}`, stranger);
      const other = lookalike(id);
      const theirs = await ask(id);
      expect(answer(theirs, { id }), route).toEqual(answer(await ask(other), { id: other }));
      expect(theirs.statusCode, route).toBe(row.cursor ? 200 : 404);

      const after = await call('GET', row.kind.view(mine), owner);
      expect({ status: after.statusCode, body: after.json() }, `${route}: the owner's record`).toEqual({
        status: 200,
        body: before.json(),
      });
    }
  });
});
