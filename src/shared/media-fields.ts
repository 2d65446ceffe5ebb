import { z } from 'zod';

/** A picture a request points at; fetched later through the SSRF guard. */
export const mediaUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

/** Free text where an empty value means "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * Integer record ids: a number (JSON, as MCP tools send them) or, in a query string or path, digits only,
 * so "1e3" or "0x10" are not ids.
 */
export const recordId = (what: string) =>
  z.union(
    [
      z.int().min(1).max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .regex(/^[1-9]\d{0,14}$/)
        .transform(Number),
    ],
    { error: `must be a positive whole number (${what})` },
  );

/** The query of a newest-first list of records: how many, and the id to list older records than. */
export const olderThanQuery = (records: string) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    before: recordId(`an id: list the ${records} older than it`).optional(),
  });

/** What every entry of a media model catalogue (GET /api/image-models, /api/video-models) says of itself. */
export const catalogueEntry = z.object({
  name: z.string(),
  aliases: z.array(z.string()),
  family: z.string().nullable(),
  engine: z.string(),
  model: z.string(),
});
