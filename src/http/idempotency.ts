import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { AppError } from '../shared/errors.js';
import { sha256Hex } from '../shared/ids.js';
import { callerOf, hooksOf } from './route-helpers.js';
import './fastify-types.js';

/**
 * Idempotency-Key on creation routes (route config `idempotent`). Runs after validation, so the
 * fingerprint is of the validated body: `"true"` and `true` are the same request. Only successful
 * answers are kept; a failed request charged nothing, so its key is released for the retry.
 */
export function registerIdempotency(app: FastifyInstance, idempotency: IdempotencyService): void {
  // Hooks on the creation routes only, so every other request pays nothing for them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [claimKey, ...hooksOf(route.preHandler)];
    route.onSend = [storeAnswer, ...hooksOf(route.onSend)];
  });

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') return;
    const accountId = callerOf(request).account.id;
    const fingerprint = sha256Hex(
      `${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`,
    );
    const claim = await idempotency.claim(accountId, key, fingerprint);
    switch (claim.kind) {
      case 'proceed':
        request.idempotencyKey = { accountId, key };
        return;
      case 'replay':
        return reply
          .code(claim.statusCode)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(claim.response);
      case 'mismatch':
        throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request');
      case 'busy':
        throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly', {
          'retry-after': '1',
        });
    }
  }

  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const held = request.idempotencyKey;
    if (!held) return payload;
    request.idempotencyKey = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await idempotency.finish(held.accountId, held.key, reply.statusCode, payload);
    } else {
      await idempotency.abandon(held.accountId, held.key);
    }
    return payload;
  }
}
