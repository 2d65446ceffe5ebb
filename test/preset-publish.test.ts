import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeerMessages, PeerTopic, Peers } from '../src/cluster/peers.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** The other processes of a cluster, as this one sees them: what it tells them, and a way to speak to it. */
function recordingPeers() {
  const told: PeerTopic[] = [];
  const handlers = new Map<PeerTopic, ((data: never) => void)[]>();
  const peers: Peers = {
    tell: (topic) => void told.push(topic),
    on: (topic, handler) =>
      void handlers.set(topic, [...(handlers.get(topic) ?? []), handler as (data: never) => void]),
  };
  const say = <T extends PeerTopic>(topic: T, data: PeerMessages[T]) => {
    for (const handler of handlers.get(topic) ?? []) handler(data as never);
  };
  return { peers, told, say };
}

let t: TestApp;
const cluster = recordingPeers();
let admin: string;
let owner: { id: string; key: string };
let otherKey: string;
let thirdKey: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' }, { peers: cluster.peers });
  admin = (await t.account({ admin: true })).key;
  owner = await t.account({ plan: 'free', credits: 1000, email: `owner-${Date.now()}@example.test` });
  otherKey = (await t.account({ plan: 'free', credits: 1000 })).key;
  thirdKey = (await t.account({ plan: 'free', credits: 1000 })).key;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: string, payload?: Json) =>
  t.server.inject({ method, url, headers: withKey(as), ...(payload && { payload }) });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

const haiku = (slug: string, title = 'Seasonal haiku'): Json => ({
  slug,
  title,
  description: 'Three lines about a season',
  category: ['Other'],
  fields: [{ name: 'keywords', label: 'Season', type: 'text', required: true, maxLength: 50 }],
  prompt: 'Write a haiku in {{language}} about {{keywords}}.',
});
const slugsOf = async (key: string) =>
  (await send('GET', '/api/presets?limit=1000', key))
    .json<{ presets: { slug: string }[] }>()
    .presets.map((p) => p.slug);

/** A preset of the owner's, published under its own slug: the fixture of a test that must not lean on another's. */
async function published(slug: string): Promise<void> {
  expect((await send('POST', '/api/presets', owner.key, haiku(slug))).statusCode).toBe(201);
  expect((await send('POST', '/api/admin/presets/publish', admin, { account: owner.id, slug })).statusCode).toBe(201);
}

