import type { JobHandler } from './worker.js';

/**
 * The worker's handlers, one per kind of the list of kinds (src/job-kinds.ts): a kind without a handler does not
 * compile, and each handler must say the kind it is given for.
 */
export function jobHandlers<Kind extends string>(
  kinds: readonly Kind[],
  handlers: Readonly<Record<Kind, JobHandler>>,
): JobHandler[] {
  return kinds.map((kind) => {
    const handler = handlers[kind];
    if (handler.kind !== kind) throw new Error(`The handler given for ${kind} handles ${handler.kind}`);
    return handler;
  });
}
