import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Db, migrateToLatest, openPostgres, openSqlite } from '../../src/storage/db/database.js';
import { createDatabase, dropDatabase } from './postgres.js';

export type TestDialect = 'sqlite' | 'postgres';

/** The database the suite runs on: each vitest project (see vitest.config.ts) sets ATELIER_TEST_DATABASE. */
export const testDialect: TestDialect = process.env.ATELIER_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** ATELIER_DATABASE_URL for an app on it; undefined on SQLite, where the app makes its file in its data folder. */
  url: string | undefined;
  drop(): Promise<void>;
}

let created = 0;

/**
 * A new, empty database for one app: on PostgreSQL one of its own on the run's cluster, already migrated
 * (copied from the migrated template) unless `migrated` is false.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  if (testDialect === 'sqlite') return { url: undefined, drop: async () => undefined };
  const adminUrl = inject('postgresAdminUrl');
  const name = `atelier_t${process.pid}_${++created}_${randomBytes(3).toString('hex')}`;
  const url = await createDatabase(adminUrl, name, migrated ? inject('postgresTemplate') : 'template0');
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

/** An open, migrated, empty database of the dialect under test (SQLite: in memory); `close` also drops it. */
export async function openTestDb(): Promise<{ db: Db; url: string | undefined; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const db = database.url ? openPostgres(database.url, { allowExitOnIdle: true }) : openSqlite(':memory:');
  await migrateToLatest(db);
  return {
    db,
    url: database.url,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * `count` separate handles on one new, migrated database, as separate processes would hold it: on
 * PostgreSQL each its own pool of `poolSize` connections; on SQLite each its own connection to one file.
 */
export async function openTestDbHandles(
  count: number,
  poolSize = 2,
): Promise<{ handles: Db[]; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const folder = database.url ? undefined : mkdtempSync(join(tmpdir(), 'atelier-db-'));
  const open = () =>
    database.url
      ? openPostgres(database.url, { poolSize, allowExitOnIdle: true })
      : openSqlite(join(folder ?? '', 'atelier.db'));
  const handles = Array.from({ length: count }, open);
  const [first] = handles;
  if (first) await migrateToLatest(first);
  return {
    handles,
    async close() {
      await Promise.all(handles.map((db) => db.destroy()));
      await database.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The environment that points a child process (the real service, the CLI) with data folder `dataDir` at
 * its database: on SQLite none (the file is in the folder); on PostgreSQL a database named after the
 * folder, made on first use and kept for the run, so processes started on one folder share their data.
 */
export async function databaseEnvFor(dataDir: string): Promise<Record<string, string>> {
  // Blank, so a URL in the environment of whoever runs the tests does not reach the SQLite project's processes.
  if (testDialect === 'sqlite') return { ATELIER_DATABASE_URL: '' };
  const name = `atelier_d${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  return { ATELIER_DATABASE_URL: await createDatabase(inject('postgresAdminUrl'), name, inject('postgresTemplate')) };
}
