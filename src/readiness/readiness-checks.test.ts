import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import { migrateToLatest, openSqlite } from '../storage/db/database.js';
import { buildReadiness } from './readiness-checks.js';
import { Readiness } from './readiness.js';

const config = loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-readiness-unit' }, '/nonexistent/.env');
const running = { isRunning: () => true };

function memoryBlobs(failing = false): BlobStore & { keys: Set<string> } {
  const files = new Map<string, Buffer>();
  return {
    keys: new Set(),
    async put(key, data) {
      if (failing) throw Object.assign(new Error('EACCES: permission denied, open /srv/files/x'), { code: 'EACCES' });
      files.set(key, data);
      this.keys.add(key);
    },
    async get(key) {
      return files.get(key);
    },
    async delete(key) {
      files.delete(key);
    },
    publicUrl: (key) => `http://files/${key}`,
    keyOf: () => undefined,
  };
}

describe('readiness checks', () => {
  it('fails the database check when the database cannot answer, with a short reason', async () => {
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    const readiness = buildReadiness({ config, db, blobs: memoryBlobs(), worker: running });
    expect((await readiness.report()).checks.database).toEqual({ status: 'ok', detail: 'answers queries' });
    await db.destroy();
    const report = await readiness.report();
    expect(report.status).toBe('not_ready');
    expect(report.checks.database?.status).toBe('failed');
  });

  it('writes, reads back and removes a probe in the blob store, at most every few seconds', async () => {
    const db = openSqlite(':memory:');
    const blobs = memoryBlobs();
    const readiness = buildReadiness({ config, db, blobs, worker: running });
    await readiness.report();
    await readiness.report();
    expect(blobs.keys.size).toBe(1);
    expect(await blobs.get([...blobs.keys][0] ?? '')).toBeUndefined();
    const failing = await buildReadiness({ config, db, blobs: memoryBlobs(true), worker: running }).report();
    expect(failing.checks.blob_store).toEqual({ status: 'failed', detail: 'cannot write or read (EACCES)' });
    await db.destroy();
  });

  it('fails a check that throws, naming only the error code', async () => {
    const readiness = new Readiness({
      fine: async () => ({ status: 'ok', detail: 'fine' }),
      broken: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=nope'), { code: 'ECONNREFUSED' });
      },
    });
    const report = await readiness.report();
    expect(report).toEqual({
      status: 'not_ready',
      checks: {
        fine: { status: 'ok', detail: 'fine' },
        broken: { status: 'failed', detail: 'unreachable (ECONNREFUSED)' },
      },
    });
  });
});
