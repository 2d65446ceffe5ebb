import { type ChildProcess, execFile, fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { databaseEnvFor } from './test-database.js';

export { freePort };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The database of the dialect under test for a process on data folder ATELIER_DATA_DIR (PostgreSQL: one
 * database per folder), unless `env` names one.
 */
async function withDatabase(env: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = env.ATELIER_DATA_DIR;
  return dataDir && !env.ATELIER_DATABASE_URL ? { ...(await databaseEnvFor(dataDir)), ...env } : env;
}

/** Runs the real `atelier` command (bin/atelier.mjs over the built dist/). */
export async function atelier(args: string[], env: Record<string, string>, input = ''): Promise<CliResult> {
  const childEnv = await withDatabase(env);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['bin/atelier.mjs', ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...childEnv } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

export interface CliHost {
  /** As `atelier`, but run by the warm process: same arguments, environment, input and result. */
  run(args: string[], env: Record<string, string>, input?: string): Promise<CliResult>;
  close(): Promise<void>;
}

/**
 * One process that runs `atelier` commands one after another without loading the service anew for each
 * (test/helpers/cli-host.mjs): for tests of what the commands do. What only the binary itself does (its
 * exit codes, usage on standard error) is tested with `atelier`, which spawns it.
 */
export function startCliHost(): CliHost {
  interface Host {
    child: ChildProcess;
    pending: Map<number, (result: CliResult) => void>;
    exited: Promise<void>;
  }
  const hosts: Host[] = [];
  let host: Host | undefined;
  let ids = 0;
  // Started at once, and again after a command that ended it (an uncaught error ends its process too).
  const start = (): Host => {
    const child = fork(join(ROOT, 'test', 'helpers', 'cli-host.mjs'), [], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pending = new Map<number, (result: CliResult) => void>();
    child.on('message', (message: CliResult & { id: number; ended: boolean }) => {
      const { id, ended, ...result } = message;
      // Its successor starts loading at once, while the test looks at this result.
      if (ended && host?.child === child) start();
      pending.get(id)?.(result);
      pending.delete(id);
    });
    const exited = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        if (host?.child === child) host = undefined;
        for (const settle of pending.values())
          settle({ code: code ?? 1, stdout: '', stderr: `cli host exited (${code ?? signal})` });
        resolve();
      }),
    );
    const started = { child, pending, exited };
    hosts.push(started);
    host = started;
    return started;
  };
  start();
  return {
    async run(args, env, input = '') {
      const childEnv = await withDatabase(env);
      const { child, pending } = host ?? start();
      return new Promise((resolve) => {
        const id = ++ids;
        pending.set(id, resolve);
        child.send({ id, args, env: childEnv, input });
      });
    },
    async close() {
      for (const { child, exited } of hosts) {
        if (child.connected) child.disconnect();
        await exited;
      }
    },
  };
}

export interface RunningService {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * Starts `node dist/main.js` and waits until it says it is listening. A port taken between the moment it
 * was found free and the bind is tried again with another.
 */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  const childEnv = await withDatabase(env);
  // What a first start printed (the admin key, say) stays in the output of the one that listens.
  let earlier = '';
  for (let attempt = 1; ; attempt++) {
    const started = await startServiceOn(await freePort(), childEnv, earlier);
    if (started.ready) return started.service;
    earlier = started.service.output();
    if (attempt >= 3 || !earlier.includes('EADDRINUSE')) throw new Error(`service did not start:\n${earlier}`);
  }
}

async function startServiceOn(
  port: number,
  childEnv: Record<string, string>,
  earlier: string,
): Promise<{ service: RunningService; ready: boolean }> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = earlier;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => {
      const check = () => (output.includes('is listening on') ? resolve(true) : setTimeout(check, 25));
      check();
    }),
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
  ]);
  const service: RunningService = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  if (!ready) await service.stop();
  return { service, ready };
}
