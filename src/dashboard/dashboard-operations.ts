import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';
import type { Operation } from '../operations/operation.js';
import { runOperation } from '../operations/run-operation.js';
import type { Outcome } from '../shared/errors.js';

/**
 * What a page's plain form does, done through the API's operation (its validation, its service call, its
 * errors) for the logged-in caller: the dashboard writes nothing the API could not. The page hands the
 * definition itself (from `deps.operations`), so the fields and the answer have the operation's own types.
 */
export function callOperation<I extends z.ZodType, O extends z.ZodType, P extends z.ZodObject>(
  request: FastifyRequest,
  caller: Caller,
  operation: Operation<I, O, P>,
  fields: { params?: z.input<P>; input?: z.input<I> },
): Promise<Outcome<z.input<O>>> {
  return runOperation(operation, fields, { caller, callerIfAny: caller, requestId: request.id });
}
