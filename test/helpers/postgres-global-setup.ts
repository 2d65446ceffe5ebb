import type { TestProject } from 'vitest/node';
import { migrateToLatest, openPostgres } from '../../src/storage/db/database.js';
import { createDatabase, freezeAsTemplate, startPostgresCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's maintenance database (the PostgreSQL project only). */
    postgresAdminUrl: string;
    /** A migrated, empty database that each test's database is copied from. */
    postgresTemplate: string;
  }
}

const TEMPLATE = 'atelier_template';

/**
 * The PostgreSQL half of the suite: one throwaway cluster for the whole run, with a migrated template
 * database. If PostgreSQL cannot start, this throws and the run fails: its tests are never skipped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  try {
    cluster = await startPostgresCluster();
  } catch (error) {
    throw new Error(
      `The PostgreSQL test project needs a PostgreSQL server and none could be started.\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const db = openPostgres(await createDatabase(cluster.adminUrl, TEMPLATE));
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await freezeAsTemplate(cluster.adminUrl, TEMPLATE);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', cluster.adminUrl);
  project.provide('postgresTemplate', TEMPLATE);
  return () => cluster.stop();
}
