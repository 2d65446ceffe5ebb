import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import type { Plan } from '../../config.js';
import { systemClock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { WriteBatcher } from '../../storage/db/write-batcher.js';
import { ProcessRegistry } from '../processes/process-registry.js';
import { CreditsRepo } from './credits.repo.js';
import { CreditsService, newReservation } from './credits.service.js';
import { ReservationSweeper } from './reservation-sweeper.js';
import { ReservationLostError, ReservationsRepo } from './reservations.repo.js';
import { SettlementJournal, journalFiles } from './settlement-journal.js';

const PLAN: Plan = {
  name: 'pro',
  monthlyCredits: 100,
  monthlyTtsWords: 1_000,
  advancedModel: true,
  premiumPresets: true,
  rateLimitPerMinute: 100,
  maxApiKeys: 5,
  maxBots: 5,
  maxDocumentsPerBot: 20,
};
const periodStart = new Date(Date.now() - 60_000).toISOString();

let db: Db;
let close: () => Promise<void>;
let repo: ReservationsRepo;
let processes: ProcessRegistry;
let credits: CreditsService;

beforeEach(async () => {
  ({ db, close } = await openTestDb());
  await db
    .insertInto('accounts')
    .values({
      id: 'acc',
      email: 'a@example.test',
      plan: 'pro',
      credits: 100,
      period_start: periodStart,
      created_at: periodStart,
    })
    .execute();
  const writer = new WriteBatcher(db);
  repo = new ReservationsRepo(db, writer);
  processes = new ProcessRegistry(db, systemClock, { heartbeatMs: 1_000 });
  await processes.start();
  credits = new CreditsService({
    repo: new CreditsRepo(db, writer),
    reservations: repo,
    owner: processes.id,
    clock: systemClock,
  });
});
afterEach(async () => {
  await processes.stop();
  await close();
});

const balance = async () =>
  await db
    .selectFrom('accounts')
    .select(['credits', 'tts_words_used'])
    .where('id', '=', 'acc')
    .executeTakeFirstOrThrow();
const journalOwners = (dir: string) => [...journalFiles(dir).keys()];
const stateOf = async (id: string) =>
  (await db.selectFrom('reservations').select('state').where('id', '=', id).executeTakeFirst())?.state;
const reservation = (amount: number) => newReservation({ accountId: 'acc', amount, kind: 'text', reference: 'r' });

describe(`reservations as rows (${testDialect})`, () => {
  it('a reservation is a row with its owner; released once, whatever the number of attempts', async () => {
    const r = reservation(30);
    expect((await credits.reserve(r)).ok).toBe(true);
    expect((await balance()).credits).toBe(70);
    expect(
      await db
        .selectFrom('reservations')
        .select(['state', 'owner', 'amount'])
        .where('id', '=', r.id)
        .executeTakeFirst(),
    ).toEqual({ state: 'reserved', owner: processes.id, amount: 30 });
    await Promise.all([credits.release(r), credits.release(r), credits.release(r)]);
    expect((await balance()).credits).toBe(100);
    expect(await stateOf(r.id)).toBe('released');
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason'])
      .where('account_id', '=', 'acc')
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: -30, reason: 'reserve:text' },
      { delta: 30, reason: 'refund:text' },
    ]);
  });

  it('settling gives back what the work did not use, once; a settled reservation cannot be released', async () => {
    const r = reservation(40);
    await credits.reserve(r);
    expect(await credits.settle(r, 12.2)).toBe(13);
    await credits.release(r);
    expect((await balance()).credits).toBe(100 - 13);
    expect(await stateOf(r.id)).toBe('settled');
  });

  it('with a journal, a settlement is answered before its commit, and the balance is read after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-settle-journal-'));
    try {
      const writer = new WriteBatcher(db);
      const journaled = new CreditsService({
        repo: new CreditsRepo(db, writer),
        reservations: repo,
        owner: processes.id,
        clock: systemClock,
        journal: new SettlementJournal(dir, processes.id),
      });
      const r = reservation(40);
      await journaled.reserve(r);
      await journaled.settleAfterAnswer(r, 12.2);
      expect(journalOwners(dir)).toEqual([processes.id]);
      // Read at once, the reservation may still be open: settled() waits for its commit.
      await journaled.settled('acc');
      expect(await stateOf(r.id)).toBe('settled');
      expect((await balance()).credits).toBe(100 - 13);
      await journaled.drain();
      expect(journalOwners(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('spend settles in the transaction that stores the result; if that transaction fails, the credits come back', async () => {
    const kept = reservation(10);
    const stored = await credits.spend(kept, async (settleIn) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('text_outputs')
          .values({
            account_id: 'acc',
            preset: 'p',
            text: 'done',
            model: 'm',
            request_id: kept.id,
            created_at: periodStart,
          })
          .execute();
        await settleIn(trx);
      });
      return { ok: true as const, value: 'done' };
    });
    expect(stored.ok).toBe(true);
    expect(await stateOf(kept.id)).toBe('settled');

    const lost = reservation(10);
    await expect(
      credits.spend(lost, async (settleIn) =>
        db.transaction().execute(async (trx) => {
          await settleIn(trx);
          throw new Error('the result could not be stored');
        }),
      ),
    ).rejects.toThrow('could not be stored');
    expect(await stateOf(lost.id)).toBe('released');
    expect((await balance()).credits).toBe(90);
  });

  it('a result cannot be stored against a reservation a sweeper already gave back', async () => {
    const r = reservation(5);
    await credits.reserve(r);
    await credits.release(r);
    await expect(
      db.transaction().execute((trx) => repo.settle(trx, r.id, 0, new Date().toISOString())),
    ).rejects.toBeInstanceOf(ReservationLostError);
  });

  it('after the billing period was reset, releasing gives nothing back on top of the new allowance', async () => {
    const r = reservation(25);
    await credits.reserve(r);
    await db
      .updateTable('accounts')
      .set({ credits: 100, period_start: new Date().toISOString() })
      .where('id', '=', 'acc')
      .execute();
    await credits.release(r);
    expect((await balance()).credits).toBe(100);
    expect(await stateOf(r.id)).toBe('released');
  });

  it('words: reserved under the plan limit, released back, settled words stay used', async () => {
    const spoken = { id: randomUUID(), accountId: 'acc', amount: 600, reference: 'speech-1' };
    const unfinished = { id: randomUUID(), accountId: 'acc', amount: 300, reference: 'speech-2' };
    expect((await credits.reserveWords(spoken, PLAN)).ok).toBe(true);
    expect((await credits.reserveWords(unfinished, PLAN)).ok).toBe(true);
    expect(
      (await credits.reserveWords({ id: randomUUID(), accountId: 'acc', amount: 101, reference: 'x' }, PLAN)).ok,
    ).toBe(false);
    await db.transaction().execute((trx) => credits.settleWordsIn(trx, spoken));
    await credits.release(unfinished);
    expect((await balance()).tts_words_used).toBe(600);
  });
});

