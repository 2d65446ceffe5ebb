import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { openSqlite } from '../src/storage/db/database.js';
import { TRANSFER_TABLES, TransferError, exportDatabase, importDatabase } from '../src/storage/transfer.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let source: TestApp;
let target: TestApp;
let dir: string;
let key: string;
let botUrl: string;
let lastImageId: number;
let dump: Buffer;

async function collect(run: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await run(out);
  out.end();
  return Buffer.concat(chunks);
}

/** The source is always an embedded SQLite file; the target is the database this test run is about. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-transfer-'));
  source = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' }, { db: openSqlite(join(dir, 'source.db')) });
  source.app.services.worker.start();
  const account = await source.account({ plan: 'pro' });
  key = account.key;
  const post = (url: string, payload: object) =>
    source.server.inject({ method: 'POST', url, headers: withKey(key), payload });
  expect((await post('/api/generate', { preset: 'blog-post', keywords: 'kites', outputs: 2 })).statusCode).toBe(200);
  // A preset of the account's own, edited once (two versions), and an output made with it.
  const preset = { title: 'Kite log', fields: [{ name: 'keywords', label: 'Flight', type: 'text' }] };
  expect((await post('/api/presets', { ...preset, prompt: 'Log {{keywords}}' })).statusCode).toBe(201);
  const edit = await source.server.inject({
    method: 'PATCH',
    url: '/api/presets/kite-log',
    headers: withKey(key),
    payload: { prompt: 'Flight log: {{keywords}}' },
  });
  expect(edit.statusCode).toBe(200);
  expect((await post('/api/generate', { preset: 'kite-log', keywords: 'windy' })).statusCode).toBe(200);
  const images = (
    await post('/api/generate-image', {
      prompt: 'A kite over the sea',
      model: 'builtin',
      dimensions: '256x256',
      waitForResult: true,
      outputs: 2,
    })
  ).json<{ id: number; status: string }[]>();
  expect(images.map((i) => i.status)).toEqual(['completed', 'completed']);
  lastImageId = Math.max(...images.map((i) => i.id));
  const plan = { name: 'pro', maxBots: 25, maxDocumentsPerBot: 200 };
  const bot = unwrap(
    await source.app.services.bots.create(account.id, { name: 'Kites', instructions: 'Answer about kites.' }, plan),
  );
  botUrl = bot.public_url;
  unwrap(
    await source.app.services.bots.addDocument(
      account.id,
      bot.id,
      {
        title: 'Kite facts',
        source: {
          kind: 'text',
          content: 'The oldest kites were flown in China. A box kite has four sides and flies steadily in strong wind.',
        },
      },
      plan,
    ),
  );
  dump = await collect((out) => exportDatabase(source.app.services.db, out));
  target = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('export and import (the way from SQLite to PostgreSQL)', () => {
  it('moves every row, and the service on the new database works with the old key, records and knowledge', async () => {
    const counts = await importDatabase(target.app.services.db, Readable.from(dump));
    for (const table of TRANSFER_TABLES) {
      const row = await source.app.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(counts[table] ?? 0, table).toBe(Number(row.n));
    }
    expect(counts.bot_chunks).toBeGreaterThan(0);

    const account = await target.server.inject({ url: '/api/account', headers: withKey(key) });
    expect(account.statusCode).toBe(200);
    const before = (await source.server.inject({ url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>();
    expect(account.json<{ credits: { balance: number } }>().credits.balance).toBe(before.credits.balance);
    const image = await target.server.inject({ url: `/api/get-image?imageId=${lastImageId}`, headers: withKey(key) });
    expect(image.json<{ status: string }>().status).toBe('completed');

    // The search index came along (SQLite's FTS5 triggers, PostgreSQL's text search column).
    const answer = await target.server.inject({
      method: 'POST',
      url: `/bot/${botUrl}/api`,
      headers: withKey(key),
      payload: { message: 'What is a box kite?', include_sources: true },
    });
    expect(answer.json<{ sources: { title: string }[] }>().sources[0]?.title).toBe('Kite facts');

    // The account's own preset came along with its versions, and still generates.
    const versions = await target.server.inject({ url: '/api/presets/kite-log/versions', headers: withKey(key) });
    expect(versions.json<{ versions: { version: number }[] }>().versions.map((v) => v.version)).toEqual([2, 1]);
    const own = await target.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'kite-log', keywords: 'calm' },
    });
    expect(own.statusCode).toBe(200);

    // New rows continue after the imported ids.
    target.app.services.worker.start();
    const [next] = (
      await target.server.inject({
        method: 'POST',
        url: '/api/generate-image',
        headers: withKey(key),
        payload: { prompt: 'Another kite', model: 'builtin', dimensions: '256x256' },
      })
    ).json<{ id: number }[]>();
    expect(next?.id).toBeGreaterThan(lastImageId);
  });

  it('refuses a database that already has accounts, and a file that is not an export', async () => {
    const empty = await startTestApp();
    try {
      await expect(importDatabase(empty.app.services.db, Readable.from('{"hello": 1}\n'))).rejects.toThrow(
        'Not an Atelier export',
      );
      await expect(importDatabase(empty.app.services.db, Readable.from(''))).rejects.toThrow('The export is empty');
      // A broken file leaves nothing behind: the import is one transaction.
      const broken = Buffer.concat([
        dump.subarray(0, dump.indexOf('{"table":"images"')),
        Buffer.from('\n{"table":"nope","row":{}}\n'),
      ]);
      await expect(importDatabase(empty.app.services.db, Readable.from(broken))).rejects.toThrow('Unexpected line');
      const left = await empty.app.services.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
      // Once it has an account of its own (not the other test's import, which may come before or after this one).
      await empty.account();
      await expect(importDatabase(empty.app.services.db, Readable.from(dump))).rejects.toThrow(TransferError);
    } finally {
      await empty.close();
    }
  });
});
