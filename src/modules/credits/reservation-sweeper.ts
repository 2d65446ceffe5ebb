import type { Clock } from '../../shared/clock.js';
import type { ProcessRegistry } from '../processes/process-registry.js';
import type { CreditsService } from './credits.service.js';
import type { ReservationsRepo } from './reservations.repo.js';

/** Settled and released reservations are kept this long (to inspect), then deleted. */
const KEEP_FINISHED_MS = 3_600_000;

export interface SweepLog {
  warn(details: object, message: string): void;
}

/**
 * Gives back what a dead process had reserved. Work settles its reservation in the transaction that stores
 * its result, so a reservation still open when its owner is gone stands for work that left nothing: it
 * is released whole. Runs at start and then every `everyMs`; several processes may sweep at once (each
 * reservation is finished once, by a conditional UPDATE).
 */
export class ReservationSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly reservations: ReservationsRepo,
    private readonly processes: ProcessRegistry,
    private readonly credits: CreditsService,
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly log?: SweepLog,
  ) {}

  start(): void {
    const tick = () => {
      this.sweep().catch((error: unknown) => this.log?.warn({ err: error }, 'could not sweep reservations'));
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
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
    const orphans = await this.reservations.orphans(await this.processes.living());
    for (const orphan of orphans) await this.credits.release(orphan);
    if (orphans.length > 0)
      this.log?.warn({ released: orphans.length }, 'released reservations of processes that died');
    await this.reservations.purgeFinished(new Date(this.clock.now().getTime() - KEEP_FINISHED_MS).toISOString());
    return orphans.length;
  }
}
