import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SmallDisk,
  type SpawnedService,
  adminKeyIn,
  mountSmallDisk,
  spawnService,
  until,
} from './helpers/small-disk.js';
import { testDialect } from './helpers/test-database.js';

/**
 * The service with its data folder (SQLite database, files, temporary files) on a small tmpfs, filled by
 * another file as a full disk is: paid requests answer 507 and take nothing; freed, the same requests work.
 */
const onSqlite = testDialect === 'sqlite';
if (!onSqlite) console.warn('SKIPPED: the database of this run is PostgreSQL, not on the small disk');
const disk: SmallDisk | undefined = onSqlite ? mountSmallDisk('atelier-full-disk', 24) : undefined;
let service: SpawnedService | undefined;
let key = '';

beforeAll(async () => {
  if (!disk) return;
  service = await spawnService(
    { ATELIER_DATA_DIR: join(disk.dir, 'data'), ATELIER_API_PROCESSES: '1', LOG_LEVEL: 'warn' },
    'ignore',
  );
  key = adminKeyIn(join(disk.dir, 'data'));
}, 30_000);
afterAll(async () => {
  try {
    await service?.stop();
  } finally {
    disk?.unmount();
  }
});

const api = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service?.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const balance = async () =>
  ((await (await api('/api/account')).json()) as { credits: { balance: number } }).credits.balance;
const generate = () => api('/api/generate', { preset: 'blog-post', keywords: 'urban beekeeping', outputs: 2 });
const chat = () =>
  api(
    '/v1/chat/completions',
    { model: 'builtin', messages: [{ role: 'user', content: 'Say hello' }] },
    {
      authorization: `Bearer ${key}`,
    },
  );
const readiness = async () =>
  (await (await api('/ready')).json()) as {
    status: string;
    checks: Record<string, { status: string; detail: string }>;
  };

describe.skipIf(!disk)('a full data disk', () => {
  it('answers 507 "storage is full" on /api and /v1, charges nothing, shows in /ready, and works again once freed', async () => {
    if (!disk) return;
    expect((await generate()).status).toBe(200);
    const before = await balance();

    disk.fill();
    try {
      const refused = await generate();
      expect(refused.status).toBe(507);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^storage is full: .*nothing was stored or charged/,
      );

      const openai = await chat();
      expect(openai.status).toBe(507);
      expect(((await openai.json()) as { error: unknown }).error).toMatchObject({
        message: expect.stringMatching(/^storage is full/),
        type: 'server_error',
        code: 'storage_full',
      });

      const ready = await api('/ready');
      expect(ready.status).toBe(503);
      const report = (await ready.json()) as Awaited<ReturnType<typeof readiness>>;
      expect(report.status).toBe('not_ready');
      expect(report.checks.disk_space).toMatchObject({
        status: 'failed',
        detail: expect.stringMatching(/^storage is full/),
      });
      expect((await fetch(`${service?.baseUrl}/health`)).status).toBe(200);
      expect(await balance()).toBe(before);
    } finally {
      disk.free();
    }

    const again = await generate();
    expect(again.status).toBe(200);
    expect(await balance()).toBe(before - 2);
    expect((await chat()).status).toBe(200);
    // The file store's probe is reused for a few seconds: ready again as soon as it runs anew.
    expect(await until(async () => (await readiness()).status === 'ready', 15_000)).toBe(true);
    expect(service?.child.exitCode).toBeNull();
  });
});
