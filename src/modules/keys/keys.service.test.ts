import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import type { PeerMessages, PeerTopic, Peers } from '../../cluster/peers.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { KeysRepo } from './keys.repo.js';
import { KeysService } from './keys.service.js';

let db: Db;
let close: () => Promise<void>;

let nowMs = Date.parse('2026-03-01T00:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const at = new Date(nowMs).toISOString();
  await db
    .insertInto('accounts')
    .values({ id: 'acc', email: 'acc@example.test', plan: 'pro', credits: 0, period_start: at, created_at: at })
    .execute();
});
afterAll(async () => close());

/** Peers that record what this process tells the others and let a test play another process's message. */
function recordingPeers() {
  const told: { topic: PeerTopic; data: unknown }[] = [];
  const handlers = new Map<PeerTopic, ((data: never) => void)[]>();
  const peers: Peers = {
    tell: (topic, data) => told.push({ topic, data }),
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler as (data: never) => void]),
  };
  const receive = <T extends PeerTopic>(topic: T, data: PeerMessages[T]) => {
    for (const handler of handlers.get(topic) ?? []) handler(data as never);
  };
  return { peers, told, receive };
}

describe(`KeysService.authenticate (${testDialect})`, () => {
  it('reads a key once per cache period, and again once a change to its account was told', async () => {
    const repo = new KeysRepo(db);
    const { peers, told, receive } = recordingPeers();
    const keys = new KeysService({ repo, clock, authCacheMs: 1_000, peers });
    const { api_key: key, key_id: keyId } = await keys.create('acc', 'cached');
    const reads = vi.spyOn(repo, 'findByHash');

    for (let i = 0; i < 3; i++) expect((await keys.authenticate(key)).ok).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    nowMs += 1_001;
    expect((await keys.authenticate(key)).ok).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);

    // Another process changed the account: the cached lookup goes at once.
    receive('account.changed', { accountId: 'acc' });
    expect((await keys.authenticate(key)).ok).toBe(true);
    expect(reads).toHaveBeenCalledTimes(3);

    // A change made here is told to the others, and refused here without waiting for the cache.
    expect((await keys.revoke('acc', keyId)).ok).toBe(true);
    expect(told).toEqual([{ topic: 'account.changed', data: { accountId: 'acc' } }]);
    expect(await keys.authenticate(key)).toMatchObject({ ok: false, error: { message: 'Invalid API key' } });
  });

  it('turns away unknown, empty and overlong keys, and one that differs from a cached key by a character', async () => {
    const keys = new KeysService({ repo: new KeysRepo(db), clock, authCacheMs: 1_000 });
    const { api_key: key } = await keys.create('acc', 'other');
    expect((await keys.authenticate(key)).ok).toBe(true);
    for (const wrong of [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, '', undefined, 'x'.repeat(257)])
      expect((await keys.authenticate(wrong)).ok).toBe(false);
  });

  it("records a key's use at most once a minute, at the time of the request", async () => {
    const repo = new KeysRepo(db);
    const touches = vi.spyOn(repo, 'touch');
    const keys = new KeysService({ repo, clock, authCacheMs: 0 });
    const { api_key: key, key_id: keyId } = await keys.create('acc', 'used');
    const first = new Date(nowMs).toISOString();
    await keys.authenticate(key);
    nowMs += 30_000;
    await keys.authenticate(key);
    nowMs += 31_000;
    await keys.authenticate(key);
    expect(touches.mock.calls).toEqual([
      [keyId, first],
      [keyId, new Date(nowMs).toISOString()],
    ]);
  });
});
