import pLimit from 'p-limit';
import { encodeMp3 } from '../../engines/audio/mp3.js';
import { encodePcmWav } from '../../engines/audio/pcm-wav.js';
import { durationSeconds } from '../../engines/audio/wav.js';
import type { SpeechAudio } from '../../engines/spec/tts-model.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId, newOrderedId } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { SpeechSynthesisRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { CUSTOM_PREFIX, type CustomVoicesService } from './custom-voices.service.js';
import { resolveHostedVoice } from './hosted-voices.js';
import type { Readable } from 'node:stream';
import { type StreamFormat, streamFormatSpec } from '../../engines/audio/stream-encoder.js';
import type { TtsModel } from '../../engines/spec/tts-model.js';
import {
  SPEECH_RECORD_FORMATS,
  type SpeechOutputFormat,
  type SpeechRecordFormat,
  speechFormatSpec,
} from './speech.schemas.js';
import { RECORDED_FORMAT, keptFile, startSpeechStream } from './speech-stream.js';
import { countWords, splitIntoChunks } from './speech-text.js';
import type { CatalogueVoice, VoiceCatalogue } from './voice-catalogue.js';
import { checkSettings } from './voice-settings.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';
import type { Warning } from '../../engines/spec/warnings.js';

export interface SpeechConfig {
  maxCharacters: number;
  lamePath: string;
  /** Resamples the WAV formats. */
  ffmpegPath: string;
  bitrateKbps: number;
  timeoutMs: number;
  /** Pieces of one text synthesised at once. */
  concurrency: number;
  /** OpenAI's speech model names (tts-1...) and the engine family each is spoken by. */
  modelAliases: Readonly<Record<string, string>>;
}

export interface SpeechRequest {
  voiceID: string;
  text: string;
  voiceSettings?: Record<string, unknown>;
  /** Without it, the service's MP3 (config.bitrateKbps) at the voice's own sample rate, as always. */
  output_format?: SpeechOutputFormat | undefined;
}

export interface SpeechResult {
  uuid: string;
  url: string;
  used_characters: number;
  status: 'completed';
}

export interface SpeechRecord extends SpeechResult {
  voice_id: string;
  characters: number;
  duration_seconds: number;
  /** The format asked for; null for the service's own MP3 (no format asked). */
  output_format: SpeechRecordFormat | null;
  warnings: string[];
  created_at: string;
}

/**
 * Where a synthesis is stored: `tts/<uuid>.mp3` for the service's own MP3 (as before formats), and
 * `tts/<uuid>_<format>.<mp3|wav>` for a format asked for, which the record reads back from the key.
 */
function blobKeyOf(uuid: string, format: SpeechRecordFormat | undefined): string {
  if (!format) return `tts/${uuid}.mp3`;
  return `tts/${uuid}_${format}.${extensionOf(format)}`;
}

const STREAMED_EXTENSIONS: Partial<Record<SpeechRecordFormat, string>> = {
  opus: 'ogg',
  aac: 'aac',
  flac: 'flac',
  pcm: 'pcm',
};

const extensionOf = (format: SpeechRecordFormat): string =>
  STREAMED_EXTENSIONS[format] ?? speechFormatSpec(format as SpeechOutputFormat).container;

const FORMAT_IN_KEY = /_([a-z0-9_]+)\.(?:mp3|wav|ogg|aac|flac|pcm)$/;

function formatOfKey(key: string): SpeechRecordFormat | null {
  const named = FORMAT_IN_KEY.exec(key)?.[1];
  return SPEECH_RECORD_FORMATS.find((format) => format === named) ?? null;
}

/** What /v1/audio/speech asks: a voice (an id, or an OpenAI voice name spoken by `provider`'s voices) and a format. */
export interface SpeechStreamRequest {
  voice: string;
  text: string;
  format: StreamFormat;
  /** 0.25 to 4: the engine's own rate as far as it goes, the rest by time-stretching the audio. */
  speed: number;
  /** The engine family the request's model names (an alias), if any. */
  provider: string | undefined;
  instructions?: string | undefined;
}

export interface SpeechStreamAnswer {
  uuid: string;
  audio: Readable;
  contentType: string;
  /** The engine family that speaks. */
  engine: string;
  warnings: Warning[];
}

