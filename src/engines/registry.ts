import type { Config } from '../config.js';
import { BuiltinTextModel } from './adapters/builtin/builtin-text-model.js';
import { OpenAICompatibleTextModel } from './adapters/openai-compatible/openai-compatible-text-model.js';
import type { TextModel } from './spec/text-model.js';

export interface EngineDeps {
  fetch?: typeof fetch;
}

type TextAdapterFactory = (config: Config, modelId: string, deps: EngineDeps) => TextModel;

/** The only list of adapters. Adding a provider: one folder under adapters/ and one line here. */
const textAdapters: Record<Config['text']['provider'], TextAdapterFactory> = {
  builtin: () => new BuiltinTextModel(),
  'openai-compatible': (config, modelId, deps) =>
    new OpenAICompatibleTextModel({
      baseUrl: config.text.baseUrl ?? '',
      apiKey: config.text.apiKey,
      modelId,
      timeoutMs: config.upstream.timeoutMs,
      retry: { retries: config.upstream.retries },
      fetch: deps.fetch,
    }),
};

export interface TextModels {
  standard: TextModel;
  advanced: TextModel;
}

export function createTextModels(config: Config, deps: EngineDeps = {}): TextModels {
  const factory = textAdapters[config.text.provider];
  return {
    standard: factory(config, config.text.model, deps),
    advanced: factory(config, config.text.advancedModel, deps),
  };
}
