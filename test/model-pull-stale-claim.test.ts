import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../src/models/catalogue.js';
import {
  PullCancelledError,
  PullInProgressError,
  type PullStatus,
  readPullStatus,
  requestCancel,
  statusPath,
  trackedPull,
} from '../src/models/pull-status.js';
import { type ModelServer, catalogueWith, startModelServer } from './helpers/model-server.js';

/**
 * A pull's claim (its status file) left behind by a process that died is taken over by exactly one of the pulls
 * that then race for the model (`onClaimed`, on which POST /api/admin/models/{name}/pull answers 200): the others
 * are refused, as they would be by a live claim, and no one removes the claim the winner has just written. Ten pulls
 * start at once, in several rounds, each over a fresh dead claim; the mirror holds the download after its first
 * bytes, so the winner still holds its claim while the others try.
 */
const NAME = 'whisper-tiny';
const PULLS = 10;
const ROUNDS = 3;

let body: Buffer;
let entry: CatalogueEntry;
let server: ModelServer;

beforeAll(async () => {
  body = randomBytes(256 * 1024);
  const found = catalogueWith(NAME, body).find((e) => e.name === NAME);
  if (!found) throw new Error(`no ${NAME} in the catalogue`);
  entry = found;
  server = await startModelServer(entry, body, 0);
});
afterAll(() => server.close());

/** The pid of a process that has ended: a claim with it on this host belongs to no one. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  if (ended.pid === undefined) throw new Error('no process');
  return ended.pid;
}

async function deadClaim(dir: string): Promise<PullStatus> {
  const at = new Date().toISOString();
  const status: PullStatus = {
    pid: deadPid(),
    host: hostname(),
    started_at: at,
    updated_at: at,
    received: 1024,
    total: body.length,
    bytes_per_second: 0,
    eta_seconds: null,
  };
  await writeFile(statusPath(dir, entry), JSON.stringify(status));
  return status;
}

describe('a dead claim on a model pull', () => {
  it('is taken over by exactly one of ten pulls racing for it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = await mkdtemp(join(tmpdir(), 'atelier-stale-claim-'));
      server.hold(1024);
      try {
        const dead = await deadClaim(dir);
        let claims = 0;
        const refused: unknown[] = [];
        // Each pull starts a turn of the event loop after the one before: whatever the file system's speed, some read
        // the dead claim before the winner replaces it and act on what they read after it has.
        const pulls = Array.from({ length: PULLS }, async (_, turn) => {
          for (let i = 0; i < turn; i++) await new Promise((r) => setImmediate(r));
          return trackedPull(entry, { dir, baseUrl: server.baseUrl, onClaimed: () => (claims += 1) }).catch(
            (error: unknown) => {
              if (error instanceof PullInProgressError) refused.push(error);
              return error;
            },
          );
        });
        // The refused answer at once; the winner goes on pulling (the mirror holds it). The deadline only keeps a
        // second winner, which would be pulling too, from hanging the test.
        for (
          const deadline = Date.now() + 10_000;
          (refused.length < PULLS - 1 || claims === 0) && Date.now() < deadline;
        )
          await new Promise((r) => setTimeout(r, 10));
        expect(claims, `round ${round}: claims taken`).toBe(1);
        expect(refused, `round ${round}: pulls refused`).toHaveLength(PULLS - 1);
        const holder = readPullStatus(dir, entry);
        expect(holder?.pid, `round ${round}: the claim is the winner's`).toBe(process.pid);
        expect(holder?.pid).not.toBe(dead.pid);
        await requestCancel(dir, entry);
        const ends = await Promise.all(pulls);
        expect(
          ends.filter((e) => e instanceof PullCancelledError),
          `round ${round}`,
        ).toHaveLength(1);
      } finally {
        server.release();
        await rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('is not a status file still empty: that is a claim being written (created, not yet filled), and the pull is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-stale-claim-'));
    try {
      await writeFile(statusPath(dir, entry), '');
      let claimed = false;
      await expect(
        trackedPull(entry, { dir, baseUrl: server.baseUrl, onClaimed: () => (claimed = true) }),
      ).rejects.toBeInstanceOf(PullInProgressError);
      expect(claimed).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
