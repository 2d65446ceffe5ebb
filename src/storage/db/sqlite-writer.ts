import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { monotonicMs } from '../../shared/clock.js';
import { compiledModuleUrl } from '../../shared/untrusted/compiled-module-url.js';
import { statementCache } from './statement-cache.js';
import type { WriterReply, WriterRequest, WriterSettings } from './sqlite-writer-protocol.js';

/** What a statement run by the writer answered. */
export interface WriteResult {
  rows: unknown[];
  changes: number;
  lastInsertRowid: number | bigint;
  /** Whether the statement returns rows (a SELECT, or a write with RETURNING). */
  reader: boolean;
}

/** A transaction the writer holds for one caller, from BEGIN IMMEDIATE to its commit or rollback. */
export interface WriterTransaction {
  run(sql: string, parameters: readonly unknown[]): Promise<WriteResult>;
  commit(): Promise<void>;
  /** Safe to call after a failed commit or twice: only the first end counts. */
  rollback(): Promise<void>;
}

/** Pass it a Request without its id: the writer numbers them. */
type Ask = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Call {
  resolve: (result: WriteResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Every write of a process, one caller at a time in the order they asked (a transaction holds the writer from begin
 * to its end), so that another process's write lock (a backup, the CLI, a long transaction) never stops the event
 * loop, whose reads keep going on the process's reading connection (WAL readers never wait for a writer):
 * - while the lock is free, on `local`, a connection of this thread that never waits: a statement or BEGIN IMMEDIATE
 *   that finds the lock taken fails at once having done nothing;
 * - then on the writer thread, whose connection waits for the lock in SQLite's busy wait, which sleeps in that
 *   thread, not in the event loop; the statement or whole transaction runs there.
 * Handing every write to the thread cost more than it saved: a write is a few tens of microseconds of SQLite, a
 * round trip to another thread as much when the machine is idle and a scheduler's time slice when it is busy.
 *
 * A caller waits at most `waitMs` from when it asked, queueing included; past that the write fails with SQLITE_BUSY
 * having done nothing (storageFaultError makes that a 503 with Retry-After).
 *
 * Commits here never copy the WAL into the database file: that checkpoint (two fsyncs and up to a thousand pages,
 * 4 ms on average here, every 200 or so commits) stopped the event loop and every request in it. Every
 * CHECKPOINT_EVERY_WRITES statements written here, the thread is asked to checkpoint (sqlite-writer-worker.ts).
 */
export class SqliteWriter {
  private worker: Worker | undefined;
  /** Which thread a transaction began on: one that began on a thread since gone must not run on the next. */
  private generation = 0;
  private readonly calls = new Map<number, Call>();
  private nextId = 0;
  private held = false;
  private readonly queue: (() => void)[] = [];
  private closed = false;

  private readonly here: LocalConnection;
  private checkpointing = false;
  /** Checkpoints the thread has answered (done or failed): tests read it. */
  checkpointsAnswered = 0;

  constructor(
    private readonly settings: WriterSettings,
    readonly waitMs: number,
    local: SqliteDatabase.Database,
    localPatienceMs = LOCAL_PATIENCE_MS,
    checkpointEveryWrites = CHECKPOINT_EVERY_WRITES,
  ) {
    this.here = new LocalConnection(local, localPatienceMs, checkpointEveryWrites, () => this.checkpointSoon());
  }

  /** One statement on its own (SQLite's autocommit), after the writes asked for before it. */
  async run(sql: string, parameters: readonly unknown[]): Promise<WriteResult> {
    const deadline = monotonicMs() + this.waitMs;
    await this.take();
    try {
      const work = () => this.here.run(sql, parameters);
      let done = this.here.attempt(work);
      if (done === BUSY) done = await this.here.patiently(work, deadline);
      if (done !== BUSY) return done;
      return await this.ask({ op: 'run', sql, parameters, waitMs: deadline - monotonicMs() });
    } finally {
      this.give();
    }
  }

  /** Opens a transaction that holds the write lock from its start; the writer is the caller's until it ends. */
  async begin(): Promise<WriterTransaction> {
    const deadline = monotonicMs() + this.waitMs;
    await this.take();
    try {
      const begin = () => this.here.begin();
      if (this.here.attempt(begin) !== BUSY || (await this.here.patiently(begin, deadline)) !== BUSY)
        return this.localTransaction();
      await this.ask({ op: 'begin', waitMs: deadline - monotonicMs() });
    } catch (error) {
      this.give();
      throw error;
    }
    const generation = this.generation;
    let ended = false;
    const end = async (op: 'commit' | 'rollback') => {
      if (ended) return;
      try {
        await this.ask({ op });
      } catch (error) {
        if (op === 'commit') await this.ask({ op: 'rollback' }).catch(() => undefined);
        throw error;
      } finally {
        ended = true;
        this.give();
      }
    };
    return {
      run: (sql, parameters) => {
        if (ended || generation !== this.generation)
          return Promise.reject(new Error('the transaction has ended: its writer thread stopped'));
        return this.ask({ op: 'run', sql, parameters, waitMs: 0 });
      },
      commit: () => end('commit'),
      rollback: () => end('rollback'),
    };
  }

  private localTransaction(): WriterTransaction {
    let ended = false;
    const end = (op: 'commit' | 'rollback') => {
      if (ended) return Promise.resolve();
      try {
        if (op === 'commit') this.here.commit();
        else this.here.rollback();
        return Promise.resolve();
      } catch (error) {
        if (op === 'commit') this.here.rollback();
        return Promise.reject(error);
      } finally {
        ended = true;
        this.give();
      }
    };
    return {
      run: (sql, parameters) => {
        if (ended) return Promise.reject(new Error('the transaction has ended'));
        try {
          return Promise.resolve(this.here.run(sql, parameters));
        } catch (error) {
          return Promise.reject(error);
        }
      },
      commit: () => end('commit'),
      rollback: () => end('rollback'),
    };
  }

  /**
   * The writer's connection in this thread while no write is under way or waiting: a read there sees only committed
   * rows and keeps the page cache this process's writes left (sqlite-reads.ts). Undefined while the writer is held.
   */
  idleConnection(): SqliteDatabase.Database | undefined {
    return this.held || this.closed ? undefined : this.here.sqlite;
  }

  /** One checkpoint at a time: the writes that come meanwhile are in the WAL it or the next one copies. */
  private checkpointSoon(): void {
    if (this.checkpointing || this.closed) return;
    this.checkpointing = true;
    this.ask({ op: 'checkpoint' })
      .catch(() => undefined)
      .finally(() => {
        this.checkpointing = false;
        this.checkpointsAnswered++;
      });
  }

  /** Waits for the writes under way, then closes the connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.take();
    this.closed = true;
    this.here.close();
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await this.ask({ op: 'close' }).catch(() => worker.terminate());
    await exited;
  }

  private take(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }

  private ask(request: Ask): Promise<WriteResult> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<WriteResult>((resolve, reject) => {
      // The thread keeps the process alive only while it owes an answer: a command that forgets to close the
      // database still exits, and none exits between a write and its answer.
      if (this.calls.size === 0) worker.ref();
      this.calls.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies WriterRequest);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(compiledModuleUrl('storage/db/sqlite-writer-worker.js'), {
      workerData: this.settings,
    });
    worker.unref();
    worker.on('message', (reply: WriterReply) => this.answer(worker, reply));
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the database writer thread stopped (exit ${code})`)));
    this.worker = worker;
    this.generation++;
    return worker;
  }

  private answer(worker: Worker, reply: WriterReply): void {
    const call = this.calls.get(reply.id);
    if (!call) return;
    this.calls.delete(reply.id);
    if (this.calls.size === 0) worker.unref();
    if (reply.ok) call.resolve({ ...reply, rows: reply.rows.map(withBuffers) });
    else call.reject(Object.assign(new Error(reply.message), { code: reply.code }));
  }

  /** A thread that stopped owes its answers: each fails, and the next write starts a new thread. */
  private stopped(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const call of this.calls.values()) call.reject(error);
    this.calls.clear();
  }
}

const BUSY = Symbol('busy');
/** How long a write keeps asking for the lock on this thread's connection before the writer thread waits for it. */
const LOCAL_PATIENCE_MS = 250;
/**
 * Pauses between a local write's attempts at a lock another holds: first an event-loop turn (the commit of another
 * process takes tens of microseconds), then a millisecond at a time through a checkpoint's tail, then longer ones
 * that ask less often while a backup or a long transaction holds it. Doubling from 1 ms made the writes that met a
 * 3 ms hold wait 7.
 */
const RETRY_PAUSES_MS = [0, 0, 1, 1, 1, 1, 2, 4, 8, 16] as const;
/** About SQLite's own checkpoint interval (1,000 pages): a write statement here adds one to two pages to the WAL. */
const CHECKPOINT_EVERY_WRITES = 800;
/**
 * Should the thread's checkpoints fail for long (it cannot start, a reader holds an old snapshot), commits here
 * checkpoint as SQLite does by default, past ten times its usual WAL, rather than let the WAL grow without end.
 */
const LOCAL_AUTOCHECKPOINT_PAGES = 10_000;

/** The writer's connection in this thread: it never waits for the lock (busy_timeout 0), so it never stops the event loop. */
class LocalConnection {
  private readonly prepared: (sql: string) => SqliteDatabase.Statement;
  private readonly beginStatement: SqliteDatabase.Statement;
  private readonly commitStatement: SqliteDatabase.Statement;
  private readonly rollbackStatement: SqliteDatabase.Statement;

  private writes = 0;

  constructor(
    readonly sqlite: SqliteDatabase.Database,
    private readonly patienceMs: number,
    private readonly checkpointEveryWrites: number,
    private readonly checkpointSoon: () => void,
  ) {
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma(`wal_autocheckpoint = ${LOCAL_AUTOCHECKPOINT_PAGES}`);
    this.prepared = statementCache(sqlite);
    this.beginStatement = sqlite.prepare('begin immediate');
    this.commitStatement = sqlite.prepare('commit');
    this.rollbackStatement = sqlite.prepare('rollback');
  }

  /**
   * `work` tried again after the pauses of RETRY_PAUSES_MS, in which the event loop serves its other requests, for at
   * most its patience (LOCAL_PATIENCE_MS unless a test says otherwise), never past `deadline`; BUSY if the lock stayed
   * taken. The other processes of a cluster hold the lock for a commit's length, the writer thread for the tail of a
   * checkpoint (two syncs of the file): waiting here keeps the write on this connection. Handing it to the thread at
   * once cost a third of POST /api/generate's throughput with two HTTP processes (4,768 against 7,471 requests/s),
   * since the thread's transaction holds the lock across event-loop turns, which the other process then waits out.
   */
  async patiently<T>(work: () => T, deadline: number): Promise<T | typeof BUSY> {
    const until = Math.min(deadline, monotonicMs() + this.patienceMs);
    for (let attempt = 0; ; attempt++) {
      const done = this.attempt(work);
      const pause = RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)] ?? 16;
      if (done !== BUSY || monotonicMs() + pause > until) return done;
      await (pause === 0 ? new Promise(setImmediate) : sleep(pause));
    }
  }

  /** `work`'s answer, or BUSY when it found the write lock taken (and so did nothing). */
  attempt<T>(work: () => T): T | typeof BUSY {
    try {
      return work();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return BUSY;
      throw error;
    }
  }

  /** Counts every statement as a write: the reads of a transaction are few, and a write with RETURNING is a reader. */
  run(sql: string, parameters: readonly unknown[]): WriteResult {
    if (++this.writes >= this.checkpointEveryWrites) {
      this.writes = 0;
      this.checkpointSoon();
    }
    const statement = this.prepared(sql);
    if (statement.reader) return { rows: statement.all(...parameters), changes: 0, lastInsertRowid: 0, reader: true };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], changes, lastInsertRowid, reader: false };
  }

  begin(): void {
    this.beginStatement.run();
  }

  commit(): void {
    this.commitStatement.run();
  }

  /** SQLite ends a transaction itself on some errors (a full disk): then there is nothing to roll back. */
  rollback(): void {
    if (this.sqlite.inTransaction) this.rollbackStatement.run();
  }

  close(): void {
    this.sqlite.close();
  }
}

/** A BLOB crosses threads as a plain Uint8Array; the code reads BLOB columns as Buffers, as better-sqlite3 gives them. */
function withBuffers(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row;
  const values = row as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      values[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return row;
}
