import { type Provider, configuredRemote } from '../../providers/provider.js';
import { OpenAICompatibleAsrModel } from './openai-compatible-asr-model.js';
import { OpenAICompatibleEmbeddingModel } from './openai-compatible-embedding-model.js';
import { OpenAICompatibleModerationModel } from './openai-compatible-moderation-model.js';
import { OpenAICompatibleImageModel } from './openai-compatible-image-model.js';
import { OpenAICompatibleTextModel } from './openai-compatible-text-model.js';
import { OpenAICompatibleTtsModel, parseOpenAIVoices } from './openai-compatible-tts-model.js';
import { openAICompatibleEnv } from './settings.js';

/** Any server speaking OpenAI's API (OpenAI, Ollama, vLLM, LocalAI, llama.cpp server), configured per kind. */
export const openAICompatibleProvider: Provider = {
  name: openAICompatibleEnv.name,
  text: {
    models: (config, deps) => {
      const make = (modelId: string) =>
        new OpenAICompatibleTextModel({
          baseUrl: config.text.baseUrl ?? '',
          apiKey: config.text.apiKey,
          modelId,
          timeoutMs: config.upstream.timeoutMs,
          retry: { retries: config.upstream.retries },
          fetch: deps.fetch,
        });
      return { standard: make(config.text.model), advanced: make(config.text.advancedModel) };
    },
    readiness: (config) => [configuredRemote(openAICompatibleEnv.name, config.text.baseUrl)],
  },
  speech: {
    local: false,
    model: (config, deps) => {
      const { openai } = config.tts;
      if (!openai) return undefined;
      return new OpenAICompatibleTtsModel({
        baseUrl: openai.baseUrl,
        apiKey: openai.apiKey,
        model: openai.model,
        voices: parseOpenAIVoices(openai.voices),
        timeoutMs: config.upstream.timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
    readiness: (config) => (config.tts.openai ? [configuredRemote('openai', config.tts.openai.baseUrl)] : []),
  },
  transcription: {
    engines: (config, deps) => {
      const { openai } = config.asr;
      if (!openai) return undefined;
      const model = (modelId: string) =>
        new OpenAICompatibleAsrModel({
          baseUrl: openai.baseUrl,
          apiKey: openai.apiKey,
          modelId,
          timeoutMs: config.asr.timeoutMs,
          retry: { retries: config.upstream.retries },
          fetch: deps.fetch,
        });
      const standard = model(openai.model);
      return {
        engines: [standard],
        enhanced: openai.enhancedModel ? model(openai.enhancedModel) : standard,
        remote: true,
      };
    },
    readiness: (config) => (config.asr.openai ? [configuredRemote('openai', config.asr.openai.baseUrl)] : []),
  },
  image: {
    engine: (config, deps) => {
      const { openai, timeoutMs } = config.images;
      if (!openai) return undefined;
      return (entry) =>
        new OpenAICompatibleImageModel({
          baseUrl: openai.baseUrl,
          apiKey: openai.apiKey,
          model: entry.upstreamModel ?? entry.name,
          quality: entry.quality,
          timeoutMs,
          retry: { retries: config.upstream.retries },
          fetch: deps.fetch,
        });
    },
    readiness: (config) =>
      config.images.openai ? [configuredRemote(openAICompatibleEnv.name, config.images.openai.baseUrl)] : [],
  },
  embedding: {
    model: (config, deps) => {
      const { embeddings } = config;
      if (!embeddings) return undefined;
      return new OpenAICompatibleEmbeddingModel({
        baseUrl: embeddings.baseUrl,
        apiKey: embeddings.apiKey,
        modelId: embeddings.model,
        timeoutMs: config.upstream.timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
    readiness: (config) =>
      config.embeddings ? [configuredRemote(openAICompatibleEnv.name, config.embeddings.baseUrl)] : [],
  },
  moderation: {
    model: (config, deps) => {
      const { moderations } = config;
      if (!moderations) return undefined;
      return new OpenAICompatibleModerationModel({
        baseUrl: moderations.baseUrl,
        apiKey: moderations.apiKey,
        modelId: moderations.model,
        timeoutMs: config.upstream.timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
  },
};
