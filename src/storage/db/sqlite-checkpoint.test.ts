import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/helpers/test-database.js';
import { SqliteWriter } from './sqlite-writer.js';
import { CONNECTION_PRAGMAS } from './sqlite-writer-protocol.js';

let folder: string;
let file: string;
const writers: SqliteWriter[] = [];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-checkpoint-'));
  file = join(folder, 'atelier.db');
  const setup = new SqliteDatabase(file);
  for (const pragma of CONNECTION_PRAGMAS) setup.pragma(pragma);
  setup.exec('create table notes (id integer primary key, body text not null)');
  setup.close();
});

afterEach(async () => {
  await Promise.all(writers.splice(0).map((writer) => writer.close()));
  rmSync(folder, { recursive: true, force: true });
});

function writer(checkpointEveryWrites: number): SqliteWriter {
  const local = new SqliteDatabase(file);
  for (const pragma of CONNECTION_PRAGMAS) local.pragma(pragma);
  const opened = new SqliteWriter({ file }, 5_000, local, 250, checkpointEveryWrites);
  writers.push(opened);
  return opened;
}

const BODY = 'b'.repeat(1_500);
const walBytes = () => statSync(`${file}-wal`).size;

/**
 * `count` commits of a note each, at about the pace of a busy server (5,000 a second: a millisecond's pause every
 * five), whose event loop does other work between its writes.
 */
async function writeNotes(into: SqliteWriter, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await into.run('insert into notes (body) values (?)', [BODY]);
    if (i % 5 === 4) await sleep(1);
  }
}

describe.runIf(testDialect === 'sqlite')('WAL checkpoints', () => {
  it('are left by the commits of the event loop to the writer thread, whose checkpoints let the WAL start over', async () => {
    const mine = writer(200);
    await writeNotes(mine, 400);
    // The thread starts at the first checkpoint asked for; from its first answer the WAL no longer grows.
    for (let waited = 0; mine.checkpointsAnswered === 0 && waited < 10_000; waited += 10) await sleep(10);
    expect(mine.checkpointsAnswered).toBeGreaterThan(0);
    const before = walBytes();
    await writeNotes(mine, 6_000);
    // 6,000 commits of a page or more each are over 24 MB of WAL; started over, it stays near its first size (a
    // checkpoint costs a few hundred frames; the bound leaves room for a thread kept waiting on a busy machine).
    expect(walBytes() - before).toBeLessThan(12 * 1024 * 1024);
    expect(mine.checkpointsAnswered).toBeGreaterThan(5);

    const reader = new SqliteDatabase(file, { readonly: true });
    expect(reader.prepare('select count(*) as n from notes').get()).toEqual({ n: 6_400 });
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    reader.close();
  });

  it('never run in a commit of the event loop below ten times the WAL SQLite keeps by default', async () => {
    // The thread never asked: the event loop's commits alone would checkpoint at SQLite's default of 1,000 pages.
    const mine = writer(Number.POSITIVE_INFINITY);
    await writeNotes(mine, 6_000);
    expect(mine.checkpointsAnswered).toBe(0);
    expect(walBytes()).toBeGreaterThan(6_000 * 4096);
  });
});
