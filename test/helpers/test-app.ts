import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppOverrides, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { unwrap } from '../../src/shared/errors.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: App;
  server: FastifyInstance;
  dataDir: string;
  /** Creates an account and returns its id and key. */
  account(options?: {
    plan?: string;
    credits?: number;
    email?: string;
    admin?: boolean;
  }): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A whole app on a fresh database of the dialect under test (SQLite: a file in a temporary folder;
 * PostgreSQL: a database of its own, dropped on close), with quiet logs.
 */
export async function startTestApp(env: Record<string, string> = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const database = overrides.db || env.ATELIER_DATABASE_URL ? undefined : await createTestDatabase();
  const databaseEnv: Record<string, string> = database?.url ? { ATELIER_DATABASE_URL: database.url } : {};
  const config = loadConfig(
    { ATELIER_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...databaseEnv, ...env },
    join(dataDir, 'no.env'),
  );
  let app: App;
  try {
    app = await buildApp(config, overrides);
    await app.server.ready();
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    app,
    server: app.server,
    dataDir,
    async account(options = {}) {
      counter += 1;
      const created = unwrap(
        await app.services.accounts.create({
          email: options.email ?? `user${counter}-${Date.now()}@example.test`,
          plan: options.plan ?? 'pro',
          credits: options.credits,
          isAdmin: options.admin,
        }),
      );
      return { id: created.account_id, key: created.api_key };
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const withKey = (key: string) => ({ 'x-api-key': key });

/** Listens on a free loopback port, for clients that need a real socket (SDKs, fetch): the app's base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  const address = t.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A test file's app (no rate limit) and one account of `plan`'s key, made before its tests and closed after them. */
export function appWithAccount(plan = 'pro'): { t: TestApp; key: string } {
  const suite = {} as { t: TestApp; key: string };
  beforeAll(async () => {
    suite.t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    suite.key = (await suite.t.account({ plan })).key;
  });
  afterAll(() => suite.t?.close());
  return suite;
}
