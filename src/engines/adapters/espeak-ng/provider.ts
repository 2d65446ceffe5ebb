import type { Provider } from '../../providers/provider.js';
import { EspeakNgTtsModel } from './espeak-ng-tts-model.js';
import { espeakNgEnv } from './settings.js';

export const espeakNgProvider: Provider = {
  name: espeakNgEnv.name,
  speech: {
    local: true,
    model: (config) => new EspeakNgTtsModel({ binaryPath: config.tts.espeakNgPath, timeoutMs: config.tts.timeoutMs }),
    readiness: (config, probes) => [probes.program(espeakNgEnv.name, config.tts.espeakNgPath)],
  },
};
