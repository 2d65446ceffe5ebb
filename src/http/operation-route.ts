import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { AppError } from '../shared/errors.js';
import { validationMessage } from '../shared/validation-message.js';
import { type AnyOperation, JsonText, type OperationContext, type ParsedInput } from '../operations/operation.js';
import { IDEMPOTENCY_NOTE, callerOf, errors, idempotencyHeader, openAiErrors, secured } from './route-helpers.js';

/** What a route file of its own changes of an operation's route (see HttpBinding.ownRoute). */
export interface RouteOverride {
  /** Answers instead of the operation's service call (a stream, say); `input` is the parsed input. */
  handler?: (
    request: FastifyRequest,
    reply: FastifyReply,
    context: OperationContext,
    input: ParsedInput,
  ) => Promise<unknown>;
  /** Reads the input where the schema does not (a multipart upload); undefined: the parsed query or body. */
  readInput?: (request: FastifyRequest) => Promise<unknown>;
  /** The handler answers validation failures itself (from `request.validationError`). */
  attachValidation?: boolean;
  /** Other paths than the binding's path and aliases (the first is documented unless `hidden`). */
  paths?: readonly string[];
  hidden?: boolean;
  /** More route config: `botKeys`, say. */
  config?: FastifyContextConfig;
}

/**
 * The HTTP route(s) of an operation, from its definition: the input split into path parameters and the
 * query (GET, DELETE) or body, the output and error schemas for validation, serialisation and the OpenAPI
 * document, the flags as route config (auth, idempotency, error texts), and a handler that calls it.
 */
export function operationRoute(app: FastifyInstance, operation: AnyOperation, override: RouteOverride = {}): void {
  const http = operation.http;
  if (!http) return;
  const params = operation.params;
  const rest = hasFields(operation.input) ? operation.input : undefined;
  const inQuery = http.method === 'GET' || http.method === 'DELETE';
  const auth = operation.auth ?? 'required';
  const description = [operation.description, operation.idempotent && IDEMPOTENCY_NOTE].filter(Boolean).join(' ');
  const status = http.status ?? 200;
  const errorSchemas = http.openaiErrors ? openAiErrors(...operation.errors) : errors(...operation.errors);

  const paths = override.paths ?? [http.path, ...(http.aliases ?? [])];
  for (const url of paths) {
    const documented = url === paths[0] && !http.hidden && !override.hidden;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: http.method,
      url,
      ...(http.bodyLimit !== undefined && { bodyLimit: http.bodyLimit }),
      ...(override.attachValidation && { attachValidation: true }),
      config: {
        ...(auth !== 'public' && { auth }),
        ...(operation.idempotent && { idempotent: true }),
        ...(http.openaiErrors && { openaiErrors: true }),
        ...(http.validationPrefix && { validationPrefix: http.validationPrefix }),
        ...(http.serverErrorText && { serverErrorText: http.serverErrorText }),
        ...override.config,
      },
      schema: {
        hide: !documented,
        ...(documented && { operationId: http.operationId ?? camelCase(operation.name) }),
        tags: [...operation.tags],
        summary: operation.summary,
        ...(description && { description }),
        security: auth === 'public' ? [] : auth === 'optional' ? [{}, ...secured] : secured,
        ...(operation.idempotent && { headers: idempotencyHeader }),
        ...(params && { params }),
        ...(rest && (inQuery ? { querystring: rest } : { body: rest })),
        response: { [status]: operation.output, ...errorSchemas },
      },
      handler: async (request, reply) => {
        const context = contextOf(request);
        const read = override.readInput ? await override.readInput(request) : undefined;
        const given =
          read ?? (rest ? (inQuery ? request.query : request.body) : emptyInput(request, inQuery, operation));
        const input = (params ? { ...(given as object), ...(request.params as object) } : given) as ParsedInput;
        if (override.handler) return override.handler(request, reply, context, input);
        const output = await operation.run(input, context);
        if (status !== 200) reply.code(status);
        if (output instanceof JsonText) return reply.type('application/json; charset=utf-8').send(output.bytes);
        return output;
      },
    });
  }
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** An operation's context over HTTP: `caller` is a 401 when there is no key. A class, so that the getter is
 *  defined once on its prototype rather than on an object literal per request (which V8 builds slowly). */
class RequestContext implements OperationContext {
  readonly callerIfAny: Caller | null;
  readonly requestId: string;

  constructor(private readonly request: FastifyRequest) {
    this.callerIfAny = request.caller ?? null;
    this.requestId = request.id;
  }

  get caller(): Caller {
    return callerOf(this.request);
  }
}

/** The operation's context for this request; `caller` is a 401 when there is no key. */
export function contextOf(request: FastifyRequest): OperationContext {
  return new RequestContext(request);
}

const EMPTY_BODY = z.strictObject({}).optional();

/**
 * The input of an operation without fields, which has no schema of its route to check it: a body (a POST may come
 * with none at all) refuses any field, as every other body does; a query follows the definition, as the queries of
 * the other routes do (a strict one refuses unknown parameters, the others ignore them).
 */
function emptyInput(request: FastifyRequest, inQuery: boolean, operation: AnyOperation): ParsedInput {
  const checked = inQuery
    ? operation.input.safeParse(request.query ?? {})
    : EMPTY_BODY.safeParse(request.body ?? undefined);
  if (checked.success) return {} as ParsedInput;
  const issue = checked.error.issues[0];
  const errors = issue
    ? [{ keyword: issue.code, instancePath: '', schemaPath: '', params: { issue }, message: issue.message }]
    : [];
  const message = validationMessage(errors, inQuery ? 'querystring' : 'body');
  const prefix = operation.http?.validationPrefix;
  throw new AppError('invalid_input', prefix ? `${prefix}: ${message}` : message);
}

/** An operation without input takes no query or body (a POST may come with none at all). */
function hasFields(input: z.ZodType): boolean {
  return !(input instanceof z.ZodObject) || Object.keys(input.shape).length > 0;
}
