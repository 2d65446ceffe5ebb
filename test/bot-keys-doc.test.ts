import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * What the docs say of publishable bot keys is what the service does: they stay readable to the bot's owner (shown
 * again by the list and the integration page, for the widget code), while secret keys are shown once. Should keys
 * become hashed only, the behaviour half fails here and points at the docs to change with it.
 */
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const section = (text: string, heading: string) => {
  const start = text.indexOf(heading);
  const next = text.indexOf('\n## ', start + heading.length);
  return text.slice(start, next === -1 ? undefined : next);
};

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  owner = (await t.account()).key;
});
afterAll(() => t.close());

describe('publishable bot keys, as documented', () => {
  it('the docs say they stay readable to the owner, and why, never that they are shown once', () => {
    const doc = section(read('docs/operations.md'), '## Publishable bot keys');
    expect(doc).toContain('not shown once');
    expect(doc).toMatch(/kept readable/);
    expect(doc).toMatch(/public by design/);
    expect(doc.replace('not shown once', '')).not.toMatch(/shown once;|\(`atl_pub_[^)]*shown once/);
    expect(read('README.md')).toMatch(/publishable bot keys \(public by design[^)]*readable to the bot's owner/);
  });

  it('and the service shows one again to its owner, and to nobody else', async () => {
    const bot = (
      await t.server.inject({
        method: 'POST',
        url: '/api/bots',
        headers: withKey(owner),
        payload: { name: 'Shop help', model: 'builtin' },
      })
    ).json<{ id: string }>();
    const made = await t.server.inject({ method: 'POST', url: `/api/bots/${bot.id}/keys`, headers: withKey(owner) });
    const { api_key: key } = made.json<{ api_key: string }>();
    expect(key).toMatch(/^atl_pub_/);
    const listed = await t.server.inject({ url: `/api/bots/${bot.id}/keys`, headers: withKey(owner) });
    expect(listed.json<{ keys: { api_key: string }[] }>().keys.map((k) => k.api_key)).toEqual([key]);
    const stranger = (await t.account()).key;
    expect((await t.server.inject({ url: `/api/bots/${bot.id}/keys`, headers: withKey(stranger) })).statusCode).toBe(
      404,
    );
    // A secret key, by contrast, is listed by its prefix only.
    const secrets = await t.server.inject({ url: '/api/keys', headers: withKey(owner) });
    expect(secrets.body).not.toContain(owner);
  });
});
