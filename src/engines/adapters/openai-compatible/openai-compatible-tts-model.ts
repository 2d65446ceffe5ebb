import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { WavFormatError, parseWav } from '../../audio/wav.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { bearer, callUpstream, joinUrl, readBytes } from '../../calls/upstream-call.js';
import type { ProviderVoice, SettingSpec, SpeechAudio, SpeechCallOptions, TtsModel } from '../../spec/tts-model.js';

export interface OpenAICompatibleTtsConfig {
  /** Base URL including the version segment, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. tts-1, tts-1-hd, gpt-4o-mini-tts, or whatever a compatible server calls its model. */
  model: string;
  /** Configured, because the OpenAI API has no endpoint that lists voices. */
  voices: ProviderVoice[];
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const SETTINGS: readonly SettingSpec[] = [
  { name: 'speed', type: 'number', description: 'Speaking rate; 1 is normal speed', default: 1, min: 0.25, max: 4 },
];

/** Any server with POST {baseUrl}/audio/speech: OpenAI, LocalAI, Kokoro-FastAPI, openedai-speech. */
export class OpenAICompatibleTtsModel implements TtsModel {
  readonly provider = 'openai';
  readonly settings = SETTINGS;
  /** OpenAI accepts 4096 characters; the margin absorbs any difference in how servers count them. */
  readonly maxChunkCharacters = 4000;
  /** Passed on as OpenAI's `instructions`: a server whose model cannot use them decides what to do with them. */
  readonly takesInstructions = true;
  private readonly fetch: typeof fetch;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleTtsConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async listVoices(): Promise<ProviderVoice[]> {
    return this.config.voices.map((voice) => ({ ...voice }));
  }

  async doGenerate(options: SpeechCallOptions): Promise<SpeechAudio> {
    const speed = typeof options.settings.speed === 'number' ? options.settings.speed : 1;
    const body = JSON.stringify({
      model: this.config.model,
      input: options.text,
      voice: options.providerVoiceId,
      response_format: 'wav',
      speed,
      ...(options.instructions && { instructions: options.instructions }),
    });
    const wav = await withRetries(
      () => this.post('/audio/speech', body, options.abortSignal),
      this.config.retry,
      options.abortSignal,
    );
    try {
      return parseWav(wav);
    } catch (error) {
      if (!(error instanceof WavFormatError)) throw error;
      throw new UpstreamError('The speech provider returned audio in an unexpected format', {
        isRetryable: false,
        cause: error,
      });
    }
  }

  private post(path: string, body: string, signal: AbortSignal | undefined): Promise<Buffer> {
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, path),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'audio/wav',
        ...bearer(this.config.apiKey),
      },
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: 'The speech provider',
      read: readBytes,
    });
  }
}

const GENDERS = ['female', 'male', 'neutral'] as const;

const voiceListSchema = z
  .array(
    z.object({
      id: z.string().trim().min(1),
      name: z.string().trim().min(1).optional(),
      description: z.string().trim().min(1).optional(),
      language: z.string().trim().min(1).optional(),
      accent: z.string().trim().min(1).optional(),
      gender: z.enum(GENDERS).optional(),
    }),
  )
  .min(1);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

// Servers differ in what they allow (Kokoro mixes voices as `af_bella+af_sky`), so only whitespace is refused.
const VOICE_ID = /^\S+$/;

/**
 * Reads the configured voice list: either `alloy,echo,nova` or a JSON array of
 * `{id, name?, description?, language?, accent?, gender?}`.
 */
export function parseOpenAIVoices(raw: string): ProviderVoice[] {
  const text = raw.trim();
  if (text.startsWith('[')) return parseJsonVoices(text);
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0)
    throw new Error(
      'OpenAI voice list is empty: give a comma list of voice names (e.g. alloy,echo,nova) or a JSON array',
    );
  const bad = ids.find((id) => !VOICE_ID.test(id));
  if (bad !== undefined)
    throw new Error(
      `OpenAI voice list has an invalid voice name "${bad}": names are separated by commas and contain no spaces`,
    );
  return unique(
    ids.map((id) => ({
      providerVoiceId: id,
      name: capitalise(id),
      description: `OpenAI-compatible voice ${id}`,
      language: 'English',
    })),
  );
}

function parseJsonVoices(text: string): ProviderVoice[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('OpenAI voice list is not valid JSON');
  }
  const parsed = voiceListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new Error(
      `OpenAI voice list must be a non-empty JSON array of {id, name?, description?, language?, accent?, gender?}: ${issue?.message ?? 'invalid'}${where}`,
    );
  }
  return unique(
    parsed.data.map((voice) => ({
      providerVoiceId: voice.id,
      name: voice.name ?? capitalise(voice.id),
      description: voice.description ?? `OpenAI-compatible voice ${voice.id}`,
      language: voice.language ?? 'English',
      ...(voice.accent !== undefined && { accent: voice.accent }),
      ...(voice.gender !== undefined && { gender: voice.gender }),
    })),
  );
}

function unique(voices: ProviderVoice[]): ProviderVoice[] {
  const seen = new Set<string>();
  for (const voice of voices) {
    if (seen.has(voice.providerVoiceId)) throw new Error(`OpenAI voice list names "${voice.providerVoiceId}" twice`);
    seen.add(voice.providerVoiceId);
  }
  return voices;
}
