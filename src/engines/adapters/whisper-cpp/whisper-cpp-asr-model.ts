import { basename } from 'node:path';
import { EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import { RECOGNITION_SAMPLE_RATE } from '../../audio/decode.js';
import { WavFormatError, parseWav } from '../../audio/wav.js';
import type { AsrCallOptions, AsrModel, AsrResult } from '../../spec/asr-model.js';
import { cleanSegments } from './clean-segments.js';
import { type TranscribeResult, type WhisperContext, whisperBinding } from './whisper-binding.js';
import { clearNativeErrors, firstNativeError, quietNativeLog, restoreNativeLog } from './whisper-native-log.js';
import {
  DETECT_LANGUAGE,
  modelKnows,
  whisperLanguageCode,
  whisperLanguageName,
  whisperLanguageNames,
} from './whisper-languages.js';
import { type WhisperModelFile, readWhisperModelFile } from './whisper-model-file.js';
import { untilAborted } from '../../calls/until-aborted.js';
import type { Warning } from '../../spec/warnings.js';
import { whisperCppEnv } from './settings.js';

export interface WhisperCppConfig {
  /** A whisper.cpp ggml model (ggml-base.bin, ggml-small.en.bin...). */
  modelPath: string;
  /** CPU threads per transcription; whisper.cpp's default (the cores, up to 8) when absent. */
  threads?: number | undefined;
  /** The longest one call may run. */
  timeoutMs: number;
}

const ENGLISH = ['English'] as const;
const MULTILINGUAL_DEFAULT = 99;

/**
 * whisper.cpp through @fugood/whisper.node, on the CPU: 99 languages (or English only for the `.en`
 * models), language detection, segments with timestamps. The model loads on first use; calls run one
 * at a time (the binding locks the context, and a waiting call would hold one of libuv's four threads).
 *
 * The binding's promise never settles when a transcription is stopped or fails inside whisper.cpp, so
 * each call settles on its own: on the result, on the caller's abort, or at the time limit.
 */
export class WhisperCppAsrModel implements AsrModel {
  readonly provider = whisperCppEnv.name;
  readonly modelId: string;
  /**
   * Whisper reads 30 s windows and carries its text from one to the next; pieces of two minutes keep
   * most of that context, while progress is reported, and a stop takes effect (whisper.cpp finishes
   * the piece it is on), at least that often.
   */
  readonly maxChunkSeconds = 120;
  readonly detectsLanguage = true;
  private file: WhisperModelFile | undefined;
  private context: Promise<WhisperContext> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Settles the call in flight with an error: released, the binding would leave it pending for ever. */
  private readonly running = new Set<(error: Error) => void>();
  /**
   * The binding's jobs until whisper.cpp is done with them, which can be after their call settled (aborted, timed
   * out, failed by close()): a job that ends after its context was released runs its completion on freed memory
   * (seen: the process hung for good in WhisperContext::unregisterJob). The context is released only after them.
   */
  private readonly inBinding = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly config: WhisperCppConfig) {
    this.modelId = basename(config.modelPath).replace(/\.(bin|ggml)$/i, '');
  }

  /** From the model file's header; every whisper language while the file cannot be read (the call then says why). */
  get languages(): readonly string[] {
    let file: WhisperModelFile;
    try {
      file = this.modelFile();
    } catch {
      return namesFor(MULTILINGUAL_DEFAULT);
    }
    return file.multilingual ? namesFor(file.languageCount) : ENGLISH;
  }

  /** A multilingual model translates to English; an English-only (.en) one cannot. */
  get translates(): boolean {
    try {
      return this.modelFile().multilingual;
    } catch {
      return true;
    }
  }

  async doGenerate({ wav, language, translate = false, abortSignal }: AsrCallOptions): Promise<AsrResult> {
    const file = this.modelFile();
    if (translate && !file.multilingual)
      throw new UpstreamError(`${this.modelId} knows English only: it cannot translate`, { isRetryable: false });
    const { pcm, sampleRate } = readWav(wav);
    if (sampleRate !== RECOGNITION_SAMPLE_RATE)
      throw new UpstreamError(`whisper.cpp takes 16 kHz audio, not ${sampleRate} Hz`, { isRetryable: false });
    const warnings: Warning[] = [];
    const code = this.languageCode(language, file, warnings);
    // The binding reads 16-bit PCM from an ArrayBuffer of its own.
    const samples = new Uint8Array(pcm).buffer;
    const turn = this.queue.then(() => this.transcribe(samples, code, translate, abortSignal));
    this.queue = turn.catch(() => undefined);
    const result = await untilAborted(turn, abortSignal, cancelled);
    const detected = file.multilingual ? whisperLanguageName(result.language ?? '') : 'English';
    return {
      segments: cleanSegments(result.segments, pcm.length / 2 / sampleRate),
      diarized: false,
      warnings,
      ...(detected && { language: detected }),
    };
  }

  /** Releases the model; calls after this fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const fail of this.running) fail(shutDown());
    const context = this.context;
    this.context = undefined;
    if (!context) return;
    const loaded = await context.catch(() => undefined);
    if (!loaded) return;
    const release = async () => {
      await loaded.release();
      await restoreNativeLog(await whisperBinding());
    };
    // A stopped job may never report back: its context then stays loaded rather than be freed under it.
    if (this.inBinding.size > 0)
      void Promise.all(this.inBinding)
        .then(release)
        .catch(() => undefined);
    else await release();
  }

  private modelFile(): WhisperModelFile {
    this.file ??= readWhisperModelFile(this.config.modelPath);
    return this.file;
  }

  private languageCode(language: string, file: WhisperModelFile, warnings: Warning[]): string {
    const code = whisperLanguageCode(language);
    if (!file.multilingual) {
      if (code !== 'en')
        warnings.push({
          type: 'adjusted-setting',
          setting: 'language',
          message: `${this.modelId} knows English only: the audio was transcribed as English`,
        });
      return 'en';
    }
    if (code === DETECT_LANGUAGE || (code && modelKnows(code, file.languageCount))) return code;
    warnings.push({
      type: 'unsupported-setting',
      setting: 'language',
      message: `${this.modelId} does not know the language "${language}": it was detected from the audio`,
    });
    return DETECT_LANGUAGE;
  }

  private async transcribe(
    samples: ArrayBuffer,
    language: string,
    translate: boolean,
    signal: AbortSignal | undefined,
  ): Promise<TranscribeResult> {
    if (signal?.aborted) throw cancelled();
    const context = await this.load();
    if (signal?.aborted) throw cancelled();
    const { stop, promise } = context.transcribeData(samples, {
      language,
      ...(translate && { translate }),
      ...(this.config.threads && { maxThreads: this.config.threads }),
    });
    const inBinding = promise.then(
      () => undefined,
      () => undefined,
    );
    this.inBinding.add(inBinding);
    void inBinding.then(() => this.inBinding.delete(inBinding));
    return new Promise<TranscribeResult>((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | undefined, result?: TranscribeResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.running.delete(settle);
        if (result) return resolve(result);
        // whisper.cpp reads the stop flag only before and after a call: the piece is finished, then dropped.
        void stop().catch(() => undefined);
        reject(error);
      };
      const onAbort = () => settle(cancelled());
      const timer = setTimeout(
        () => settle(new UpstreamError('whisper.cpp timed out', { isRetryable: true })),
        this.config.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.running.add(settle);
      promise.then(
        (result) => settle(undefined, result),
        (error: unknown) =>
          settle(new UpstreamError('whisper.cpp could not transcribe the audio', { isRetryable: false, cause: error })),
      );
    });
  }

  /** Loads the model now (a worker's start), so the first transcription does not wait; failures are left to the call. */
  async warmUp(): Promise<void> {
    await this.load().catch(() => undefined);
  }

  private load(): Promise<WhisperContext> {
    if (this.closed) return Promise.reject(shutDown());
    if (!this.context) {
      const context = this.open();
      // A failed load is forgotten, so the next call tries again (the file may have been fixed meanwhile).
      context.catch(() => {
        if (this.context === context) this.context = undefined;
      });
      this.context = context;
    }
    return this.context;
  }

  private async open(): Promise<WhisperContext> {
    const binding = await whisperBinding();
    await quietNativeLog(binding);
    clearNativeErrors();
    try {
      return await binding.initWhisper({ filePath: this.config.modelPath, useGpu: false });
    } catch (error) {
      const detail = await firstNativeError();
      await restoreNativeLog(binding);
      const name = basename(this.config.modelPath);
      throw new EngineUnavailableError(
        `whisper.cpp could not load the model file ${name}${detail ? ` (${detail})` : ''}: it may be incomplete or corrupt`,
        { cause: error },
      );
    }
  }
}

const cancelled = () => new UpstreamError('the transcription was cancelled', { isRetryable: false });
const shutDown = () => new EngineUnavailableError('the whisper.cpp engine has been shut down');

function readWav(wav: Buffer): { pcm: Buffer; sampleRate: number } {
  try {
    return parseWav(wav);
  } catch (error) {
    if (error instanceof WavFormatError)
      throw new UpstreamError(`whisper.cpp could not read the audio: ${error.message}`, {
        isRetryable: false,
        cause: error,
      });
    throw error;
  }
}

const names = new Map<number, readonly string[]>();
function namesFor(count: number): readonly string[] {
  let list = names.get(count);
  if (!list) {
    list = whisperLanguageNames(count);
    names.set(count, list);
  }
  return list;
}
