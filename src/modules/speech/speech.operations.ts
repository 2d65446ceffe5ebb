import { z } from 'zod';
import { defineOperation, toolArgs } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { pageOf, pagingArgs } from '../../shared/paging.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { SPEECH_RECORD_FORMATS, settingValue, speechBody, speechToolArgs, voiceSchema } from './speech.schemas.js';
import type { SpeechService } from './speech.service.js';
import { openAiSpeechOperations } from './openai-speech.operations.js';
import type { VoiceListing } from './voice-listing.js';

const tags = ['speech'];
/** A yes/no query parameter (or JSON boolean, as MCP tools send it). */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

const voiceListSchema = z.object({
  voices: z.array(voiceSchema),
  total: z.number().int(),
  filters: z.object({ language: z.string().nullable(), accent: z.string().nullable() }),
  available: z.object({ languages: z.array(z.string()), accents: z.array(z.string()) }),
});

const speechRecordSchema = z.object({
  uuid: z.string(),
  url: z.string(),
  used_characters: z.number().int(),
  status: z.literal('completed'),
  voice_id: z.string(),
  characters: z.number().int(),
  duration_seconds: z.number(),
  output_format: z
    .enum(SPEECH_RECORD_FORMATS)
    .nullable()
    .describe(
      "The output_format asked for; null for the service's own MP3 (none asked). Speech streamed by /v1/audio/speech: mp3_44100_128 (mp3), pcm_24000 (wav), or opus, aac, flac, pcm (raw 16-bit at 24 kHz)",
    ),
  warnings: z.array(z.string()),
  created_at: z.string(),
});

