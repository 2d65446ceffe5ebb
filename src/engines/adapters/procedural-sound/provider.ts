import { processTempDir } from '../../../storage/temp-dir.js';
import { type Provider, offline } from '../../providers/provider.js';
import { ProceduralSoundModel } from './procedural-sound-model.js';
import { proceduralSoundEnv } from './settings.js';

/** The offline sound-effect engine: synthesis in JavaScript on worker threads, MP3 by lame. */
export const proceduralSoundProvider: Provider = {
  name: proceduralSoundEnv.name,
  sound: {
    engine: (config) =>
      new ProceduralSoundModel({
        lamePath: config.tts.lamePath,
        bitrateKbps: config.tts.bitrateKbps,
        timeoutMs: config.tts.timeoutMs,
        workers: config.sound.workers,
        workDir: processTempDir(config.tempDir),
      }),
    readiness: (config, probes) => [
      offline(proceduralSoundEnv.name),
      probes.program('lame (MP3)', config.tts.lamePath),
    ],
  },
};
