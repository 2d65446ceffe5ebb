import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpstreamError } from '../../../shared/errors.js';
import { withTempDir } from '../../../storage/temp-dir.js';
import { parseProviderWav } from '../../audio/wav.js';
import { runProgram } from '../../processes/run-program.js';
import type { ProviderVoice, SettingSpec, SpeechAudio, SpeechCallOptions, TtsModel } from '../../spec/tts-model.js';
import { fliteEnv } from './settings.js';

export interface FliteConfig {
  binaryPath: string;
  timeoutMs: number;
  /** Where the per-call folder (the text, the speech) goes: the service's temporary folder; os.tmpdir() when absent. */
  tempDir?: string | undefined;
}

/** flite's English voices (awb_time only speaks clock times, so it is left out). */
const FLITE_VOICES: ProviderVoice[] = [
  {
    providerVoiceId: 'slt',
    name: 'Sarah',
    description: 'flite CMU Arctic SLT: clear US English female voice (offline)',
    language: 'English',
    accent: 'American',
    gender: 'female',
  },
  {
    providerVoiceId: 'rms',
    name: 'Richard',
    description: 'flite CMU Arctic RMS: US English male voice (offline)',
    language: 'English',
    accent: 'American',
    gender: 'male',
  },
  {
    providerVoiceId: 'awb',
    name: 'Alan',
    description: 'flite CMU Arctic AWB: Scottish English male voice (offline)',
    language: 'English',
    accent: 'Scottish',
    gender: 'male',
  },
  {
    providerVoiceId: 'kal16',
    name: 'Kal',
    description: 'flite Kal diphone voice, 16 kHz: US English male (offline)',
    language: 'English',
    accent: 'American',
    gender: 'male',
  },
  {
    providerVoiceId: 'kal',
    name: 'Kal (telephone)',
    description: 'flite Kal diphone voice, 8 kHz: US English male with a telephone sound (offline)',
    language: 'English',
    accent: 'American',
    gender: 'male',
  },
];

/** flite, from Debian's package: six English voices, offline. It writes WAV to a file, not to a pipe. */
export class FliteTtsModel implements TtsModel {
  readonly provider = fliteEnv.name;
  readonly maxChunkCharacters = 600;
  readonly settings: readonly SettingSpec[] = [
    { name: 'speed', type: 'number', description: 'Speaking rate multiplier', default: 1, min: 0.5, max: 2 },
  ];
  private voices: Promise<ProviderVoice[]> | undefined;

  constructor(private readonly config: FliteConfig) {}

  listVoices(): Promise<ProviderVoice[]> {
    this.voices ??= runProgram(this.config.binaryPath, ['-lv'], { timeoutMs: this.config.timeoutMs }).then((out) => {
      const installed = new Set(out.toString('utf8').replace(/^.*:/s, '').trim().split(/\s+/));
      return FLITE_VOICES.filter((v) => installed.has(v.providerVoiceId));
    });
    return this.voices;
  }

  async doGenerate({ providerVoiceId, text, settings, abortSignal }: SpeechCallOptions): Promise<SpeechAudio> {
    return withTempDir(this.config.tempDir ?? tmpdir(), 'atelier-flite', async (dir) => {
      const textFile = join(dir, 'text.txt');
      const wavFile = join(dir, 'speech.wav');
      await writeFile(textFile, text, { mode: 0o600 });
      const stretch = 1 / Number(settings.speed ?? 1);
      const args = [
        '-voice',
        providerVoiceId,
        '--setf',
        `duration_stretch=${stretch.toFixed(3)}`,
        '-f',
        textFile,
        '-o',
        wavFile,
      ];
      await runProgram(this.config.binaryPath, args, { timeoutMs: this.config.timeoutMs, signal: abortSignal });
      const wav = await readFile(wavFile).catch((error: unknown) => {
        throw new UpstreamError('flite wrote no audio', { isRetryable: false, cause: error });
      });
      return parseProviderWav(wav, this.provider);
    });
  }
}
