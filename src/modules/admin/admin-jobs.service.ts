import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { AppError, type Outcome, fail, ok } from '../../shared/errors.js';
import type { Db } from '../../storage/db/database.js';
import type { JobRow, JobStatus } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { RecordCredits, RecordNotices, TargetRecord } from '../../jobs/record-kind.js';
import { type JobTarget, type TargetedKind, jobTargets, targetName } from './admin-job-targets.js';
import type { AdminJobsRepo } from './admin-jobs.repo.js';
import type { AuditService } from './audit.service.js';

export const CANCEL_REASON = 'Cancelled by an administrator';

export interface JobSummaryRow {
  kind: string;
  status: JobStatus;
  jobs: number;
  oldest_created_at: string;
  oldest_age_seconds: number;
}

export interface AdminJobView {
  id: string;
  kind: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: string;
  created_at: string;
  updated_at: string;
  /** `image:12`, `transcription:<uuid>`...; null for jobs that make no record. */
  target: string | null;
  account_email: string | null;
}

export interface AdminJobsDeps {
  db: Db;
  repo: AdminJobsRepo;
  /** Every kind of record made by jobs (RECORD_KINDS): what a job's payload names, and how it is given up or reopened. */
  recordKinds: readonly TargetedKind[];
  /** Where a cancelled record's credits go back (CreditsService). */
  credits: RecordCredits;
  /** Where a cancelled record's webhook is told (WebhooksService). */
  webhooks: RecordNotices;
  audit: AuditService;
  clock: Clock;
  /** Wakes the workers, as enqueueing does. */
  wakeWorkers: () => void;
}

/** Thrown inside a transaction to roll it back, then answered as it is. */
class Refusal extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** The job queue as operators see it: depth, failures, and a retry or a cancel that keeps records and credits exact. */
export class AdminJobsService {
  private readonly targetOf: (kind: string, payloadText: string) => JobTarget | undefined;

  constructor(private readonly deps: AdminJobsDeps) {
    this.targetOf = jobTargets(deps.recordKinds);
  }

  async summary(): Promise<{ rows: JobSummaryRow[] }> {
    const now = this.deps.clock.now().getTime();
    const counts = await this.deps.repo.counts();
    return {
      rows: counts.map((c) => ({
        kind: c.kind,
        status: c.status,
        jobs: c.jobs,
        oldest_created_at: c.oldestCreatedAt,
        oldest_age_seconds: Math.max(0, Math.floor((now - Date.parse(c.oldestCreatedAt)) / 1000)),
      })),
    };
  }

  async list(query: {
    status?: JobStatus;
    kind?: string;
    limit: number;
    before?: string;
  }): Promise<Outcome<{ jobs: AdminJobView[]; next_before: string | null }>> {
    const rows = await this.deps.repo.list({ ...query, limit: query.limit + 1 });
    if (!rows) return fail('invalid_input', 'before: no such job; use next_before of the previous page');
    const page = rows.slice(0, query.limit);
    const targets = page.map((job) => this.targetOf(job.kind, job.payload));
    const owners = await this.deps.repo.owners(targets.filter((t) => t !== undefined));
    const jobs = page.map((job, i) => {
      const target = targetName(targets[i]);
      return viewOf(job, target, target ? (owners.get(target) ?? null) : null);
    });
    return ok({ jobs, next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null });
  }

  /** A queued job fails with the reason; its record fails too and gives its credits back; one transaction. */
  async cancel(admin: Caller, id: string): Promise<Outcome<AdminJobView>> {
    return this.inTransaction(async (trx, at) => {
      const job = await this.jobIn(id, trx);
      if (job.status === 'running')
        throw refusal('conflict', 'Running jobs cannot be cancelled: wait for them to finish or fail');
      if (job.status !== 'queued')
        throw refusal('conflict', `Only a queued job can be cancelled; this one is ${job.status}`);
      const target = this.targetOf(job.kind, job.payload);
      const record = target && 'load' in target ? await target.load(trx) : undefined;
      if (!(await this.deps.repo.cancelQueued(id, CANCEL_REASON, at, trx)))
        throw refusal('conflict', 'A worker took the job meanwhile: running jobs cannot be cancelled');
      const ports = { credits: this.deps.credits, notices: this.deps.webhooks };
      // As a job that fails for good: the record fails, its credits come back, its webhook is told.
      const refunded = (await record?.giveUp(CANCEL_REASON, at, trx, ports)) ?? 0;
      await this.deps.audit.record(
        admin,
        {
          action: 'job.cancel',
          targetType: 'job',
          targetId: id,
          before: { kind: job.kind, status: job.status, target: targetName(target), record_status: record?.status },
          after: { status: 'failed', last_error: CANCEL_REASON, record_status: record && 'failed', refunded },
        },
        trx,
      );
      return this.viewIn(id, trx);
    }).then((outcome) => {
      // A transcription's webhook delivery is a job of its own.
      if (outcome.ok) this.deps.wakeWorkers();
      return outcome;
    });
  }

