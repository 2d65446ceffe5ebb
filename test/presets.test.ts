import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/shared/presets/preset-types.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  key = (await t.account({ plan: 'free' })).key;
});
afterAll(() => t.close());

const get = (url: string) => t.server.inject({ url, headers: withKey(key) });

describe('GET /api/presets', () => {
  it('lists every preset with its summary, the total and the category names', async () => {
    const res = await get('/api/presets');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<{ presets: Record<string, unknown>[]; total: number; categories: string[] }>();
    expect(body.total).toBe(body.presets.length);
    expect(body.total).toBeGreaterThanOrEqual(100);
    expect(body.categories).toEqual([...CATEGORIES]);
    expect(Object.keys(body.presets[0] ?? {}).sort()).toEqual(['category', 'description', 'isFree', 'slug', 'title']);
  });

  it('filters by category', async () => {
    for (const category of CATEGORIES) {
      const body = (await get(`/api/presets?category=${encodeURIComponent(category)}`)).json<{
        presets: { category: string[] }[];
        total: number;
      }>();
      expect(body.total, category).toBeGreaterThanOrEqual(5);
      expect(body.presets.every((p) => p.category.includes(category))).toBe(true);
    }
  });

  it('rejects an unknown category with a 400 that lists the allowed names', async () => {
    const res = await get('/api/presets?category=Cooking');
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: string }>();
    expect(error).toContain('category');
    for (const category of CATEGORIES) expect(error).toContain(category);
  });
});

describe('GET /api/presets/{slug}', () => {
  it('returns the summary plus field definitions', async () => {
    const res = await get('/api/presets/fill-the-gaps');
    expect(res.statusCode).toBe(200);
    const preset = res.json<{
      slug: string;
      fields: { name: string; type: string; radioOptions?: { default: boolean }[] }[];
    }>();
    expect(preset.slug).toBe('fill-the-gaps');
    expect(preset.fields.map((f) => f.name)).toContain('suffix');
    for (const field of preset.fields.filter((f) => f.type === 'radio')) {
      expect(field.radioOptions?.filter((o) => o.default)).toHaveLength(1);
    }
  });

  it('answers Preset not found (404) for an unknown slug', async () => {
    const res = await get('/api/presets/no-such-preset');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Preset not found' });
  });

  it('answers Missing slug parameter (400) for an empty slug', async () => {
    for (const url of ['/api/presets/', '/api/presets/%20', '/api/presets/%20%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'Missing slug parameter' });
    }
  });
});
