import { UpstreamError } from '../../shared/errors.js';
import type { SpeechAudio } from '../spec/tts-model.js';

export class WavFormatError extends Error {
  override name = 'WavFormatError';
}

/**
 * Reads a PCM WAV file into 16-bit mono samples. Streaming writers (espeak-ng --stdout) put a
 * placeholder size in the data chunk, so a size past the end of the buffer means "to the end".
 */
export function parseWav(buffer: Buffer): SpeechAudio {
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavFormatError('not a WAV file');
  }
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; audioFormat: number } | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        audioFormat: buffer.readUInt16LE(body),
        channels: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bits: buffer.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('WAV data before its format');
      if (format.audioFormat !== 1 || format.bits !== 16) throw new WavFormatError('only 16-bit PCM WAV is supported');
      const end = Math.min(buffer.length, body + size);
      const samples = buffer.subarray(body, end - ((end - body) % (2 * format.channels)));
      return {
        pcm: format.channels === 1 ? Buffer.from(samples) : downmix(samples, format.channels),
        sampleRate: format.sampleRate,
      };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError('WAV file without audio data');
}

function downmix(samples: Buffer, channels: number): Buffer {
  const frames = samples.length / (2 * channels);
  const mono = Buffer.alloc(frames * 2);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples.readInt16LE((frame * channels + c) * 2);
    mono.writeInt16LE(Math.round(sum / channels), frame * 2);
  }
  return mono;
}

/** A canonical 44-byte-header WAV around 16-bit mono PCM. */
export function encodeWav({ pcm, sampleRate }: SpeechAudio): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

export const durationSeconds = ({ pcm, sampleRate }: SpeechAudio): number => pcm.length / 2 / sampleRate;

/** parseWav for what a provider produced: an unreadable result is that provider's failure. */
export function parseProviderWav(buffer: Buffer, provider: string): SpeechAudio {
  try {
    return parseWav(buffer);
  } catch (error) {
    if (!(error instanceof WavFormatError)) throw error;
    throw new UpstreamError(`${provider} produced unreadable audio (${error.message})`, {
      isRetryable: false,
      cause: error,
    });
  }
}
