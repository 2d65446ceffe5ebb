import { execFile, spawn } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.js';

/** Debian's PostgreSQL 15 (package `postgresql`, which `npm test`'s set-up installs). */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

const run = promisify(execFile);

export interface PostgresCluster {
  /** The cluster's maintenance database (`postgres`), from which others are created. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** The lines PostgreSQL wrote before it failed, for an error message that says why. */
function logTail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n') : '(no log)';
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asPostgresUser(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = passwd?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error("there is no `postgres` user to run PostgreSQL as (Debian's postgresql package makes it)");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Where to keep the server's log of every statement, when set (ATELIER_TEST_SQL_LOG=path). */
const STATEMENT_LOG = process.env.ATELIER_TEST_SQL_LOG;

/**
 * A throwaway PostgreSQL cluster on a free loopback port, in a temporary folder that `stop` removes.
 * Durability is off (fsync, synchronous commit, full-page writes): nothing in it outlives the run.
 * Throws, saying why, when PostgreSQL is missing or does not start.
 */
export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const initdb = join(POSTGRES_BIN, 'initdb');
  if (!existsSync(initdb)) {
    throw new Error(
      `PostgreSQL 15 is not installed (${initdb} is missing): install Debian's postgresql package (npm test's set-up does)`,
    );
  }
  const ids = postgresIds();
  const folder = mkdtempSync(join(tmpdir(), 'atelier-pg-'));
  const dataDir = join(folder, 'data');
  const logFile = join(folder, 'server.log');
  if (ids) chownSync(folder, ids.uid, ids.gid);
  const pgCtl = (args: string[]) =>
    run(...asPostgresUser(join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, ...args]), { timeout: 60_000 });
  try {
    await run(
      ...asPostgresUser(initdb, [
        '-D',
        dataDir,
        '--auth=trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ]),
      { timeout: 60_000 },
    );
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const settings = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-k ${folder}`,
        `-c max_connections=${options.maxConnections ?? 300}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        // Which statements the PostgreSQL half runs (scripts/sql-coverage.mjs compares two runs' sets).
        ...(STATEMENT_LOG ? ['-c log_statement=all'] : []),
      ].join(' ');
      try {
        await pgCtl(['-l', logFile, '-w', '-t', '30', '-o', settings, 'start']);
      } catch (error) {
        // Another program may have taken the port between the probe and the start.
        if (attempt < 3 && /could not bind|already in use/i.test(logTail(logFile))) continue;
        throw error;
      }
      let stopped = false;
      const watchdog = stopWhenGone(process.pid, dataDir, folder);
      return {
        adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        async stop() {
          if (stopped) return;
          stopped = true;
          watchdog.kill();
          await closeAdminPools();
          await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
          if (STATEMENT_LOG) copyFileSync(logFile, STATEMENT_LOG);
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
    const log = logTail(logFile);
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${detail}\n${log}`);
  }
}

/**
 * A detached shell that stops the cluster and removes its folder once process `pid` is gone, so a run
 * that is killed (Ctrl-C, a time-out) leaves no server behind.
 */
function stopWhenGone(pid: number, dataDir: string, folder: string) {
  const [program, args] = asPostgresUser(join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
  const stopCommand = [program, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf '${folder}'`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

const adminPools = new Map<string, pg.Pool>();

function adminPool(adminUrl: string): pg.Pool {
  let pool = adminPools.get(adminUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: adminUrl, max: 2, allowExitOnIdle: true });
    pool.on('error', () => undefined);
    adminPools.set(adminUrl, pool);
  }
  return pool;
}

async function closeAdminPools(): Promise<void> {
  const pools = [...adminPools.values()];
  adminPools.clear();
  await Promise.all(pools.map((pool) => pool.end()));
}

/** The URL of database `name` on the cluster of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates database `name` (a copy of `template` when given) and returns its URL; an existing one is kept. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  try {
    await adminPool(adminUrl).query(
      `CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`,
    );
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database
  }
  return databaseUrl(adminUrl, name);
}

/** Drops database `name`, ending any connection still open to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminPool(adminUrl).query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
}

/** Turns database `name` into a template: no connections, copied by CREATE DATABASE ... TEMPLATE. */
export async function freezeAsTemplate(adminUrl: string, name: string): Promise<void> {
  await adminPool(adminUrl).query(`ALTER DATABASE ${quoted(name)} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
}
