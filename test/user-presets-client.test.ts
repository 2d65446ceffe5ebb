import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtelierClient, createClient } from '@atelier/client';
import { freePort } from './helpers/ports.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

let t: TestApp;
let client: AtelierClient;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  const port = await freePort();
  await t.server.listen({ host: '127.0.0.1', port });
  const { key } = await t.account({ credits: 1_000 });
  client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: key });
});
afterAll(() => t.close());

describe('@atelier/client: presets of your own', () => {
  it('makes one, generates from it as from a catalogue preset, edits, lists its versions and deletes it', async () => {
    const made = await client.presets.create({
      title: 'Hive report',
      fields: [
        { name: 'keywords', label: 'Hive', type: 'text', required: true },
        { name: 'extra11', label: 'Weather', type: 'select', options: ['sunny', 'rainy'] },
      ],
      prompt: 'Report on {{keywords}} ({{extra11}})',
    });
    expect(made).toMatchObject({ slug: 'hive-report', version: 1, custom: true });
    expect((await client.presets.list()).presets.at(-1)).toMatchObject({ slug: 'hive-report', custom: true });
    expect((await client.presets.get(made.slug)).fields.map((f) => f.name)).toEqual(['keywords', 'extra11']);
    const [own] = await client.text.generate({ preset: made.slug, keywords: 'hive 4', extra11: 'rainy' });
    const [catalogue] = await client.text.generate({ preset: 'instagram-caption', keywords: 'hive 4' });
    expect(Object.keys(own ?? {}).sort()).toEqual(Object.keys(catalogue ?? {}).sort());
    expect(own?.text).toContain('rainy');
    expect((await client.outputs.get(own?.id ?? 0)).preset_version).toBe(1);
    expect((await client.presets.update(made.slug, { title: 'Hive notes' })).version).toBe(2);
    expect((await client.presets.versions(made.slug)).versions.map((v) => v.version)).toEqual([2, 1]);
    expect(await client.presets.delete(made.slug)).toEqual({ deleted: true, slug: made.slug });
  });

  it('previews and test-runs a draft, and shares a preset by links it changes and revokes', async () => {
    const draft = {
      title: 'Bee note',
      fields: [{ name: 'keywords' as const, label: 'Topic', type: 'text' as const, required: true }],
      prompt: 'A note about {{keywords}}',
      inputs: { keywords: 'swarms' },
    };
    const preview = await client.presets.preview(draft);
    expect(preview.messages.at(-1)).toEqual({ role: 'user', content: 'A note about swarms' });
    const run = await client.presets.testRun(draft);
    expect(run.text).toContain('swarms');
    expect(run.credits).toBeGreaterThan(0);

    const { inputs: _sample, ...preset } = draft;
    const made = await client.presets.create(preset);
    const link = await client.presets.links.create(made.slug, { daily_cap: 3, label: 'Newsletter' });
    expect(link.url).toMatch(new RegExp(`/p/${link.token}$`));
    const [listed] = (await client.presets.links.list(made.slug)).links;
    expect(listed).toMatchObject({ id: link.id, daily_cap: 3, used_today: 0, revoked_at: null });
    expect(listed).not.toHaveProperty('token');
    expect((await client.presets.links.update(made.slug, link.id, { daily_cap: 5 })).daily_cap).toBe(5);
    expect((await client.presets.links.revoke(made.slug, link.id)).revoked_at).not.toBeNull();
  });
});
