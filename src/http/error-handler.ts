import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import { validationMessage } from './validation-message.js';
import './fastify-types.js';

const FASTIFY_MESSAGES: Record<string, (error: FastifyError, bodyLimit: number) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, limit) => `Request body is too large (limit ${limit} bytes)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Unsupported Content-Type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Content-Length does not match the body',
};

/** Every error leaves as `{ "error": "..." }`; 5xx texts never carry internals. */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code, msg: error.message }, 'request failed');
      return reply.code(error.status).headers(error.headers).send({ error: error.message });
    }
    const { validationPrefix, serverErrorText } = request.routeOptions.config;
    if (error.validation) {
      const message = validationMessage(error.validation, error.validationContext);
      return reply.code(400).send({ error: validationPrefix ? `${validationPrefix}: ${message}` : message });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: error.message || 'Rate limit exceeded' });
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
      if (!known && /SyntaxError|JSON/i.test(error.name + error.message)) {
        return reply.code(400).send({ error: 'Request body is not valid JSON' });
      }
      return reply.code(status).send({ error: known ? known(error, bodyLimit) : error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: serverErrorText ?? 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
