import { type ChildProcess, execFile, spawn } from 'node:child_process';
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

export interface RunningService {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts `node dist/main.js` and waits until it says it is listening. */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  const port = await freePort();
  const childEnv = await withDatabase(env);
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
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
  if (!ready) {
    await service.stop();
    throw new Error(`service did not start:\n${output}`);
  }
  return service;
}
