import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { chatCompletionSchema, chatRequestSchema, modelListSchema } from './chat.schemas.js';
import type { ModelDirectory } from '../models/model-directory.js';
import type { ChatService } from './chat.service.js';

/**
 * A chat request's body can be this big: pictures and audio inline (at most MAX_MEDIA_BASE64, 20 MiB of
 * base64, checked by the schema) and the text around them, whatever ATELIER_BODY_LIMIT_BYTES says.
 */
const CHAT_BODY_LIMIT = 24 * 1024 * 1024;

const STREAM_FORMAT =
  'With "stream": true the answer is text/event-stream: one `data: <chat.completion.chunk JSON>` event per piece of text (the first carries the role, the last of each choice its finish_reason), ' +
  'then, with stream_options.include_usage, a chunk with empty choices and the usage, then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": {...}}` before it ends. ' +
  'Billing is by tokens (prompt and completion, per choice): the most the request can cost is reserved first and settled on what was used, also when the client disconnects mid-stream. ' +
  '`model` may be omitted (the default model answers); the hosted names (gemini-3-flash, gpt-5, claude-sonnet-4-6...) are aliases of the models here, listed by GET /models with alias_of. ' +
  'Content is a string or parts: text, image_url (an http(s) URL, downloaded by the service, or a data:image/png|jpeg|webp|gif;base64 URI; at most 20 per request) and input_audio (base64; mp3, wav, webm or mp4), ' +
  'with at most 20 MiB of base64 per request; a model that cannot take a part refuses the request with 400, before anything is charged.';

const tags = ['chat'];

/**
 * OpenAI-compatible chat completions, under /api (as documented) and /v1 (where OpenAI clients look), and the model
 * list of every modality (`models`: chat, embeddings, speech, transcription, images, videos).
 */
export function chatOperations(chat: ChatService, models: ModelDirectory) {
  return {
    chatCompletion: defineOperation({
      name: 'chat_completion',
      summary: 'Chat completions in the OpenAI format (the official openai client works with baseURL <base>/api)',
      description: STREAM_FORMAT,
      tags,
      input: chatRequestSchema,
      output: chatCompletionSchema,
      errors: [400, 401, 402, 403, 404, 413, 429, 502, 503],
      run: async (request, { caller }) => unwrap(await chat.complete(caller, { ...request, stream: false })),
      // The route streams with "stream": true, and names the field of a validation failure as the chat errors do.
      http: {
        method: 'POST',
        path: '/api/chat/completions',
        aliases: ['/v1/chat/completions'],
        operationId: 'chatCompletions',
        openaiErrors: true,
        bodyLimit: CHAT_BODY_LIMIT,
        ownRoute: true,
      },
      tool: {
        description:
          "A chat completion (OpenAI format, not streamed): messages (text, or parts: text, image_url, input_audio), and optionally model (from the service's model list, e.g. gpt-4o-mini, or a hosted name such as gemini-3-flash or gpt-5; omit it for the default model), temperature, top_p, max_tokens, n, stop. Billed by tokens.",
        leaveOut: ['stream', 'stream_options'],
      },
    }),
    listModels: defineOperation({
      name: 'list_models',
      summary:
        "The models of every modality, each with what it serves (capabilities): the chat models, then their aliases (the hosted service's names, with alias_of), then embeddings, speech, transcription, images and videos",
      tags,
      input: z.object({}),
      output: modelListSchema,
      errors: [401, 429],
      run: () => models.list(),
      http: { method: 'GET', path: '/api/models', aliases: ['/v1/models'], openaiErrors: true },
    }),
    getModel: defineOperation({
      name: 'get_model',
      summary: 'One model, of any modality',
      tags,
      input: z.object({}),
      params: z.object({ model: z.string().min(1).max(200) }),
      output: modelListSchema.shape.data.element,
      errors: [401, 404, 429],
      run: ({ model }) => {
        const found = models.find(model);
        if (!found) throw new AppError('not_found', `The model '${model}' does not exist here`, {}, 'model');
        return found;
      },
      http: { method: 'GET', path: '/api/models/:model', aliases: ['/v1/models/:model'], openaiErrors: true },
    }),
  };
}
