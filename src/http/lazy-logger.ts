import type { FastifyBaseLogger, LogLevel } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger (request.log, reply.log) that makes the real child logger, with the request id among its
 * bindings, only when the request logs something. Fastify makes one for every request, and pino's child()
 * serialises its bindings at once: 1.5% of a cheap request, for a logger that most requests never use.
 */
class LazyChildLogger implements FastifyBaseLogger {
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The child logger itself, made on first use. */
  get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): LogLevel {
    return (this.made?.level ?? this.options.level ?? this.parent.level) as LogLevel;
  }

  set level(level: LogLevel) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

for (const method of METHODS) {
  LazyChildLogger.prototype[method] = function (this: LazyChildLogger, ...args: unknown[]) {
    const real = this.real;
    Reflect.apply(real[method], real, args);
  } as LogFn;
}

/** Fastify's childLoggerFactory: see LazyChildLogger. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
