import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * On an admin route, whoever is not an admin costs the service the same work, so that not even the time of the 404
 * tells a wrong key from no key or from a real key that is not an admin's: one API key lookup each, and no caller
 * built (no credit period read) for any of them. Counted on the service's own objects, around real requests.
 */

let t: TestApp;
const work = { keyLookups: 0, botKeyLookups: 0, callersBuilt: 0 };

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  const { keys, botKeys, accounts } = t.app.services;
  const lookup = keys.authenticate.bind(keys);
  // A lookup reads the database for what it is given: a key of at most 256 characters (KeysService refuses an
  // absent or longer one unread).
  keys.authenticate = (raw) => {
    if (raw !== undefined && raw.length > 0 && raw.length <= 256) work.keyLookups += 1;
    return lookup(raw);
  };
  const botLookup = botKeys.authenticate.bind(botKeys);
  botKeys.authenticate = (raw) => {
    work.botKeyLookups += 1;
    return botLookup(raw);
  };
  const callerFor = accounts.callerFor.bind(accounts);
  accounts.callerFor = (account, keyId) => {
    work.callersBuilt += 1;
    return callerFor(account, keyId);
  };
});
afterAll(() => t.close());

/** The work one request to an admin route cost, and what it answered (without the parts that always vary). */
async function askAdmin(headers: Record<string, string>) {
  for (const name of Object.keys(work) as (keyof typeof work)[]) work[name] = 0;
  const res = await t.server.inject({ method: 'GET', url: '/api/admin/accounts', headers });
  return { work: { ...work }, status: res.statusCode, body: res.body };
}

describe('an admin route does the same work for every caller who is not an admin', () => {
  it('one key lookup and no caller for no key, a wrong key, a long one, a user key and a publishable key', async () => {
    const user = await t.account();
    const bot = await t.server.inject({
      method: 'POST',
      url: '/api/bots',
      headers: withKey(user.key),
      payload: { name: 'Lookup' },
    });
    const botId = bot.json<{ id: string }>().id;
    const publishable = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${botId}/keys`,
      headers: withKey(user.key),
      payload: {},
    });
    const botKey = publishable.json<{ api_key: string }>().api_key;
    expect(botKey).toMatch(/^[a-z]+_/);

    const strangers = {
      'no key': {},
      'a wrong key': withKey('atl_thisisnotakeyanyonehasbeengiven00'),
      'a key longer than any': withKey(`atl_${'x'.repeat(400)}`),
      "a user's key": withKey(user.key),
      'the same key as a bearer token': { authorization: `Bearer ${user.key}` },
      'a publishable bot key': withKey(botKey),
    };
    const answers = [];
    for (const [who, headers] of Object.entries(strangers)) {
      const answer = await askAdmin(headers);
      expect(answer.work, who).toEqual({ keyLookups: 1, botKeyLookups: 0, callersBuilt: 0 });
      expect(answer.status, who).toBe(404);
      answers.push(answer.body);
    }
    expect(new Set(answers).size).toBe(1);

    const admin = await t.account({ admin: true });
    const allowed = await askAdmin(withKey(admin.key));
    expect(allowed).toMatchObject({ status: 200, work: { keyLookups: 1, botKeyLookups: 0, callersBuilt: 1 } });
  });
});
