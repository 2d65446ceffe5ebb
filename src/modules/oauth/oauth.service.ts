import {
  AccessDeniedError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
  type OAuthError,
  UnauthorizedClientError,
  UnsupportedGrantTypeError,
  UnsupportedResponseTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  OAuthClientInformationFull,
  OAuthMetadata,
  OAuthProtectedResourceMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { verifyChallenge } from 'pkce-challenge';
import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import { newId, randomToken, sha256Hex } from '../../shared/ids.js';
import type { AccountRow, OAuthClientRow, OAuthTokenRow } from '../../storage/db/schema.js';
import { KeyUseRecorder, sameHash } from '../keys/key-use.js';
import { type ClientCredentials, authenticateClient } from './oauth-client-auth.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata.js';
import { type OAuthOutcome, fail, ok } from './oauth-outcome.js';
import type { ConnectedClient, OAuthRepo } from './oauth.repo.js';
import {
  ACCESS_TOKEN_PREFIX,
  CLIENT_SECRET_PREFIX,
  CODE_PREFIX,
  REFRESH_TOKEN_PREFIX,
  isOAuthAccessToken,
} from './oauth-token-format.js';
import {
  type AuthorizationQuery,
  CODE_CHALLENGE,
  CODE_VERIFIER,
  GRANT_TYPES,
  MCP_SCOPE,
  type RevocationRequest,
  type TokenRequest,
  authorizationQuerySchema,
  redirectUriProblem,
  registrationSchema,
} from './oauth.schemas.js';

const CODE_SECONDS = 60;
const MAX_TOKEN_LENGTH = 256;
const SWEEP_EVERY_MS = 3_600_000;

/** A request to the authorization endpoint found good: what the consent page shows and the approval binds. */
export interface AuthorizationRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  state?: string;
}

/**
 * An authorization request checked: good; or an error shown as a page (the client or its redirect URI cannot be
 * trusted, so nobody is sent there); or an error sent back to the client's registered redirect URI.
 */
export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; page: string }
  | { ok: false; redirect: string };

/** The account and grant behind an access token. */
export interface TokenHolder {
  account: AccountRow;
  grantId: string;
}

const random = (prefix: string) => `${prefix}${randomToken(32)}`;

/**
 * OAuth 2.1 sign-in of MCP clients, per the MCP authorization specification: protected-resource metadata
 * (RFC 9728), authorization-server metadata (RFC 8414), dynamic client registration (RFC 7591), the authorization
 * code flow with PKCE S256, resource indicators (RFC 8707), rotating refresh tokens and revocation (RFC 7009). The
 * wire shapes and error classes are the MCP SDK's; PKCE is checked by pkce-challenge (the SDK's own dependency).
 */
export class OAuthService {
  readonly issuer: string;
  /** The one resource tokens are for: this server's MCP endpoint. */
  readonly resource: string;
  private readonly uses: KeyUseRecorder;
  private lastSweep = 0;

  constructor(
    private readonly repo: OAuthRepo,
    private readonly config: Pick<Config, 'publicUrl' | 'oauth'>,
    private readonly clock: Clock,
  ) {
    this.issuer = config.publicUrl;
    this.resource = `${config.publicUrl}/mcp`;
    this.uses = new KeyUseRecorder(clock, (grantId, at) => repo.touchGrant(grantId, at));
  }

  /** RFC 9728: where a client learns which authorization server signs it in to /mcp. */
  get resourceMetadataUrl(): string {
    return `${this.issuer}/.well-known/oauth-protected-resource/mcp`;
  }

  protectedResourceMetadata(): OAuthProtectedResourceMetadata {
    return protectedResourceMetadata(this.issuer, this.resource);
  }

  authorizationServerMetadata(): OAuthMetadata {
    return authorizationServerMetadata(this.issuer);
  }

