import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';

/** Numbered migrations, applied in key order at start. Add a file and a line here; never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
};
