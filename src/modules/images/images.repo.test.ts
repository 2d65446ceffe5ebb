import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import type { Db } from '../../storage/db/database.js';
import { ImagesRepo, type NewImageRow } from './images.repo.js';

let db: Db;
let close: () => Promise<void>;
let repo: ImagesRepo;

const now = new Date().toISOString();
const account = (id: string) => ({
  id,
  email: `${id}@example.test`,
  plan: 'pro',
  credits: 0,
  period_start: now,
  created_at: now,
});

/** Every column a different value, so that a column read into another's place shows. */
const image = (accountId: string, n: number): NewImageRow => ({
  account_id: accountId,
  prompt: `prompt ${n}`,
  style: `style ${n}`,
  artist: `artist ${n}`,
  requested_model: `requested ${n}`,
  model: `model ${n}`,
  engine: `engine ${n}`,
  width: 100 + n,
  height: 200 + n,
  hd: 1,
  seed: 300 + n,
  reference_url: `https://example.test/${n}.png`,
  action: `action ${n}`,
  edit_model: `edit model ${n}`,
  status: 'failed',
  error: `error ${n}`,
  blob_key: `images/${n}.png`,
  warnings: `["warning ${n}"]`,
  credits: 400 + n,
  created_at: `2026-01-0${n}T00:00:00.000Z`,
  updated_at: `2026-02-0${n}T00:00:00.000Z`,
});

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  repo = new ImagesRepo(db);
  await db
    .insertInto('accounts')
    .values([account('owner'), account('other')])
    .execute();
});
afterAll(async () => close());

describe(`ImagesRepo.findOwned (${testDialect})`, () => {
  it('reads every column a record shows, each in its place, and nothing else', async () => {
    const [id] = await repo.insert([image('owner', 1)], db);
    const row = await db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    const { account_id, seed, reference_url, updated_at, ...shown } = row;
    expect(await repo.findOwned('owner', row.id)).toEqual(shown);
    expect(Object.keys((await repo.findOwned('owner', row.id)) ?? {}).sort()).toEqual(Object.keys(shown).sort());
  });

  it("finds neither another account's image nor a missing one", async () => {
    const [id] = await repo.insert([image('owner', 2)], db);
    expect(await repo.findOwned('other', id ?? 0)).toBeUndefined();
    expect(await repo.findOwned('owner', (id ?? 0) + 1000)).toBeUndefined();
  });

  it('never sees an image of a transaction that is still open, and so one that is rolled back', async () => {
    let inserted: (id: number) => void = () => undefined;
    const insertedId = new Promise<number>((resolve) => {
      inserted = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        const [id] = await repo.insert([image('owner', 3)], trx);
        inserted(id ?? 0);
        await held;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const id = await insertedId;
    // On SQLite the transaction runs on the connection the read would use: the read must wait for its end.
    const reading = repo.findOwned('owner', id);
    release();
    await transaction;
    expect(await reading).toBeUndefined();
  });
});