describe(`the sweeper (${testDialect})`, () => {
  const deadProcess = async (overrides: { heartbeatAgoMs?: number; pid?: number; host?: string }) => {
    const id = randomUUID();
    const at = new Date(Date.now() - (overrides.heartbeatAgoMs ?? 0)).toISOString();
    await db
      .insertInto('service_processes')
      .values({ id, host: overrides.host ?? 'elsewhere', pid: overrides.pid ?? 1, started_at: at, heartbeat_at: at })
      .execute();
    return id;
  };
  const heldBy = async (owner: string, amount: number, unit: 'credits' | 'words' = 'credits') => {
    const id = randomUUID();
    if (unit === 'credits')
      await repo.reserveCredits({
        id,
        accountId: 'acc',
        unit,
        kind: 'chat',
        amount,
        reference: 'c',
        owner,
        at: new Date().toISOString(),
      });
    else
      await repo.reserveWords(
        { id, accountId: 'acc', unit, kind: 'tts', amount, reference: 's', owner, at: new Date().toISOString() },
        1_000,
      );
    return id;
  };

  it('releases what dead processes held and leaves the living alone', async () => {
    const sweeper = new ReservationSweeper({
      reservations: repo,
      processes,
      credits,
      clock: systemClock,
      everyMs: 60_000,
    });
    const silent = await deadProcess({ heartbeatAgoMs: 10_000, host: 'another-machine' });
    const alive = await deadProcess({ heartbeatAgoMs: 0, host: 'another-machine' });
    // On this machine, a pid that no longer runs is dead at once, whatever its heartbeat says.
    const gonePid = await deadProcess({
      heartbeatAgoMs: 0,
      host: (await import('node:os')).hostname(),
      pid: 2 ** 22 + 12_345,
    });
    const unknown = randomUUID();
    const mine = await heldBy(processes.id, 5);
    const ids = [
      await heldBy(silent, 10),
      await heldBy(alive, 20),
      await heldBy(gonePid, 30),
      await heldBy(unknown, 15),
      await heldBy(silent, 200, 'words'),
    ];
    expect(await balance()).toEqual({ credits: 100 - 5 - 10 - 20 - 30 - 15, tts_words_used: 200 });

    expect(await sweeper.sweep()).toBe(4);
    expect(await Promise.all(ids.map(stateOf))).toEqual(['released', 'reserved', 'released', 'released', 'released']);
    expect(await stateOf(mine)).toBe('reserved');
    expect(await balance()).toEqual({ credits: 100 - 5 - 20, tts_words_used: 0 });
    expect(await sweeper.sweep()).toBe(0);
  });

  it("settles from a dead process's journal what it answered, releases the rest, then deletes the journal", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-sweep-journal-'));
    try {
      const sweeper = new ReservationSweeper({
        reservations: repo,
        processes,
        credits,
        clock: systemClock,
        everyMs: 60_000,
        journalDir: dir,
      });
      const silent = await deadProcess({ heartbeatAgoMs: 60_000 });
      const answered = await heldBy(silent, 10);
      const unanswered = await heldBy(silent, 20);
      new SettlementJournal(dir, silent).record({ id: answered, unused: 3, at: new Date().toISOString() });
      const mine = await heldBy(processes.id, 5);
      new SettlementJournal(dir, processes.id).record({ id: mine, unused: 5, at: new Date().toISOString() });
      expect((await balance()).credits).toBe(100 - 10 - 20 - 5);

      expect(await sweeper.sweep()).toBe(2);
      expect([await stateOf(answered), await stateOf(unanswered), await stateOf(mine)]).toEqual([
        'settled',
        'released',
        'reserved',
      ]);
      // What the dead process answered for stays spent (7 of 10); the unanswered work is given back.
      expect((await balance()).credits).toBe(100 - 7 - 5);
      expect(journalOwners(dir)).toEqual([processes.id]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two sweepers at once give each reservation back once', async () => {
    const silent = await deadProcess({ heartbeatAgoMs: 60_000 });
    for (let i = 0; i < 10; i++) await heldBy(silent, 3);
    const other = new ProcessRegistry(db, systemClock, { heartbeatMs: 1_000 });
    await other.start();
    try {
      const sweepers = [processes, other].map(
        (p) =>
          new ReservationSweeper({ reservations: repo, processes: p, credits, clock: systemClock, everyMs: 60_000 }),
      );
      await Promise.all(sweepers.map((s) => s.sweep()));
      expect((await balance()).credits).toBe(100);
    } finally {
      await other.stop();
    }
  });
});
