import { processTempDir } from '../../../storage/temp-dir.js';
import type { Provider } from '../../providers/provider.js';
import type { SpeechAudio, TtsModel } from '../../spec/tts-model.js';
import { BuiltinImageModel } from '../builtin/builtin-image-model.js';
import { espeakNgEnv } from '../espeak-ng/settings.js';
import { fliteEnv } from '../flite/settings.js';
import { FfmpegTalkingModel } from './ffmpeg-talking-model.js';
import { FfmpegVideoModel } from './ffmpeg-video-model.js';
import { ffmpegVideoEnv } from './settings.js';

/** The embedded video engine: keyframes drawn by the builtin image engine, narrated with a local voice. */
export const ffmpegVideoProvider: Provider = {
  name: ffmpegVideoEnv.name,
  video: {
    engine: (config, speech) =>
      new FfmpegVideoModel({
        ffmpegPath: config.asr.ffmpegPath,
        timeoutMs: config.videos.timeoutMs,
        workDir: processTempDir(config.tempDir),
        images: new BuiltinImageModel(),
        ...(config.videos.narration && { narrate: narrator(speech) }),
      }),
    readiness: (config, probes) => [probes.program('ffmpeg', config.asr.ffmpegPath)],
  },
  talkingVideo: {
    offline: true,
    engine: (config) =>
      new FfmpegTalkingModel({
        ffmpegPath: config.asr.ffmpegPath,
        ffprobePath: config.asr.ffprobePath,
        timeoutMs: config.videos.timeoutMs,
        workDir: processTempDir(config.tempDir),
      }),
    // The same ffmpeg as the clips': /ready checks it once, under video.
    readiness: () => [],
  },
};

/** The clearest local voice available: flite's slt, else espeak-ng's American English. */
function narrator(models: TtsModel[]): ((text: string, signal?: AbortSignal) => Promise<SpeechAudio>) | undefined {
  const choice = [
    { provider: fliteEnv.name, voice: 'slt' },
    { provider: espeakNgEnv.name, voice: 'en-us' },
  ].find((c) => models.some((m) => m.provider === c.provider));
  const model = choice && models.find((m) => m.provider === choice.provider);
  if (!choice || !model) return undefined;
  // One call takes so much text; a clip of at most a few minutes never needs more.
  const withinLimit = (text: string) =>
    text.length <= model.maxChunkCharacters ? text : text.slice(0, text.lastIndexOf(' ', model.maxChunkCharacters));
  return (text, signal) =>
    model.doGenerate({ providerVoiceId: choice.voice, text: withinLimit(text), settings: {}, abortSignal: signal });
}
