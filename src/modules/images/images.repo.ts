import type { Db } from '../../storage/db/database.js';
import { type HotRead, busy, hotRead } from '../../storage/db/hot-read.js';
import type { ImageRow, ImagesTable } from '../../storage/db/schema.js';
import type { Insertable } from 'kysely';

export type NewImageRow = Omit<Insertable<ImagesTable>, 'id'>;

/** The columns an image record shows (ImagesService.toRecord): all but the account, seed, reference and update time. */
const VIEW_COLUMNS = [
  'id',
  'prompt',
  'style',
  'artist',
  'requested_model',
  'model',
  'engine',
  'width',
  'height',
  'hd',
  'action',
  'edit_model',
  'status',
  'error',
  'blob_key',
  'warnings',
  'credits',
  'created_at',
] as const satisfies readonly (keyof ImageRow)[];

export type ImageView = Pick<ImageRow, (typeof VIEW_COLUMNS)[number]>;

/** A row of VIEW_COLUMNS' values, in their order, as an object: written out, because an object filled in a
 *  loop over the names is one V8 cannot optimise (a megamorphic store per column). images.repo.test.ts checks
 *  it against the row Kysely reads. */
export function viewOf(v: unknown[]): ImageView {
  return {
    id: v[0],
    prompt: v[1],
    style: v[2],
    artist: v[3],
    requested_model: v[4],
    model: v[5],
    engine: v[6],
    width: v[7],
    height: v[8],
    hd: v[9],
    action: v[10],
    edit_model: v[11],
    status: v[12],
    error: v[13],
    blob_key: v[14],
    warnings: v[15],
    credits: v[16],
    created_at: v[17],
  } satisfies Record<(typeof VIEW_COLUMNS)[number], unknown> as ImageView;
}

/** What a finished job writes on its image. */
export interface ImageCompletion {
  blob_key: string;
  model: string;
  engine: string;
  width: number;
  height: number;
  warnings: string;
  updated_at: string;
}

export class ImagesRepo {
  /** The hot read (GET /api/get-image) compiled once: building and compiling it took a third of its time. */
  private readonly ownedQuery;
  /** ... and on SQLite, prepared once and run on the connection itself (see hotRead): Kysely's pipeline and
   *  better-sqlite3's row objects were most of what was left of it. */
  private readonly ownedRead: HotRead | undefined;

  constructor(private readonly db: Db) {
    const owned = db.selectFrom('images').select(VIEW_COLUMNS).where('id', '=', 0).where('account_id', '=', '');
    this.ownedQuery = owned.compile();
    // The same SQL: hotRead only exists on SQLite, whose compiled queries take `?` parameters.
    this.ownedRead = hotRead(db, this.ownedQuery.sql);
  }

  /** Inserts the rows in the caller's transaction and returns their ids in order. */
  async insert(rows: NewImageRow[], trx: Db): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const inserted = await trx.insertInto('images').values(row).returning('id').executeTakeFirstOrThrow();
      ids.push(inserted.id);
    }
    return ids;
  }

  /** One account's image as a record shows it; another account's is as missing as a missing one. */
  async findOwned(accountId: string, id: number): Promise<ImageView | undefined> {
    const values = this.ownedRead ? this.ownedRead.get(id, accountId) : busy;
    if (values !== busy) return values && viewOf(values);
    const { rows } = await this.db.executeQuery<ImageView>({ ...this.ownedQuery, parameters: [id, accountId] });
    return rows[0];
  }

  find(id: number): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<ImageRow[]> {
    return this.db.selectFrom('images').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  /** Newest first; `before` pages back from an id. */
  list(accountId: string, limit: number, before: number | undefined): Promise<ImageRow[]> {
    let query = this.db.selectFrom('images').selectAll().where('account_id', '=', accountId);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  async complete(id: number, changes: ImageCompletion, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('images')
      .set({ ...changes, status: 'completed', error: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
}
