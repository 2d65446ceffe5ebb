import { setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { migrations } from './migrations/index.js';
import { dialectOf } from './dialect.js';
import { NulFreeTextPlugin } from './nul-free-text.js';
import { registerSqliteReads } from './hot-read.js';
import { SqliteReads } from './sqlite-reads.js';
import { SplitSqliteDialect } from './split-sqlite-dialect.js';
import { statementCache } from './statement-cache.js';
import { SqliteWriter } from './sqlite-writer.js';
import { CONNECTION_PRAGMAS } from './sqlite-writer-protocol.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export { type Dialect, dialectOf } from './dialect.js';

export interface DatabaseConfig {
  /** `postgres://...`: PostgreSQL; absent: the embedded SQLite file. */
  url: string | undefined;
  file: string;
  /** Connections per process (PostgreSQL only). */
  poolSize: number;
  /** How long a write waits for another process's write lock before it fails, having done nothing (SQLite only). */
  writeWaitMs?: number;
}

/** The one place that picks the database: PostgreSQL when a URL is configured, SQLite otherwise. */
export function openDatabase(config: DatabaseConfig): Db {
  return config.url
    ? openPostgres(config.url, { poolSize: config.poolSize })
    : openSqlite(config.file, { writeWaitMs: config.writeWaitMs });
}

/** How long a write waits for another process's write lock, unless configured (ATELIER_DATABASE_WRITE_WAIT_MS). */
export const DEFAULT_WRITE_WAIT_MS = 5_000;
/** How long a read waits for a lock: in WAL mode only while another connection recovers the log after a crash. */
const READ_BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) the embedded SQLite database in WAL mode, so the CLI can work beside a running
 * server. A file gets a connection that reads and the writer's (sqlite-writer.ts), which runs every write and
 * transaction without ever stopping the event loop for another process's write lock. An in-memory database has
 * one connection and no other process: it reads and writes in this thread.
 */
export function openSqlite(file: string, options: { writeWaitMs?: number; localPatienceMs?: number } = {}): Db {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const connect = () => {
    const sqlite = new SqliteDatabase(file);
    for (const pragma of CONNECTION_PRAGMAS) sqlite.pragma(pragma);
    sqlite.pragma(`busy_timeout = ${READ_BUSY_TIMEOUT_MS}`);
    return sqlite;
  };
  const sqlite = connect();
  const writer = inMemory
    ? undefined
    : new SqliteWriter({ file }, options.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS, connect(), options.localPatienceMs);
  const reads = new SqliteReads(sqlite, writer);
  const dialect = writer
    ? new SplitSqliteDialect(reads, writer)
    : new SqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect });
  registerSqliteReads(db, reads);
  return db;
}

/** The shape Kysely's SQLite dialect takes, its statements from the cache. */
const withStatementCache = (sqlite: SqliteDatabase.Database) => ({
  close: () => sqlite.close(),
  prepare: statementCache(sqlite),
});

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Numbers stay numbers, as on SQLite: pg hands BIGINT (every integer column here, COUNT, SUM of integers)
 * and NUMERIC (SUM of BIGINT) over as strings. Every value here is far below 2^53. Per pool, not global.
 */
const numericTypes = (types: typeof pg.types): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? Number
      : types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
});

export interface PostgresOptions {
  poolSize?: number;
  /** Lets a process exit while connections sit idle (tests, command-line tools). */
  allowExitOnIdle?: boolean;
}

/**
 * A pool of connections to PostgreSQL; each transaction runs on one connection of it. The driver is loaded with the
 * first query: a process on SQLite never loads it (~0.08 s of each start).
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const pool = async () => {
    const { default: driver } = await import('pg');
    const created = new driver.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      types: numericTypes(driver.types),
      allowExitOnIdle: options.allowExitOnIdle ?? false,
      application_name: 'atelier',
    });
    // A connection that breaks while idle (a server restart) is dropped from the pool and replaced on next
    // use; without a listener its error would end the process.
    created.on('error', () => undefined);
    return created;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreeTextPlugin()] });
}

/**
 * Brings the schema up to date. On SQLite, Kysely takes no lock between processes (it assumes one), so processes
 * that start together on a new file (a cluster's) can run the same migration at once: the loser's transaction
 * fails and is rolled back whole, and trying again finds the winner's work done.
 */
export async function migrateToLatest(db: Db, attempts = dialectOf(db) === 'sqlite' ? 5 : 1): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if ((error || results?.some((r) => r.status === 'Error')) && attempts > 1) {
    await sleep(50 + Math.random() * 200);
    return migrateToLatest(db, attempts - 1);
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // Said in the message itself: on PostgreSQL the usual reason is an unreachable server or a refused login.
    const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}${reason}`, {
      cause: error,
    });
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
