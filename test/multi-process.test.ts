import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/storage/db/database.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { atelier } from './helpers/processes.js';
import { makeRecording } from './helpers/recordings.js';
import { type RoleProcess, startRole } from './helpers/roles.js';
import { type S3Server, startS3Server } from './helpers/s3-server.js';
import { type TestDatabase, createTestDatabase, testDialect } from './helpers/test-database.js';

const IMAGES = 120;
const TRANSCRIPTIONS = 40;
const SPEECHES = 40;
const CREDITS = 100_000;

let database: TestDatabase;
let s3: S3Server;
let audio: FileServer;
const folders: string[] = [];
const apis: RoleProcess[] = [];
const workers: RoleProcess[] = [];
let key = '';
let accountId = '';

/** Each process gets its own data folder: nothing is shared but PostgreSQL and the object store. */
function envFor(): Record<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'atelier-multi-'));
  folders.push(folder);
  return {
    ...s3.env(),
    ATELIER_DATABASE_URL: database.url ?? '',
    ATELIER_DATA_DIR: folder,
    ATELIER_RATE_LIMIT_STORE: 'database',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_LEASE_MS: '3000',
    ATELIER_JOB_RETRY_BASE_MS: '200',
    ATELIER_WORKER_CONCURRENCY: '2',
    ATELIER_ADMIN_EMAIL: 'admin@multi.test',
  };
}

describe.runIf(testDialect === 'postgres')(
  'scaled out on PostgreSQL: two API processes, two workers, one killed',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
      s3 = await startS3Server();
      audio = await startFileServer();
      // Two words: what is heard does not matter here, only that each recording is transcribed once.
      audio.serve('/line.wav', makeRecording([{ voice: 'slt', text: 'Good morning.' }]).wav, 'audio/wav');
      const created = await atelier(
        ['accounts', 'create', '--email', 'load@multi.test', '--plan', 'business', '--credits', String(CREDITS)],
        envFor(),
      );
      expect(created.code, created.stderr).toBe(0);
      ({ api_key: key, account_id: accountId } = JSON.parse(created.stdout) as { api_key: string; account_id: string });
      // Started together: each process spends its first seconds loading, not on the database.
      const started = await Promise.all(
        ['api', 'api', 'worker', 'worker'].map((role) => startRole(role as 'api' | 'worker', envFor())),
      );
      apis.push(...started.slice(0, 2));
      workers.push(...started.slice(2));
    }, 120_000);

    afterAll(async () => {
      await Promise.all([...apis, ...workers].map((p) => p.stop('SIGKILL')));
      await s3?.stop();
      await audio?.close();
      await database?.drop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });

    it('completes 200 mixed jobs exactly once, with exact credits and nothing left pending, after a kill -9', async () => {
      let turn = 0;
      const call = async (path: string, body: object) => {
        const api = apis[turn++ % apis.length] as RoleProcess;
        const response = await fetch(`${api.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
        return response.json() as Promise<unknown>;
      };
      const work: (() => Promise<unknown>)[] = [
        ...Array.from(
          { length: IMAGES },
          (_, i) => () =>
            call('/api/generate-image', {
              prompt: `A lighthouse number ${i}`,
              model: 'builtin',
              dimensions: '256x256',
            }),
        ),
        ...Array.from(
          { length: TRANSCRIPTIONS },
          (_, i) => () =>
            call('/api/transcriptions', {
              url: audio.url('/line.wav'),
              audio_type: 'meeting',
              language: 'English',
              name: `Line ${i}`,
            }),
        ),
        ...Array.from(
          { length: SPEECHES },
          (_, i) => () =>
            call('/api/generate-text-to-speech', { voiceID: 'espeak-ng:en-us', text: `Speech number ${i}.` }),
        ),
      ].sort(() => Math.random() - 0.5);

      let killed = false;
      for (let i = 0; i < work.length; i += 10) {
        await Promise.all(work.slice(i, i + 10).map((job) => job()));
        if (!killed && i >= 60) {
          // The first worker dies in the middle of its work: its leases run out and the other one takes over.
          workers[0]?.child.kill('SIGKILL');
          killed = true;
        }
      }

      const db = openPostgres(database.url ?? '', { allowExitOnIdle: true });
      try {
        const deadline = Date.now() + 150_000;
        for (;;) {
          const open = await db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow();
          if (Number(open.n) === 0 || Date.now() > deadline) break;
          await sleep(250);
        }
        const jobs = await db.selectFrom('jobs').select(['kind', 'status', 'attempts']).execute();
        console.log(
          `multi-process: ${jobs.filter((j) => j.attempts > 1).length} of ${jobs.length} jobs were taken over or retried after the kill`,
        );
        expect(jobs).toHaveLength(IMAGES + TRANSCRIPTIONS);
        expect(jobs.filter((j) => j.status !== 'completed')).toEqual([]);

        const images = await db.selectFrom('images').select(['status', 'blob_key']).execute();
        expect(images.map((r) => r.status)).toEqual(Array(IMAGES).fill('completed'));
        const transcriptions = await db.selectFrom('transcriptions').select(['status', 'content']).execute();
        expect(transcriptions.map((r) => r.status)).toEqual(Array(TRANSCRIPTIONS).fill('completed'));
        expect(transcriptions.every((r) => r.content.length > 0)).toBe(true);
        const speeches = await db
          .selectFrom('speech_syntheses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(speeches.n)).toBe(SPEECHES);

        // Every picture and every MP3 is in the shared bucket, once.
        const keys = await s3.keys();
        expect(keys.filter((k) => k.endsWith('.png'))).toHaveLength(IMAGES);
        expect(keys.filter((k) => k.endsWith('.mp3'))).toHaveLength(SPEECHES);

        // Credits: one reservation per record, no refund (nothing failed), and the balance is exactly what they cost.
        const ledger = await db
          .selectFrom('credit_ledger')
          .select(['delta', 'reason'])
          .where('account_id', '=', accountId)
          .execute();
        const reserves = ledger.filter((e) => e.reason.startsWith('reserve:'));
        expect(reserves.filter((e) => e.reason === 'reserve:image')).toHaveLength(IMAGES);
        expect(reserves.filter((e) => e.reason === 'reserve:transcription')).toHaveLength(TRANSCRIPTIONS);
        expect(ledger.filter((e) => e.reason.startsWith('refund:'))).toEqual([]);
        const account = await db
          .selectFrom('accounts')
          .select(['credits', 'tts_words_used'])
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow();
        const spent = -reserves.reduce((sum, e) => sum + e.delta, 0);
        expect(account.credits).toBe(CREDITS - spent);
        expect(spent).toBe(IMAGES * 1 + TRANSCRIPTIONS * 2);
        expect(account.tts_words_used).toBe(SPEECHES * 3);
      } finally {
        await db.destroy();
      }
    }, 300_000);
  },
);
