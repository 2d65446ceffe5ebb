import type { Kysely } from 'kysely';

/**
 * OAuth sign-in for MCP clients (the MCP authorization specification). Clients register themselves (RFC 7591);
 * a grant is one account's approval of one client, for one resource (this server's /mcp); its authorization
 * codes and tokens are stored only as SHA-256 hashes, like API keys. Revoking a grant ends its tokens at once,
 * in every process: each request reads its token's row. Deleting an account or a client deletes its grants,
 * and a grant its codes and tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Confidential clients only (client_secret_post / client_secret_basic); null for public clients.
    .addColumn('secret_hash', 'text')
    .addColumn('client_name', 'text')
    // JSON arrays.
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('grant_types', 'text', (c) => c.notNull())
    .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull())
    // The registered metadata as the client sent it (validated), returned by the registration.
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When its code was exchanged for the first tokens: until then the grant is not a connected client.
    .addColumn('connected_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('oauth_grants_account')
    .on('oauth_grants')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_codes_grant').on('oauth_codes').column('grant_id').execute();
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    // 'access' or 'refresh'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_tokens_grant').on('oauth_tokens').column('grant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute();
  await db.schema.dropTable('oauth_codes').execute();
  await db.schema.dropTable('oauth_grants').execute();
  await db.schema.dropTable('oauth_clients').execute();
}
