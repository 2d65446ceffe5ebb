import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, newOrderedId } from './ids.js';

const millisOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('newOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time, so ids sort in the order they were made', async () => {
    const before = Date.now();
    const first = newOrderedId();
    const after = Date.now();
    expect(first).toMatch(UUID_PATTERN);
    expect(first[14]).toBe('7');
    expect('89ab').toContain(first[19]);
    // The time it was made, read from the clock it reads.
    expect(millisOf(first)).toBeGreaterThanOrEqual(before);
    expect(millisOf(first)).toBeLessThanOrEqual(after);
    // Ids of one millisecond differ only in their random bits: the order holds from the next millisecond on.
    while (Date.now() <= millisOf(first)) await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 100 }, newOrderedId);
    for (const id of later) expect(id > first).toBe(true);
    expect(new Set(later).size).toBe(100);
  });
});
