import { processTempDir } from '../../../storage/temp-dir.js';
import type { Provider } from '../../providers/provider.js';
import { FliteTtsModel } from './flite-tts-model.js';
import { fliteEnv } from './settings.js';

export const fliteProvider: Provider = {
  name: fliteEnv.name,
  speech: {
    local: true,
    model: (config) =>
      new FliteTtsModel({
        binaryPath: config.tts.flitePath,
        timeoutMs: config.tts.timeoutMs,
        tempDir: processTempDir(config.tempDir),
      }),
    readiness: (config, probes) => [probes.program(fliteEnv.name, config.tts.flitePath)],
  },
};