  /** RFC 7591 dynamic registration: public clients (`none`) get no secret; others get one, shown once. */
  async register(body: unknown): Promise<OAuthOutcome<OAuthClientInformationFull>> {
    const parsed = registrationSchema.safeParse(body ?? {});
    if (!parsed.success)
      return fail(new InvalidClientMetadataError(parsed.error.issues.map((issue) => issue.message).join('; ')));
    const metadata = parsed.data;
    const grantTypes = metadata.grant_types ?? [...GRANT_TYPES];
    if (!grantTypes.includes('authorization_code'))
      return fail(new InvalidClientMetadataError('grant_types: authorization_code is required'));
    if (metadata.scope !== undefined && !this.scopeAllowed(metadata.scope))
      return fail(new InvalidClientMetadataError(`scope: only "${MCP_SCOPE}" is offered`));
    const method = metadata.token_endpoint_auth_method ?? 'client_secret_basic';
    const secret = method === 'none' ? undefined : random(CLIENT_SECRET_PREFIX);
    const now = this.clock.now();
    const registered = {
      ...metadata,
      grant_types: grantTypes,
      response_types: ['code'],
      token_endpoint_auth_method: method,
      scope: MCP_SCOPE,
    };
    const id = `mcp_${randomToken(16)}`;
    const row: OAuthClientRow = {
      id,
      secret_hash: secret ? sha256Hex(secret) : null,
      client_name: metadata.client_name?.trim() || null,
      redirect_uris: JSON.stringify(metadata.redirect_uris),
      grant_types: JSON.stringify(grantTypes),
      token_endpoint_auth_method: method,
      metadata: JSON.stringify(registered),
      created_at: now.toISOString(),
    };
    await this.repo.insertClient(row);
    return ok({
      ...registered,
      client_id: id,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      ...(secret && { client_secret: secret, client_secret_expires_at: 0 }),
    });
  }

