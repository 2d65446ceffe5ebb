import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmallDisk, metricValue, mountSmallDisk, spawnService, until } from './helpers/small-disk.js';

const DROPPED = 'atelier_log_lines_dropped_total';
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-log-dest-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every request logs a line at debug level: a log that cannot be written is hit by every request. */
const DEBUG = { LOG_LEVEL: 'debug' };

describe('a log that cannot be written (standard output on /dev/full: ENOSPC)', () => {
  for (const processes of ['1', '2']) {
    it(`never ends the service: it keeps answering and counts the lines dropped (ATELIER_API_PROCESSES=${processes})`, async () => {
      const full = openSync('/dev/full', 'w');
      const service = await spawnService(
        { ...DEBUG, ATELIER_DATA_DIR: dataDir(), ATELIER_API_PROCESSES: processes },
        full,
      ).finally(() => closeSync(full));
      try {
        for (let i = 0; i < 20; i++) expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
        expect(await until(async () => (await metricValue(service.baseUrl, DROPPED)) > 0, 10_000)).toBe(true);
        expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
        expect(service.child.exitCode).toBeNull();
      } finally {
        await service.stop();
      }
    });
  }
});

describe('a log on a disk that fills, then gets space back', () => {
  const disk: SmallDisk | undefined = mountSmallDisk('atelier-log-disk', 4);
  afterAll(() => disk?.unmount());

  it.skipIf(!disk)(
    'drops lines while the disk is full and writes them again once it has room, without a restart',
    async () => {
      if (!disk) return;
      const logFile = join(disk.dir, 'service.log');
      const log = openSync(logFile, 'a');
      const service = await spawnService(
        { ...DEBUG, ATELIER_DATA_DIR: dataDir(), ATELIER_API_PROCESSES: '1' },
        log,
      ).finally(() => closeSync(log));
      const ask = (id: string) => fetch(`${service.baseUrl}/health`, { headers: { 'x-request-id': id } });
      const logged = (id: string) => readFileSync(logFile, 'utf8').includes(`"reqId":"${id}"`);
      try {
        expect((await ask('before-full')).status).toBe(200);
        expect(await until(() => logged('before-full'), 10_000)).toBe(true);

        disk.fill();
        let n = 0;
        expect(
          await until(async () => {
            expect((await ask(`while-full-${++n}`)).status).toBe(200);
            return (await metricValue(service.baseUrl, DROPPED)) > 0;
          }, 10_000),
        ).toBe(true);
        expect(service.child.exitCode).toBeNull();

        disk.free();
        let m = 0;
        expect(
          await until(async () => {
            const id = `after-free-${++m}`;
            expect((await ask(id)).status).toBe(200);
            return until(() => logged(id), 300);
          }, 15_000),
        ).toBe(true);
      } finally {
        await service.stop();
      }
    },
  );
});
