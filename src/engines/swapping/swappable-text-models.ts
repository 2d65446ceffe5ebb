import type { Config } from '../../config.js';
import type { LocalEngines, TextEngines } from '../providers/provider.js';
import type {
  ChatMessage,
  TextCallOptions,
  TextModel,
  TextResult,
  TextStreamPart,
  ToolDefinition,
} from '../spec/text-model.js';
import { SwapWhileInUse } from './swap-while-in-use.js';

/** One set of text engines. */
interface Generation {
  provider: string;
  standard: TextModel;
  advanced: TextModel;
  local: LocalEngines | undefined;
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
  private readonly held: SwapWhileInUse<Generation>;

  constructor(
    readonly builtin: TextModel,
    private readonly make: (config: Config) => TextEngines,
    config: Config,
    onReleaseError?: (error: unknown) => void,
  ) {
    this.held = new SwapWhileInUse(
      this.generation(config),
      async (generation) => generation.local?.release(),
      onReleaseError,
    );
    this.standard = this.follower('standard');
    this.advanced = this.follower('advanced');
  }

  /** The models this process runs itself now (llama-cpp), if any. */
  get local(): LocalEngines | undefined {
    return this.held.value.local;
  }

  /** The text provider serving now: builtin, llama-cpp, ... */
  get provider(): string {
    return this.held.value.provider;
  }

  /** Serves new calls with the engines `config` describes; the replaced ones are released once idle. */
  swap(config: Config): void {
    this.held.swap(this.generation(config));
  }

  /** Releases the current engines (at shutdown). */
  release(): Promise<void> {
    return this.held.release();
  }

  private generation(config: Config): Generation {
    const { standard, advanced, local } = this.make(config);
    return { provider: config.text.provider, standard, advanced, local };
  }

  private call<T>(role: Role, run: (engine: TextModel) => Promise<T>): Promise<T> {
    return this.held.use((generation) => run(generation[role]));
  }

  private stream(role: Role, options: TextCallOptions): AsyncIterable<TextStreamPart> {
    return this.held.stream((generation) => generation[role].doStream(options));
  }

  /** A TextModel that is always the current engine of `role`: its properties are read from it at each access. */
  private follower(role: Role): TextModel {
    const engine = () => this.held.value[role];
    const doGenerate = (options: TextCallOptions): Promise<TextResult> => this.call(role, (e) => e.doGenerate(options));
    const doStream = (options: TextCallOptions) => this.stream(role, options);
    const countPromptTokens = (messages: ChatMessage[], tools?: ToolDefinition[]): Promise<number> =>
      this.call(role, (e) => e.countPromptTokens?.(messages, tools) ?? Promise.resolve(0));
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
