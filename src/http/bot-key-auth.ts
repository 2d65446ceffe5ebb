import type { FastifyRequest } from 'fastify';
import type { AccountsService, Caller } from '../modules/accounts/accounts.service.js';
import type { BotKeysService } from '../modules/keys/bot-keys.service.js';
import { INVALID_API_KEY } from '../modules/keys/keys.service.js';
import { type Outcome, fail, ok } from '../shared/errors.js';
import './fastify-types.js';

/**
 * The caller behind a publishable key; undefined when `key` is none (then it is tried as a secret key). Only
 * routes marked `botKeys` (a bot's public chat) take them; anywhere else the key is refused as if it did not
 * exist. Its allowed origins bind browsers only (anything else can send any Origin), so a request without an
 * Origin header (a server, curl) is let through: requiring one would stop nobody.
 */
export async function botKeyCaller(
  request: FastifyRequest,
  key: string,
  botKeys: BotKeysService,
  accounts: AccountsService,
): Promise<Outcome<Caller> | undefined> {
  const auth = await botKeys.authenticate(key);
  if (!auth?.ok) return auth;
  if (!request.routeOptions.config.botKeys) return fail('unauthorized', INVALID_API_KEY);
  const { scope } = auth.value;
  const origin = request.headers.origin;
  if (origin !== undefined && scope.allowedOrigins.length > 0 && !scope.allowedOrigins.includes(origin)) {
    return fail(
      'forbidden',
      `This key may not be used from ${origin.slice(0, 200)}: add that origin to the key's allowed origins`,
    );
  }
  return ok({ ...(await accounts.callerFor(auth.value.account, auth.value.keyId)), botKey: scope });
}
