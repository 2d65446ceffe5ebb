import type { Db } from '../../storage/db/database.js';
import type {
  AccountRow,
  OAuthClientRow,
  OAuthCodeRow,
  OAuthGrantRow,
  OAuthTokenRow,
} from '../../storage/db/schema.js';

export type CodeWithGrant = { code: OAuthCodeRow; grant: OAuthGrantRow };
export type TokenWithGrant = { token: OAuthTokenRow; grant: OAuthGrantRow };
/** What checking an access token reads of the token and its grant, with the grant's account. */
export type AccessWithAccount = {
  token: Pick<OAuthTokenRow, 'token_hash' | 'expires_at' | 'revoked_at'>;
  grant: Pick<OAuthGrantRow, 'id' | 'resource' | 'revoked_at'>;
  account: AccountRow;
};

/** A connected client as the dashboard lists it. */
export interface ConnectedClient {
  grant_id: string;
  client_name: string | null;
  redirect_uris: string;
  connected_at: string | null;
  last_used_at: string | null;
}

/** OAuth clients, grants, codes and tokens (migration 0015). */
export class OAuthRepo {
  constructor(private readonly db: Db) {}

  async insertClient(row: OAuthClientRow): Promise<void> {
    await this.db.insertInto('oauth_clients').values(row).execute();
  }

  findClient(id: string): Promise<OAuthClientRow | undefined> {
    return this.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A new grant and its first code, together. */
  async insertGrantWithCode(grant: OAuthGrantRow, code: OAuthCodeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('oauth_grants').values(grant).execute();
      await trx.insertInto('oauth_codes').values(code).execute();
    });
  }

  async findCode(codeHash: string): Promise<CodeWithGrant | undefined> {
    const code = await this.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!code) return undefined;
    const grant = await this.findGrant(code.grant_id);
    return grant && { code, grant };
  }

  findGrant(id: string): Promise<OAuthGrantRow | undefined> {
    return this.db.selectFrom('oauth_grants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Marks the code used and stores the grant's first tokens, in one transaction; false (and nothing stored) when
   * the code was already used or the grant revoked meanwhile: one code makes tokens once.
   */
  redeemCode(codeHash: string, grantId: string, at: string, tokens: OAuthTokenRow[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('oauth_codes')
        .set({ used_at: at })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n) return false;
      const connected = await trx
        .updateTable('oauth_grants')
        .set({ connected_at: at, last_used_at: at })
        .where('id', '=', grantId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (connected.numUpdatedRows === 0n) return false;
      await trx.insertInto('oauth_tokens').values(tokens).execute();
      return true;
    });
  }

  async findToken(tokenHash: string): Promise<TokenWithGrant | undefined> {
    const token = await this.db
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!token) return undefined;
    const grant = await this.findGrant(token.grant_id);
    return grant && { token, grant };
  }

  /**
   * Revokes a refresh token that is still good and stores its successors, in one transaction; false when it was
   * revoked meanwhile (a replay racing the rightful use) or its grant was.
   */
  rotateRefresh(tokenHash: string, grantId: string, at: string, tokens: OAuthTokenRow[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const revoked = await trx
        .updateTable('oauth_tokens')
        .set({ revoked_at: at })
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'refresh')
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (revoked.numUpdatedRows === 0n) return false;
      const grant = await trx
        .selectFrom('oauth_grants')
        .select('id')
        .where('id', '=', grantId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!grant) return false;
      await trx.insertInto('oauth_tokens').values(tokens).execute();
      return true;
    });
  }

  /** The access token, its grant and its account in one read: every MCP request with a token asks. */
  async findAccess(tokenHash: string): Promise<AccessWithAccount | undefined> {
    const row = await this.db
      .selectFrom('oauth_tokens as t')
      .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .selectAll('a')
      .select([
        't.token_hash as t_token_hash',
        't.expires_at as t_expires_at',
        't.revoked_at as t_revoked_at',
        'g.id as g_id',
        'g.resource as g_resource',
        'g.revoked_at as g_revoked_at',
      ])
      .where('t.token_hash', '=', tokenHash)
      .where('t.kind', '=', 'access')
      .executeTakeFirst();
    if (!row) return undefined;
    const { t_token_hash, t_expires_at, t_revoked_at, g_id, g_resource, g_revoked_at, ...account } = row;
    return {
      token: { token_hash: t_token_hash, expires_at: t_expires_at, revoked_at: t_revoked_at },
      grant: { id: g_id, resource: g_resource, revoked_at: g_revoked_at },
      account,
    };
  }

  /** Revokes a grant and every token it made; `accountId`: only if it is that account's. */
  async revokeGrant(grantId: string, at: string, accountId?: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('oauth_grants')
        .set({ revoked_at: at })
        .where('id', '=', grantId)
        .where('revoked_at', 'is', null);
      if (accountId !== undefined) query = query.where('account_id', '=', accountId);
      const result = await query.executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx
        .updateTable('oauth_tokens')
        .set({ revoked_at: at })
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .execute();
      return true;
    });
  }

  async revokeToken(tokenHash: string, at: string): Promise<void> {
    await this.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async touchGrant(grantId: string, at: string): Promise<void> {
    await this.db.updateTable('oauth_grants').set({ last_used_at: at }).where('id', '=', grantId).execute();
  }

  /** The account's connected clients that are not revoked, newest first. */
  listConnected(accountId: string): Promise<ConnectedClient[]> {
    return this.db
      .selectFrom('oauth_grants as g')
      .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
      .select(['g.id as grant_id', 'c.client_name', 'c.redirect_uris', 'g.connected_at', 'g.last_used_at'])
      .where('g.account_id', '=', accountId)
      .where('g.connected_at', 'is not', null)
      .where('g.revoked_at', 'is', null)
      .orderBy('g.connected_at', 'desc')
      .execute();
  }

  /**
   * Drops codes and tokens that can no longer be used (expired before `before`), and approvals whose code was never
   * exchanged (made before `unclaimedBefore`).
   */
  async deleteExpired(before: string, unclaimedBefore: string): Promise<void> {
    await this.db.deleteFrom('oauth_codes').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('oauth_tokens').where('expires_at', '<', before).execute();
    await this.db
      .deleteFrom('oauth_grants')
      .where('connected_at', 'is', null)
      .where('created_at', '<', unclaimedBefore)
      .execute();
  }
}
