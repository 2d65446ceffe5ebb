import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './db/database.js';
import type { Database } from './db/schema.js';

/**
 * Every table that holds the service's data, parents before children (foreign keys), so an import can insert in
 * this order. What is left out is in NOT_TRANSFERRED, with the reason; a table in neither list does not compile
 * (below), and a test compares both lists with the tables of a migrated database.
 */
export const TRANSFER_TABLES = [
  'accounts',
  'account_passwords',
  'api_keys',
  'credit_ledger',
  'text_outputs',
  'speech_syntheses',
  'custom_voices',
  'jobs',
  'transcriptions',
  'webhook_deliveries',
  'images',
  'videos',
  'idempotency_keys',
  'reservations',
  'brand_voices',
  'bots',
  'bot_keys',
  'bot_documents',
  'bot_chunks',
  'admin_audit',
  'responses',
  'oauth_clients',
  'oauth_grants',
  'oauth_tokens',
  'user_presets',
  'user_preset_versions',
  'preset_links',
  'published_presets',
] as const satisfies readonly (keyof Database)[];

type TransferTable = (typeof TRANSFER_TABLES)[number];

/** Tables deliberately left out of an export, and why. */
export const NOT_TRANSFERRED = {
  sessions: 'dashboard sign-ins: short-lived, people sign in again on the new database',
  rate_limits: 'request counts of the current window: rebuilt on their own',
  service_processes: "the source's running processes and their heartbeats: none of them runs on the new database",
  preset_link_days: "public links' runs per day, which only today's cap reads: the links start the day over",
  oauth_codes: 'one-time authorization codes that live a minute: a client that was signing in signs in again',
} as const satisfies Partial<Record<keyof Database, string>>;

/** Tables outside Database that hold nothing of their own: rebuilt from rows that are transferred. */
export const DERIVED_TABLES = {
  bot_chunks_fts:
    "SQLite's full-text index of bot_chunks (with its fts5 shadow tables): triggers fill it as the chunks are imported",
} as const;

/** Tables outside Database that belong to the tool that runs the migrations. */
export const MIGRATION_BOOKKEEPING = ['kysely_migration', 'kysely_migration_lock'] as const;

/** Every table of the schema is either transferred or left out with a reason: this does not compile otherwise. */
const everyTableDecided: Record<Exclude<keyof Database, TransferTable | keyof typeof NOT_TRANSFERRED>, never> = {};
void everyTableDecided;

/** Tables whose integer ids a database counts itself: on PostgreSQL the counter is moved past the imported ids. */
const COUNTED_IDS: readonly TransferTable[] = [
  'credit_ledger',
  'text_outputs',
  'images',
  'videos',
  'bot_chunks',
  'admin_audit',
];

/** The single-column primary key to page on, where it is not `id`; null: no such key. */
const PAGING_KEY: Partial<Record<TransferTable, 'account_id' | 'token_hash' | null>> = {
  account_passwords: 'account_id',
  oauth_tokens: 'token_hash',
  idempotency_keys: null,
  user_preset_versions: null,
};

const FORMAT = 'atelier-export';
const VERSION = 1;
const PAGE = 1_000;

export interface TransferCounts {
  [table: string]: number;
}

/** Writes the whole database as JSON lines: a header, then one `{table, row}` per row (binary columns as base64). */
export async function exportDatabase(db: Db, out: Writable): Promise<TransferCounts> {
  const counts: TransferCounts = {};
  await write(out, { format: FORMAT, version: VERSION, tables: TRANSFER_TABLES });
  for (const table of TRANSFER_TABLES) {
    counts[table] = 0;
    // Keyset paging on the primary key keeps memory flat on large tables (idempotency keys live a day: read whole).
    const key = table in PAGING_KEY ? PAGING_KEY[table] : 'id';
    let after: string | number | undefined;
    for (;;) {
      let query = db.selectFrom(table).selectAll();
      if (key) query = query.orderBy(key).limit(PAGE);
      if (key && after !== undefined) query = query.where(key, '>', after as never);
      const rows = (await query.execute()) as Record<string, unknown>[];
      for (const row of rows) await write(out, { table, row: encodeRow(row) });
      counts[table] += rows.length;
      if (!key || rows.length < PAGE) break;
      after = rows.at(-1)?.[key] as string | number;
    }
  }
  return counts;
}

/** Reads an export into an empty database (its schema already migrated), in one transaction: all or nothing. */
export async function importDatabase(db: Db, input: Readable): Promise<TransferCounts> {
  const existing = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0)
    throw new TransferError('The target database already has accounts: import only into an empty database');
  const counts: TransferCounts = {};
  let header = false;
  await db.transaction().execute(async (trx) => {
    let batch: { table: TransferTable; rows: Record<string, unknown>[] } | undefined;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      await trx
        .insertInto(batch.table)
        .values(batch.rows as never)
        .execute();
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
      batch = undefined;
    };
    // Made right before the loop: a line interface reads as soon as it exists, and lines it reads before the
    // loop asks for them (while PostgreSQL opens the transaction) would be lost.
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (line.trim() === '') continue;
      const entry = JSON.parse(line) as {
        format?: string;
        version?: number;
        table?: string;
        row?: Record<string, unknown>;
      };
      if (!header) {
        if (entry.format !== FORMAT || entry.version !== VERSION)
          throw new TransferError(`Not an Atelier export (version ${VERSION})`);
        header = true;
        continue;
      }
      const table = TRANSFER_TABLES.find((t) => t === entry.table);
      if (!table || !entry.row) throw new TransferError(`Unexpected line in the export: ${line.slice(0, 100)}`);
      if (batch && batch.table !== table) await flush();
      batch ??= { table, rows: [] };
      batch.rows.push(decodeRow(entry.row));
      // Small batches: SQLite allows at most 32,766 bound values in a statement.
      if (batch.rows.length >= 100) await flush();
    }
    await flush();
    if (!header) throw new TransferError('The export is empty');
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of COUNTED_IDS) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  return counts;
}

export class TransferError extends Error {}

function encodeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row))
    out[column] =
      Buffer.isBuffer(value) || value instanceof Uint8Array
        ? { $base64: Buffer.from(value).toString('base64') }
        : value;
  return out;
}

function decodeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const binary =
      value !== null && typeof value === 'object' && '$base64' in value
        ? (value as { $base64: unknown }).$base64
        : undefined;
    out[column] = typeof binary === 'string' ? Buffer.from(binary, 'base64') : value;
  }
  return out;
}

async function write(out: Writable, value: unknown): Promise<void> {
  if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
}
