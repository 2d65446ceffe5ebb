import { z } from 'zod';

/** A yes/no body field: form-style clients send booleans as strings, so both spellings are accepted. */
export const flagField = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A whole-number body field; form-style clients send numbers as strings, so both spellings are accepted. */
export const wholeNumberField = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
