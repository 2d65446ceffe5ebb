import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpstreamError } from '../../shared/errors.js';
import { withTempDir } from '../../storage/temp-dir.js';
import { runProgram } from '../processes/run-program.js';
import type { SpeechAudio } from '../spec/tts-model.js';
import { type MediaFacts, type MediaLimits, NotAudioError, checkMedia } from './probe-media.js';
import { parseWav } from './wav.js';

export { MediaRefusedError, NotAudioError } from './probe-media.js';

export const RECOGNITION_SAMPLE_RATE = 16_000;
/** 16-bit mono PCM at the recognition rate. */
const BYTES_PER_SECOND = RECOGNITION_SAMPLE_RATE * 2;

export interface DecodeOptions {
  ffmpegPath: string;
  timeoutMs: number;
  /** This process's temporary folder (under the data directory). */
  tempDir: string;
  /** Checked with ffprobe before decoding; the decoding itself stops at `maxSeconds` too. */
  limits: MediaLimits;
  /** Told what the probe found, once the file passed the limits and before it is decoded (a charge by duration). */
  onProbed?: ((facts: MediaFacts) => Promise<void>) | undefined;
}

/**
 * Decodes whatever ffmpeg reads (mp3, m4a, wav, ogg, webm, video files) to 16 kHz mono 16-bit PCM.
 * From a file, not a pipe: MP4 files often keep their index at the end, which a pipe cannot seek to.
 * The file is probed first (duration, stream count) and refused with a MediaRefusedError over a limit;
 * a file that does not say how long it is still stops at the limit (ffmpeg -t, and the output cap).
 */
export async function decodeForRecognition(data: Buffer, options: DecodeOptions): Promise<SpeechAudio> {
  return withTempDir(options.tempDir, 'decode', async (dir) => {
    const input = join(dir, 'input');
    await writeFile(input, data, { mode: 0o600 });
    const facts = await checkMedia(input, options.limits);
    await options.onProbed?.(facts);
    const maxSeconds = options.limits.maxSeconds;
    const args = [
      '-v',
      'error',
      '-nostdin',
      '-i',
      input,
      '-vn',
      '-sn',
      '-dn',
      '-t',
      String(maxSeconds),
      '-ar',
      String(RECOGNITION_SAMPLE_RATE),
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      '-',
    ];
    let wav: Buffer;
    try {
      wav = await runProgram(options.ffmpegPath, args, {
        timeoutMs: options.timeoutMs,
        maxOutputBytes: maxSeconds * BYTES_PER_SECOND + 64 * 1024,
      });
    } catch (error) {
      if (error instanceof UpstreamError && !error.isRetryable && /failed/.test(error.message)) {
        throw new NotAudioError('the file at the URL is not audio or video that can be decoded');
      }
      throw error;
    }
    const audio = parseWav(wav);
    if (audio.pcm.length / 2 < RECOGNITION_SAMPLE_RATE / 10)
      throw new NotAudioError('the file at the URL holds no audio (or less than 0.1 s)');
    return audio;
  });
}

/**
 * Splits long audio into pieces of at most `maxSeconds`, each cut at the quietest 50 ms window of the
 * last fifth of the piece, so words are not cut in half. Returns start offsets in samples.
 */
export function splitAtSilences(audio: SpeechAudio, maxSeconds: number): { start: number; end: number }[] {
  const total = audio.pcm.length / 2;
  const max = Math.floor(maxSeconds * audio.sampleRate);
  const window = Math.floor(audio.sampleRate / 20);
  const pieces: { start: number; end: number }[] = [];
  let start = 0;
  while (total - start > max) {
    const searchFrom = start + Math.floor(max * 0.8);
    let best = start + max;
    let bestEnergy = Number.POSITIVE_INFINITY;
    for (let at = searchFrom; at + window <= start + max; at += window) {
      let energy = 0;
      for (let i = at; i < at + window; i++) energy += Math.abs(audio.pcm.readInt16LE(i * 2));
      if (energy < bestEnergy) {
        bestEnergy = energy;
        best = at + Math.floor(window / 2);
      }
    }
    pieces.push({ start, end: best });
    start = best;
  }
  pieces.push({ start, end: total });
  return pieces;
}
