import { randomInt, randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeTable } from './helpers/route-table.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * Another account's record is a record that does not exist: on every route with a record's id in its path (every
 * method, read from the app's own router, not from a list kept here), a stranger gets exactly the answer of a
 * random missing id, and the owner then finds the record as it was. A route added with an id in its path fails
 * the count below until it has a row in ROUTES, which says how its owner makes the record.
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
const video: RecordKind = {
  make: async (key) => ({
    id: idIn(
      await made('POST', '/v1/videos', key, { prompt: 'A tide', model: 'builtin-slideshow', seconds: '1' }),
      'id',
    ),
  }),
  view: ({ id }) => `/v1/videos/${id}`,
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
  'GET /api/videos/:id': { kind: video },
  'HEAD /api/videos/:id': { kind: video },
  'DELETE /api/videos/:id': { kind: video },
  'GET /api/videos/:id/content': { kind: video },
  'HEAD /api/videos/:id/content': { kind: video },
  'GET /v1/videos/:id': { kind: video },
  'HEAD /v1/videos/:id': { kind: video },
  'DELETE /v1/videos/:id': { kind: video },
  'GET /v1/videos/:id/content': { kind: video },
  'HEAD /v1/videos/:id/content': { kind: video },
};
const RECORD_ROUTES = 56;

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
