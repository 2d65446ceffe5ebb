import type { Provider, ReadinessPart } from '../../providers/provider.js';
import { WhisperCppAsrModel } from './whisper-cpp-asr-model.js';
import { readWhisperModelFile } from './whisper-model-file.js';
import { whisperCppEnv } from './settings.js';

/** A configured whisper model comes before pocketsphinx, and is the better engine when nothing remote is. */
export const whisperCppProvider: Provider = {
  name: whisperCppEnv.name,
  transcription: {
    engines: (config) => {
      const { whisper } = config.asr;
      if (!whisper) return undefined;
      const model = new WhisperCppAsrModel({
        modelPath: whisper.modelPath,
        threads: whisper.threads,
        timeoutMs: config.asr.timeoutMs,
      });
      return {
        engines: [model],
        enhanced: model,
        remote: false,
        warmUp: () => model.warmUp(),
        release: () => model.close(),
      };
    },
    readiness: (config) => (config.asr.whisper ? [modelFilePart(config.asr.whisper.modelPath)] : []),
  },
};

/** The model file's header is read (48 bytes), not the model loaded: that takes the memory of a transcription. */
async function modelFilePart(path: string): Promise<ReadinessPart> {
  try {
    const file = readWhisperModelFile(path);
    return {
      ok: true,
      text: `whisper.cpp (${file.multilingual ? `${file.languageCount} languages` : 'English only'})`,
    };
  } catch (error) {
    return { ok: false, text: `whisper.cpp: ${error instanceof Error ? error.message : 'model file unusable'}` };
  }
}
