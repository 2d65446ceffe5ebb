import { hostname } from 'node:os';
import { type Clock, millisNow, systemClock } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { isProcessRunning } from '../../shared/process-alive.js';
import type { Db } from '../../storage/db/database.js';
import type { ServiceProcessRow } from '../../storage/db/schema.js';

export interface ProcessRegistryOptions {
  heartbeatMs: number;
  /** This machine's name and the process's id: how a restarted process recognises its dead predecessors at once. */
  host?: string;
  pid?: number;
  /** Whether a process with this id runs on this machine (process.kill(pid, 0)). */
  isRunning?: (pid: number) => boolean;
}

/** A process that has missed this many heartbeats counts as dead. */
const MISSED_BEATS = 3;
/** Rows of processes dead this long are forgotten (their work was swept long before). */
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * The service processes sharing one database, each with a heartbeat. Work that outlives a request's
 * promise (reservations) names its process as owner; when that process is dead the work can be swept.
 */
export class ProcessRegistry {
  readonly id = newId();
  private readonly host: string;
  private readonly pid: number;
  private readonly isRunning: (pid: number) => boolean;
  /** When the operating system process started (real time, whatever the clock): tells incarnations of one pid apart. */
  private readonly startedAt = new Date(Math.round(millisNow(systemClock) - process.uptime() * 1000));
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: ProcessRegistryOptions,
  ) {
    this.host = options.host ?? hostname();
    this.pid = options.pid ?? process.pid;
    this.isRunning = options.isRunning ?? isProcessRunning;
  }

  /** Registers this process and keeps its heartbeat going until stop(). */
  async start(): Promise<void> {
    await this.db
      .insertInto('service_processes')
      .values({
        id: this.id,
        host: this.host,
        pid: this.pid,
        started_at: this.startedAt.toISOString(),
        heartbeat_at: this.clock.now().toISOString(),
      })
      .execute();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), this.options.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.db.deleteFrom('service_processes').where('id', '=', this.id).execute();
  }

  async beat(): Promise<void> {
    await this.db
      .updateTable('service_processes')
      .set({ heartbeat_at: this.clock.now().toISOString() })
      .where('id', '=', this.id)
      .execute();
  }

  /**
   * The processes alive now. On this machine, a process by that id still running (and not an earlier one of this
   * process's pid), whatever its heartbeat: another program holding the database's write lock for a minute stops
   * every heartbeat, and must not make live processes' work look abandoned. Elsewhere, a recent heartbeat.
   */
  async living(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('service_processes').selectAll().execute();
    const now = this.clock.now().getTime();
    const alive = new Set<string>([this.id]);
    const forgotten: string[] = [];
    for (const row of rows) {
      if (row.id === this.id) continue;
      const silentFor = now - new Date(row.heartbeat_at).getTime();
      if (silentFor > FORGET_AFTER_MS) forgotten.push(row.id);
      else if (row.host === this.host ? !this.diedHere(row) : silentFor <= MISSED_BEATS * this.options.heartbeatMs)
        alive.add(row.id);
    }
    if (forgotten.length > 0) await this.db.deleteFrom('service_processes').where('id', 'in', forgotten).execute();
    return alive;
  }

  /**
   * A process on this machine whose pid no longer runs is dead, whatever its last heartbeat said; so is an
   * earlier process with this process's own pid (a restarted container's pid 1). Apps in this very process
   * (tests run several) share its start time and are alive.
   */
  private diedHere(row: ServiceProcessRow): boolean {
    if (row.host !== this.host) return false;
    if (row.pid === this.pid) return new Date(row.started_at).getTime() < this.startedAt.getTime() - 1_000;
    return !this.isRunning(row.pid);
  }
}