export function speechOperations(speech: SpeechService, voices: VoiceListing, maxCharacters: number) {
  return {
    textToSpeech: defineOperation({
      name: 'text_to_speech',
      summary: 'Speak a text with a voice; returns a public MP3 (or output_format) URL',
      description: `text: at most ${maxCharacters} characters, billed by word count (used_characters) against the plan's monthly words. Settings a provider does not support are ignored and recorded as warnings. output_format (an Atelier extension) picks the file: MP3 at a sample rate and bitrate, or 16-bit PCM WAV; without it, the service's MP3 (64 kb/s unless configured otherwise) at the voice's own sample rate.`,
      tags,
      idempotent: true,
      input: speechBody(maxCharacters),
      output: z.object({
        uuid: z.string(),
        url: z.string(),
        used_characters: z.number().int(),
        status: z.literal('completed'),
      }),
      errors: [400, 401, 402, 409, 413, 422, 429, 502, 503],
      run: async (body, { caller }) => unwrap(await speech.synthesize(caller, body)),
      http: { method: 'POST', path: '/api/generate-text-to-speech', operationId: 'generateTTS' },
      tool: [
        {
          name: 'generate_speech',
          description:
            "Speak a text with a voice (synchronous): voice_id from list_voices (e.g. espeak-ng:en-us, flite:slt), speed 0.7 to 1.2 (default 1.0), output_format mp3_44100_128 (default), mp3_22050_32, mp3_44100_32/64/96/192, wav (16-bit PCM at the voice's own rate) or pcm_16000/22050/24000/44100 (16-bit PCM WAV at that rate). Returns the public URL of the audio (.mp3 or .wav). Billed by words against the monthly speech allowance.",
          args: toolArgs(speechToolArgs(maxCharacters), ({ text, voice_id, speed, output_format, voice_settings }) => ({
            text,
            voiceID: voice_id,
            output_format,
            // 1 is every engine's normal rate: sent only when asked otherwise, so no engine warns of it.
            voiceSettings: { ...voice_settings, ...(speed !== 1 && { speed }) },
          })),
        },
        {
          hidden: true,
          description:
            'Speak a text with a voice (ids from list_voices, e.g. espeak-ng:en-us, flite:slt); returns a public MP3 URL. Billed by words against the monthly allowance.',
        },
      ],
    }),
    ...openAiSpeechOperations(speech),
    getSpeech: defineOperation({
      name: 'get_speech',
      summary: 'A stored text-to-speech result, with its duration and any warnings',
      tags,
      input: z.object({}),
      params: z.object({ uuid: z.string().regex(UUID_PATTERN, 'must be a UUID') }),
      output: speechRecordSchema,
      errors: [400, 401, 404, 429],
      run: async ({ uuid }, { caller }) => unwrap(await speech.record(caller, uuid.toLowerCase())),
      http: { method: 'GET', path: '/api/text-to-speech/:uuid' },
    }),
    listSpeech: defineOperation({
      name: 'list_speech',
      summary: "The account's text-to-speech results, newest first",
      tags,
      input: z.object({
        limit: z.coerce.number().int().min(1).max(100).default(20),
        before: z.iso.datetime().optional().describe('A created_at from the previous page: lists older results'),
      }),
      output: z.object({ items: z.array(speechRecordSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit, before }, { caller }) => ({ items: await speech.list(caller, limit, before) }),
      http: { method: 'GET', path: '/api/text-to-speech' },
    }),
    listVoices: defineOperation({
      name: 'list_voices',
      summary:
        'The voice catalogue; public; with a key it includes your custom voices unless include_custom=false (include_custom=true without a key is a 401)',
      tags,
      auth: 'optional',
      input: z.object({
        language: z.string().max(100).optional(),
        accent: z.string().max(100).optional(),
        include_custom: flag.optional(),
      }),
      output: voiceListSchema,
      errors: [400, 401, 429],
      run: ({ include_custom: askedForCustom, language, accent }, { callerIfAny: caller }) => {
        if (askedForCustom && !caller) throw new AppError('unauthorized', 'Invalid API key');
        // As in the hosted reference, a caller with a key gets their custom voices unless they say include_custom=false.
        const includeCustom = askedForCustom ?? caller !== null;
        return voices.list({ language, accent, accountId: includeCustom ? caller?.account.id : undefined });
      },
      http: { method: 'GET', path: '/api/get-text-to-speech-voices', operationId: 'getTTSVoices' },
      tool: {
        description:
          'A page of the voices for generate_speech (id, name, language, accent...), your custom and cloned voices included, optionally of one language (e.g. Dutch) and accent (e.g. British): limit (at most 50, default 20) and offset; the answer has total, offset and next_offset (null on the last page).',
        args: toolArgs(
          z.object({
            language: z.string().max(100).optional().describe('An English name, e.g. Dutch'),
            accent: z.string().max(100).optional().describe('e.g. British'),
            include_custom: z.boolean().default(true).describe('Include your custom and cloned voices (default true)'),
            ...pagingArgs,
          }),
          ({ language, accent, include_custom }) => ({ language, accent, include_custom }),
          ({ voices: all, filters, available }: z.input<typeof voiceListSchema>, paging) => {
            const [voices, page] = pageOf(all, paging);
            return { voices, ...page, filters, available };
          },
        ),
      },
    }),
    getVoiceFilters: defineOperation({
      name: 'get_voice_filters',
      summary: 'The languages and accents to filter the voice list by (public)',
      description:
        'Every language of the predefined voices and their accents; with language, the accents of that language and how many voices speak it. Each value filters GET /api/get-text-to-speech-voices to at least one voice.',
      tags,
      auth: 'public',
      input: z.object({
        language: z.string().max(100).optional().describe('Lists the accents of this language, e.g. English'),
      }),
      output: z.object({
        languages: z.array(z.string()),
        accents: z.array(z.string()),
        total_voices: z.number().int(),
        filtered_by_language: z.string().nullable(),
        filtered_voices_count: z.number().int().nullable(),
      }),
      errors: [400, 429],
      run: ({ language }) => voices.filters(language),
      http: { method: 'GET', path: '/api/get-text-to-speech-config', operationId: 'getTTSConfig' },
      tool: {
        description:
          'The languages and accents list_voices can filter by (the accents of one language when given), and how many voices there are.',
      },
    }),
    getVoiceSettings: defineOperation({
      name: 'get_voice_settings',
      summary: 'Per provider family, the voiceSettings it accepts with their ranges and defaults (public)',
      tags,
      auth: 'public',
      input: z.object({}),
      output: z.object({
        providers: z.array(
          z.object({
            provider: z.string(),
            max_chunk_characters: z.number().int(),
            settings: z.array(
              z.object({
                name: z.string(),
                type: z.enum(['number', 'boolean']),
                description: z.string(),
                default: settingValue,
                min: z.number().optional(),
                max: z.number().optional(),
              }),
            ),
          }),
        ),
        max_text_characters: z.number().int(),
      }),
      errors: [429],
      run: () => ({ providers: voices.settings(), max_text_characters: maxCharacters }),
      http: { method: 'GET', path: '/api/get-text-to-speech-voice-settings' },
    }),
  };
}
