import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `work` in a new directory under the system's temp folder and removes it afterwards, whatever happens. */
export function withScratchDir<T>(prefix: string, work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  let result: T;
  try {
    result = work(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  if (result instanceof Promise) {
    return result.finally(() => rmSync(dir, { recursive: true, force: true })) as T;
  }
  rmSync(dir, { recursive: true, force: true });
  return result;
}
