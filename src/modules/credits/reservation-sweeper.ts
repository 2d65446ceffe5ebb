import type { Clock } from '../../shared/clock.js';
import type { ProcessRegistry } from '../processes/process-registry.js';
import type { CreditsService } from './credits.service.js';
import type { ReservationsRepo } from './reservations.repo.js';
import { type JournaledSettlement, journalFiles, readSettlements, removeFiles } from './settlement-journal.js';

/** Settled and released reservations are kept this long (to inspect), then deleted. */
const KEEP_FINISHED_MS = 3_600_000;
/** Open reservations of dead processes finished in one pass; the rest in the next. */
const ORPHANS_PER_PASS = 500;

export interface SweepLog {
  warn(details: object, message: string): void;
}

export interface ReservationSweeperOptions {
  reservations: ReservationsRepo;
  processes: ProcessRegistry;
  credits: CreditsService;
  clock: Clock;
  everyMs: number;
  log?: SweepLog;
  journalDir?: string;
}

/**
 * Gives back what a dead process had reserved. Work settles its reservation in the transaction that stores
 * its result, so a reservation still open when its owner is gone stands for work that left nothing: it
 * is released whole. The exception is work answered before its settlement was committed: the owner's
 * settlement journal (in `journalDir`) says what of it to give back. Runs at start and then every
 * `everyMs`; several processes may sweep at once (each reservation is finished once, by a conditional
 * UPDATE).
 */
export class ReservationSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly deps: ReservationSweeperOptions) {}

  start(): void {
    const tick = () => {
      this.sweep().catch((error: unknown) => this.deps.log?.warn({ err: error }, 'could not sweep reservations'));
    };
    tick();
    this.timer = setInterval(tick, this.deps.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass; returns how many reservations it released. Passes never overlap. */
  sweep(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    // Listed before the living are read: a process registers before it writes a journal, so one whose
    // journal is listed and that is not among the living is dead.
    const journals = this.deps.journalDir ? journalFiles(this.deps.journalDir) : new Map<string, string[]>();
    const living = await this.deps.processes.living();
    const dead = [...journals].flatMap(([owner, files]) => (living.has(owner) ? [] : files));
    const orphans = await this.deps.reservations.orphans(living, ORPHANS_PER_PASS);
    // Reservation ids are unique, so the dead owners' journals can be read as one.
    const answered = orphans.length > 0 ? readSettlements(dead) : new Map<string, JournaledSettlement>();
    let settled = 0;
    for (const orphan of orphans) {
      const settlement = answered.get(orphan.id);
      if (settlement) settled += 1;
      await (settlement
        ? this.deps.credits.applySettlement(orphan.kind, settlement)
        : this.deps.credits.release(orphan));
    }
    if (orphans.length > 0)
      this.deps.log?.warn(
        { released: orphans.length - settled, settled },
        'finished reservations of processes that died (settled: answered, from their journal)',
      );
    // Every open reservation of the dead was finished (there were fewer than a pass takes): their journals go.
    if (orphans.length < ORPHANS_PER_PASS) removeFiles(dead);
    await this.deps.reservations.purgeFinished(
      new Date(this.deps.clock.now().getTime() - KEEP_FINISHED_MS).toISOString(),
    );
    return orphans.length;
  }
}
