import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WATCHDOG_SCRIPT } from './process-watchdog.js';
import { runProgram } from './run-program.js';

const dir = mkdtempSync(join(tmpdir(), 'atelier-run-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
const pidIn = (file: string) => Number(readFileSync(file, 'utf8').trim());
/** Polls `check`; the deadline only keeps a broken kill from hanging the test (the sleeps below last an hour). */
async function until(check: () => boolean, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * A shell that starts an hour's sleep in the background (writing its pid), then sleeps an hour itself: whatever
 * ends them in this test's time was the kill, and a runProgram that waited for them would never return.
 */
const sleeper = (pidFile: string) => ['-c', `sleep 3600 & echo $! > ${pidFile}; sleep 3600`];

describe('runProgram', () => {
  it('kills the whole process group on a time-out, grandchildren included', async () => {
    const pidFile = join(dir, 'timeout.pid');
    await expect(runProgram('/bin/sh', sleeper(pidFile), { timeoutMs: 300 })).rejects.toMatchObject({
      message: 'sh timed out',
      isRetryable: true,
    });
    const grandchild = pidIn(pidFile);
    expect(await until(() => !alive(grandchild))).toBe(true);
  });

  it('kills the whole process group on an abort', async () => {
    const pidFile = join(dir, 'abort.pid');
    const controller = new AbortController();
    const running = runProgram('/bin/sh', sleeper(pidFile), { timeoutMs: 30_000, signal: controller.signal });
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
    controller.abort();
    await expect(running).rejects.toMatchObject({ message: 'sh was cancelled', isRetryable: false });
    const grandchild = pidIn(pidFile);
    expect(await until(() => !alive(grandchild))).toBe(true);
  });

  it('ends what a finished program left running, without waiting for it', async () => {
    const pidFile = join(dir, 'leftover.pid');
    // The leftover holds the output pipe open for an hour: runProgram returns on the program's exit, not the pipe's end.
    const out = await runProgram('/bin/sh', ['-c', `sleep 3600 & echo $! > ${pidFile}; echo done`], {
      timeoutMs: 3_600_000,
    });
    expect(out.toString().trim()).toBe('done');
    const grandchild = pidIn(pidFile);
    expect(await until(() => !alive(grandchild))).toBe(true);
  });

  it('runs each program as the leader of a process group of its own', async () => {
    const out = await runProgram('/bin/sh', ['-c', 'echo $$; ps -o pgid= -p $$'], { timeoutMs: 10_000 });
    const [pid, pgid] = out.toString().trim().split(/\s+/).map(Number);
    expect(pgid).toBe(pid);
    expect(pgid).not.toBe(process.pid);
  });

  it('says a missing program is not installed', async () => {
    await expect(runProgram('/nonexistent/atelier-nothing', [], { timeoutMs: 1_000 })).rejects.toMatchObject({
      name: 'EngineUnavailableError',
    });
  });
});

describe('the watchdog', () => {
  it('kills the groups of a process killed with SIGKILL', async () => {
    const pidFile = join(dir, 'orphan.pid');
    // A parent that starts a program in its own group, tells the watchdog, then waits to be killed.
    const parentScript = `
      const { spawn } = require('node:child_process');
      const dog = spawn('/bin/sh', ['-c', process.env.SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
      const child = spawn('/bin/sh', ['-c', 'sleep 3600 & echo $! > ' + process.env.PID_FILE + '; sleep 3600'], { stdio: 'ignore', detached: true });
      dog.stdin.write('+ ' + child.pid + '\\n');
      console.log(child.pid);
      setInterval(() => {}, 1000);`;
    const parent: ChildProcess = spawn(process.execPath, ['-e', parentScript], {
      env: { ...process.env, SCRIPT: WATCHDOG_SCRIPT, PID_FILE: pidFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const childPid = await new Promise<number>((resolve) =>
      parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
    const grandchild = pidIn(pidFile);
    expect(alive(childPid) && alive(grandchild)).toBe(true);

    // Both would sleep for an hour: gone now means the watchdog killed them when their parent died.
    parent.kill('SIGKILL');
    expect(await until(() => !alive(childPid) && !alive(grandchild))).toBe(true);
  });
});
