import { statfs } from 'node:fs/promises';
import type { CheckResult } from './readiness.js';

/** Less room than this where the service writes (its database, files, temporary files) is a full disk. */
const MIN_FREE_BYTES = 1024 * 1024;

/**
 * Whether the folders the service writes to have room: not ready while one is full (requests that write
 * answer 507 meanwhile), ready again by itself once space is freed.
 */
export async function diskSpaceCheck(folders: readonly string[]): Promise<CheckResult> {
  const free = await Promise.all(
    [...new Set(folders)].map(async (folder) => {
      const stats = await statfs(folder).catch(() => undefined);
      return { folder, bytes: stats ? stats.bavail * stats.bsize : undefined };
    }),
  );
  const full = free.filter(({ bytes }) => bytes !== undefined && bytes < MIN_FREE_BYTES);
  if (full.length > 0)
    return {
      status: 'failed',
      detail: `storage is full: ${full.map(({ folder, bytes }) => `${folder} has ${bytes} bytes free`).join('; ')}`,
    };
  const known = free.flatMap(({ bytes }) => (bytes === undefined ? [] : [bytes]));
  return known.length === 0
    ? { status: 'ok', detail: 'free space unknown' }
    : { status: 'ok', detail: `${Math.floor(Math.min(...known) / (1024 * 1024))} MiB free` };
}