describe('POST /api/admin/presets/publish', () => {
  it("puts a snapshot of the preset's current version in every account's catalogue, usable through /api/generate", async () => {
    expect((await send('POST', '/api/presets', owner.key, haiku('team-haiku'))).statusCode).toBe(201);
    expect(await slugsOf(otherKey)).not.toContain('team-haiku');
    const told = cluster.told.length;

    const published = await send('POST', '/api/admin/presets/publish', admin, {
      account: owner.id,
      slug: 'team-haiku',
    });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({
      slug: 'team-haiku',
      title: 'Seasonal haiku',
      source: { account_id: owner.id, slug: 'team-haiku', version: 1 },
    });
    expect(cluster.told.slice(told)).toEqual(['presets.published']);

    expect(await slugsOf(otherKey)).toContain('team-haiku');
    const detail = await send('GET', '/api/presets/team-haiku', otherKey);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ fields: { name: string }[] }>().fields.map((f) => f.name)).toEqual(['keywords']);
    const generated = await send('POST', '/api/generate', otherKey, { preset: 'team-haiku', keywords: 'autumn' });
    expect(generated.statusCode).toBe(200);
    expect(generated.json<{ text: string }[]>()[0]?.text).toEqual(expect.any(String));
    // The owner uses the published snapshot too (the catalogue is looked in first).
    expect(
      (await send('POST', '/api/generate', owner.key, { preset: 'team-haiku', keywords: 'spring' })).statusCode,
    ).toBe(200);
    // No account can now make a preset of that slug.
    expect((await send('POST', '/api/presets', thirdKey, haiku('team-haiku'))).statusCode).toBe(409);
  });

  it('publishes under another slug, by email; publishing again takes the new current version', async () => {
    expect((await send('POST', '/api/presets', owner.key, haiku('winter-haiku', 'Winter haiku'))).statusCode).toBe(201);
    const account = await t.app.services.accounts.find(owner.id);
    if (!account.ok) throw new Error('no owner');
    const first = await send('POST', '/api/admin/presets/publish', admin, {
      account: account.value.email,
      slug: 'winter-haiku',
      as_slug: 'cold-haiku',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ slug: 'cold-haiku', source: { slug: 'winter-haiku', version: 1 } });
    expect((await send('GET', '/api/presets/cold-haiku', thirdKey)).json()).toMatchObject({ title: 'Winter haiku' });

    await send('PATCH', '/api/presets/winter-haiku', owner.key, { title: 'Winter haiku, revised' });
    // The snapshot holds until published again.
    expect((await send('GET', '/api/presets/cold-haiku', thirdKey)).json()).toMatchObject({ title: 'Winter haiku' });
    const again = await send('POST', '/api/admin/presets/publish', admin, {
      account: owner.id,
      slug: 'winter-haiku',
      as_slug: 'cold-haiku',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ source: { version: 2 } });
    expect((await send('GET', '/api/presets/cold-haiku', thirdKey)).json()).toMatchObject({
      title: 'Winter haiku, revised',
    });
    const audit = await send('GET', '/api/admin/audit?target_type=preset&target_id=cold-haiku', admin);
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toEqual([
      'preset.publish',
      'preset.publish',
    ]);
  });

  it("refuses slugs of the code's catalogue, of another account's preset and of another published preset", async () => {
    expect((await send('POST', '/api/presets', owner.key, haiku('clash-source'))).statusCode).toBe(201);
    expect((await send('POST', '/api/presets', otherKey, haiku('others-own'))).statusCode).toBe(201);
    await published('clash-published');
    expect((await send('POST', '/api/presets', owner.key, haiku('clash-own'))).statusCode).toBe(201);
    const cases: [Json, string][] = [
      [{ as_slug: 'blog-post' }, "catalogue preset's"],
      [{ as_slug: 'others-own' }, "another account's preset"],
      [{ as_slug: 'clash-published' }, 'Another preset is published under "clash-published"'],
      [{ as_slug: 'clash-own' }, "another of this account's presets"],
    ];
    for (const [extra, text] of cases) {
      const res = await send('POST', '/api/admin/presets/publish', admin, {
        account: owner.id,
        slug: 'clash-source',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(409);
      expect(errorOf(res)).toContain(text);
    }
    const bad = [
      { account: owner.id, slug: 'clash-source', as_slug: 'Not A Slug' },
      { account: owner.id },
      { account: owner.id, slug: 'clash-source', extra: true },
    ];
    for (const body of bad)
      expect((await send('POST', '/api/admin/presets/publish', admin, body)).statusCode).toBe(400);
    // The catalogue runs a preset as text: a speech preset stays its owner's.
    expect(
      (await send('POST', '/api/presets', owner.key, { ...haiku('spoken-haiku'), output: 'speech' })).statusCode,
    ).toBe(201);
    const spoken = await send('POST', '/api/admin/presets/publish', admin, { account: owner.id, slug: 'spoken-haiku' });
    expect(spoken.statusCode).toBe(400);
    expect(errorOf(spoken)).toBe('output: only text presets can be published (this one makes speech)');
    const missing = [
      { account: 'nobody@example.test', slug: 'clash-source' },
      { account: owner.id, slug: 'no-such-preset' },
      // Another account's preset, named with the wrong owner.
      { account: owner.id, slug: 'others-own' },
    ];
    for (const body of missing)
      expect((await send('POST', '/api/admin/presets/publish', admin, body)).statusCode).toBe(404);
  });

  it('is 404 to accounts that are not admins and without a key, as every admin route', async () => {
    await published('guarded-haiku');
    const routes = [
      ['POST', '/api/admin/presets/publish', { account: owner.id, slug: 'guarded-haiku', as_slug: 'stolen-haiku' }],
      ['GET', '/api/admin/presets/published', undefined],
      ['DELETE', '/api/admin/presets/published/guarded-haiku', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await send(method, url, owner.key, body)).statusCode, url).toBe(404);
      expect((await t.server.inject({ method, url, ...(body && { payload: body }) })).statusCode, url).toBe(404);
    }
    expect(await slugsOf(otherKey)).toContain('guarded-haiku');
    expect(await slugsOf(otherKey)).not.toContain('stolen-haiku');
  });
});

