import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { type UpstreamResponse, callUpstream, joinUrl, readJson } from '../../calls/upstream-call.js';
import type { ProviderVoice, SettingSpec, SpeechAudio, SpeechCallOptions, TtsModel } from '../../spec/tts-model.js';
import { readAudioBody } from './audio-body.js';
import { elevenLabsEnv } from './settings.js';
import { monotonicMs } from '../../../shared/clock.js';

const readSpeechBody = readAudioBody('audio');

export interface ElevenLabsTtsConfig {
  /** Without the version segment, e.g. https://api.elevenlabs.io. */
  baseUrl: string;
  apiKey: string;
  /** e.g. eleven_multilingual_v2, eleven_flash_v2_5. */
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable so tests can expire the voice cache. */
  now?: () => number;
}

export interface VoiceSample {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface CloneVoiceRequest {
  name: string;
  description?: string | undefined;
  samples: VoiceSample[];
}

const SAMPLE_RATE = 22_050;
const VOICE_CACHE_MS = 5 * 60_000;

const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'stability',
    type: 'number',
    description: 'Higher is steadier, lower is more expressive',
    default: 0.5,
    min: 0,
    max: 1,
  },
  {
    name: 'similarity_boost',
    type: 'number',
    description: 'How closely to stick to the original voice',
    default: 0.75,
    min: 0,
    max: 1,
  },
  {
    name: 'style',
    type: 'number',
    description: "Exaggerates the voice's style; 0 is fastest and steadiest",
    default: 0,
    min: 0,
    max: 1,
  },
  {
    name: 'use_speaker_boost',
    type: 'boolean',
    description: 'Boosts similarity to the original speaker',
    default: true,
  },
  { name: 'speed', type: 'number', description: 'Speaking rate; 1 is normal speed', default: 1, min: 0.7, max: 1.2 },
];

const label = z.string().nullish();
const labelsSchema = z.object({
  accent: label,
  gender: label,
  age: label,
  description: label,
  use_case: label,
  language: label,
});
const voiceSchema = z.object({
  voice_id: z.string().min(1),
  name: z.string(),
  category: label,
  description: label,
  labels: labelsSchema.nullish(),
});
const voicesSchema = z.object({ voices: z.array(voiceSchema) });
type ElevenLabsVoice = z.infer<typeof voiceSchema>;

const LABEL = 'ElevenLabs';

const addVoiceSchema = z.object({ voice_id: z.string().min(1) });

interface Request<T> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string | FormData;
  signal?: AbortSignal | undefined;
  read: (response: UpstreamResponse) => Promise<T>;
  /** Statuses that are an answer rather than a failure (404 on DELETE). */
  accept?: number[];
}

