import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow, PresetLinkRow } from '../../storage/db/schema.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

/** A link with its runs on the day asked about. */
export type PresetLinkWithUse = PresetLinkRow & { used: number };

/** A live link as its public page finds it: the link, its preset's slug and the owner's account. */
export interface OpenedLink {
  link: PresetLinkRow;
  slug: string;
  owner: AccountRow;
}

export class PresetLinksRepo {
  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {}

  /** The id of the account's preset with this slug; another account's is as missing as none. */
  async presetId(accountId: string, slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_presets')
      .select('id')
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.id;
  }

  /** False, and nothing written, when the preset already has `limit` live links (counted in the same transaction). */
  insert(link: PresetLinkRow, limit: number): Promise<boolean> {
    return this.writer.run(async (trx) => {
      const { n } = await trx
        .selectFrom('preset_links')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('preset_id', '=', link.preset_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limit) return false;
      await trx.insertInto('preset_links').values(link).execute();
      return true;
    });
  }

  /** The preset's links, newest first, with their runs on `day`. */
  list(presetId: string, day: string): Promise<PresetLinkWithUse[]> {
    return this.withUse(day)
      .where('l.preset_id', '=', presetId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id')
      .execute();
  }

  find(presetId: string, id: string, day: string): Promise<PresetLinkWithUse | undefined> {
    return this.withUse(day).where('l.preset_id', '=', presetId).where('l.id', '=', id).executeTakeFirst();
  }

  async update(presetId: string, id: string, changes: Partial<Pick<PresetLinkRow, 'daily_cap' | 'label'>>) {
    const result = await this.writer.run((trx) =>
      trx
        .updateTable('preset_links')
        .set(changes)
        .where('preset_id', '=', presetId)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets revoked_at once: revoking again keeps the first time. */
  async revoke(presetId: string, id: string, at: string): Promise<void> {
    await this.writer.run((trx) =>
      trx
        .updateTable('preset_links')
        .set({ revoked_at: at })
        .where('preset_id', '=', presetId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute(),
    );
  }

  /** The live link with this token hash, read fresh each time: a revocation holds on the next request. */
  async open(tokenHash: string): Promise<OpenedLink | undefined> {
    const row = await this.db
      .selectFrom('preset_links as l')
      .innerJoin('user_presets as p', 'p.id', 'l.preset_id')
      .selectAll('l')
      .select('p.slug')
      .where('l.token_hash', '=', tokenHash)
      .where('l.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const owner = await this.db.selectFrom('accounts').selectAll().where('id', '=', row.account_id).executeTakeFirst();
    if (!owner) return undefined;
    const { slug, ...link } = row;
    return { link, slug, owner };
  }

  async usedOn(linkId: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('preset_link_days')
      .select('runs')
      .where('link_id', '=', linkId)
      .where('day', '=', day)
      .executeTakeFirst();
    return Number(row?.runs ?? 0);
  }

  /**
   * Counts one run of the link on `day` if it stays within `cap`: one conditional upsert, so two runs at once
   * cannot both take the last one. The runs counted, or undefined when the cap is reached.
   */
  async takeRun(linkId: string, day: string, cap: number): Promise<number | undefined> {
    const row = await this.writer.run((trx) =>
      trx
        .insertInto('preset_link_days')
        .values({ link_id: linkId, day, runs: 1 })
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'day'])
            .doUpdateSet({ runs: sql<number>`preset_link_days.runs + 1` })
            .where(sql<boolean>`preset_link_days.runs < ${cap}`),
        )
        .returning('runs')
        .executeTakeFirst(),
    );
    return row ? Number(row.runs) : undefined;
  }

  /** Deletes the link's counts of days before `day`: only today's is ever read. */
  async forgetDaysBefore(linkId: string, day: string): Promise<void> {
    await this.writer.run((trx) =>
      trx.deleteFrom('preset_link_days').where('link_id', '=', linkId).where('day', '<', day).execute(),
    );
  }

  /** Gives back a run that did not happen (the generation failed). */
  async giveBackRun(linkId: string, day: string): Promise<void> {
    await this.writer.run((trx) =>
      trx
        .updateTable('preset_link_days')
        .set({ runs: sql<number>`runs - 1` })
        .where('link_id', '=', linkId)
        .where('day', '=', day)
        .where('runs', '>', 0)
        .execute(),
    );
  }

  private withUse(day: string) {
    return this.db
      .selectFrom('preset_links as l')
      .leftJoin('preset_link_days as d', (join) => join.onRef('d.link_id', '=', 'l.id').on('d.day', '=', day))
      .selectAll('l')
      .select((eb) => eb.fn.coalesce('d.runs', sql<number>`0`).as('used'));
  }
}
