import { monotonicMs } from '../../shared/clock.js';

/** The kinds of work engines do, as metrics name them. */
export type EngineKind = 'text' | 'speech' | 'transcription' | 'image' | 'video' | 'embedding' | 'sound';

/** `aborted`: the caller gave up (a client went away, a worker shut down): not the engine's failure. */
export type EngineOutcome = 'ok' | 'error' | 'aborted';

export interface EngineObserver {
  engineCall(kind: EngineKind, provider: string, seconds: number, outcome: EngineOutcome): void;
}

/** The calls that do an engine's work; everything else (voices, settings, cloning) passes through untouched. */
const CALLS = new Set<PropertyKey>(['doGenerate', 'doEdit', 'doEmbed']);
const STREAMS = new Set<PropertyKey>(['doStream']);

type Call = (options?: { abortSignal?: AbortSignal | undefined }) => unknown;

/**
 * The same engine, with the duration and outcome of each call reported to `observer`. One wrapper for
 * every kind, around the objects the registry creates: adapters know nothing of it. A wrapped engine
 * is the same object to whoever holds it twice (the transcription routes share their engines).
 */
export function observeEngine<T extends { readonly provider: string }>(
  engine: T,
  kind: EngineKind,
  observer: EngineObserver,
): T {
  const cache = wrapped(observer);
  const known = cache.get(engine);
  if (known) return known as T;
  const methods = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(engine, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      let method = methods.get(property);
      if (!method) {
        const call = (value as Call).bind(target);
        if (CALLS.has(property)) method = timedCall(call, target.provider, kind, observer);
        else if (STREAMS.has(property))
          method = timedStream(
            call as (options?: Parameters<Call>[0]) => AsyncIterable<unknown>,
            target.provider,
            kind,
            observer,
          );
        else method = call;
        methods.set(property, method);
      }
      return method;
    },
  });
  cache.set(engine, proxy);
  return proxy;
}

const caches = new WeakMap<EngineObserver, WeakMap<object, object>>();

function wrapped(observer: EngineObserver): WeakMap<object, object> {
  let cache = caches.get(observer);
  if (!cache) {
    cache = new WeakMap();
    caches.set(observer, cache);
  }
  return cache;
}

const outcomeOf = (options: Parameters<Call>[0]): EngineOutcome =>
  options?.abortSignal?.aborted ? 'aborted' : 'error';

function timedCall(call: Call, provider: string, kind: EngineKind, observer: EngineObserver): Call {
  return async (options) => {
    const started = monotonicMs();
    try {
      const result = await call(options);
      observer.engineCall(kind, provider, (monotonicMs() - started) / 1000, 'ok');
      return result;
    } catch (error) {
      observer.engineCall(kind, provider, (monotonicMs() - started) / 1000, outcomeOf(options));
      throw error;
    }
  };
}

/** A stream is timed from the call to its last part; one the reader leaves early counts as aborted. */
function timedStream(
  call: (options?: Parameters<Call>[0]) => AsyncIterable<unknown>,
  provider: string,
  kind: EngineKind,
  observer: EngineObserver,
) {
  return (options?: Parameters<Call>[0]): AsyncIterable<unknown> => {
    const started = monotonicMs();
    const inner = call(options);
    return (async function* () {
      let outcome: EngineOutcome = 'aborted';
      try {
        yield* inner;
        outcome = 'ok';
      } catch (error) {
        outcome = outcomeOf(options);
        throw error;
      } finally {
        observer.engineCall(kind, provider, (monotonicMs() - started) / 1000, outcome);
      }
    })();
  };
}
