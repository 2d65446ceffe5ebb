import type { Insertable } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { VideoRow, VideosTable } from '../../storage/db/schema.js';

export type NewVideoRow = Omit<Insertable<VideosTable>, 'id'>;

/** What a finished job writes on its video. */
export interface VideoCompletion {
  blob_key: string;
  model: string;
  engine: string;
  width: number;
  height: number;
  warnings: string;
  updated_at: string;
  /** A talking video's: how long it came out, its shape, and what it cost (its speech's seconds). */
  duration?: number;
  aspect_ratio?: string;
  credits?: number;
}

export class VideosRepo {
  constructor(private readonly db: Db) {}

  async insert(row: NewVideoRow, trx: Db): Promise<number> {
    return (await trx.insertInto('videos').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** One account's video; another account's is as missing as a missing one. */
  findOwned(accountId: string, id: number): Promise<VideoRow | undefined> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  find(id: number): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(accountId: string, limit: number, before: number | undefined): Promise<VideoRow[]> {
    let query = this.db.selectFrom('videos').selectAll().where('account_id', '=', accountId);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** One page of an account's videos in id order (OpenAI's list): after the id `after`, `limit` of them. */
  page(accountId: string, limit: number, order: 'asc' | 'desc', after: number | undefined): Promise<VideoRow[]> {
    let query = this.db.selectFrom('videos').selectAll().where('account_id', '=', accountId);
    if (after !== undefined) query = query.where('id', order === 'desc' ? '<' : '>', after);
    return query.orderBy('id', order).limit(limit).execute();
  }

  /** Whether a worker has taken the job of a pending video (OpenAI's in_progress), from its job of `kinds`. */
  async isRunning(id: number, kinds: readonly string[]): Promise<boolean> {
    const job = await this.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', 'in', [...kinds])
      .where('payload', '=', JSON.stringify({ videoId: id }))
      .executeTakeFirst();
    return job?.status === 'running';
  }

  /** Deletes one account's finished video; a pending one (its job still to settle it) is kept. */
  async deleteFinished(accountId: string, id: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('videos')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  async complete(id: number, changes: VideoCompletion, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('videos')
      .set({ ...changes, status: 'completed', error: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
}