describe('the published list, unpublishing and the audit log', () => {
  it('lists, unpublishes (the owner keeps their preset) and audits both', async () => {
    await published('listed-haiku');
    await published('listed-haiku-too');
    const listed = await send('GET', '/api/admin/presets/published', admin);
    expect(listed.statusCode).toBe(200);
    // Sorted by slug; other tests' published presets may be around it, in whatever order the tests ran.
    const slugs = listed.json<{ presets: { slug: string }[] }>().presets.map((p) => p.slug);
    expect(slugs.filter((slug) => slug.startsWith('listed-'))).toEqual(['listed-haiku', 'listed-haiku-too']);
    expect(slugs).toEqual([...slugs].sort());

    const removed = await send('DELETE', '/api/admin/presets/published/listed-haiku', admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ unpublished: true, slug: 'listed-haiku' });
    expect((await send('DELETE', '/api/admin/presets/published/listed-haiku', admin)).statusCode).toBe(404);
    expect(await slugsOf(otherKey)).not.toContain('listed-haiku');
    expect(await slugsOf(otherKey)).toContain('listed-haiku-too');
    expect(
      (await send('POST', '/api/generate', otherKey, { preset: 'listed-haiku', keywords: 'autumn' })).statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/generate', owner.key, { preset: 'listed-haiku', keywords: 'x' })).statusCode).toBe(
      200,
    );

    const audit = await send('GET', '/api/admin/audit?target_type=preset&target_id=listed-haiku', admin);
    const entries = audit.json<{ entries: { action: string; target_id: string; after: Json | null }[] }>().entries;
    expect(entries.map((e) => `${e.action} ${e.target_id}`)).toEqual([
      'preset.unpublish listed-haiku',
      'preset.publish listed-haiku',
    ]);
    expect(entries[1]?.after).toMatchObject({ slug: 'listed-haiku', source: { account_id: owner.id, version: 1 } });
  });

  it('takes up what another process published when told, or on its next reload', async () => {
    const row = {
      id: 'published-elsewhere',
      slug: 'elsewhere-haiku',
      account_id: owner.id,
      source_slug: 'clash-source',
      source_version: 1,
      title: 'Published by another process',
      description: '',
      categories: JSON.stringify(['Other']),
      definition: JSON.stringify({
        fields: [{ name: 'keywords', label: 'Season', type: 'text', required: true, maxLength: 50 }],
        output: 'text',
        prompt: 'Write a haiku in {{language}} about {{keywords}}.',
      }),
      published_by: owner.id,
      published_at: new Date().toISOString(),
    };
    await t.app.services.db.insertInto('published_presets').values(row).execute();
    expect(await slugsOf(otherKey)).not.toContain('elsewhere-haiku');
    cluster.say('presets.published', {});
    await expect.poll(() => slugsOf(otherKey)).toContain('elsewhere-haiku');

    await t.app.services.db.deleteFrom('published_presets').where('id', '=', row.id).execute();
    await t.app.services.publishedPresets.load();
    expect(await slugsOf(otherKey)).not.toContain('elsewhere-haiku');
  });
});
