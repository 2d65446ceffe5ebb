import { spawn } from 'node:child_process';
import { monotonicMs } from '../shared/clock.js';

/** `disabled`: not this process's business (a job worker in an API process); never makes it unready. */
export type CheckStatus = 'ok' | 'failed' | 'disabled';

export interface CheckResult {
  status: CheckStatus;
  detail: string;
}

export type ReadinessCheck = () => Promise<CheckResult>;

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: Record<string, CheckResult>;
}

const CHECK_TIMEOUT_MS = 5_000;

/** Runs every check at once; ready when none failed. A check that does not answer in time has failed. */
export class Readiness {
  constructor(private readonly checks: Record<string, ReadinessCheck>) {}

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => [name, await withTimeout(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    return { status: entries.some(([, result]) => result.status === 'failed') ? 'not_ready' : 'ready', checks };
  }
}

async function withTimeout(check: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'failed', detail: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      check().catch((error: unknown) => ({ status: 'failed' as const, detail: describeError(error) })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error's code where it has one (ECONNREFUSED, EACCES...): enough to act on, never a connection string. */
export function describeError(error: unknown, what = 'unreachable'): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? `${what} (${code})` : what;
}

/** The same answer for `ms` after it was first asked: probes that cost something run at most that often. */
export function cachedFor(ms: number, check: ReadinessCheck): ReadinessCheck {
  let last: { at: number; answer: Promise<CheckResult> } | undefined;
  return () => {
    const now = monotonicMs();
    if (!last || now - last.at >= ms) last = { at: now, answer: check() };
    return last.answer;
  };
}

/**
 * Whether a program can be started, the way the engines start it (PATH lookup included): it is
 * started with no arguments and killed at once. Undefined when it can; otherwise why not.
 */
export function programProblem(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(path, [], { stdio: 'ignore' });
    } catch (error) {
      resolve((error as Error).message);
      return;
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      resolve(
        error.code === 'ENOENT'
          ? `not found: ${path}`
          : error.code === 'EACCES'
            ? `not executable: ${path}`
            : `cannot start ${path} (${error.code ?? 'error'})`,
      );
    });
    child.once('spawn', () => {
      child.kill('SIGKILL');
      resolve(undefined);
    });
  });
}
