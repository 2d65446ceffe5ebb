import { type Provider, configuredRemote } from '../../provider.js';
import { ElevenLabsSoundModel } from './elevenlabs-sound-model.js';
import { ElevenLabsTtsModel } from './elevenlabs-tts-model.js';

export const elevenLabsProvider: Provider = {
  name: 'elevenlabs',
  speech: {
    local: false,
    model: (config, deps) => {
      const { elevenlabs } = config.tts;
      if (!elevenlabs) return undefined;
      return new ElevenLabsTtsModel({
        baseUrl: elevenlabs.baseUrl,
        apiKey: elevenlabs.apiKey,
        modelId: elevenlabs.model,
        timeoutMs: config.upstream.timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
    readiness: (config) =>
      config.tts.elevenlabs ? [configuredRemote('elevenlabs', config.tts.elevenlabs.baseUrl)] : [],
  },
  sound: {
    engine: (config, deps) => {
      const { elevenlabs } = config.tts;
      if (!elevenlabs) return undefined;
      return new ElevenLabsSoundModel({
        baseUrl: elevenlabs.baseUrl,
        apiKey: elevenlabs.apiKey,
        timeoutMs: config.upstream.timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
    readiness: (config) =>
      config.tts.elevenlabs ? [configuredRemote('elevenlabs', config.tts.elevenlabs.baseUrl)] : [],
  },
};
