import { z } from 'zod';

const pagingFrom = (number: () => z.ZodNumber) => ({
  limit: number().int().min(1).max(50).default(20).describe('How many to return, 1 to 50 (default 20)'),
  offset: number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .describe('How many to skip (default 0); pass the next_offset of the previous page'),
});

/** Paging arguments as the hosted MCP server takes them: at most 50 a page, 20 unless told. */
export const pagingArgs = pagingFrom(() => z.number());

/** The same, for an operation that is also a GET route, whose query string brings numbers as text. */
export const pagingQuery = pagingFrom(() => z.coerce.number());

export interface Paged {
  total: number;
  offset: number;
  limit: number;
  /** Where the next page starts; null on the last page. */
  next_offset: number | null;
}

/** The page of `items` from `offset`, with the total and where the next page starts (null on the last). */
export function pageOf<T>(items: readonly T[], { limit, offset }: { limit: number; offset: number }): [T[], Paged] {
  const page = items.slice(offset, offset + limit);
  const next = offset + page.length;
  return [page, { total: items.length, offset, limit, next_offset: next < items.length ? next : null }];
}
