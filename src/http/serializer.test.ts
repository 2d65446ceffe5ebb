import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

describe('response serializer', () => {
  it('writes only the declared fields, with nullable values and records intact', () => {
    const schema = z.object({
      id: z.string(),
      revoked_at: z.string().nullable(),
      counts: z.record(z.string(), z.number()),
      items: z.array(z.object({ id: z.number().int(), name: z.string() })),
      ok: z.literal(true),
    });
    const serialize = serializerCompiler({ schema });
    const json = serialize({
      id: 'k1',
      key_hash: 'secret-hash',
      revoked_at: null,
      counts: { text: 3 },
      items: [{ id: 1, name: 'a "quoted" name', extra: 'x' }],
      ok: true,
    });
    expect(JSON.parse(json)).toEqual({
      id: 'k1',
      revoked_at: null,
      counts: { text: 3 },
      items: [{ id: 1, name: 'a "quoted" name' }],
      ok: true,
    });
  });
});
