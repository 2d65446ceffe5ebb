import type { Config } from '../config.js';
import type { LocalEngines, TextEngines } from './provider.js';
import type { ChatMessage, TextCallOptions, TextModel, TextResult, TextStreamPart } from './spec/text-model.js';

/** One set of text engines, and the calls running on it. */
interface Generation {
  provider: string;
  standard: TextModel;
  advanced: TextModel;
  local: LocalEngines | undefined;
  running: number;
  retired: boolean;
}

type Role = 'standard' | 'advanced';

/**
 * The text engines, replaceable while the service runs (a model pulled or removed): services hold
 * `standard` and `advanced` once, and each call goes to the engines current when it starts. A call
 * that started on replaced engines finishes on them; their local models are released after the last one.
 */
export class SwappableTextModels {
  readonly standard: TextModel;
  readonly advanced: TextModel;
  private current: Generation;

  constructor(
    readonly builtin: TextModel,
    private readonly make: (config: Config) => TextEngines,
    config: Config,
    private readonly onReleaseError: (error: unknown) => void = () => undefined,
  ) {
    this.current = this.generation(config);
    this.standard = this.follower('standard');
    this.advanced = this.follower('advanced');
  }

  /** The models this process runs itself now (llama-cpp), if any. */
  get local(): LocalEngines | undefined {
    return this.current.local;
  }

  /** The text provider serving now: builtin, llama-cpp, ... */
  get provider(): string {
    return this.current.provider;
  }

  /** Serves new calls with the engines `config` describes; the replaced ones are released once idle. */
  swap(config: Config): void {
    const old = this.current;
    this.current = this.generation(config);
    old.retired = true;
    this.releaseIfIdle(old);
  }

  /** Releases the current engines (at shutdown). */
  async release(): Promise<void> {
    await this.current.local?.release();
  }

  private generation(config: Config): Generation {
    const engines = this.make(config);
    return { provider: config.text.provider, ...engines, local: engines.local, running: 0, retired: false };
  }

  private releaseIfIdle(generation: Generation): void {
    if (!generation.retired || generation.running > 0) return;
    generation.local?.release().catch(this.onReleaseError);
  }

  private async call<T>(role: Role, run: (engine: TextModel) => Promise<T>): Promise<T> {
    const generation = this.current;
    generation.running += 1;
    try {
      return await run(generation[role]);
    } finally {
      generation.running -= 1;
      this.releaseIfIdle(generation);
    }
  }

  private async *stream(role: Role, options: TextCallOptions): AsyncIterable<TextStreamPart> {
    const generation = this.current;
    generation.running += 1;
    try {
      yield* generation[role].doStream(options);
    } finally {
      generation.running -= 1;
      this.releaseIfIdle(generation);
    }
  }

  /** A TextModel that is always the current engine of `role`: its properties are read from it at each access. */
  private follower(role: Role): TextModel {
    const engine = () => this.current[role];
    const doGenerate = (options: TextCallOptions): Promise<TextResult> => this.call(role, (e) => e.doGenerate(options));
    const doStream = (options: TextCallOptions) => this.stream(role, options);
    const countPromptTokens = (messages: ChatMessage[]): Promise<number> =>
      this.call(role, (e) => e.countPromptTokens?.(messages) ?? Promise.resolve(0));
    return new Proxy({} as TextModel, {
      get: (_, property) => {
        if (property === 'doGenerate') return doGenerate;
        if (property === 'doStream') return doStream;
        if (property === 'countPromptTokens') return engine().countPromptTokens ? countPromptTokens : undefined;
        const target = engine();
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      has: (_, property) => property in engine(),
    });
  }
}
