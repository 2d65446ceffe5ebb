import { z } from 'zod';
import { STREAM_FORMATS } from '../../engines/audio/stream-encoder.js';
import { defineOperation } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import type { SpeechService, SpeechStreamRequest } from './speech.service.js';

/** OpenAI's limit on `input`. */
export const OPENAI_SPEECH_MAX_CHARACTERS = 4_096;

export const openAiSpeechBody = z.strictObject({
  model: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'tts-1, tts-1-hd, gpt-4o-mini-tts (aliases of the speech engines here) or an engine: espeak-ng, flite...',
    ),
  input: z
    .string()
    .min(1)
    .max(OPENAI_SPEECH_MAX_CHARACTERS, { error: `must be at most ${OPENAI_SPEECH_MAX_CHARACTERS} characters` })
    .describe(`The text to speak, at most ${OPENAI_SPEECH_MAX_CHARACTERS} characters`),
  voice: z
    .string()
    .min(1)
    .max(200)
    .describe(
      "One of OpenAI's voices (alloy, ash, ballad, coral, echo, fable, onyx, nova, sage, shimmer, verse) or an id from GET /api/get-text-to-speech-voices",
    ),
  response_format: z.enum(STREAM_FORMATS).default('mp3'),
  speed: z.number().min(0.25).max(4).default(1),
  instructions: z
    .string()
    .max(OPENAI_SPEECH_MAX_CHARACTERS)
    .optional()
    .describe(
      'How to speak (tone, pace): passed to an OpenAI-compatible speech server; other engines: a warning header',
    ),
  stream_format: z
    .literal('audio', { error: 'only "audio" is offered here: the audio streams as it is encoded' })
    .optional(),
});

export type OpenAiSpeechBody = z.output<typeof openAiSpeechBody>;

/** The service's request for a body: the model (an alias or an engine) names the engine family. */
export function speechStreamRequest(speech: SpeechService, body: OpenAiSpeechBody): SpeechStreamRequest {
  const provider = speech.providerOfModel(body.model);
  if (provider === undefined)
    throw new AppError(
      'invalid_input',
      `model: '${body.model}' is not a speech model here; use one of ${speech.speechModels().join(', ')}`,
      {},
      'model',
    );
  return {
    voice: body.voice,
    text: body.input,
    format: body.response_format,
    speed: body.speed,
    provider,
    instructions: body.instructions,
  };
}

const DESCRIPTION =
  "OpenAI's speech API. The answer is the audio itself, streamed (chunked) as it is encoded: mp3 (44.1 kHz, 128 kb/s), opus (Ogg), aac (ADTS), flac, wav or pcm (raw 16-bit little-endian), all mono and (but mp3) 24 kHz. " +
  "Billed by words against the plan's monthly speech words, as POST /api/generate-text-to-speech, and kept as a speech record (GET /api/text-to-speech) once the whole file is made; a synthesis that fails part-way, or a client that leaves before the end, costs nothing and keeps nothing. " +
  'The engine that speaks is named in x-atelier-engine. instructions go to an engine that takes them (an OpenAI-compatible speech server, with every piece of the text); what the engine cannot honour (instructions on espeak-ng or flite, a stand-in for an OpenAI voice) is said in x-atelier-warning headers.';

export function openAiSpeechOperations(speech: SpeechService) {
  return {
    createSpeech: defineOperation({
      name: 'create_speech',
      summary: 'Speech in the OpenAI format (the openai client works with baseURL <base>/v1 or <base>/api)',
      description: DESCRIPTION,
      tags: ['speech'],
      input: openAiSpeechBody,
      output: z.string().describe('The audio file, base64 (the HTTP route streams its bytes)'),
      errors: [400, 401, 402, 429, 502, 503],
      run: async (body, { caller }) => {
        const answer = unwrap(await speech.stream(caller, speechStreamRequest(speech, body)));
        const chunks: Buffer[] = [];
        for await (const chunk of answer.audio) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('base64');
      },
      http: {
        method: 'POST',
        path: '/api/audio/speech',
        aliases: ['/v1/audio/speech'],
        operationId: 'createSpeech',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
  };
}
