import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A settlement decided and answered but maybe not yet committed: the reservation and what of it comes back. */
export interface JournaledSettlement {
  id: string;
  unused: number;
  at: string;
}

/** Lines per segment file: a segment is deleted once every settlement it records is committed. */
const SEGMENT_LINES = 4_096;
const SEGMENT = /^(.+)\.(\d+)\.jsonl$/;

/**
 * Settlements that are answered before they are committed (a chat completion is sent, then its reservation
 * is settled by the next batch): each is appended here first, one line with a plain write(), so that it
 * outlives a kill -9 of the process as surely as a SQLite commit does (synchronous = NORMAL: neither is
 * synced to disk). A sweeper that finds the process dead settles its still open reservations from these
 * lines instead of giving them back whole. One file per owner (process) and segment; a segment goes as
 * soon as all of its settlements are committed, so the files stay small under any load.
 */
export class SettlementJournal {
  private fd: number | undefined;
  private segment = 0;
  private lines = 0;
  /** Uncommitted settlements by segment. */
  private readonly pending = new Map<number, number>();

  constructor(
    private readonly dir: string,
    private readonly owner: string,
  ) {}

  /** Appends the settlement; returns the segment to hand to committed() once its commit is done. */
  record(settlement: JournaledSettlement): number {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.fd = openSync(this.path(this.segment), 'a', 0o600);
    }
    writeSync(this.fd, `${JSON.stringify(settlement)}\n`);
    const segment = this.segment;
    this.pending.set(segment, (this.pending.get(segment) ?? 0) + 1);
    if (++this.lines >= SEGMENT_LINES) this.nextSegment();
    return segment;
  }

  committed(segment: number): void {
    const left = (this.pending.get(segment) ?? 1) - 1;
    if (left > 0) {
      this.pending.set(segment, left);
      return;
    }
    this.pending.delete(segment);
    if (segment !== this.segment) unlinkQuietly(this.path(segment));
  }

  /** At a graceful stop, once every settlement is committed: the files go. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.pending.size === 0) unlinkQuietly(this.path(this.segment));
  }

  private nextSegment(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (!this.pending.has(this.segment)) unlinkQuietly(this.path(this.segment));
    this.segment += 1;
    this.lines = 0;
  }

  private path(segment: number): string {
    return join(this.dir, `${this.owner}.${segment}.jsonl`);
  }
}

/** The journal files in `dir` (full paths), by owner: listed once per sweep. */
export function journalFiles(dir: string): Map<string, string[]> {
  const byOwner = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return byOwner;
  }
  for (const name of names) {
    const owner = SEGMENT.exec(name)?.[1];
    if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), join(dir, name)]);
  }
  return byOwner;
}

/**
 * What journal files (a dead owner's) record, by reservation id. A line cut short, which only a crash in the
 * middle of a write could leave, is skipped: its answer was never sent.
 */
export function readSettlements(files: readonly string[]): Map<string, JournaledSettlement> {
  const found = new Map<string, JournaledSettlement>();
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const settlement = parseLine(line);
      if (settlement) found.set(settlement.id, settlement);
    }
  }
  return found;
}

/** Deletes journal files (a dead owner's, once none of its reservations is open any more). */
export function removeFiles(files: readonly string[]): void {
  for (const file of files) unlinkQuietly(file);
}

function parseLine(line: string): JournaledSettlement | undefined {
  if (!line) return undefined;
  try {
    const value = JSON.parse(line) as Partial<JournaledSettlement>;
    const { id, unused, at } = value;
    if (typeof id === 'string' && Number.isInteger(unused) && typeof at === 'string')
      return { id, unused: unused as number, at };
  } catch {
    // cut short by a crash
  }
  return undefined;
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
