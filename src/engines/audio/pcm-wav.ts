import { runProgram } from '../processes/run-program.js';
import type { SpeechAudio } from '../spec/tts-model.js';
import { encodeWav } from './wav.js';

export interface PcmWavOptions {
  ffmpegPath: string;
  /** Loudness multiplier. */
  volume: number;
  timeoutMs: number;
  /** The WAV's sample rate in Hz; by default the input's. */
  sampleRate?: number;
}

/**
 * 16-bit mono PCM as a WAV at `sampleRate`, its loudness scaled, resampled by ffmpeg. ffmpeg writes raw samples to
 * its pipe and the header is made here: a WAV written to a pipe has no sizes in its header (ffmpeg cannot seek back).
 */
export async function encodePcmWav(audio: SpeechAudio, options: PcmWavOptions): Promise<Buffer> {
  const sampleRate = options.sampleRate ?? audio.sampleRate;
  const pcm = await runProgram(
    options.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0'],
      ...['-af', `volume=${options.volume.toFixed(3)}`, '-ar', String(sampleRate), '-ac', '1'],
      ...['-f', 's16le', '-c:a', 'pcm_s16le', 'pipe:1'],
    ],
    { input: encodeWav(audio), timeoutMs: options.timeoutMs },
  );
  return encodeWav({ pcm, sampleRate });
}
