import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The whole suite runs twice: on SQLite (the default database) and on PostgreSQL. The PostgreSQL project
 * starts a throwaway cluster in its global set-up and fails the run if it cannot; it leaves out the files
 * that never touch a database. `--project sqlite` or `--project postgres` runs one of them.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores - 1) is one file at a time on two cores; much of a file's time is spent
    // waiting (child processes, sockets, PostgreSQL), so two at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'sqlite', env: { ATELIER_TEST_DATABASE: 'sqlite' } } },
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { ATELIER_TEST_DATABASE: 'postgres' },
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
          // Engines and the model manager never touch the database: once is enough.
          exclude: ['src/engines/**', 'src/models/**', 'test/models-*.test.ts', 'node_modules/**'],
        },
      },
    ],
  },
});
