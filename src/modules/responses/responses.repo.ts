import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { ResponseRow } from '../../storage/db/schema.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

export type ChainRow = Pick<ResponseRow, 'id' | 'response' | 'input_items'>;

/** Responses a chain reaches back at most: a conversation of more turns is more messages than a chat request takes. */
const MAX_CHAIN = 256;

export class ResponsesRepo {
  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {}

  async insert(row: ResponseRow): Promise<void> {
    await this.writer.run((trx) => trx.insertInto('responses').values(row).execute());
  }

  find(id: string, accountId: string): Promise<ResponseRow | undefined> {
    return this.db
      .selectFrom('responses')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * The response and those before it by previous_response_id, oldest first, in one query; the chain ends where a
   * response is gone (deleted, expired) or is not the account's.
   */
  async chain(id: string, accountId: string): Promise<ChainRow[]> {
    const { rows } = await sql<ChainRow>`
      with recursive chain(id, previous_response_id, response, input_items, depth) as (
        select id, previous_response_id, response, input_items, 0 from responses
        where id = ${id} and account_id = ${accountId}
        union all
        select r.id, r.previous_response_id, r.response, r.input_items, c.depth + 1
        from responses r join chain c on r.id = c.previous_response_id
        where r.account_id = ${accountId} and c.depth < ${MAX_CHAIN - 1}
      )
      select id, response, input_items from chain order by depth desc`.execute(this.db);
    return rows;
  }

  async delete(id: string, accountId: string): Promise<boolean> {
    const result = await this.writer.run((trx) =>
      trx.deleteFrom('responses').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst(),
    );
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes up to `limit` responses created before `before`; returns how many it deleted. */
  async deleteOlder(before: string, limit: number): Promise<number> {
    const result = await this.writer.run((trx) =>
      trx
        .deleteFrom('responses')
        .where('id', 'in', (eb) =>
          eb.selectFrom('responses').select('id').where('created_at', '<', before).limit(limit),
        )
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }
}
