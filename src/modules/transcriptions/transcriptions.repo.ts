import type { Insertable } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { TranscriptionRow, TranscriptionsTable } from '../../storage/db/schema.js';

/** What a finished job writes on its transcription. */
export type TranscriptionCompletion = Pick<
  TranscriptionRow,
  'content' | 'segments' | 'duration' | 'model' | 'updated_at'
> & { language?: string };

export class TranscriptionsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<TranscriptionsTable>, trx: Db): Promise<void> {
    await trx.insertInto('transcriptions').values(row).execute();
  }

  find(id: string, db: Db = this.db): Promise<TranscriptionRow | undefined> {
    return db.selectFrom('transcriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One account's transcription; another account's is as missing as a missing one. */
  findOwned(accountId: string, id: string): Promise<TranscriptionRow | undefined> {
    return this.db
      .selectFrom('transcriptions')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** Newest first. */
  list(accountId: string, limit: number): Promise<TranscriptionRow[]> {
    return this.db
      .selectFrom('transcriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async saveDerived(id: string, derived: string, at: string, trx: Db): Promise<void> {
    await trx.updateTable('transcriptions').set({ derived, updated_at: at }).where('id', '=', id).execute();
  }

  /** Progress while the job runs. */
  async update(
    id: string,
    changes: Partial<Pick<TranscriptionRow, 'status' | 'progress' | 'error'>> & { updated_at: string },
  ): Promise<void> {
    await this.db.updateTable('transcriptions').set(changes).where('id', '=', id).execute();
  }

  async complete(id: string, changes: TranscriptionCompletion, trx: Db): Promise<void> {
    await trx
      .updateTable('transcriptions')
      .set({ status: 'completed', progress: 100, ...changes })
      .where('id', '=', id)
      .execute();
  }
}
