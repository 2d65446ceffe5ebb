import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, storageFaultError } from '../shared/errors.js';
import { validationMessage } from '../shared/validation-message.js';
import './fastify-types.js';

const FASTIFY_MESSAGES: Record<string, (error: FastifyError, bodyLimit: number) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, limit) => `Request body is too large (limit ${limit} bytes)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Unsupported Content-Type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Content-Length does not match the body',
};

/**
 * Every error leaves as `{ "error": "..." }`, or in OpenAI's shape on the OpenAI-compatible routes
 * (route config `openaiErrors`); 5xx texts never carry internals.
 */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const openai = request.routeOptions.config.openaiErrors === true || isOpenAiPath(request.url);
    const send = (status: number, message: string, param?: string) =>
      reply.code(status).send(openai ? openAiError(status, message, param) : { error: message });
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code, msg: error.message }, 'request failed');
      reply.headers(error.headers);
      return send(error.status, error.message, error.param);
    }
    const { validationPrefix, serverErrorText } = request.routeOptions.config;
    if (error.validation) {
      const message = validationMessage(error.validation, error.validationContext);
      return send(
        400,
        validationPrefix ? `${validationPrefix}: ${message}` : message,
        /^[\w.[\]]+(?=: )/.exec(message)?.[0],
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(429, error.message || 'Rate limit exceeded');
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
      if (!known && /SyntaxError|JSON/i.test(error.name + error.message))
        return send(400, 'Request body is not valid JSON');
      return send(status, known ? known(error, request.routeOptions.bodyLimit ?? bodyLimit) : error.message);
    }
    const fault = storageFaultError(error);
    if (fault) {
      request.log.error({ err: error }, fault.message);
      reply.headers(fault.headers);
      return send(fault.status, fault.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, serverErrorText ?? 'Internal server error');
  });

  app.setNotFoundHandler((request, reply) => {
    const { message } = notFound(request);
    // Under /v1 clients are OpenAI's SDKs, which read error.message.
    reply.code(404).send(isOpenAiPath(request.url) ? openAiError(404, message) : { error: message });
  });
}

/** OpenAI's paths: whatever answers there, route or not, answers in OpenAI's error shape. */
const isOpenAiPath = (url: string): boolean => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

/** What a path that does not exist answers; the admin routes answer the same to anyone who is not an admin. */
export const notFound = (request: FastifyRequest): AppError =>
  new AppError('not_found', `Not found: ${request.method} ${request.url.split('?')[0]}`);

const OPENAI_TYPES: Record<number, string> = {
  401: 'invalid_request_error',
  402: 'insufficient_quota',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};
const OPENAI_CODES: Record<number, string> = {
  401: 'invalid_api_key',
  402: 'insufficient_quota',
  429: 'rate_limit_exceeded',
  507: 'storage_full',
};

/** `{error: {message, type, param, code}}`, as OpenAI answers and its clients read. */
export function openAiError(status: number, message: string, param?: string) {
  const type = OPENAI_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  const code = OPENAI_CODES[status] ?? (param === 'model' && status === 404 ? 'model_not_found' : null);
  return { error: { message, type, param: param ?? null, code } };
}