/** The engine's share of a speed (within its own range) and the tempo that makes up the rest. */
function splitSpeed(model: TtsModel, speed: number): { engineSpeed: number; tempo: number } {
  const spec = model.settings.find((setting) => setting.name === 'speed');
  if (!spec) return { engineSpeed: 1, tempo: speed };
  const engineSpeed = Math.min(spec.max ?? speed, Math.max(spec.min ?? speed, speed));
  return { engineSpeed, tempo: speed / engineSpeed };
}

export interface SpeechServiceOptions {
  db: Db;
  catalogue: VoiceCatalogue;
  customVoices: CustomVoicesService;
  credits: CreditsService;
  blobs: BlobStore;
  config: SpeechConfig;
  clock: Clock;
}

export class SpeechService {
  constructor(private readonly deps: SpeechServiceOptions) {}

  async synthesize(caller: Caller, request: SpeechRequest): Promise<Outcome<SpeechResult>> {
    const text = request.text.trim();
    if (text.length > this.deps.config.maxCharacters) {
      return fail(
        'invalid_input',
        `text must be at most ${this.deps.config.maxCharacters} characters (it has ${text.length})`,
      );
    }
    const words = countWords(text);
    if (words === 0) return fail('invalid_input', 'text has nothing to speak: it needs at least one word');

    const voice = await this.resolveVoice(caller.account.id, request.voiceID);
    if (!voice)
      return fail('invalid_input', `Unknown voiceID: ${request.voiceID}. See GET /api/get-text-to-speech-voices`);
    const settings = checkSettings(voice.base.model, { ...voice.settings, ...request.voiceSettings });
    const warnings = settings.ok ? [...voice.warnings, ...settings.value.warnings] : [];
    if (!settings.ok) return settings;

    const uuid = newId();
    const held = { id: newOrderedId(), accountId: caller.account.id, amount: words, reference: uuid };
    const reserved = await this.deps.credits.reserveWords(held, caller.plan);
    if (!reserved.ok) return reserved;
    try {
      const audio = await this.synthesizeAll(voice.base, text, settings.value.provider);
      const file = await this.encode(audio, settings.value.volume, request.output_format);
      const blobKey = blobKeyOf(uuid, request.output_format);
      const stored = { voiceId: request.voiceID, text, seconds: durationSeconds(audio), warnings };
      await this.keep(caller.account.id, held, blobKey, file, stored);
      return ok({ uuid, url: this.deps.blobs.publicUrl(blobKey), used_characters: words, status: 'completed' });
    } catch (error) {
      return this.failed(error, held, voice.base.model.provider);
    }
  }

  /**
   * Speech for /v1/audio/speech: checked, billed and recorded as synthesize() is, but answered as soon as the first
   * piece is spoken, with the audio streaming as ffmpeg encodes it. The words are settled and the record kept once the
   * whole file is made; a failure part-way (or a client that leaves) releases the words and keeps nothing.
   */
  async stream(
    caller: Caller,
    request: SpeechStreamRequest,
    signal?: AbortSignal,
  ): Promise<Outcome<SpeechStreamAnswer>> {
    const text = request.text.trim();
    const words = countWords(text);
    if (words === 0)
      return fail('invalid_input', 'input has nothing to speak: it needs at least one word', {}, 'input');
    const voice = await this.resolveVoice(caller.account.id, request.voice, request.provider);
    if (!voice)
      return fail(
        'invalid_input',
        `Unknown voice: ${request.voice}. Use one of OpenAI's voice names or an id from GET /api/get-text-to-speech-voices`,
        {},
        'voice',
      );
    const { engineSpeed, tempo } = splitSpeed(voice.base.model, request.speed);
    const settings = checkSettings(voice.base.model, {
      ...voice.settings,
      ...(engineSpeed !== 1 && { speed: engineSpeed }),
    });
    if (!settings.ok) return settings;
    const warnings: Warning[] = [...voice.warnings, ...settings.value.warnings];
    const takesInstructions = voice.base.model.takesInstructions === true;
    if (request.instructions && !takesInstructions)
      warnings.push({
        type: 'unsupported-setting',
        setting: 'instructions',
        message: `instructions are not supported by ${voice.base.model.provider} and were ignored`,
      });

    const uuid = newId();
    const held = { id: newOrderedId(), accountId: caller.account.id, amount: words, reference: uuid };
    const reserved = await this.deps.credits.reserveWords(held, caller.plan);
    if (!reserved.ok) return reserved;
    const { config } = this.deps;
    let started: Awaited<ReturnType<typeof startSpeechStream>>;
    try {
      started = await startSpeechStream({
        model: voice.base.model,
        providerVoiceId: voice.base.providerVoiceId,
        text,
        settings: settings.value.provider,
        ...(takesInstructions && request.instructions && { instructions: request.instructions }),
        format: request.format,
        volume: settings.value.volume,
        tempo,
        ffmpegPath: config.ffmpegPath,
        timeoutMs: config.timeoutMs,
        concurrency: config.concurrency,
        signal,
      });
    } catch (error) {
      return this.failed(error, held, voice.base.model.provider);
    }
    const recorded = RECORDED_FORMAT[request.format];
    started.finished
      .then(({ file, seconds }) =>
        this.keep(caller.account.id, held, blobKeyOf(uuid, recorded), keptFile(request.format, file), {
          voiceId: request.voice,
          text,
          seconds,
          warnings,
        }),
      )
      .catch(() => this.deps.credits.release(held))
      // Releasing fails only when the service is stopping; the reservation is a row owned by this process, which the
      // sweeper gives back once the process is gone.
      .catch(() => undefined);
    const contentType = streamFormatSpec(request.format).contentType;
    return ok({ uuid, audio: started.audio, contentType, engine: voice.base.model.provider, warnings });
  }

