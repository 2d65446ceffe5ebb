import { decodeForRecognition, splitAtSilences } from '../../engines/audio/decode.js';
import type { MediaFacts, MediaLimits } from '../../engines/audio/probe-media.js';
import { splitAtTurns } from '../../engines/audio/speaker-segments.js';
import type { SpeakerTurns } from '../../engines/audio/speaker-turns.js';
import type { SpeakerTurnsRequest } from '../../engines/audio/speaker-worker.js';
import { compiledModuleUrl } from '../../shared/untrusted/compiled-module-url.js';
import { WorkerPool } from '../../shared/untrusted/worker-pool.js';
import { durationSeconds, encodeWav } from '../../engines/audio/wav.js';
import type { AsrModels } from '../../engines/providers/registry.js';
import type { AsrModelsInUse } from '../../engines/swapping/swappable-asr-models.js';
import type { AsrModel, TranscriptSegment } from '../../engines/spec/asr-model.js';
import { type GuardOptions, guardedDownload } from '../../shared/net/guarded-http.js';

export interface PipelineConfig {
  ffmpegPath: string;
  decodeTimeoutMs: number;
  guard: GuardOptions;
  /** This process's temporary folder, where the download is decoded from. */
  tempDir: string;
  /** Duration and stream count, checked before decoding. */
  mediaLimits: MediaLimits;
}

export interface PipelineInput {
  url: string;
  /** The file itself (an upload): no download, `url` only names it. */
  data?: Buffer | undefined;
  /** Each piece's segments as soon as the engine has them (offsets already added). */
  onSegments?: ((segments: TranscriptSegment[]) => void) | undefined;
  language: string;
  detectSpeakers: boolean;
  enhancedQuality: boolean;
  /** The text in English whatever the language spoken: only an engine that `translates` is picked. */
  translate?: boolean | undefined;
  /** What ffprobe found, once the file passed the media limits and before it is decoded. */
  onProbed?: ((facts: MediaFacts) => Promise<void>) | undefined;
  signal?: AbortSignal;
  /** 0 to 100. */
  onProgress: (percent: number) => Promise<void>;
}

export interface PipelineResult {
  segments: TranscriptSegment[];
  duration: number;
  model: string;
  /** The language the engine heard, when it says (for `auto`, the one it detected). */
  language: string | undefined;
}

/** The language a request gives to have it detected from the audio. */
export const DETECT_LANGUAGE = 'auto';

/** A language no configured engine can do: trying again will not help. */
export class NoEngineError extends Error {
  override name = 'NoEngineError';
  /** The field to change: the language, or the model for a translation that no engine here makes. */
  constructor(
    message: string,
    readonly param: 'language' | 'model' = 'language',
  ) {
    super(message);
  }
}

/**
 * URL -> guarded download -> ffmpeg to 16 kHz mono -> pieces cut at silences -> engine -> segments with
 * offsets -> speakers (the engine's own diarization, else the embedded one).
 */
export class TranscriptionPipeline {
  /** Who speaks when: seconds of CPU for an hour of audio, on a worker thread (started on first use). */
  private speakerPool: WorkerPool<SpeakerTurnsRequest, SpeakerTurns> | undefined;

  /** With engines that may be replaced while the service runs (SwappableAsrModels), or fixed ones (fixedAsrModels). */
  constructor(
    private readonly models: AsrModelsInUse,
    private readonly config: PipelineConfig,
  ) {}

  /** Ends the speaker worker. */
  async close(): Promise<void> {
    await this.speakerPool?.close();
  }

  private speakerTurns(audio: { pcm: Buffer; sampleRate: number }, signal: AbortSignal | undefined) {
    this.speakerPool ??= new WorkerPool({
      script: compiledModuleUrl('engines/audio/speaker-worker.js'),
      workers: 1,
      queue: 64,
      timeoutMs: SPEAKER_TIMEOUT_MS,
      memoryMb: 256,
    });
    return this.speakerPool.run({ pcm: new Uint8Array(audio.pcm), sampleRate: audio.sampleRate }, signal);
  }

