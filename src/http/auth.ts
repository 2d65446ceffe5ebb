import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AccountsService } from '../modules/accounts/accounts.service.js';
import { type BotKeysService, isPublishableKey } from '../modules/keys/bot-keys.service.js';
import type { KeysService } from '../modules/keys/keys.service.js';
import { isOAuthAccessToken } from '../modules/oauth/oauth-token-format.js';
import type { OAuthService } from '../modules/oauth/oauth.service.js';
import { AppError } from '../shared/errors.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import { botKeyCaller } from './bot-key-auth.js';
import { notFound } from './error-handler.js';
import { hooksOf } from './route-helpers.js';
import { callerFromSession } from './session-auth.js';
import type { AuthMode } from './fastify-types.js';

/** The key from `x-api-key`, or from `Authorization: Bearer <key>` as OpenAI-style clients send it. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  return undefined;
}

/** What an admin route looks up when no key is given: no key is this (keys start `atl_`). */
const NO_KEY = 'no key given';
/** Longer keys are cut to this before the lookup: no key is that long, and the lookup refuses longer ones unread. */
const ADMIN_KEY_CHARS = 256;

/**
 * Resolves the caller in onRequest but only rejects in preValidation, so the rate limiter (in between)
 * counts failed attempts per address too, and a 401 comes before any body validation. The hooks are the
 * first of those of each route that takes a key (route config `auth`), and only of those: a public route's
 * requests pay nothing for them, and no request asks for its route's options (Fastify builds and freezes
 * them on each access). Routes with `oauthTokens` (/mcp) also take OAuth access tokens, and their 401 names the
 * OAuth metadata (RFC 9728); anywhere else an access token is an unknown key.
 */
export function registerAuth(
  app: FastifyInstance,
  accounts: AccountsService,
  sessions: SessionsService,
  botKeys: BotKeysService,
  oauth: Pick<OAuthService, 'authenticate' | 'resourceMetadataUrl'>,
  keys: Pick<KeysService, 'authenticate'>,
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('authFailure', null);

  /** A request without a key, from a signed-in dashboard user: its caller set, true. */
  const signedIn = async (request: FastifyRequest): Promise<boolean> => {
    const caller = await callerFromSession(request, sessions);
    if (caller) request.caller = caller;
    return Boolean(caller);
  };
  const identify = async (request: FastifyRequest, mode: AuthMode, oauthTokens = false) => {
    const key = apiKeyOf(request);
    if (key === undefined && ((await signedIn(request)) || mode === 'optional')) return;
    // An OAuth access token opens only the routes that take one (/mcp); anywhere else it is an unknown key.
    if (oauthTokens && key !== undefined && isOAuthAccessToken(key)) {
      const holder = await oauth.authenticate(key);
      if (holder.ok) request.caller = await accounts.callerFor(holder.value.account, `oauth:${holder.value.grantId}`);
      else request.authFailure = new AppError('unauthorized', holder.error.message);
      return;
    }
    const publishable =
      key !== undefined && isPublishableKey(key) ? await botKeyCaller(request, key, botKeys, accounts) : undefined;
    const outcome = publishable ?? (await accounts.resolveCaller(key));
    if (outcome.ok) request.caller = outcome.value;
    else request.authFailure = outcome.error;
  };
  // An admin route does the same work for whoever is not an admin, so that not even its time tells them apart: one
  // API key lookup (of a key no one has when none is given, within the length a key lookup reads) and no caller built.
  const identifyAdmin = async (request: FastifyRequest) => {
    const key = apiKeyOf(request);
    if (key === undefined && (await signedIn(request))) return;
    const auth = await keys.authenticate((key ?? NO_KEY).slice(0, ADMIN_KEY_CHARS));
    if (auth.ok && auth.value.account.is_admin === 1)
      request.caller = await accounts.callerFor(auth.value.account, auth.value.keyId);
  };
  const identifyRequired = (request: FastifyRequest) => identify(request, 'required');
  const identifyOptional = (request: FastifyRequest) => identify(request, 'optional');
  const identifyWithTokens = (request: FastifyRequest) => identify(request, 'required', true);
  // A callback, not an async function: no promise to make and settle.
  const reject = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(request.authFailure ?? undefined);
  };
  // RFC 9728 section 5.1: a 401 tells an OAuth client where to learn how to sign in.
  const rejectWithChallenge = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const failure = request.authFailure;
    if (failure?.code !== 'unauthorized') return done(failure ?? undefined);
    const presented = apiKeyOf(request) !== undefined ? ', error="invalid_token"' : '';
    done(
      new AppError(failure.code, failure.message, {
        ...failure.headers,
        'www-authenticate': `Bearer resource_metadata="${oauth.resourceMetadataUrl}"${presented}`,
      }),
    );
  };
  // Whoever is not an admin learns nothing of the admin routes, not even that they exist: the 404 of any unknown path.
  const rejectUnlessAdmin = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const caller = request.caller;
    done(caller && !caller.botKey && caller.account.is_admin === 1 ? undefined : notFound(request));
  };

  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (!mode) return;
    const tokens = mode === 'required' && route.config?.oauthTokens === true;
    route.onRequest = [
      mode === 'admin'
        ? identifyAdmin
        : tokens
          ? identifyWithTokens
          : mode === 'optional'
            ? identifyOptional
            : identifyRequired,
      ...hooksOf(route.onRequest),
    ];
    route.preValidation = [
      mode === 'admin' ? rejectUnlessAdmin : tokens ? rejectWithChallenge : reject,
      ...hooksOf(route.preValidation),
    ];
  });
}
