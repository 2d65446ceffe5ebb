import { describe, expect, it } from 'vitest';
import { newPublicUrl } from './bots.service.js';

describe('newPublicUrl', () => {
  it('makes 32 URL-safe characters, never starting with "-" or "_" (a command line takes those for options)', () => {
    const ids = Array.from({ length: 4000 }, newPublicUrl);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][\w-]{31}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
