import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../shared/clock.js';
import type { QueueDepth } from '../jobs/job-queue.js';
import type { EngineKind, EngineObserver, EngineOutcome } from '../engines/calls/observed-engine.js';
import type { CreditsObserver, WorkKind } from '../modules/credits/credits.service.js';
import { RequestDurations } from './request-durations.js';
import { droppedLogLines } from '../shared/log-destination.js';

const QUEUE_STATES: readonly QueueDepth['state'][] = ['queued', 'scheduled', 'running'];

let processRegistry: Registry | undefined;

/** Node's own metrics (CPU, memory, event loop, GC) belong to the process, however many apps it builds: collected once. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    processRegistry.registerMetric(logLinesDroppedCounter());
  }
  return processRegistry;
}

/** Read at scrape time from the process's log destination (src/shared/log-destination.ts). */
function logLinesDroppedCounter(): Counter {
  return new Counter({
    name: 'atelier_log_lines_dropped_total',
    help: 'Log lines this process could not write (its log destination full, closed or failing); logging resumes by itself',
    registers: [],
    collect() {
      this.reset();
      this.inc(droppedLogLines());
    },
  });
}

export interface MetricsSources {
  /** Unfinished jobs per kind and state, read from the database at scrape time. */
  queueDepth: () => Promise<QueueDepth[]>;
  /** Kinds reported even when none is waiting, so a quiet queue shows zeros rather than nothing. */
  jobKinds: () => readonly string[];
  clock: Clock;
}

/**
 * The service's Prometheus metrics. Requests, engine calls and credits are counted where they happen
 * (per process: sum them across processes); the queue is read from the database on each scrape (the
 * same from every process: take the max, not the sum).
 */
export class ServiceMetrics implements EngineObserver, CreditsObserver {
  private readonly registry = new Registry();
  /** Observed on every request, so not a prom-client Histogram (see RequestDurations); written out first. */
  private readonly requestDurations = new RequestDurations(
    'atelier_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status class: _count is the request count',
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  );
  private readonly engineDuration = new Histogram({
    name: 'atelier_engine_call_duration_seconds',
    help: 'Engine calls by kind of work, provider (adapter) and outcome (ok, error, aborted)',
    labelNames: ['kind', 'provider', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });
  private readonly engineErrors = new Counter({
    name: 'atelier_engine_errors_total',
    help: 'Engine calls that failed (aborted calls not counted), by kind of work and provider',
    labelNames: ['kind', 'provider'] as const,
    registers: [this.registry],
  });
  private readonly chargedCredits = new Counter({
    name: 'atelier_credits_charged_total',
    help: 'Credits taken from balances, by kind of work; credits spent = charged - refunded',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly refundedCredits = new Counter({
    name: 'atelier_credits_refunded_total',
    help: 'Credits given back (failed work, unused reservations), by kind of work',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly queueJobs = new Gauge({
    name: 'atelier_job_queue_depth',
    help: 'Unfinished jobs by kind and state (queued: due; scheduled: waiting for a retry; running)',
    labelNames: ['kind', 'state'] as const,
    registers: [this.registry],
  });
  private readonly queueOldest = new Gauge({
    name: 'atelier_job_queue_oldest_age_seconds',
    help: 'Age of the oldest unfinished job by kind and state, from its creation; 0 when there is none',
    labelNames: ['kind', 'state'] as const,
    registers: [this.registry],
  });
  constructor(private readonly sources: MetricsSources) {
    processMetrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    const statusClass = statusCode >= 500 ? '5xx' : statusCode >= 400 ? '4xx' : statusCode >= 300 ? '3xx' : '2xx';
    this.requestDurations.observe(route, method, statusClass, seconds);
  }

  engineCall(kind: EngineKind, provider: string, seconds: number, outcome: EngineOutcome): void {
    this.engineDuration.observe({ kind, provider, outcome }, seconds);
    if (outcome === 'error') this.engineErrors.inc({ kind, provider });
  }

  creditsCharged(kind: WorkKind, amount: number): void {
    if (amount > 0) this.chargedCredits.inc({ kind }, amount);
  }

  creditsRefunded(kind: WorkKind, amount: number): void {
    if (amount > 0) this.refundedCredits.inc({ kind }, amount);
  }

  /** Reads the queue (one query) into its gauges; throws when the database cannot answer. */
  async refreshQueue(): Promise<void> {
    let rows: QueueDepth[];
    try {
      rows = await this.sources.queueDepth();
    } catch (error) {
      // No figures rather than stale ones.
      this.queueJobs.reset();
      this.queueOldest.reset();
      throw error;
    }
    const now = this.sources.clock.now().getTime();
    this.queueJobs.reset();
    this.queueOldest.reset();
    for (const kind of this.sources.jobKinds()) {
      for (const state of QUEUE_STATES) {
        this.queueJobs.set({ kind, state }, 0);
        this.queueOldest.set({ kind, state }, 0);
      }
    }
    for (const row of rows) {
      this.queueJobs.set({ kind: row.kind, state: row.state }, row.jobs);
      const created = Date.parse(row.oldestCreatedAt);
      this.queueOldest.set(
        { kind: row.kind, state: row.state },
        Number.isNaN(created) ? 0 : Math.max(0, (now - created) / 1000),
      );
    }
  }

  /** The Prometheus text exposition: the process's metrics, then the service's (requests first). */
  async render(): Promise<string> {
    const [process, service] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${this.requestDurations.render()}\n\n${service}`;
  }
}
