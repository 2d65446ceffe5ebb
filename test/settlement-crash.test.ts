import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTestEnv, sweptReservations } from './helpers/crash-env.js';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type RunningService, atelier, startService } from './helpers/processes.js';
import { testDialect } from './helpers/test-database.js';

/**
 * A chat completion is answered before its reservation is settled in the database; the settlement is in the
 * process's journal first. Here the commit cannot happen (the test holds SQLite's write lock), the answer
 * still comes, and the commit follows once the lock is free; after a kill -9 between an answer and its commit
 * and a restart, the account has paid exactly what the answers said.
 * SQLite only: on PostgreSQL the settlement is committed before the answer.
 */
const dir = mkdtempSync(join(tmpdir(), 'atelier-settlement-crash-'));
const dataDir = join(dir, 'data');
let upstream: FakeUpstream;
let env: Record<string, string>;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  env = {
    ...crashTestEnv(dataDir, upstream.baseUrl),
    // A credit a token: the charge is the answer's total_tokens.
    ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
    // Nothing but the settlement may write while the test holds the lock: a heartbeat, a sweep or a job
    // worker's poll would wait for it with the event loop blocked. The restarted service sweeps at start.
    ATELIER_ROLE: 'api',
    ATELIER_PROCESS_HEARTBEAT_MS: '60000',
    ATELIER_RESERVATION_SWEEP_MS: '60000',
  };
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

describe.skipIf(testDialect !== 'sqlite')('kill -9 between a chat answer and its settlement', () => {
  it('answers before the commit, and the restarted service charges exactly what was answered', async () => {
    const created = JSON.parse(
      (await atelier(['accounts', 'create', '--email', 'journal@example.test', '--credits', '1000'], env)).stdout,
    ) as { api_key: string };
    const headers = { 'x-api-key': created.api_key, 'content-type': 'application/json' };
    const balance = async (service: RunningService) =>
      ((await (await fetch(`${service.baseUrl}/api/account`, { headers })).json()) as { credits: { balance: number } })
        .credits.balance;
    // Each call of the provider waits for its own release, so the test takes SQLite's write lock while the
    // chat's reservation is open and before its answer is settled.
    const releases: (() => void)[] = [];
    upstream.handle(async (_call, res) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      replyJson(res, 200, chatCompletion('Bees like a sheltered roof.'));
    });
    const settlements = () => readdirSync(join(dataDir, 'settlements'));

    const service = await startService(env);
    const file = new Database(join(dataDir, 'atelier.db'));
    let restarted: RunningService | undefined;
    try {
      const open = file.prepare("select count(*) as n from reservations where state = 'reserved'").pluck();
      /** Asks for a completion and takes the write lock once the provider has it: returns the answer to come. */
      const answeredUnderLock = async (calls: number) => {
        const answer = fetch(`${service.baseUrl}/v1/chat/completions`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: 'small-model', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] }),
        });
        await until(() => releases.length === calls && open.get() === 1, 10_000);
        expect(open.get()).toBe(1);
        // From here the service cannot commit anything.
        file.exec('begin immediate');
        releases[calls - 1]?.();
        const res = await answer;
        expect(res.status).toBe(200);
        expect(((await res.json()) as { usage: { total_tokens: number } }).usage.total_tokens).toBe(30);
        // Answered with the settlement in the journal and not in the database.
        expect(open.get()).toBe(1);
        expect(settlements()).toHaveLength(1);
      };
      const before = await balance(service);

      // The commit comes after the answer: had the answer waited for it, the service would have given the commit
      // up (its retries all finding the lock taken) before answering, and nothing would commit once it is free.
      await answeredUnderLock(1);
      file.exec('rollback');
      await until(() => open.get() === 0, 20_000);
      expect(open.get(), 'the reservation is settled once the lock is free, after the answer').toBe(0);
      expect(await balance(service)).toBe(before - 30);

      // Then a kill -9 between an answer and its commit: the journal is all that is left of the settlement.
      await answeredUnderLock(2);
      service.child.kill('SIGKILL');
      await service.stop();
      file.exec('rollback');

      restarted = await startService(env);
      const after = restarted;
      await until(async () => (await balance(after)) === before - 60, 20_000);
      expect(await balance(after)).toBe(before - 60);
      expect(open.get()).toBe(0);
      expect(sweptReservations(after.output())).toEqual([{ released: 0, settled: 1 }]);
      await until(() => settlements().length === 0, 20_000);
      expect(settlements()).toEqual([]);
    } finally {
      file.close();
      await restarted?.stop();
      if (service.child.exitCode === null) await service.stop();
    }
  }, 90_000);
});
