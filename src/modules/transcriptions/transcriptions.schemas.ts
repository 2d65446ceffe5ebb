import { z } from 'zod';
import { flagField } from '../../shared/body-fields.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { DERIVED_FIELDS } from './derived/fields.js';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

/** A transcription's uuid, as the requests that name one give it. */
export const audioUuid = z.string().regex(UUID_PATTERN, 'must be the uuid returned when the transcription was created');

const audioType = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}\p{N} _-]+$/u, 'must be a kind such as meeting or podcast')
  .default('general');

/** The hosted 1.0.5 text of POST /api/audios without audio_id. */
export const MISSING_AUDIO_ID = 'Missing audio_id.';

/** The body of POST /api/audios. */
export const audioRequest = z.strictObject({
  audio_id: z
    .string({ error: (issue) => (issue.input == null ? MISSING_AUDIO_ID : undefined) })
    .regex(UUID_PATTERN, 'must be the uuid returned when the transcription was created'),
});

/** The body of POST /api/transcriptions; the MCP tool takes the same. */
export const transcriptionBody = z
  .strictObject({
    url: httpUrl.describe('Where the audio (or video) file is'),
    audio_type: audioType,
    language: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .default('English')
      .describe(
        'The language spoken, by name (English, French...), or auto to have it detected (whisper or a remote engine)',
      ),
    name: z.string().trim().max(200).optional(),
    detect_speakers: flagField.default(true).describe('Tell the speakers apart (default true, as the hosted 1.0.5)'),
    enhanced_quality: flagField.optional().describe('Use the better transcription engine (default false)'),
    enhance_quality: flagField
      .optional()
      .describe('The same as enhanced_quality, as the Pipedream component spells it'),
    webhook_url: httpUrl.optional().describe('Called with the record, signed, when the job completes or fails'),
  })
  .transform(({ enhance_quality: alias, enhanced_quality: given, ...rest }) => ({
    ...rest,
    enhanced_quality: given ?? alias ?? false,
  }));

/** The transcribe_audio tool's arguments (the hosted MCP server's): the body, with the URL's example. */
export const transcribeToolArgs = transcriptionBody.in.extend({
  url: httpUrl.describe('Where the audio (or video) file is: a public URL').meta({
    examples: ['https://example.com/interview.mp3'],
  }),
});

/** What the hosted app builder's helpers send to POST /api/create-transcription. */
export const appBuilderTranscriptionBody = z
  .strictObject({
    audioUrl: httpUrl.describe('Where the audio (or video) file is'),
    language: z.string().trim().min(1).max(50).default('English'),
    name: z.string().trim().max(200).optional(),
    audio_type: audioType,
  })
  .transform(({ audioUrl, ...rest }) => ({ ...rest, url: audioUrl, detect_speakers: false, enhanced_quality: false }));

/** The body of POST /api/generate-audio-content; the MCP tool takes the same. */
export const derivedContentBody = z
  .strictObject({
    audio_id: audioUuid,
    fields: z.array(z.enum(DERIVED_FIELDS)).min(1).max(DERIVED_FIELDS.length).optional(),
    force: flagField.optional().describe('Produce the content again even if it exists (default false)'),
    regenerate: flagField.optional().describe('The same as force'),
  })
  .transform(({ force, regenerate, ...rest }) => ({ ...rest, regenerate: force ?? regenerate ?? false }));

const segmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().optional(),
});
/** The hosted 1.0.5 words for a record's state: processing (pending too), done, failed. */
export const TRANSCRIPTION_STATUSES = ['processing', 'done', 'failed'] as const;

/** A transcription as the API returns it. */
export const audioSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    url: z.string().describe('The audio file the transcription was made from'),
    content: z.string(),
    segments: z.array(segmentSchema),
    audio_type: z.string(),
    language: z.string(),
    created_at: z.string(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    error: z.string().optional(),
    duration: z.number().nullable(),
    progress: z.number(),
    detect_speakers: z.boolean(),
    enhanced_quality: z.boolean(),
    model: z.string().nullable(),
    webhook: z
      .object({
        url: z.string(),
        deliveries: z.array(
          z.object({
            id: z.string(),
            event: z.string(),
            url: z.string(),
            status: z.string(),
            attempts: z.array(
              z.object({ at: z.string(), status: z.number().optional(), error: z.string().optional() }),
            ),
          }),
        ),
      })
      .optional(),
  })
  .extend(
    Object.fromEntries(DERIVED_FIELDS.map((f) => [f, z.string().optional()])) as Record<
      (typeof DERIVED_FIELDS)[number],
      z.ZodOptional<z.ZodString>
    >,
  );