  /** A synthesis that failed: its words given back, the engine's error as the answer. */
  private async failed<T>(
    error: unknown,
    held: Parameters<CreditsService['release']>[0],
    provider: string,
  ): Promise<Outcome<T>> {
    await this.deps.credits.release(held);
    return engineFailure(
      error,
      `Speech synthesis failed (${provider})`,
      `Speech provider ${provider} is not available`,
    );
  }

  /** Stores the file and its record, and settles the words in the same transaction. */
  private async keep(
    accountId: string,
    held: { id: string; accountId: string; amount: number; reference: string },
    blobKey: string,
    file: Buffer,
    made: { voiceId: string; text: string; seconds: number; warnings: Warning[] },
  ): Promise<void> {
    await this.deps.blobs.put(blobKey, file);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('speech_syntheses')
        .values({
          id: held.reference,
          account_id: accountId,
          voice_id: made.voiceId,
          characters: made.text.length,
          words: held.amount,
          duration_ms: Math.round(made.seconds * 1000),
          blob_key: blobKey,
          warnings: storedWarnings(made.warnings),
          created_at: isoNow(this.deps.clock),
        })
        .execute();
      await this.deps.credits.settleWordsIn(trx, held);
    });
  }

  /** The engine family a speech model names: an alias (config.modelAliases) or a family's own name; undefined: neither. */
  providerOfModel(model: string): string | undefined {
    const providers = new Set(this.deps.catalogue.providers().map((m) => m.provider));
    const aliased = this.deps.config.modelAliases[model];
    if (aliased !== undefined) return providers.has(aliased) ? aliased : [...providers][0];
    return providers.has(model) ? model : undefined;
  }

  /** The model names /v1/audio/speech takes: the aliases, then the engine families. */
  speechModels(): string[] {
    return [...Object.keys(this.deps.config.modelAliases), ...this.deps.catalogue.providers().map((m) => m.provider)];
  }

  /** Whether `voiceId` names a voice this account can speak with: a listed voice, a hosted id, one of its custom voices. */
  async hasVoice(accountId: string, voiceId: string): Promise<boolean> {
    return (await this.resolveVoice(accountId, voiceId)) !== undefined;
  }

  /**
   * Speech for other work (a talking video's): the whole text as one recording, with the voice's own
   * settings; no speech record and no word quota (that work is paid for itself). Throws what the engine throws.
   */
  async speak(
    accountId: string,
    voiceId: string,
    text: string,
    signal?: AbortSignal,
  ): Promise<{ audio: SpeechAudio; warnings: Warning[] }> {
    const voice = await this.resolveVoice(accountId, voiceId);
    if (!voice) throw new UpstreamError(`The voice ${voiceId} is no longer available`, { isRetryable: false });
    const settings = checkSettings(voice.base.model, voice.settings);
    if (!settings.ok)
      throw new UpstreamError(`The voice ${voiceId} has settings that no longer apply`, { isRetryable: false });
    const audio = await this.synthesizeAll(voice.base, text.trim(), settings.value.provider, signal);
    return { audio, warnings: [...voice.warnings, ...settings.value.warnings] };
  }

  async record(caller: Caller, uuid: string): Promise<Outcome<SpeechRecord>> {
    const row = await this.deps.db
      .selectFrom('speech_syntheses')
      .selectAll()
      .where('id', '=', uuid)
      .where('account_id', '=', caller.account.id)
      .executeTakeFirst();
    return row ? ok(this.toRecord(row)) : fail('not_found', 'Audio not found');
  }

  /** The account's syntheses, newest first; `before` (a created_at) pages back. */
  async list(caller: Caller, limit: number, before?: string): Promise<SpeechRecord[]> {
    let query = this.deps.db.selectFrom('speech_syntheses').selectAll().where('account_id', '=', caller.account.id);
    if (before) query = query.where('created_at', '<', before);
    const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => this.toRecord(row));
  }

  private toRecord(row: SpeechSynthesisRow): SpeechRecord {
    return {
      uuid: row.id,
      url: this.deps.blobs.publicUrl(row.blob_key),
      used_characters: row.words,
      status: 'completed',
      voice_id: row.voice_id,
      characters: row.characters,
      duration_seconds: row.duration_ms / 1000,
      output_format: formatOfKey(row.blob_key),
      warnings: JSON.parse(row.warnings) as string[],
      created_at: row.created_at,
    };
  }

  /** The file of a format: lame for MP3, ffmpeg for 16-bit PCM WAV; each resamples and sets the loudness. */
  private async encode(audio: SpeechAudio, volume: number, format: SpeechOutputFormat | undefined): Promise<Buffer> {
    const spec = format ? speechFormatSpec(format) : undefined;
    if (spec?.container === 'wav')
      return encodePcmWav(audio, {
        ffmpegPath: this.deps.config.ffmpegPath,
        volume,
        timeoutMs: this.deps.config.timeoutMs,
        ...(spec.sampleRate !== undefined && { sampleRate: spec.sampleRate }),
      });
    return encodeMp3(audio, {
      lamePath: this.deps.config.lamePath,
      bitrateKbps: spec?.bitrateKbps ?? this.deps.config.bitrateKbps,
      volume,
      timeoutMs: this.deps.config.timeoutMs,
      ...(spec && { sampleRate: spec.sampleRate }),
    });
  }

  /** `provider`: OpenAI's voice names are spoken by that family's voices when it has one that fits. */
  private async resolveVoice(
    accountId: string,
    voiceId: string,
    provider?: string,
  ): Promise<{ base: CatalogueVoice; settings: Record<string, unknown>; warnings: Warning[] } | undefined> {
    if (voiceId.startsWith(CUSTOM_PREFIX)) {
      const custom = await this.deps.customVoices.resolve(accountId, voiceId);
      return custom && { ...custom, warnings: [] };
    }
    const base = await this.deps.catalogue.find(voiceId);
    if (base) return base.voice.custom ? undefined : { base, settings: {}, warnings: [] };
    const hosted = await resolveHostedVoice(
      voiceId,
      async (id) => {
        const own = await this.deps.catalogue.find(id);
        return provider === undefined || own?.model.provider === provider ? own : undefined;
      },
      async () => {
        const all = await this.deps.catalogue.all();
        const ofProvider = all.filter((c) => c.model.provider === provider);
        return ofProvider.length > 0 ? ofProvider : all;
      },
    );
    return hosted && { base: hosted.voice, settings: {}, warnings: hosted.warnings };
  }

  /** Long texts are spoken piece by piece at sentence boundaries and joined into one recording. */
  private async synthesizeAll(
    voice: CatalogueVoice,
    text: string,
    settings: Record<string, number | boolean>,
    abortSignal?: AbortSignal,
  ): Promise<SpeechAudio> {
    const limit = pLimit(this.deps.config.concurrency);
    const chunks = splitIntoChunks(text, voice.model.maxChunkCharacters);
    const pieces = await Promise.all(
      chunks.map((chunk) =>
        limit(() =>
          voice.model.doGenerate({
            providerVoiceId: voice.providerVoiceId,
            text: chunk,
            settings,
            ...(abortSignal && { abortSignal }),
          }),
        ),
      ),
    );
    const sampleRate = pieces[0]?.sampleRate ?? 0;
    if (pieces.some((p) => p.sampleRate !== sampleRate)) {
      throw new UpstreamError('the provider returned pieces at different sample rates', { isRetryable: false });
    }
    const pcm = Buffer.concat(pieces.map((p) => p.pcm));
    if (pcm.length === 0) throw new UpstreamError('the provider returned no audio', { isRetryable: false });
    return { pcm, sampleRate };
  }
}
