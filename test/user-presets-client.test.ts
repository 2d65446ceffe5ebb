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
});
