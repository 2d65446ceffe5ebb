import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, newOrderedId } from './ids.js';

describe('newOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time, so ids sort in the order they were made', async () => {
    const first = newOrderedId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 100 }, newOrderedId);
    expect(first).toMatch(UUID_PATTERN);
    expect(first[14]).toBe('7');
    expect('89ab').toContain(first[19]);
    const millis = Number.parseInt(first.replaceAll('-', '').slice(0, 12), 16);
    expect(Math.abs(Date.now() - millis)).toBeLessThan(1_000);
    for (const id of later) expect(id > first).toBe(true);
    expect(new Set(later).size).toBe(100);
  });
});
