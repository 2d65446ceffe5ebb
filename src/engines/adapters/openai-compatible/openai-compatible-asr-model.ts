import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { durationSeconds, parseWav } from '../../audio/wav.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import type { AsrCallOptions, AsrModel, AsrResult } from '../../spec/asr-model.js';
import { bearer, callUpstream, joinUrl, readJson } from '../../calls/upstream-call.js';
import { openAICompatibleEnv } from './settings.js';

export interface OpenAICompatibleAsrConfig {
  /** Base URL including the version segment, e.g. http://127.0.0.1:8080/v1 (whisper.cpp server). */
  baseUrl: string;
  apiKey: string | undefined;
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const LABEL = 'The transcription provider';
const verboseJsonSchema = z.object({
  text: z.string().optional(),
  language: z.string().optional(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        speaker: z.union([z.string(), z.number()]).optional(),
      }),
    )
    .optional(),
});

/** A code that is its own canonical form: not a deprecated alias such as mo (ro), ji (yi), iw (he). */
const isCanonical = (code: string) => new Intl.Locale(code).language === code;

/**
 * Language name -> ISO 639-1 code, from every two-letter code the runtime can name. The runtime also
 * names deprecated aliases, some of which sort before the current code (mo < ro, ji < yi); the current
 * code wins, since providers such as Whisper only accept that one. Built on first use: it takes ~100 ms,
 * which every start (and every CLI command) would pay otherwise.
 */
let languageCodes: Map<string, string> | undefined;
function buildLanguageCodes(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const codes = new Map<string, string>();
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code)?.toLowerCase();
      if (!name) continue;
      const known = codes.get(name);
      if (known === undefined || (!isCanonical(known) && isCanonical(code))) codes.set(name, code);
    }
  }
  return codes;
}

/** Seconds of audio in the WAV the caller sent (16 kHz mono 16-bit, see AsrCallOptions), header excluded. */
function wavSeconds(wav: Buffer): number {
  try {
    return durationSeconds(parseWav(wav));
  } catch {
    return Math.max(0, wav.length - 44) / 32_000;
  }
}

/** What providers report ("english" from OpenAI, "en" from some whisper servers) -> the API's name: English. */
export function languageName(reported: string): string {
  const value = reported.trim();
  const named = /^[a-z]{2,3}$/i.test(value)
    ? new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(value.toLowerCase())
    : undefined;
  const name = named ?? value;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function languageCode(name: string): string | undefined {
  languageCodes ??= buildLanguageCodes();
  return languageCodes.get(name.trim().toLowerCase());
}

/**
 * Any server with POST {baseUrl}/audio/transcriptions and verbose_json: whisper.cpp, faster-whisper servers, LocalAI,
 * OpenAI; a translation goes to its /audio/translations (a server without one answers 404, said as its error).
 */
export class OpenAICompatibleAsrModel implements AsrModel {
  readonly provider = openAICompatibleEnv.transcriptionEngine;
  readonly modelId: string;
  readonly languages = undefined;
  /** OpenAI takes 25 MB per file; 10 minutes of 16 kHz 16-bit mono WAV is 19 MB. */
  readonly maxChunkSeconds = 600;
  readonly detectsLanguage = true;
  readonly translates = true;
  private readonly fetch: typeof fetch;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleAsrConfig) {
    this.modelId = config.modelId;
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async doGenerate({ wav, language, translate = false, abortSignal }: AsrCallOptions): Promise<AsrResult> {
    const code = languageCode(language);
    const json = await withRetries(() => this.post(wav, code, translate, abortSignal), this.config.retry, abortSignal);
    const parsed = verboseJsonSchema.safeParse(json);
    if (!parsed.success) throw new UpstreamError(`${LABEL} returned an unexpected response`, { isRetryable: false });
    const { segments = [], text = '' } = parsed.data;
    const diarized = segments.some((s) => s.speaker !== undefined);
    const result = segments.length > 0 ? segments : text.trim() ? [{ start: 0, end: wavSeconds(wav), text }] : [];
    return {
      segments: result.map((s) => ({
        start: s.start,
        end: s.end,
        text: s.text.trim(),
        ...('speaker' in s &&
          s.speaker !== undefined && {
            speaker: typeof s.speaker === 'number' ? `Speaker ${s.speaker + 1}` : s.speaker,
          }),
      })),
      diarized,
      warnings:
        translate || code || language.trim().toLowerCase() === 'auto'
          ? []
          : [
              {
                type: 'unsupported-setting',
                setting: 'language',
                message: `language "${language}" has no ISO code; the provider detected it`,
              },
            ],
      ...(parsed.data.language && { language: languageName(parsed.data.language) }),
    };
  }

  /** OpenAI's translations take neither a language nor timestamp granularities (segments are in verbose_json). */
  private post(
    wav: Buffer,
    language: string | undefined,
    translate: boolean,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const form = new FormData();
    form.append('file', new Blob([wav], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.modelId);
    form.append('response_format', 'verbose_json');
    if (!translate) form.append('timestamp_granularities[]', 'segment');
    if (language && !translate) form.append('language', language);
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, translate ? '/audio/translations' : '/audio/transcriptions'),
      method: 'POST',
      headers: bearer(this.config.apiKey),
      body: form,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read: (response) => readJson(response, LABEL),
    });
  }
}
