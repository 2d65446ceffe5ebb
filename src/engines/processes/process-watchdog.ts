import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A tiny shell process that outlives this one by a moment: it reads `+<group>` and `-<group>` lines from
 * a pipe, and when the pipe closes (this process exited, however it died, kill -9 included, since the
 * kernel closes a dead process's pipes) it kills every process group still listed. PR_SET_PDEATHSIG
 * (setpriv --pdeathsig) would do this for direct children only, and on the machines this was built
 * on the kernel never delivered it; a pipe's end-of-file is delivered everywhere. It ignores terminal
 * signals so that a Ctrl-C reaching the whole foreground group does not remove the guard first.
 */
export const WATCHDOG_SCRIPT = [
  "trap '' INT TERM HUP QUIT",
  'groups=" "',
  'while read -r op id; do',
  '  case "$op" in',
  '    +) groups="$groups$id " ;;',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a JavaScript template
  '    -) case "$groups" in *" $id "*) groups="${groups%% $id *} ${groups#* $id }" ;; esac ;;',
  '  esac',
  'done',
  'for g in $groups; do kill -KILL -"$g" 2>/dev/null; done',
].join('\n');

export interface GroupGuard {
  /** The child is the leader of its own process group (spawned detached). */
  add(pgid: number): void;
  remove(pgid: number): void;
}

const live = new Set<number>();
let watchdog: ChildProcess | undefined;
let exitHookInstalled = false;

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function send(line: string): void {
  const stdin = watchdog?.stdin;
  if (stdin && !stdin.destroyed) stdin.write(`${line}\n`);
}

/** Starts the guard unless it runs; a new guard is told every group at once (true). */
function startWatchdog(): boolean {
  if (watchdog && watchdog.exitCode === null && watchdog.signalCode === null) return false;
  let child: ChildProcess;
  try {
    // Its own session: signals meant for this process's group (a terminal's Ctrl-C) do not reach it.
    child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  } catch {
    return false;
  }
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  child.once('exit', () => {
    if (watchdog === child) watchdog = undefined;
  });
  // Neither the guard nor its pipe may keep this process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog = child;
  for (const pgid of live) send(`+ ${pgid}`);
  return true;
}

/**
 * Children started by runProgram die with this process: on a normal exit through the exit hook, and on
 * any death (kill -9 included) through the watchdog. POSIX only; elsewhere it does nothing.
 */
export const groupGuard: GroupGuard = {
  add(pgid) {
    if (process.platform === 'win32') return;
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.on('exit', () => {
        for (const group of live) killGroup(group);
      });
    }
    live.add(pgid);
    if (!startWatchdog()) send(`+ ${pgid}`);
  },
  remove(pgid) {
    if (!live.delete(pgid)) return;
    send(`- ${pgid}`);
  },
};

/** Kills a child's whole process group (the program and anything it started). */
export function killProcessGroup(pgid: number): void {
  if (process.platform === 'win32') return;
  killGroup(pgid);
}