  /**
   * `enhanced_quality` picks the better configured engine; then the language's configured route; then the first that
   * knows it. With `translate`, only an engine that translates.
   */
  pickEngine(
    language: string,
    enhanced: boolean,
    { translate = false, models = this.models }: { translate?: boolean; models?: AsrModels } = {},
  ): AsrModel | undefined {
    const wanted = language.trim().toLowerCase();
    const knows = (m: AsrModel) =>
      wanted === DETECT_LANGUAGE
        ? m.detectsLanguage === true
        : m.languages === undefined || m.languages.some((l) => l.toLowerCase() === wanted);
    const fits = (m: AsrModel) => knows(m) && (!translate || m.translates === true);
    if (enhanced && models.enhanced && fits(models.enhanced)) return models.enhanced;
    const routed = models.routes[wanted];
    if (routed && fits(routed)) return routed;
    return models.engines.find(fits);
  }

  /** On the engines current when it starts, to its end (a whisper model pulled or removed meanwhile waits for the next one). */
  run(input: PipelineInput): Promise<PipelineResult> {
    return this.models.use((models) => this.runOn(models, input));
  }

  private async runOn(models: AsrModels, input: PipelineInput): Promise<PipelineResult> {
    const engine = this.pickEngine(input.language, input.enhancedQuality, { translate: input.translate, models });
    if (!engine) {
      const transcribing = input.translate && this.pickEngine(input.language, input.enhancedQuality, { models });
      if (transcribing) throw new NoEngineError(untranslated(transcribing), 'model');
      throw new NoEngineError(
        models.engines.length === 0
          ? 'no transcription engine is configured: turn on ATELIER_ASR_LOCAL or set ATELIER_ASR_OPENAI_BASE_URL'
          : input.language.trim().toLowerCase() === DETECT_LANGUAGE
            ? 'no transcription engine here detects the language: pull a whisper model (atelier models pull whisper-base) or configure ATELIER_ASR_OPENAI_BASE_URL'
            : `no transcription engine for ${input.language}: the embedded engine knows English only; configure ATELIER_ASR_OPENAI_BASE_URL for other languages`,
      );
    }
    const data = input.data ?? (await guardedDownload(input.url, this.config.guard)).body;
    await input.onProgress(15);
    const { ffmpegPath, decodeTimeoutMs: timeoutMs, tempDir, mediaLimits: limits } = this.config;
    const audio = await decodeForRecognition(data, {
      ffmpegPath,
      timeoutMs,
      tempDir,
      limits,
      onProbed: input.onProbed,
    });
    await input.onProgress(25);

    const pieces = splitAtSilences(audio, engine.maxChunkSeconds);
    let segments: TranscriptSegment[] = [];
    let diarized = true;
    // Detected on the first piece, the language then holds for the rest, so pieces do not disagree.
    let heard: string | undefined;
    for (const [index, piece] of pieces.entries()) {
      const pcm = audio.pcm.subarray(piece.start * 2, piece.end * 2);
      const result = await engine.doGenerate({
        wav: encodeWav({ pcm, sampleRate: audio.sampleRate }),
        language: heard ?? input.language,
        detectSpeakers: input.detectSpeakers,
        ...(input.translate && { translate: true }),
        ...(input.signal && { abortSignal: input.signal }),
      });
      const offset = piece.start / audio.sampleRate;
      const found = result.segments
        .filter((s) => s.text.trim())
        .map((s) => {
          const words = s.words?.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset }));
          return { ...s, start: round(s.start + offset), end: round(s.end + offset), ...(words && { words }) };
        });
      segments.push(...found);
      if (found.length > 0) input.onSegments?.(found);
      diarized &&= result.diarized;
      heard ??= result.language;
      await input.onProgress(25 + Math.round((65 * (index + 1)) / pieces.length));
    }
    if (input.detectSpeakers && !diarized && segments.length > 0) {
      const { turns } = await this.speakerTurns(audio, input.signal);
      segments = splitAtTurns(segments, turns);
    }
    for (const s of segments) {
      delete s.words;
      if (!input.detectSpeakers) delete s.speaker;
    }
    return {
      segments,
      duration: round(durationSeconds(audio)),
      model: `${engine.provider}:${engine.modelId}`,
      language: heard,
    };
  }
}

/** The refusal of a translation, naming the engine that would have transcribed the audio. */
const untranslated = (engine: AsrModel) =>
  `translation to English is not offered by the transcription engine ${engine.provider} (${engine.modelId}): it transcribes only; use /v1/audio/transcriptions`;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Measured 3-9 ms of CPU per second of audio (bench/speakers.mjs, on a busy machine): ten minutes covers hours. */
const SPEAKER_TIMEOUT_MS = 600_000;
