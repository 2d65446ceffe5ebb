// The user's cache for what one run keeps for the next checkout on this machine (installed packages, native
// builds, the type checks' records, vitest's transformed modules). Plain Node: the set-up uses it before
// node_modules exists.
import { copyFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** ~/.cache/atelier/... (under XDG_CACHE_HOME when it is set). */
export function userCache(...parts) {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'atelier', ...parts);
}

/** Copies a file under a temporary name, then renames it: another checkout never reads half of it. */
export function copyWhole(from, to) {
  const partial = `${to}.${process.pid}.tmp`;
  copyFileSync(from, partial);
  renameSync(partial, to);
}