/** ElevenLabs text-to-speech, its voice library and instant voice cloning. */
export class ElevenLabsTtsModel implements TtsModel {
  readonly provider = elevenLabsEnv.name;
  readonly settings = SETTINGS;
  /** Below the model's per-request limit, with room left for the service's sentence splitting. */
  readonly maxChunkCharacters = 2500;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private voiceCache: { fetchedAt: number; voices: Promise<ProviderVoice[]> } | undefined;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: ElevenLabsTtsConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
    this.now = config.now ?? monotonicMs;
  }

  async listVoices(): Promise<ProviderVoice[]> {
    const now = this.now();
    let entry = this.voiceCache;
    if (!entry || now - entry.fetchedAt >= VOICE_CACHE_MS) {
      // The promise is cached, so concurrent callers share one request; a failure is not cached.
      const fresh = { fetchedAt: now, voices: this.fetchVoices() };
      fresh.voices.catch(() => {
        if (this.voiceCache === fresh) this.voiceCache = undefined;
      });
      this.voiceCache = entry = fresh;
    }
    return (await entry.voices).map((voice) => ({ ...voice }));
  }

  invalidateVoices(): void {
    this.voiceCache = undefined;
  }

  async doGenerate(options: SpeechCallOptions): Promise<SpeechAudio> {
    const { settings } = options;
    const number = (name: string, fallback: number) => (typeof settings[name] === 'number' ? settings[name] : fallback);
    const body = JSON.stringify({
      text: options.text,
      model_id: this.config.modelId,
      voice_settings: {
        stability: number('stability', 0.5),
        similarity_boost: number('similarity_boost', 0.75),
        style: number('style', 0),
        use_speaker_boost: typeof settings.use_speaker_boost === 'boolean' ? settings.use_speaker_boost : true,
        speed: number('speed', 1),
      },
    });
    const pcm = await this.send({
      method: 'POST',
      path: `/v1/text-to-speech/${encodeURIComponent(options.providerVoiceId)}?output_format=pcm_${SAMPLE_RATE}`,
      body,
      signal: options.abortSignal,
      read: readSpeechBody,
    });
    if (pcm.length < 2) throw new UpstreamError('ElevenLabs returned no audio', { isRetryable: false });
    return { pcm: pcm.length % 2 === 0 ? pcm : pcm.subarray(0, pcm.length - 1), sampleRate: SAMPLE_RATE };
  }

  async cloneVoice(request: CloneVoiceRequest): Promise<ProviderVoice> {
    if (request.samples.length === 0) throw new RangeError('cloneVoice needs at least one sample');
    const form = new FormData();
    form.append('name', request.name);
    if (request.description) form.append('description', request.description);
    for (const sample of request.samples)
      form.append('files', new Blob([sample.data], { type: sample.contentType }), sample.filename);
    const parsed = addVoiceSchema.safeParse(
      await this.send({ method: 'POST', path: '/v1/voices/add', body: form, read: readElevenLabsJson }, false),
    );
    if (!parsed.success) throw new UpstreamError('ElevenLabs returned an unexpected response', { isRetryable: false });
    this.invalidateVoices();
    return {
      providerVoiceId: parsed.data.voice_id,
      name: request.name,
      description:
        request.description ||
        `Voice cloned from ${request.samples.length} sample${request.samples.length === 1 ? '' : 's'}`,
      language: 'English',
      cloned: true,
    };
  }

  async deleteVoice(providerVoiceId: string): Promise<void> {
    const path = `/v1/voices/${encodeURIComponent(providerVoiceId)}`;
    await this.send({
      method: 'DELETE',
      path,
      read: async (response) => void (await response.body?.cancel()),
      accept: [404],
    });
    this.invalidateVoices();
  }

  private async fetchVoices(): Promise<ProviderVoice[]> {
    const parsed = voicesSchema.safeParse(
      await this.send({ method: 'GET', path: '/v1/voices', read: readElevenLabsJson }),
    );
    if (!parsed.success)
      throw new UpstreamError('ElevenLabs returned an unexpected voice list', { isRetryable: false });
    return parsed.data.voices.map(toProviderVoice);
  }

  /**
   * One request with the timeout, retried on retryable failures unless `retry` is false: adding a
   * voice is not idempotent, and a retry after a timeout could leave a duplicate clone behind.
   */
  private send<T>(request: Request<T>, retry = true): Promise<T> {
    const attempt = () => this.attempt(request);
    return retry ? withRetries(attempt, this.config.retry, request.signal) : attempt();
  }

  private attempt<T>({ method, path, body, signal, read, accept }: Request<T>): Promise<T> {
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, path),
      method,
      // FormData sets its own multipart content-type with the boundary.
      headers: {
        'xi-api-key': this.config.apiKey,
        ...(typeof body === 'string' && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body }),
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read,
      ...(accept && { accept }),
      statusText: { 401: 'ElevenLabs rejected the API key' },
    });
  }
}

const readElevenLabsJson = (response: UpstreamResponse) => readJson(response, LABEL);

const capitaliseWords = (text: string) =>
  text.replace(/(^|[\s-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** Labels carry either a name ("English") or a code ("en", "pt-BR"); the catalogue wants the name. */
function languageName(label: string): string {
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(label)) {
    try {
      const name = languageNames.of(label.split('-')[0] ?? label);
      if (name && name.toLowerCase() !== label.toLowerCase()) return name;
    } catch {
      // Not a well-formed code after all: fall through and use the label as written.
    }
  }
  return capitaliseWords(label);
}

const GENDERS: Record<string, ProviderVoice['gender']> = {
  female: 'female',
  male: 'male',
  neutral: 'neutral',
  'non-binary': 'neutral',
  nonbinary: 'neutral',
};

function toProviderVoice(voice: ElevenLabsVoice): ProviderVoice {
  const labels = voice.labels ?? {};
  const language = labels.language?.trim();
  const accent = labels.accent?.trim();
  const voiceGender = GENDERS[labels.gender?.trim().toLowerCase() ?? ''];
  const fromLabels = [labels.description, labels.age, labels.accent, labels.gender, labels.use_case]
    .map((value) => value?.trim().replace(/_/g, ' '))
    .filter((value): value is string => Boolean(value))
    .join(', ');
  const description =
    voice.description?.trim() ||
    (fromLabels ? fromLabels.charAt(0).toUpperCase() + fromLabels.slice(1) : `ElevenLabs voice ${voice.name}`);
  return {
    providerVoiceId: voice.voice_id,
    name: voice.name,
    description,
    language: language ? languageName(language) : 'English',
    ...(accent && { accent: capitaliseWords(accent) }),
    ...(voiceGender && { gender: voiceGender }),
    cloned: voice.category === 'cloned',
  };
}
