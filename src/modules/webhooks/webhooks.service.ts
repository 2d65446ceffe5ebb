import { createHmac, randomBytes } from 'node:crypto';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobContext, JobHandler } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { type GuardOptions, GuardedFetchError, guardedRequest } from '../../shared/net/guarded-http.js';
import type { Db } from '../../storage/db/database.js';

export const WEBHOOK_JOB = 'webhook.deliver';
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

/**
 * Signed callbacks when asynchronous work ends, for every kind of job: a delivery row plus a job that
 * POSTs it through the guarded client and is retried with backoff; every attempt is kept on the row.
 */
export class WebhooksService implements JobHandler {
  readonly kind = WEBHOOK_JOB;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly guard: GuardOptions,
    private readonly maxAttempts: number,
    private readonly clock: Clock,
  ) {}

  async enqueue(event: WebhookEvent, trx: Db = this.db): Promise<void> {
    const id = newId();
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id,
        account_id: event.accountId,
        subject: event.subject,
        event: event.event,
        url: event.url,
        payload: JSON.stringify({ event: event.event, data: event.payload }),
        status: 'pending',
        attempts: '[]',
        created_at: isoNow(this.clock),
      })
      .execute();
    await this.queue.enqueue({ kind: WEBHOOK_JOB, payload: { deliveryId: id }, maxAttempts: this.maxAttempts }, trx);
  }

  async deliveries(subject: string): Promise<WebhookDelivery[]> {
    const rows = await this.db.selectFrom('webhook_deliveries').selectAll().where('subject', '=', subject).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.id, event: r.event, url: r.url, status: r.status, attempts: JSON.parse(r.attempts) as WebhookAttempt[] }));
  }

  /** The account's signing secret, made on first use. */
  async secret(accountId: string, rotate = false): Promise<string> {
    const row = await this.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirst();
    if (row?.webhook_secret && !rotate) return row.webhook_secret;
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    await this.db.updateTable('accounts').set({ webhook_secret: secret }).where('id', '=', accountId).execute();
    return secret;
  }

  async run({ payload }: JobContext): Promise<void> {
    const { deliveryId } = payload as { deliveryId: string };
    const delivery = await this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
    if (!delivery || delivery.status !== 'pending') return;
    const secret = await this.secret(delivery.account_id);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
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
        this.guard,
      );
      attempt = { at: isoNow(this.clock), status: response.status };
    } catch (error) {
      const message = error instanceof GuardedFetchError ? error.message : 'delivery failed';
      await this.record(deliveryId, { at: isoNow(this.clock), error: message });
      // A refused address will not become acceptable later: no point retrying.
      if (error instanceof GuardedFetchError && !error.isRetryable) throw error;
      throw new DeliveryFailed(message);
    }
    const delivered = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
    await this.record(deliveryId, attempt, delivered ? 'delivered' : undefined);
    if (!delivered) throw new DeliveryFailed(`the webhook answered ${attempt.status}`);
  }

  async onGiveUp(payload: unknown): Promise<void> {
    const { deliveryId } = payload as { deliveryId: string };
    await this.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', deliveryId).execute();
  }

  private async record(deliveryId: string, attempt: WebhookAttempt, status?: 'delivered'): Promise<void> {
    const row = await this.db.selectFrom('webhook_deliveries').select('attempts').where('id', '=', deliveryId).executeTakeFirst();
    const attempts = [...(JSON.parse(row?.attempts ?? '[]') as WebhookAttempt[]), attempt];
    await this.db
      .updateTable('webhook_deliveries')
      .set({ attempts: JSON.stringify(attempts), ...(status && { status }) })
      .where('id', '=', deliveryId)
      .execute();
  }
}
