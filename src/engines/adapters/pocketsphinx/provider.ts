import { processTempDir } from '../../../storage/temp-dir.js';
import type { Provider } from '../../providers/provider.js';
import { PocketsphinxAsrModel } from './pocketsphinx-asr-model.js';
import { pocketsphinxEnv } from './settings.js';

/** The last resort of transcription: ATELIER_ASR_LOCAL=false turns it off. */
export const pocketsphinxProvider: Provider = {
  name: pocketsphinxEnv.name,
  transcription: {
    engines: (config) =>
      config.asr.local
        ? {
            engines: [
              new PocketsphinxAsrModel({
                binaryPath: config.asr.pocketsphinxPath,
                modelDir: config.asr.pocketsphinxModelDir,
                timeoutMs: config.asr.timeoutMs,
                tempDir: processTempDir(config.tempDir),
              }),
            ],
            remote: false,
          }
        : undefined,
    readiness: (config, probes) =>
      config.asr.local ? [probes.program(pocketsphinxEnv.name, config.asr.pocketsphinxPath)] : [],
  },
};