  /** A failed job runs again: its record back to pending holding its credits again, attempts anew; one transaction. */
  async retry(admin: Caller, id: string): Promise<Outcome<AdminJobView>> {
    return this.inTransaction(async (trx, at) => {
      const job = await this.jobIn(id, trx);
      if (job.status !== 'failed')
        throw refusal('conflict', `Only a failed job can be retried; this one is ${job.status}`);
      const target = this.targetOf(job.kind, job.payload);
      if (!target) throw refusal('conflict', 'The job names no record it could make: it cannot be retried');
      const record = 'load' in target ? await target.load(trx) : undefined;
      if ('load' in target && !record)
        throw refusal('conflict', `Its record (${targetName(target)}) is gone: nothing to retry`);
      if (record && record.status === 'completed')
        throw refusal('conflict', `Its record (${targetName(target)}) is completed: nothing to retry`);
      if (!(await this.deps.repo.requeueFailed(id, at, trx)))
        throw refusal('conflict', 'The job changed meanwhile: only a failed job can be retried');
      let charged = 0;
      if (record?.status === 'failed') charged = await this.reopen(record, at, trx);
      await this.deps.audit.record(
        admin,
        {
          action: 'job.retry',
          targetType: 'job',
          targetId: id,
          before: {
            kind: job.kind,
            status: job.status,
            attempts: job.attempts,
            last_error: job.last_error,
            target: targetName(target),
            record_status: record?.status,
          },
          after: { status: 'queued', attempts: 0, record_status: record && 'pending', charged },
        },
        trx,
      );
      return this.viewIn(id, trx);
    }).then((outcome) => {
      if (outcome.ok) this.deps.wakeWorkers();
      return outcome;
    });
  }

  /** Holds again what the record's last failure gave back; refused when the account cannot pay it now. */
  private async reopen(record: TargetRecord, at: string, trx: Db): Promise<number> {
    const { held } = record;
    const amount = held ? await this.deps.repo.lastRefund(record.accountId, held.reference, trx) : 0;
    if (held && amount > 0) {
      const entry = {
        accountId: record.accountId,
        amount,
        reason: `reserve:${held.kind}`,
        reference: held.reference,
        at,
      };
      if ((await this.deps.repo.charge(entry, trx)) === undefined)
        throw refusal(
          'payment_required',
          `Not enough credits: retrying this job takes ${amount} credits from its account`,
        );
    }
    await record.reopen(amount, at, trx);
    return amount;
  }

  private async jobIn(id: string, trx: Db): Promise<JobRow> {
    const job = await this.deps.repo.find(id, trx);
    if (!job) throw refusal('not_found', 'Job not found');
    return job;
  }

  private async viewIn(id: string, trx: Db): Promise<AdminJobView> {
    const job = await this.jobIn(id, trx);
    const target = this.targetOf(job.kind, job.payload);
    const owners = target ? await this.deps.repo.owners([target], trx) : new Map<string, string>();
    const name = targetName(target);
    return viewOf(job, name, name ? (owners.get(name) ?? null) : null);
  }

  private async inTransaction<T>(work: (trx: Db, at: string) => Promise<T>): Promise<Outcome<T>> {
    try {
      const at = isoNow(this.deps.clock);
      return ok(await this.deps.db.transaction().execute((trx) => work(trx, at)));
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.error };
      throw error;
    }
  }
}

const refusal = (code: 'conflict' | 'not_found' | 'payment_required', message: string) =>
  new Refusal(new AppError(code, message));

function viewOf(job: JobRow, target: string | null, email: string | null): AdminJobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    last_error: job.last_error,
    run_at: job.run_at,
    created_at: job.created_at,
    updated_at: job.updated_at,
    target,
    account_email: email,
  };
}
