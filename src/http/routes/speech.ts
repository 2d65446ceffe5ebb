import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingValue, speechBody } from '../../modules/speech/speech.schemas.js';
import type { SpeechService } from '../../modules/speech/speech.service.js';
import type { VoiceListing } from '../../modules/speech/voice-listing.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import {
  IDEMPOTENCY_NOTE,
  callerOf,
  errors,
  idempotencyHeader,
  keyRequired,
  paidCreation,
  secured,
} from '../route-helpers.js';
import { voiceSchema } from './voice-schemas.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const speechRecordSchema = z.object({
  uuid: z.string(),
  url: z.string(),
  used_characters: z.number().int(),
  status: z.literal('completed'),
  voice_id: z.string(),
  characters: z.number().int(),
  duration_seconds: z.number(),
  warnings: z.array(z.string()),
  created_at: z.string(),
});

export function speechRoutes(
  app: FastifyInstance,
  speech: SpeechService,
  voices: VoiceListing,
  maxCharacters: number,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/generate-text-to-speech',
    {
      ...paidCreation,
      schema: {
        tags: ['speech'],
        summary: 'Speak a text with a voice; returns a public MP3 URL',
        description: `text: at most ${maxCharacters} characters, billed by word count (used_characters) against the plan's monthly words. Settings a provider does not support are ignored and recorded as warnings. ${IDEMPOTENCY_NOTE}`,
        security: secured,
        headers: idempotencyHeader,
        body: speechBody(maxCharacters),
        response: {
          200: z.object({
            uuid: z.string(),
            url: z.string(),
            used_characters: z.number().int(),
            status: z.literal('completed'),
          }),
          ...errors(400, 401, 402, 409, 413, 422, 429, 502, 503),
        },
      },
    },
    async (request) => unwrap(await speech.synthesize(callerOf(request), request.body)),
  );

  api.get(
    '/api/text-to-speech/:uuid',
    {
      ...keyRequired,
      schema: {
        tags: ['speech'],
        summary: 'A stored text-to-speech result, with its duration and any warnings',
        security: secured,
        params: z.object({ uuid: z.string().regex(UUID_PATTERN, 'must be a UUID') }),
        response: { 200: speechRecordSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await speech.record(callerOf(request), request.params.uuid.toLowerCase())),
  );

  api.get(
    '/api/text-to-speech',
    {
      ...keyRequired,
      schema: {
        tags: ['speech'],
        summary: "The account's text-to-speech results, newest first",
        security: secured,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before: z.iso.datetime().optional().describe('A created_at from the previous page: lists older results'),
        }),
        response: { 200: z.object({ items: z.array(speechRecordSchema) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ items: await speech.list(callerOf(request), request.query.limit, request.query.before) }),
  );

  api.get(
    '/api/get-text-to-speech-voices',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['speech'],
        summary:
          'The voice catalogue; public; with a key it includes your custom voices unless include_custom=false (include_custom=true without a key is a 401)',
        security: [{}, ...secured],
        querystring: z.object({
          language: z.string().max(100).optional(),
          accent: z.string().max(100).optional(),
          include_custom: flag.optional(),
        }),
        response: {
          200: z.object({
            voices: z.array(voiceSchema),
            total: z.number().int(),
            filters: z.object({ language: z.string().nullable(), accent: z.string().nullable() }),
            available: z.object({ languages: z.array(z.string()), accents: z.array(z.string()) }),
          }),
          ...errors(400, 401, 429),
        },
      },
    },
    async (request) => {
      const { include_custom: askedForCustom, language, accent } = request.query;
      if (askedForCustom && !request.caller) throw new AppError('unauthorized', 'Invalid API key');
      // As in the hosted reference, a caller with a key gets their custom voices unless they say include_custom=false.
      const includeCustom = askedForCustom ?? request.caller !== undefined;
      return voices.list({ language, accent, accountId: includeCustom ? request.caller?.account.id : undefined });
    },
  );

  api.get(
    '/api/get-text-to-speech-voice-settings',
    {
      schema: {
        tags: ['speech'],
        summary: 'Per provider family, the voiceSettings it accepts with their ranges and defaults (public)',
        security: [],
        response: {
          200: z.object({
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
          ...errors(429),
        },
      },
    },
    async () => ({ providers: voices.settings(), max_text_characters: maxCharacters }),
  );

  api.get(
    '/voice-avatars/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          file: z
            .string()
            .max(300)
            .regex(/\.svg$/),
        }),
      },
    },
    async (request, reply) => {
      const svg = await voices.avatar(request.params.file.slice(0, -4));
      if (!svg) throw new AppError('not_found', 'Voice not found');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
