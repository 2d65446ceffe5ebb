import type { Insertable } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { WebhookDeliveriesTable, WebhookDeliveryRow } from '../../storage/db/schema.js';

export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<WebhookDeliveriesTable>, trx: Db): Promise<void> {
    await trx.insertInto('webhook_deliveries').values(row).execute();
  }

  find(id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Oldest first. */
  listBySubject(subject: string): Promise<WebhookDeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subject', '=', subject)
      .orderBy('created_at')
      .execute();
  }

  async attemptsOf(id: string): Promise<string | undefined> {
    return (await this.db.selectFrom('webhook_deliveries').select('attempts').where('id', '=', id).executeTakeFirst())
      ?.attempts;
  }

  async update(id: string, changes: Partial<Pick<WebhookDeliveryRow, 'attempts' | 'status'>>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
  }

  /** The account's signing secret, null when none was made yet. */
  async secretOf(accountId: string): Promise<string | null | undefined> {
    return (
      await this.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirst()
    )?.webhook_secret;
  }

  async saveSecret(accountId: string, secret: string): Promise<void> {
    await this.db.updateTable('accounts').set({ webhook_secret: secret }).where('id', '=', accountId).execute();
  }
}
