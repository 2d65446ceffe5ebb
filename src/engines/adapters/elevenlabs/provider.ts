import type { Config } from '../../../config.js';
import { type Provider, configuredRemote } from '../../providers/provider.js';
import { ElevenLabsSoundModel } from './elevenlabs-sound-model.js';
import { ElevenLabsTtsModel } from './elevenlabs-tts-model.js';
import { elevenLabsEnv } from './settings.js';

/** What both ElevenLabs models are given: the account's address and key, the upstream limits and fetch. */
function connection(
  config: Config,
  elevenlabs: NonNullable<Config['tts']['elevenlabs']>,
  fetch: typeof globalThis.fetch | undefined,
) {
  return {
    baseUrl: elevenlabs.baseUrl,
    apiKey: elevenlabs.apiKey,
    timeoutMs: config.upstream.timeoutMs,
    retry: { retries: config.upstream.retries },
    fetch,
  };
}

const readiness = (config: Config) =>
  config.tts.elevenlabs ? [configuredRemote(elevenLabsEnv.name, config.tts.elevenlabs.baseUrl)] : [];

export const elevenLabsProvider: Provider = {
  name: elevenLabsEnv.name,
  speech: {
    local: false,
    model: (config, deps) => {
      const { elevenlabs } = config.tts;
      return (
        elevenlabs &&
        new ElevenLabsTtsModel({ ...connection(config, elevenlabs, deps.fetch), modelId: elevenlabs.model })
      );
    },
    readiness,
  },
  sound: {
    engine: (config, deps) => {
      const { elevenlabs } = config.tts;
      return elevenlabs && new ElevenLabsSoundModel(connection(config, elevenlabs, deps.fetch));
    },
    readiness,
  },
};
