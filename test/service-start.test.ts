import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from './helpers/processes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * How many of `count` connections opened at once the kernel takes for the service while the service accepts none
 * (stopped): the length of its listen queue. With Node's default of 511 the rest were dropped, to come back only
 * after TCP's 1 s retry (a burst of 1,000 bot visitors did this).
 */
async function connectionsTakenWhileStopped(pid: number | undefined, port: number, count: number): Promise<number> {
  if (pid === undefined) throw new Error('no service process');
  const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
  if (somaxconn < count)
    throw new Error(`net.core.somaxconn is ${somaxconn}: the kernel caps every listen queue at it`);
  const sockets: Socket[] = [];
  process.kill(pid, 'SIGSTOP');
  try {
    const taken = await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<boolean>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            sockets.push(socket);
            socket.once('connect', () => resolve(true));
            socket.once('error', () => resolve(false));
            setTimeout(() => resolve(false), 700);
          }),
      ),
    );
    return taken.filter(Boolean).length;
  } finally {
    process.kill(pid, 'SIGCONT');
    for (const socket of sockets) socket.destroy();
  }
}

describe('starting the service (node dist/main.js)', () => {
  it('creates an admin on the top plan on the first start, prints its key once and keeps it in a 0600 file', async () => {
    const service = await startService({ ATELIER_DATA_DIR: dataDir });
    try {
      const keyFile = join(dataDir, 'admin-key');
      const key = readFileSync(keyFile, 'utf8').trim();
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(service.output()).toContain(key);
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
      const account = await fetch(`${service.baseUrl}/api/account`, { headers: { 'x-api-key': key } });
      expect(await account.json()).toMatchObject({ plan: { name: 'business' }, account: { is_admin: true } });
      const presets = await fetch(`${service.baseUrl}/api/presets`, { headers: { authorization: `Bearer ${key}` } });
      expect(presets.status).toBe(200);
      expect(presets.headers.get('x-request-id')).toBeTruthy();
      expect(await connectionsTakenWhileStopped(service.child.pid, Number(new URL(service.baseUrl).port), 700)).toBe(
        700,
      );
    } finally {
      expect(await service.stop()).toBe(0);
    }

    const again = await startService({ ATELIER_DATA_DIR: dataDir });
    try {
      expect(again.output()).not.toContain('atl_');
    } finally {
      await again.stop();
    }
  });

  it('refuses to start on a wrong setting and names the variable', async () => {
    await expect(startService({ ATELIER_DATA_DIR: dataDir, ATELIER_TEXT_PROVIDER: 'telepathy' })).rejects.toThrow(
      /ATELIER_TEXT_PROVIDER/,
    );
  });
});
