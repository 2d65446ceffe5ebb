import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpstreamError } from '../../shared/errors.js';
import { runProgram } from '../run-program.js';
import type { SpeechAudio } from '../spec/tts-model.js';
import { parseWav } from './wav.js';

export const RECOGNITION_SAMPLE_RATE = 16_000;

/** A file that is not audio ffmpeg can read; not worth retrying. */
export class NotAudioError extends Error {
  override name = 'NotAudioError';
}

/**
 * Decodes whatever ffmpeg reads (mp3, m4a, wav, ogg, webm, video files) to 16 kHz mono 16-bit PCM.
 * From a file, not a pipe: MP4 files often keep their index at the end, which a pipe cannot seek to.
 */
export async function decodeForRecognition(data: Buffer, ffmpegPath: string, timeoutMs: number): Promise<SpeechAudio> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-decode-'));
  try {
    const input = join(dir, 'input');
    await writeFile(input, data);
    const args = ['-v', 'error', '-nostdin', '-i', input, '-vn', '-ar', String(RECOGNITION_SAMPLE_RATE), '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', '-'];
    let wav: Buffer;
    try {
      wav = await runProgram(ffmpegPath, args, { timeoutMs });
    } catch (error) {
      if (error instanceof UpstreamError && !error.isRetryable && /failed/.test(error.message)) {
        throw new NotAudioError('the file at the URL is not audio or video that can be decoded');
      }
      throw error;
    }
    const audio = parseWav(wav);
    if (audio.pcm.length / 2 < RECOGNITION_SAMPLE_RATE / 10) throw new NotAudioError('the file at the URL holds no audio (or less than 0.1 s)');
    return audio;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
