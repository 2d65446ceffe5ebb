import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AccountsService } from '../modules/accounts/accounts.service.js';
import { type BotKeysService, isPublishableKey } from '../modules/keys/bot-keys.service.js';
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

/**
 * Resolves the caller in onRequest but only rejects in preValidation, so the rate limiter (in between)
 * counts failed attempts per address too, and a 401 comes before any body validation. The hooks are the
 * first of those of each route that takes a key (route config `auth`), and only of those: a public route's
 * requests pay nothing for them, and no request asks for its route's options (Fastify builds and freezes
 * them on each access).
 */
export function registerAuth(
  app: FastifyInstance,
  accounts: AccountsService,
  sessions: SessionsService,
  botKeys?: BotKeysService,
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('authFailure', null);

  const identify = async (request: FastifyRequest, mode: AuthMode) => {
    const key = apiKeyOf(request);
    if (key === undefined) {
      const caller = await callerFromSession(request, sessions);
      if (caller) {
        request.caller = caller;
        return;
      }
      if (mode === 'optional') return;
    }
    const publishable =
      botKeys && key !== undefined && isPublishableKey(key)
        ? await botKeyCaller(request, key, botKeys, accounts)
        : undefined;
    const outcome = publishable ?? (await accounts.resolveCaller(key));
    if (outcome.ok) request.caller = outcome.value;
    else request.authFailure = outcome.error;
  };
  const identifyRequired = (request: FastifyRequest) => identify(request, 'required');
  const identifyOptional = (request: FastifyRequest) => identify(request, 'optional');
  // A callback, not an async function: no promise to make and settle.
  const reject = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(request.authFailure ?? undefined);
  };
  // Whoever is not an admin learns nothing of the admin routes, not even that they exist: the 404 of any unknown path.
  const rejectUnlessAdmin = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const caller = request.caller;
    done(caller && !caller.botKey && caller.account.is_admin === 1 ? undefined : notFound(request));
  };

  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (!mode) return;
    route.onRequest = [mode === 'optional' ? identifyOptional : identifyRequired, ...hooksOf(route.onRequest)];
    route.preValidation = [mode === 'admin' ? rejectUnlessAdmin : reject, ...hooksOf(route.preValidation)];
  });
}
