import type { Db } from '../../storage/db/database.js';
import { type HotRead, busy, hotRead } from '../../storage/db/hot-read.js';
import type { UserPresetRow, UserPresetVersionRow } from '../../storage/db/schema.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

export type UserPresetWithDefinition = UserPresetRow & { definition: string };

export class UserPresetsRepo {
  /** GET /api/presets asks it of every caller: prepared once on SQLite (see hotRead). */
  private readonly anyQuery;
  private readonly anyRead: HotRead | undefined;

  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {
    this.anyQuery = db.selectFrom('user_presets').select('id').where('account_id', '=', '').compile();
    this.anyRead = hotRead(db, this.anyQuery.sql);
  }

  /** Whether the account has a preset of its own. */
  async hasAny(accountId: string): Promise<boolean> {
    const values = this.anyRead ? this.anyRead.get(accountId) : busy;
    if (values !== busy) return values !== undefined;
    const { rows } = await this.db.executeQuery({ ...this.anyQuery, parameters: [accountId] });
    return rows.length > 0;
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_presets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async slugTaken(slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('user_presets').select('id').where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  /** The account's presets, oldest first. */
  list(accountId: string): Promise<UserPresetRow[]> {
    return this.db
      .selectFrom('user_presets')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('slug')
      .execute();
  }

  /** The account's preset with its current version's definition; another account's is as missing as none. */
  find(accountId: string, slug: string): Promise<UserPresetWithDefinition | undefined> {
    return this.db
      .selectFrom('user_presets as p')
      .innerJoin('user_preset_versions as v', (join) =>
        join.onRef('v.preset_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
      )
      .selectAll('p')
      .select('v.definition')
      .where('p.account_id', '=', accountId)
      .where('p.slug', '=', slug)
      .executeTakeFirst();
  }

  /** False, and nothing written, when the account already keeps `limit` presets (counted in the same transaction). */
  async insert(preset: UserPresetRow, definition: string, limit: number): Promise<boolean> {
    return this.writer.run(async (trx) => {
      const { n } = await trx
        .selectFrom('user_presets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', preset.account_id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limit) return false;
      await trx.insertInto('user_presets').values(preset).execute();
      await trx
        .insertInto('user_preset_versions')
        .values({ preset_id: preset.id, version: preset.current_version, definition, created_at: preset.created_at })
        .execute();
      return true;
    });
  }

  /** A new version (and new title, description, categories); undefined when the preset is gone. */
  async update(
    accountId: string,
    slug: string,
    head: Pick<UserPresetRow, 'title' | 'description' | 'categories' | 'updated_at'>,
    definition: string,
  ): Promise<UserPresetWithDefinition | undefined> {
    return this.writer.run(async (trx) => {
      const current = await trx
        .selectFrom('user_presets')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!current) return undefined;
      const version = current.current_version + 1;
      await trx
        .insertInto('user_preset_versions')
        .values({ preset_id: current.id, version, definition, created_at: head.updated_at })
        .execute();
      await trx
        .updateTable('user_presets')
        .set({ ...head, current_version: version })
        .where('id', '=', current.id)
        .execute();
      return { ...current, ...head, current_version: version, definition };
    });
  }

  async delete(accountId: string, slug: string): Promise<boolean> {
    return this.writer.run(async (trx) => {
      const row = await trx
        .selectFrom('user_presets')
        .select('id')
        .where('account_id', '=', accountId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!row) return false;
      // Both, not trusting SQLite's foreign keys to cascade.
      await trx.deleteFrom('user_preset_versions').where('preset_id', '=', row.id).execute();
      await trx.deleteFrom('user_presets').where('id', '=', row.id).execute();
      return true;
    });
  }

  versions(presetId: string): Promise<UserPresetVersionRow[]> {
    return this.db
      .selectFrom('user_preset_versions')
      .selectAll()
      .where('preset_id', '=', presetId)
      .orderBy('version', 'desc')
      .execute();
  }
}
