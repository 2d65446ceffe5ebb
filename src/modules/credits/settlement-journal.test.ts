import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettlementJournal, journalFiles, readSettlements, removeFiles } from './settlement-journal.js';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'atelier-journal-')), 'settlements');
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const at = '2026-11-28T12:00:00.000Z';
const journalOwners = (folder: string) => [...journalFiles(folder).keys()];
const filesOf = (folder: string, owner: string) => journalFiles(folder).get(owner) ?? [];
const readJournal = (folder: string, owner: string) => readSettlements(filesOf(folder, owner));

describe('the settlement journal', () => {
  it('keeps what is not committed where a sweeper reads it, and skips a line a crash cut short', () => {
    const journal = new SettlementJournal(dir, 'owner-a');
    journal.record({ id: 'r1', unused: 3, at });
    journal.record({ id: 'r2', unused: 0, at });
    writeFileSync(join(dir, 'owner-a.0.jsonl'), '{"id":"r3","unus', { flag: 'a' });
    expect(journalOwners(dir)).toEqual(['owner-a']);
    expect([...readJournal(dir, 'owner-a').values()]).toEqual([
      { id: 'r1', unused: 3, at },
      { id: 'r2', unused: 0, at },
    ]);
    expect(readJournal(dir, 'owner-b').size).toBe(0);
    removeFiles(filesOf(dir, 'owner-a'));
    expect(journalOwners(dir)).toEqual([]);
  });

  it('starts a new file every 4,096 lines and deletes an old one once all of its settlements are committed', () => {
    const journal = new SettlementJournal(dir, 'owner-a');
    const segments = Array.from({ length: 4_100 }, (_, i) => journal.record({ id: `r${i}`, unused: 1, at }));
    expect(segments[4_095]).toBe(0);
    expect(segments[4_096]).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['owner-a.0.jsonl', 'owner-a.1.jsonl']);
    for (const segment of segments.slice(0, 4_095)) journal.committed(segment);
    expect(readdirSync(dir)).toHaveLength(2);
    journal.committed(0);
    expect(readdirSync(dir)).toEqual(['owner-a.1.jsonl']);
    expect(readJournal(dir, 'owner-a').size).toBe(4);
    // The file being written stays until a graceful stop with nothing left to commit.
    for (const segment of segments.slice(4_096)) journal.committed(segment);
    expect(readdirSync(dir)).toEqual(['owner-a.1.jsonl']);
    journal.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the file at a stop while a settlement is still not committed', () => {
    const journal = new SettlementJournal(dir, 'owner-a');
    journal.record({ id: 'r1', unused: 3, at });
    journal.close();
    expect(readJournal(dir, 'owner-a').get('r1')).toEqual({ id: 'r1', unused: 3, at });
  });
});
