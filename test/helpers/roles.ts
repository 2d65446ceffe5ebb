import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { ROOT, freePort } from './processes.js';

export interface RoleProcess {
  child: ChildProcess;
  /** Where an api or all process listens; undefined for a worker. */
  baseUrl: string | undefined;
  output: () => string;
  /** Sends the signal and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

const READY_TEXT = { api: 'is listening on', all: 'is listening on', worker: 'is running' } as const;

/** Starts `atelier serve --role <role>` (bin/atelier.mjs over dist/) and waits until it says it is up. */
export async function startRole(
  role: 'api' | 'worker' | 'all',
  env: Record<string, string>,
  startTimeoutMs = 20_000,
): Promise<RoleProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/atelier.mjs', 'serve', '--role', role], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const up = await Promise.race([
    new Promise<boolean>((resolve) => {
      const check = () => (output.includes(READY_TEXT[role]) ? resolve(true) : setTimeout(check, 25));
      check();
    }),
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), startTimeoutMs)),
  ]);
  const started: RoleProcess = {
    child,
    baseUrl: role === 'worker' ? undefined : `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (!up) {
    await started.stop('SIGKILL');
    throw new Error(`atelier serve --role ${role} did not start:\n${output}`);
  }
  return started;
}

/** The TCP addresses a process listens on ("127.0.0.1:8080", "[::]:80"), from /proc: its sockets in LISTEN state. */
export function listeningAddresses(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket?.[1]) inodes.add(socket[1]);
    } catch {
      // closed in the meantime
    }
  }
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/);
      if (state === '0A' && inodes.has(inode)) found.push(decodeAddress(local));
    }
  }
  return found;
}

function decodeAddress(hex: string): string {
  const [ip = '', port = ''] = hex.split(':');
  const portNumber = Number.parseInt(port, 16);
  if (ip.length === 8) {
    const bytes = (ip.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)).reverse();
    return `${bytes.join('.')}:${portNumber}`;
  }
  if (/^0+$/.test(ip)) return `[::]:${portNumber}`;
  if (ip === '00000000000000000000000001000000') return `[::1]:${portNumber}`;
  return `[${ip}]:${portNumber}`;
}
