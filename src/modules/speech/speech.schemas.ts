import { z } from 'zod';

/** A voice setting's value (voiceSettings in a request, defaults in the settings list). */
export const settingValue = z.union([z.number(), z.boolean()]);

/**
 * The output formats speech is made in, by ElevenLabs' names (which the hosted service passes through):
 * MP3 at <sample rate>_<kb/s>, `wav` (16-bit PCM WAV at the voice's own sample rate) and `pcm_<rate>` (16-bit
 * PCM WAV at that rate). All mono.
 */
export const SPEECH_OUTPUT_FORMATS = [
  'mp3_22050_32',
  'mp3_44100_32',
  'mp3_44100_64',
  'mp3_44100_96',
  'mp3_44100_128',
  'mp3_44100_192',
  'wav',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
] as const;

export type SpeechOutputFormat = (typeof SPEECH_OUTPUT_FORMATS)[number];

/** Formats only /v1/audio/speech makes (OpenAI's names): Ogg Opus, AAC (ADTS), FLAC and raw 16-bit PCM, all 24 kHz. */
export const STREAMED_ONLY_FORMATS = ['opus', 'aac', 'flac', 'pcm'] as const;

/** A speech record's format: one of either list. */
export const SPEECH_RECORD_FORMATS = [...SPEECH_OUTPUT_FORMATS, ...STREAMED_ONLY_FORMATS] as const;
export type SpeechRecordFormat = (typeof SPEECH_RECORD_FORMATS)[number];

/** What a format is made as: the container, its sample rate (none: the voice's own) and an MP3's bitrate. */
export type SpeechFormatSpec =
  | { container: 'mp3'; sampleRate: number; bitrateKbps: number }
  | { container: 'wav'; sampleRate?: number };

export function speechFormatSpec(format: SpeechOutputFormat): SpeechFormatSpec {
  if (format === 'wav') return { container: 'wav' };
  const [kind, rate, kbps] = format.split('_');
  return kind === 'mp3'
    ? { container: 'mp3', sampleRate: Number(rate), bitrateKbps: Number(kbps) }
    : { container: 'wav', sampleRate: Number(rate) };
}

const FORMATS_TEXT =
  "mp3_22050_32, mp3_44100_32, mp3_44100_64, mp3_44100_96, mp3_44100_128, mp3_44100_192 (MP3 at sample rate_kb/s), wav (16-bit PCM WAV at the voice's own sample rate), pcm_16000, pcm_22050, pcm_24000, pcm_44100 (16-bit PCM WAV at that rate); all mono";

const outputFormat = z
  .enum(SPEECH_OUTPUT_FORMATS, { error: () => `must be one of ${SPEECH_OUTPUT_FORMATS.join(', ')}` })
  .meta({ examples: ['mp3_44100_128', 'wav'] });

/** The body of POST /api/generate-text-to-speech; the MCP tool takes the same. */
export const speechBody = (maxCharacters: number) =>
  z.strictObject({
    voiceID: z
      .string()
      .min(1)
      .max(200)
      .describe('An id from GET /api/get-text-to-speech-voices, or one of your custom voices'),
    text: z
      .string()
      .min(1)
      .max(maxCharacters * 2)
      .describe(`Text to speak, at most ${maxCharacters} characters`),
    voiceSettings: z
      .record(z.string().max(50), settingValue)
      .optional()
      .describe('See GET /api/get-text-to-speech-voice-settings'),
    output_format: outputFormat
      .optional()
      .describe(
        `The audio file to make (an Atelier extension: the hosted REST request has no such field): ${FORMATS_TEXT}. Without it, the service's MP3 (64 kb/s unless configured otherwise) at the voice's own sample rate`,
      ),
  });

/** The generate_speech tool's arguments (the hosted MCP server's): speed and output_format at the top. */
export const speechToolArgs = (maxCharacters: number) => {
  const body = speechBody(maxCharacters);
  return z.strictObject({
    text: body.shape.text.meta({ examples: ['Hello from Atelier.'] }),
    voice_id: body.shape.voiceID.meta({ examples: ['espeak-ng:en-us'] }).describe('A voice id from list_voices'),
    speed: z.number().min(0.7).max(1.2).default(1).describe('Speaking rate, 0.7 to 1.2 (default 1.0)'),
    output_format: outputFormat.default('mp3_44100_128').describe(`${FORMATS_TEXT}. Default mp3_44100_128`),
    voice_settings: body.shape.voiceSettings.describe(
      'More settings of the voice, by provider (speed above wins); see GET /api/get-text-to-speech-voice-settings',
    ),
  });
};

/** A voice as the voice list shows it (the spec's Voice, plus provider, gender and custom). */
export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  language: z.string(),
  accent: z.string().optional(),
  provider: z.string(),
  gender: z.string().optional(),
  custom: z.boolean(),
});
