import { z } from 'zod';
import { changedWhile, defineRecordKind } from '../../jobs/record-kind.js';
import type { Db } from '../../storage/db/database.js';
import type { WebhookDeliveryRow } from '../../storage/db/schema.js';

export const deliveryPayload = z.object({ deliveryId: z.string().min(1) });
export type DeliveryPayload = z.infer<typeof deliveryPayload>;

const OPEN: readonly WebhookDeliveryRow['status'][] = ['pending'];

/** A webhook delivery: pending until delivered or given up; it holds no credits and sends no notice of its own. */
export const WEBHOOK_DELIVERIES = defineRecordKind({
  kind: 'webhook.deliver',
  payload: deliveryPayload,
  type: 'webhook_delivery',
  table: 'webhook_deliveries',
  target: { field: 'deliveryId', id: z.string().min(1).max(100) },
  openStatuses: OPEN,
  failedKeepsCredits: false,
  idOf: (payload: DeliveryPayload) => payload.deliveryId,
  find: (id: string, db: Db): Promise<WebhookDeliveryRow | undefined> =>
    db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),
  fail: (row: WebhookDeliveryRow, _reason: string, _at: string, trx: Db) =>
    changedWhile(trx.updateTable('webhook_deliveries').set({ status: 'failed' }), row.id, OPEN),
  reopen: (row: WebhookDeliveryRow, _credits: number, _at: string, trx: Db) =>
    changedWhile(trx.updateTable('webhook_deliveries').set({ status: 'pending' }), row.id, ['failed']),
});
