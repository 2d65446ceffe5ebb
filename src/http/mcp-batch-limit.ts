import '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../shared/errors.js';

/** The most JSON-RPC messages one POST /mcp may carry (the SDK alone would take 100). */
export const MCP_BATCH_LIMIT = 20;

/**
 * One POST /mcp with a JSON-RPC batch is as many requests as it holds messages. The global limiter counted
 * the POST once, before the body was read; this counts the others against the same counter (the caller's
 * account, in whichever store the limiter uses) and refuses the whole batch once that goes over the plan's
 * limit, so a batch buys nothing that single requests would not. Batches above MCP_BATCH_LIMIT are refused
 * outright, before anything is counted or run.
 */
export function mcpBatchLimit(app: FastifyInstance, config: Config): preHandlerAsyncHookHandler {
  // No options: the global limiter's own store, key and limit (a child store would count apart).
  const countOne = config.rateLimit.enabled ? app.createRateLimit() : undefined;
  return async (request, reply) => {
    const { body } = request;
    if (!Array.isArray(body)) return;
    if (body.length > MCP_BATCH_LIMIT) {
      return reply.code(400).send({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message: `Invalid Request: a batch can hold at most ${MCP_BATCH_LIMIT} messages; this one has ${body.length}`,
        },
        id: null,
      });
    }
    if (!countOne) return;
    for (let counted = 1; counted < body.length; counted++) {
      const limit = await countOne(request);
      if (limit.isAllowed) return;
      if (!limit.isExceeded) {
        void reply.header('ratelimit-remaining', limit.remaining);
        continue;
      }
      throw new AppError(
        'rate_limited',
        `Rate limit exceeded: at most ${limit.max} requests a minute, and each message of a batch counts as one (this one has ${body.length}); retry in ${limit.ttlInSeconds} seconds`,
        {
          'retry-after': String(limit.ttlInSeconds),
          'ratelimit-limit': String(limit.max),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(limit.ttlInSeconds),
        },
      );
    }
  };
}
