import { createHmac } from 'node:crypto';
import type { JobQueue } from '../../jobs/job-queue.js';
import { isOpen } from '../../jobs/record-kind.js';
import { typedJob } from '../../jobs/typed-job.js';
import type { JobHandler } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { newId, randomToken } from '../../shared/ids.js';
import { type GuardOptions, GuardedFetchError, guardedRequest } from '../../shared/net/guarded-http.js';
import type { Db } from '../../storage/db/database.js';
import { type DeliveryPayload, WEBHOOK_DELIVERIES, deliveryPayload } from './webhook-delivery-record.js';
import type { WebhooksRepo } from './webhooks.repo.js';

export const WEBHOOK_JOB = WEBHOOK_DELIVERIES.kind;
export const SIGNATURE_HEADER = 'x-atelier-signature';

export interface WebhookAttempt {
  at: string;
  status?: number;
  error?: string;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: WebhookAttempt[];
}

export interface WebhookEvent {
  accountId: string;
  /** What it is about, e.g. `transcription:<uuid>`: deliveries are listed by it. */
  subject: string;
  event: string;
  url: string;
  payload: unknown;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver checks both and refuses old timestamps. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
  readonly isRetryable = true;
}

export interface WebhooksServiceOptions {
  repo: WebhooksRepo;
  queue: JobQueue;
  guard: GuardOptions;
  maxAttempts: number;
  clock: Clock;
}

/**
 * Signed callbacks when asynchronous work ends, for every kind of job: a delivery row plus a job that
 * POSTs it through the guarded client and is retried with backoff; every attempt is kept on the row.
 */
export class WebhooksService {
  /** The worker's handler for deliveries. */
  readonly job: JobHandler = typedJob<DeliveryPayload>({
    kind: WEBHOOK_JOB,
    payload: deliveryPayload,
    run: (payload) => this.deliver(payload),
    onGiveUp: ({ deliveryId }) => this.deps.repo.update(deliveryId, { status: 'failed' }),
  });

  constructor(private readonly deps: WebhooksServiceOptions) {}

  /** The delivery and its job, in the caller's transaction (the one that changes what it is about). */
  async enqueue(event: WebhookEvent, trx: Db): Promise<void> {
    const id = newId();
    await this.deps.repo.insert(
      {
        id,
        account_id: event.accountId,
        subject: event.subject,
        event: event.event,
        url: event.url,
        payload: JSON.stringify({ event: event.event, data: event.payload }),
        status: 'pending',
        attempts: '[]',
        created_at: isoNow(this.deps.clock),
      },
      trx,
    );
    await this.deps.queue.enqueue(
      { kind: WEBHOOK_JOB, payload: { deliveryId: id } satisfies DeliveryPayload, maxAttempts: this.deps.maxAttempts },
      trx,
    );
  }

  async deliveries(subject: string): Promise<WebhookDelivery[]> {
    const rows = await this.deps.repo.listBySubject(subject);
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      url: r.url,
      status: r.status,
      attempts: JSON.parse(r.attempts) as WebhookAttempt[],
    }));
  }

  /** The account's signing secret, made on first use. */
  async secret(accountId: string, rotate = false): Promise<string> {
    const existing = await this.deps.repo.secretOf(accountId);
    if (existing && !rotate) return existing;
    const secret = `whsec_${randomToken(24)}`;
    await this.deps.repo.saveSecret(accountId, secret);
    return secret;
  }

  private async deliver({ deliveryId }: DeliveryPayload): Promise<void> {
    const delivery = await this.deps.repo.find(deliveryId);
    if (!delivery || !isOpen(WEBHOOK_DELIVERIES, delivery)) return;
    const secret = await this.secret(delivery.account_id);
    const timestamp = Math.floor(this.deps.clock.now().getTime() / 1000);
    let attempt: WebhookAttempt;
    try {
      const response = await guardedRequest(
        {
          method: 'POST',
          url: delivery.url,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Atelier-Webhook/1',
            'x-atelier-event': delivery.event,
            'x-atelier-delivery': delivery.id,
            [SIGNATURE_HEADER]: signWebhook(secret, delivery.payload, timestamp),
          },
          body: delivery.payload,
        },
        this.deps.guard,
      );
      attempt = { at: isoNow(this.deps.clock), status: response.status };
    } catch (error) {
      const message = error instanceof GuardedFetchError ? error.message : 'delivery failed';
      await this.record(deliveryId, { at: isoNow(this.deps.clock), error: message });
      // A refused address will not become acceptable later: no point retrying.
      if (error instanceof GuardedFetchError && !error.isRetryable) throw error;
      throw new DeliveryFailed(message);
    }
    const delivered = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
    await this.record(deliveryId, attempt, delivered ? 'delivered' : undefined);
    if (!delivered) throw new DeliveryFailed(`the webhook answered ${attempt.status}`);
  }

  private async record(deliveryId: string, attempt: WebhookAttempt, status?: 'delivered'): Promise<void> {
    const attempts = [
      ...(JSON.parse((await this.deps.repo.attemptsOf(deliveryId)) ?? '[]') as WebhookAttempt[]),
      attempt,
    ];
    await this.deps.repo.update(deliveryId, { attempts: JSON.stringify(attempts), ...(status && { status }) });
  }
}
