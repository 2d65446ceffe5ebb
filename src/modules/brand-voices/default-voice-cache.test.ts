import { describe, expect, it } from 'vitest';
import type { PeerMessages, PeerTopic, Peers } from '../../cluster/peers.js';
import { DefaultVoiceCache } from './default-voice-cache.js';

/** Peers that record what this process told them and let the test deliver what another process said. */
function testPeers() {
  const told: [PeerTopic, unknown][] = [];
  const handlers = new Map<PeerTopic, (data: never) => void>();
  const peers: Peers = {
    tell: (topic, data) => void told.push([topic, data]),
    on: (topic, handler) => void handlers.set(topic, handler as (data: never) => void),
  };
  const deliver = <T extends PeerTopic>(topic: T, data: PeerMessages[T]) => handlers.get(topic)?.(data as never);
  return { peers, told, deliver };
}

function cacheAt(cacheMs = 2_000) {
  let now = 1_000_000;
  const { peers, told, deliver } = testPeers();
  const cache = new DefaultVoiceCache({ clock: { now: () => new Date(now) }, cacheMs, peers });
  let reads = 0;
  let stored: string | undefined = 'Warm and plain.';
  const read = async () => {
    reads++;
    return stored;
  };
  return {
    cache,
    get: () => cache.get('acc', read),
    reads: () => reads,
    store: (value: string | undefined) => (stored = value),
    later: (ms: number) => (now += ms),
    told,
    deliver,
  };
}

describe('the default brand voice cache', () => {
  it('reads once within its time, and again after it', async () => {
    const c = cacheAt();
    expect(await c.get()).toBe('Warm and plain.');
    c.store('Changed by another program.');
    expect(await c.get()).toBe('Warm and plain.');
    expect(c.reads()).toBe(1);
    c.later(2_001);
    expect(await c.get()).toBe('Changed by another program.');
    expect(c.reads()).toBe(2);
  });

  it('remembers that an account has no default, too', async () => {
    const c = cacheAt();
    c.store(undefined);
    expect(await c.get()).toBeUndefined();
    expect(await c.get()).toBeUndefined();
    expect(c.reads()).toBe(1);
  });

  it('forgets an account at once when its brand voices change here, and tells the other processes', async () => {
    const c = cacheAt();
    await c.get();
    c.store('New default.');
    c.cache.changed('acc');
    expect(await c.get()).toBe('New default.');
    expect(c.told).toEqual([['brand-voices.changed', { accountId: 'acc' }]]);
  });

  it('forgets an account when another process says its brand voices changed', async () => {
    const c = cacheAt();
    await c.get();
    c.store('Set through the other process.');
    c.deliver('brand-voices.changed', { accountId: 'acc' });
    expect(await c.get()).toBe('Set through the other process.');
  });

  it('does not keep a read that a change overlapped: it may hold what the change replaced', async () => {
    const c = cacheAt();
    let finish: (value: string) => void = () => undefined;
    const slow = c.cache.get('acc', () => new Promise<string>((resolve) => (finish = resolve)));
    c.cache.changed('acc');
    finish('Read before the change.');
    expect(await slow).toBe('Read before the change.');
    c.store('After the change.');
    expect(await c.get()).toBe('After the change.');
  });

  it('keeps nothing when its time is 0 (ATELIER_AUTH_CACHE_MS=0)', async () => {
    const c = cacheAt(0);
    await c.get();
    await c.get();
    expect(c.reads()).toBe(2);
  });
});
