import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type SmallDisk,
  type SpawnedService,
  adminKeyIn,
  metricValue,
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
const services: SpawnedService[] = [];
afterAll(async () => {
  try {
    for (const service of services) await service.stop();
  } finally {
    disk?.unmount();
  }
});

/** The service on the small disk, its log off it (discarded) or on it (a file beside the data). */
async function start(disk: SmallDisk, log: 'off the disk' | 'on the disk') {
  const dataDir = join(disk.dir, log === 'on the disk' ? 'data-logged' : 'data');
  const logFd = log === 'on the disk' ? openSync(join(disk.dir, 'service.log'), 'a') : 'ignore';
  const service = await spawnService(
    { ATELIER_DATA_DIR: dataDir, ATELIER_API_PROCESSES: '1', LOG_LEVEL: 'warn' },
    logFd,
  ).finally(() => typeof logFd === 'number' && closeSync(logFd));
  services.push(service);
  const key = adminKeyIn(dataDir);
  const api = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-key': key,
        ...(typeof body === 'string' ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return { service, key, api };
}

type Api = Awaited<ReturnType<typeof start>>['api'];

const balance = async (api: Api) =>
  ((await (await api('/api/account')).json()) as { credits: { balance: number } }).credits.balance;
const generate = (api: Api) => api('/api/generate', { preset: 'blog-post', keywords: 'urban beekeeping', outputs: 2 });
const chat = (api: Api, key: string) =>
  api(
    '/v1/chat/completions',
    { model: 'builtin', messages: [{ role: 'user', content: 'Say hello' }] },
    { authorization: `Bearer ${key}` },
  );
/** The MCP tool for text, called as an agent calls it (a plain tools/call). */
async function mcpGenerate(api: Api, key: string) {
  const response = await api(
    '/mcp',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'generate_text', arguments: { preset: 'blog-post', keywords: 'urban beekeeping' } },
    },
    {
      authorization: `Bearer ${key}`,
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
  );
  const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
  return { isError: result.isError === true, text: result.content[0]?.text ?? '' };
}
/** A bot's document sent as a file, the way a browser uploads it. */
async function upload(api: Api, botId: string) {
  const form = new FormData();
  form.append('file', new Blob(['Harbour opening hours: 8 to 18.'], { type: 'text/plain' }), 'hours.txt');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return api(`/api/bots/${botId}/documents`, await encoded.text(), {
    'content-type': encoded.headers.get('content-type') ?? '',
  });
}
type Report = { status: string; checks: Record<string, { status: string; detail: string }> };

describe.skipIf(!disk)('a full data disk', () => {
  for (const log of ['off the disk', 'on the disk'] as const) {
    it(`answers 507 "storage is full" on /api and /v1, charges nothing, shows in /ready, and works again once freed (log ${log})`, async () => {
      if (!disk) return;
      const { service, key, api } = await start(disk, log);
      expect((await generate(api)).status).toBe(200);
      const bot = (await (await api('/api/bots', { name: 'Harbour guide' })).json()) as { id: string };
      const before = await balance(api);

      disk.fill();
      try {
        const refused = await generate(api);
        expect(refused.status).toBe(507);
        expect(((await refused.json()) as { error: string }).error).toMatch(
          /^storage is full: .*nothing was stored or charged/,
        );

        const openai = await chat(api, key);
        expect(openai.status).toBe(507);
        expect(((await openai.json()) as { error: unknown }).error).toMatchObject({
          message: expect.stringMatching(/^storage is full/),
          type: 'server_error',
          code: 'storage_full',
        });

        expect(await mcpGenerate(api, key)).toEqual({ isError: true, text: expect.stringMatching(/^storage is full/) });

        const uploaded = await upload(api, bot.id);
        expect(uploaded.status).toBe(507);
        expect(((await uploaded.json()) as { error: string }).error).toMatch(/^storage is full/);

        const ready = await api('/ready');
        expect(ready.status).toBe(503);
        const report = (await ready.json()) as Report;
        expect(report.checks.disk_space).toMatchObject({
          status: 'failed',
          detail: expect.stringMatching(/^storage is full/),
        });
        expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
        expect(await balance(api)).toBe(before);
        // Each failure is logged at error level: with the log on the full disk, such lines are dropped (once the
        // log file's last page, which the filler could not take, is full too).
        if (log === 'on the disk')
          expect(
            await until(async () => {
              await generate(api);
              return (await metricValue(service.baseUrl, 'atelier_log_lines_dropped_total')) > 0;
            }, 10_000),
          ).toBe(true);
        expect(await balance(api)).toBe(before);
      } finally {
        disk.free();
      }

      expect((await generate(api)).status).toBe(200);
      expect(await balance(api)).toBe(before - 2);
      expect((await chat(api, key)).status).toBe(200);
      expect((await upload(api, bot.id)).status).toBe(201);
      expect((await mcpGenerate(api, key)).isError).toBe(false);
      // The file store's probe is reused for a few seconds: ready again as soon as it runs anew.
      expect(await until(async () => ((await (await api('/ready')).json()) as Report).status === 'ready', 15_000)).toBe(
        true,
      );
      expect(service.child.exitCode).toBeNull();
      await service.stop();
    });
  }
});
