import { describe, expect, it } from 'vitest';
import { SlotPool } from './slot-pool.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SlotPool', () => {
  it('lends free items at once, then serves waiting callers in the order they asked', async () => {
    const pool = new SlotPool(['a', 'b']);
    expect(await pool.acquire()).toBe('a');
    expect(await pool.acquire()).toBe('b');
    const served: string[] = [];
    const waits = [1, 2, 3].map((n) => pool.acquire().then((item) => served.push(`${n}:${item}`)));
    await turn();
    expect(pool.queued).toBe(3);
    pool.release('b');
    pool.release('a');
    await turn();
    expect(served).toEqual(['1:b', '2:a']);
    pool.release('b');
    await Promise.all(waits);
    expect(served).toEqual(['1:b', '2:a', '3:b']);
    expect([pool.idle, pool.queued]).toEqual([0, 0]);
  });

  it('a caller whose signal aborts leaves the line, and the item goes to the next', async () => {
    const pool = new SlotPool(['only']);
    await pool.acquire();
    const controller = new AbortController();
    const leaving = pool.acquire(controller.signal);
    const staying = pool.acquire();
    controller.abort(new Error('gone'));
    await expect(leaving).rejects.toThrow('gone');
    expect(pool.queued).toBe(1);
    pool.release('only');
    expect(await staying).toBe('only');
    await expect(pool.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    pool.release('only');
    expect(pool.idle).toBe(1);
  });
});
