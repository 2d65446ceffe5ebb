import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { dialectOf } from '../../storage/db/dialect.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import type { ProcessRegistry } from '../processes/process-registry.js';
import { CreditsRepo } from './credits.repo.js';
import { type CreditsObserver, CreditsService } from './credits.service.js';
import { ReservationSweeper, type SweepLog } from './reservation-sweeper.js';
import { ReservationsRepo } from './reservations.repo.js';
import { SettlementJournal } from './settlement-journal.js';

export interface CreditsModuleOptions {
  db: Db;
  writer: WriteBatcher;
  processes: ProcessRegistry;
  config: Pick<Config, 'dataDir' | 'reservations'>;
  clock: Clock;
  metrics: CreditsObserver | undefined;
  log: SweepLog;
}

/** Credits and the sweeper that gives back the reservations of dead processes. */
export function createCreditsModule({ db, writer, processes, config, clock, metrics, log }: CreditsModuleOptions) {
  const reservations = new ReservationsRepo(db, writer);
  // Only where every process that may sweep shares this folder: SQLite's processes are on one machine.
  const journalDir = dialectOf(db) === 'sqlite' ? join(config.dataDir, 'settlements') : undefined;
  const credits = new CreditsService({
    repo: new CreditsRepo(db, writer),
    reservations,
    owner: processes.id,
    clock,
    observer: metrics,
    journal: journalDir ? new SettlementJournal(journalDir, processes.id) : undefined,
  });
  const reservationSweeper = new ReservationSweeper({
    reservations,
    processes,
    credits,
    clock,
    everyMs: config.reservations.sweepMs,
    log,
    journalDir,
  });
  return { credits, reservationSweeper };
}
