import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsService } from '../modules/accounts/accounts.service.js';
import { type BotKeysService, isPublishableKey } from '../modules/keys/bot-keys.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import { botKeyCaller } from './bot-key-auth.js';
import { callerFromSession } from './session-auth.js';
import './fastify-types.js';

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
 * counts failed attempts per address too, and a 401 comes before any body validation.
 */
export function registerAuth(
  app: FastifyInstance,
  accounts: AccountsService,
  sessions: SessionsService,
  botKeys?: BotKeysService,
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('authFailure', null);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth;
    if (!mode) return;
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
  });

  app.addHook('preValidation', async (request) => {
    if (request.authFailure) throw request.authFailure;
  });
}
