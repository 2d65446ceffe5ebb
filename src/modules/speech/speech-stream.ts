import { PassThrough, type Readable } from 'node:stream';
import pLimit from 'p-limit';
import { type StreamFormat, startStreamEncoder, streamFormatSpec } from '../../engines/audio/stream-encoder.js';
import { encodeWav, parseWav } from '../../engines/audio/wav.js';
import type { SpeechAudio, TtsModel } from '../../engines/spec/tts-model.js';
import { UpstreamError } from '../../shared/errors.js';
import type { SpeechRecordFormat } from './speech.schemas.js';
import { splitIntoChunks } from './speech-text.js';

/**
 * Pieces a streamed text is spoken in: short, so the first is ready soon and the encoder is fed from then on
 * (the engine still gets whole sentences).
 */
const STREAM_PIECE_CHARACTERS = 240;

/** The record's output_format of a streamed format: the service's own name where one is the same file. */
export const RECORDED_FORMAT: Record<StreamFormat, SpeechRecordFormat> = {
  mp3: 'mp3_44100_128',
  wav: 'pcm_24000',
  opus: 'opus',
  aac: 'aac',
  flac: 'flac',
  pcm: 'pcm',
};

/** The file kept of a streamed format: a WAV streamed without its sizes gets them back. */
export function keptFile(format: StreamFormat, bytes: Buffer): Buffer {
  return format === 'wav' ? encodeWav(parseWav(bytes)) : bytes;
}

export interface SpeechStreamPlan {
  model: TtsModel;
  providerVoiceId: string;
  text: string;
  settings: Record<string, number | boolean>;
  /** Given to an engine that takes them (TtsModel.takesInstructions), with every piece. */
  instructions?: string | undefined;
  format: StreamFormat;
  volume: number;
  tempo: number;
  ffmpegPath: string;
  timeoutMs: number;
  concurrency: number;
  signal?: AbortSignal | undefined;
}

export interface StartedSpeechStream {
  /** The encoded audio as it is made. */
  audio: Readable;
  /** Resolves with the whole file and its length once it is made and sent on; rejects if anything failed. */
  finished: Promise<{ file: Buffer; seconds: number }>;
}

/**
 * Speaks the text piece by piece (up to `concurrency` at once) and feeds each piece's PCM, in order, to ffmpeg as
 * soon as it and those before it are ready. Waits for the first piece, so an engine that fails at once is an answer
 * rather than a broken stream; throws what the engine throws then.
 */
export async function startSpeechStream(plan: SpeechStreamPlan): Promise<StartedSpeechStream> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(plan.signal?.reason);
  plan.signal?.addEventListener('abort', onAbort, { once: true });
  const limit = pLimit(plan.concurrency);
  const pieces = splitIntoChunks(plan.text, Math.min(plan.model.maxChunkCharacters, STREAM_PIECE_CHARACTERS)).map(
    (text) =>
      limit(() =>
        plan.model.doGenerate({
          providerVoiceId: plan.providerVoiceId,
          text,
          settings: plan.settings,
          ...(plan.instructions && { instructions: plan.instructions }),
          abortSignal: stop.signal,
        }),
      ),
  );
  for (const piece of pieces) piece.catch(() => undefined);
  let first: SpeechAudio;
  try {
    first = await firstPiece(pieces);
  } catch (error) {
    stop.abort();
    plan.signal?.removeEventListener('abort', onAbort);
    throw error;
  }
  const encoder = startStreamEncoder({
    ffmpegPath: plan.ffmpegPath,
    format: plan.format,
    inputRate: first.sampleRate,
    volume: plan.volume,
    tempo: plan.tempo,
    timeoutMs: plan.timeoutMs,
    signal: stop.signal,
  });
  const audio = new PassThrough();
  const kept: Buffer[] = [];
  encoder.output.on('data', (chunk: Buffer) => kept.push(chunk));
  encoder.output.pipe(audio);
  const finished = (async () => {
    try {
      let bytes = 0;
      for (const piece of pieces) {
        const { pcm, sampleRate } = await piece;
        if (sampleRate !== first.sampleRate)
          throw new UpstreamError('the provider returned pieces at different sample rates', { isRetryable: false });
        bytes += pcm.length;
        await encoder.write(pcm);
      }
      await encoder.end();
      return { file: Buffer.concat(kept), seconds: bytes / 2 / first.sampleRate / plan.tempo };
    } catch (error) {
      stop.abort();
      encoder.kill();
      audio.destroy(error instanceof Error ? error : undefined);
      throw error;
    } finally {
      plan.signal?.removeEventListener('abort', onAbort);
    }
  })();
  return { audio, finished };
}

async function firstPiece(pieces: Promise<SpeechAudio>[]): Promise<SpeechAudio> {
  const first = pieces[0];
  if (!first) throw new UpstreamError('the text has nothing to speak', { isRetryable: false });
  const audio = await first;
  if (audio.pcm.length === 0) throw new UpstreamError('the provider returned no audio', { isRetryable: false });
  return audio;
}

export const contentTypeOf = (format: StreamFormat) => streamFormatSpec(format).contentType;