  /** Checks an authorization request (GET of the consent page, and again at its POST). */
  async checkAuthorization(query: unknown): Promise<AuthorizationCheck> {
    const parsed = authorizationQuerySchema.safeParse(query ?? {});
    if (!parsed.success)
      return { ok: false, page: 'This sign-in link is malformed: a parameter is repeated or too long.' };
    const params: AuthorizationQuery = parsed.data;
    const client = params.client_id ? await this.repo.findClient(params.client_id) : undefined;
    if (!client) return { ok: false, page: 'This sign-in link names an application that is not registered here.' };
    const registered = JSON.parse(client.redirect_uris) as string[];
    const redirectUri = params.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined);
    if (!redirectUri || !registered.includes(redirectUri) || redirectUriProblem(redirectUri))
      return {
        ok: false,
        page: 'This sign-in link would send you to an address the application did not register: it was refused.',
      };
    const back = (error: OAuthError) => ({
      ok: false as const,
      redirect: this.redirectWith(redirectUri, {
        error: error.errorCode,
        error_description: error.message,
        state: params.state,
      }),
    });
    if (params.response_type !== 'code') return back(new UnsupportedResponseTypeError('response_type must be "code"'));
    if (!params.code_challenge) return back(new InvalidRequestError('code_challenge is required (PKCE)'));
    if (params.code_challenge_method !== 'S256')
      return back(new InvalidRequestError('code_challenge_method must be S256'));
    if (!CODE_CHALLENGE.test(params.code_challenge))
      return back(new InvalidRequestError('code_challenge is not an S256 challenge'));
    if (params.resource !== undefined && params.resource !== this.resource)
      return back(new InvalidTargetError(`resource must be ${this.resource}`));
    if (params.scope !== undefined && !this.scopeAllowed(params.scope))
      return back(new InvalidScopeError(`only the scope "${MCP_SCOPE}" is offered`));
    const host = new URL(redirectUri).host;
    return {
      ok: true,
      request: {
        clientId: client.id,
        clientName: client.client_name ?? host,
        redirectUri,
        codeChallenge: params.code_challenge,
        resource: this.resource,
        scope: MCP_SCOPE,
        ...(params.state !== undefined && { state: params.state }),
      },
    };
  }

  /** The user approved: a new grant and its one-time code (a minute, stored hashed); where to send the browser. */
  async approve(accountId: string, request: AuthorizationRequest): Promise<string> {
    const now = this.clock.now();
    const code = random(CODE_PREFIX);
    const grantId = newId();
    await this.repo.insertGrantWithCode(
      {
        id: grantId,
        client_id: request.clientId,
        account_id: accountId,
        resource: request.resource,
        scope: request.scope,
        created_at: now.toISOString(),
        connected_at: null,
        last_used_at: null,
        revoked_at: null,
      },
      {
        code_hash: sha256Hex(code),
        grant_id: grantId,
        redirect_uri: request.redirectUri,
        code_challenge: request.codeChallenge,
        expires_at: new Date(now.getTime() + CODE_SECONDS * 1000).toISOString(),
        used_at: null,
      },
    );
    return this.redirectWith(request.redirectUri, { code, state: request.state });
  }

  /** The user said no. */
  deny(request: AuthorizationRequest): string {
    const error = new AccessDeniedError('The user did not approve the application');
    return this.redirectWith(request.redirectUri, {
      error: error.errorCode,
      error_description: error.message,
      state: request.state,
    });
  }

  /** The token endpoint: `authorization` is the request's Authorization header (client_secret_basic). */
  async token(params: TokenRequest, authorization?: string): Promise<OAuthOutcome<OAuthTokens>> {
    if (!params.grant_type) return fail(new InvalidRequestError('grant_type is required'));
    if (!(GRANT_TYPES as readonly string[]).includes(params.grant_type))
      return fail(new UnsupportedGrantTypeError(`grant_type ${params.grant_type} is not supported`));
    const client = await this.authenticateClient(params, authorization);
    if (!client.ok) return client;
    if (!(JSON.parse(client.value.grant_types) as string[]).includes(params.grant_type))
      return fail(new UnauthorizedClientError(`This client did not register the ${params.grant_type} grant`));
    if (params.resource !== undefined && params.resource !== this.resource)
      return fail(new InvalidTargetError(`resource must be ${this.resource}`));
    if (params.scope !== undefined && !this.scopeAllowed(params.scope))
      return fail(new InvalidScopeError(`only the scope "${MCP_SCOPE}" is offered`));
    return params.grant_type === 'authorization_code'
      ? this.exchangeCode(client.value, params)
      : this.refresh(client.value, params);
  }

  private async exchangeCode(client: OAuthClientRow, params: TokenRequest): Promise<OAuthOutcome<OAuthTokens>> {
    if (!params.code) return fail(new InvalidRequestError('code is required'));
    if (!params.code_verifier) return fail(new InvalidRequestError('code_verifier is required (PKCE)'));
    if (!CODE_VERIFIER.test(params.code_verifier))
      return fail(new InvalidRequestError('code_verifier must be 43 to 128 unreserved characters'));
    const codeHash = sha256Hex(params.code);
    const found = params.code.length <= MAX_TOKEN_LENGTH ? await this.repo.findCode(codeHash) : undefined;
    const now = this.clock.now();
    const invalid = fail<OAuthTokens>(new InvalidGrantError('The authorization code is invalid or expired'));
    if (found?.grant.client_id !== client.id) return invalid;
    const { code, grant } = found;
    // A code used twice was seen by someone else: what it made is revoked (OAuth 2.1, section 4.1.3).
    if (code.used_at) {
      await this.repo.revokeGrant(grant.id, now.toISOString());
      return fail(new InvalidGrantError('The authorization code was already used; its tokens are revoked'));
    }
    if (new Date(code.expires_at) <= now || grant.revoked_at) return invalid;
    if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirect_uri)
      return fail(new InvalidGrantError('redirect_uri does not match the authorization request'));
    if (!(await verifyChallenge(params.code_verifier, code.code_challenge)))
      return fail(new InvalidGrantError('code_verifier does not match the code_challenge'));
    if (grant.resource !== this.resource) return fail(new InvalidTargetError(`resource must be ${grant.resource}`));
    const { rows, tokens } = this.mint(grant.id, grant.scope, now);
    if (!(await this.repo.redeemCode(codeHash, grant.id, now.toISOString(), rows))) {
      await this.repo.revokeGrant(grant.id, now.toISOString());
      return fail(new InvalidGrantError('The authorization code was already used; its tokens are revoked'));
    }
    await this.sweepSometimes(now);
    return ok(tokens);
  }

  private async refresh(client: OAuthClientRow, params: TokenRequest): Promise<OAuthOutcome<OAuthTokens>> {
    if (!params.refresh_token) return fail(new InvalidRequestError('refresh_token is required'));
    const tokenHash = sha256Hex(params.refresh_token);
    const found =
      params.refresh_token.startsWith(REFRESH_TOKEN_PREFIX) && params.refresh_token.length <= MAX_TOKEN_LENGTH
        ? await this.repo.findToken(tokenHash)
        : undefined;
    const now = this.clock.now();
    const invalid = fail<OAuthTokens>(new InvalidGrantError('The refresh token is invalid, expired or revoked'));
    if (found?.token.kind !== 'refresh' || found.grant.client_id !== client.id) return invalid;
    const { token, grant } = found;
    // A refresh token that was already rotated, used again: stolen, or the client is confused. The grant ends.
    if (token.revoked_at) {
      await this.repo.revokeGrant(grant.id, now.toISOString());
      return invalid;
    }
    if (new Date(token.expires_at) <= now || grant.revoked_at || grant.resource !== this.resource) return invalid;
    const { rows, tokens } = this.mint(grant.id, grant.scope, now);
    if (!(await this.repo.rotateRefresh(tokenHash, grant.id, now.toISOString(), rows))) {
      await this.repo.revokeGrant(grant.id, now.toISOString());
      return invalid;
    }
    return ok(tokens);
  }

  /**
   * RFC 7009: a refresh token ends its whole grant, an access token itself. An unknown token, or one of another
   * client, is answered the same (success) and changes nothing.
   */
  async revoke(params: RevocationRequest, authorization?: string): Promise<OAuthOutcome<void>> {
    const client = await this.authenticateClient(params, authorization);
    if (!client.ok) return client;
    if (!params.token) return fail(new InvalidRequestError('token is required'));
    if (params.token.length > MAX_TOKEN_LENGTH) return ok(undefined);
    const tokenHash = sha256Hex(params.token);
    const found = await this.repo.findToken(tokenHash);
    if (!found || found.grant.client_id !== client.value.id) return ok(undefined);
    const at = this.clock.now().toISOString();
    if (found.token.kind === 'refresh') await this.repo.revokeGrant(found.grant.id, at);
    else await this.repo.revokeToken(tokenHash, at);
    return ok(undefined);
  }

  /**
   * The account an access token acts as, read from the database on every request (a revocation is seen at once by
   * every process); invalid_token when the token is unknown, expired, revoked or for another resource, and
   * access_denied when its account is blocked.
   */
  async authenticate(raw: string): Promise<OAuthOutcome<TokenHolder>> {
    const invalid = fail<TokenHolder>(new InvalidTokenError('Invalid or expired access token'));
    if (!isOAuthAccessToken(raw) || raw.length > MAX_TOKEN_LENGTH) return invalid;
    const hash = sha256Hex(raw);
    const found = await this.repo.findAccess(hash);
    const now = this.clock.now();
    if (
      !found ||
      !sameHash(found.token.token_hash, hash) ||
      found.token.revoked_at ||
      found.grant.revoked_at ||
      new Date(found.token.expires_at) <= now ||
      found.grant.resource !== this.resource
    )
      return invalid;
    if (found.account.blocked) {
      const reason = found.account.blocked_reason ? `: ${found.account.blocked_reason}` : '';
      return fail(new AccessDeniedError(`Account is blocked${reason}`));
    }
    this.uses.used(found.grant.id, now.getTime());
    return ok({ account: found.account, grantId: found.grant.id });
  }

  listConnected(accountId: string): Promise<ConnectedClient[]> {
    return this.repo.listConnected(accountId);
  }

  /** The dashboard's Revoke: the grant and every token it made end at once. */
  revokeGrant(accountId: string, grantId: string): Promise<boolean> {
    return this.repo.revokeGrant(grantId, this.clock.now().toISOString(), accountId);
  }

  private mint(grantId: string, scope: string, now: Date): { rows: OAuthTokenRow[]; tokens: OAuthTokens } {
    const access = random(ACCESS_TOKEN_PREFIX);
    const refresh = random(REFRESH_TOKEN_PREFIX);
    const { accessTokenSeconds, refreshTokenDays } = this.config.oauth;
    const row = (token: string, kind: OAuthTokenRow['kind'], lifetimeMs: number): OAuthTokenRow => ({
      token_hash: sha256Hex(token),
      grant_id: grantId,
      kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      revoked_at: null,
    });
    return {
      rows: [row(access, 'access', accessTokenSeconds * 1000), row(refresh, 'refresh', refreshTokenDays * 86_400_000)],
      tokens: {
        access_token: access,
        token_type: 'Bearer',
        expires_in: accessTokenSeconds,
        refresh_token: refresh,
        scope,
      },
    };
  }

  private authenticateClient(params: ClientCredentials, authorization?: string): Promise<OAuthOutcome<OAuthClientRow>> {
    return authenticateClient((id) => this.repo.findClient(id), params, authorization);
  }

  private scopeAllowed(scope: string): boolean {
    return scope
      .split(' ')
      .filter((s) => s !== '')
      .every((s) => s === MCP_SCOPE);
  }

  /** The registered redirect URI with the answer's parameters (and `iss`, RFC 9207), its own query kept. */
  private redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    url.searchParams.set('iss', this.issuer);
    return url.href;
  }

  private async sweepSometimes(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.repo.deleteExpired(now.toISOString(), new Date(now.getTime() - 86_400_000).toISOString());
  }
}
