import { z } from 'zod';

/** A yes/no body field: form-style clients send booleans as strings, so both spellings are accepted. */
export const flagField = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
