/** What the SQLite writer thread is asked (sqlite-writer.ts → sqlite-writer-worker.ts). */
export type WriterRequest =
  /** One statement: on its own (waiting at most `waitMs` for the write lock), or in the transaction `begin` opened. */
  | { id: number; op: 'run'; sql: string; parameters: readonly unknown[]; waitMs: number }
  /** BEGIN IMMEDIATE: the write lock from the start, waited for at most `waitMs`. */
  | { id: number; op: 'begin'; waitMs: number }
  | { id: number; op: 'commit' }
  /** Ends the open transaction, if SQLite has not ended it already (it does on some errors: a full disk). */
  | { id: number; op: 'rollback' }
  /** Copies the WAL into the database file (sqlite-writer-worker.ts says how), so that commits in the event loop never do. */
  | { id: number; op: 'checkpoint' }
  /** Closes the connection (SQLite checkpoints the WAL into the file) and ends the thread. */
  | { id: number; op: 'close' };

export type WriterReply =
  | { id: number; ok: true; rows: unknown[]; changes: number; lastInsertRowid: number | bigint; reader: boolean }
  | { id: number; ok: false; code: string | undefined; message: string };

/** What the thread is given when it starts. */
export interface WriterSettings {
  file: string;
}

/** The pragmas every connection to the file gets, the writer's and the readers'. */
export const CONNECTION_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'foreign_keys = ON',
  // Reads of large tables (100k images) are random: a bigger page cache and memory-mapped I/O spare
  // each one its system calls and copies.
  'cache_size = -32768',
  'mmap_size = 268435456',
  // A write with RETURNING (every debit and reservation) collects its rows in a temporary table, by default in a
  // temporary file: 10 µs of a debit's 12 went to that file's system calls (measured; 2.7 µs in memory).
  'temp_store = MEMORY',
] as const;
