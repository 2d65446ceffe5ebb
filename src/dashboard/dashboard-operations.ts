import type { FastifyRequest } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { operationNamed } from '../operations/catalogue.js';
import { runOperation } from '../operations/run-operation.js';
import type { Outcome } from '../shared/errors.js';
import type { DashboardDeps } from './dashboard-deps.js';

/**
 * What a page's plain form does, done through the API's operation of that name (its validation, its service
 * call, its errors) for the logged-in caller: the dashboard writes nothing the API could not.
 */
export function callOperation<T>(
  deps: DashboardDeps,
  request: FastifyRequest,
  caller: Caller,
  name: string,
  fields: { params?: Record<string, unknown>; input?: unknown },
): Promise<Outcome<T>> {
  return runOperation(operationNamed(deps.operations, name), fields, {
    caller,
    callerIfAny: caller,
    requestId: request.id,
  }) as Promise<Outcome<T>>;
}
