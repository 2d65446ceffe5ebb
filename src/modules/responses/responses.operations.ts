import { z } from 'zod';
import { JsonText, defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import {
  deletedResponseSchema,
  inputItemListSchema,
  type ResponseObject,
  responseObjectSchema,
} from './response-object.schemas.js';
import { responseRequestSchema } from './responses.schemas.js';
import type { ResponsesService } from './responses.service.js';

/** As a chat request's: pictures inline (at most 20 MiB of base64) and the text around them. */
const RESPONSES_BODY_LIMIT = 24 * 1024 * 1024;

const DESCRIPTION =
  "OpenAI's Responses API (the official openai client works with baseURL <base>/v1 or <base>/api), answered by the same engines, reservation and billing as chat completions (by tokens). " +
  'input is text or items (messages with input_text, input_image and output_text parts, function_call, function_call_output); instructions become a first system message and are not carried to the next response. ' +
  'previous_response_id continues a stored response: its input and output items (and those of the responses before it) come first. Only function tools exist here. ' +
  'With "stream": true the answer is text/event-stream with `event: <type>` and `data: <JSON with type and sequence_number>`: response.created, response.in_progress, per output item response.output_item.added, ' +
  'response.content_part.added, response.output_text.delta... (or response.function_call_arguments.delta...), their done events, then response.completed (response.incomplete when max_output_tokens cut it short); ' +
  'a failure after the stream began is a response.failed event. A response is stored (store: true, the default) for the account that made it, for ATELIER_RESPONSES_RETENTION_DAYS (30 unless configured). ' +
  'background is not supported; truncation "auto" drops nothing (a conversation longer than the model takes is refused).';

const tags = ['responses'];
const params = z.object({ id: z.string().min(1).max(200) });

/** The Responses API under /v1 (where OpenAI clients look) and /api. Not MCP tools: a chat completion is that. */
export function responseOperations(responses: ResponsesService) {
  return {
    createResponse: defineOperation({
      name: 'create_response',
      summary: 'A model response in the format of OpenAI’s Responses API, streamed with "stream": true',
      description: DESCRIPTION,
      tags,
      input: responseRequestSchema,
      output: responseObjectSchema,
      errors: [400, 401, 402, 403, 404, 413, 429, 502, 503],
      run: async (request, { caller }) =>
        new JsonText<ResponseObject>(unwrap(await responses.create(caller, { ...request, stream: false }))),
      // The route streams with "stream": true and names the field of a validation failure as the chat errors do.
      http: {
        method: 'POST',
        path: '/api/responses',
        aliases: ['/v1/responses'],
        openaiErrors: true,
        bodyLimit: RESPONSES_BODY_LIMIT,
        ownRoute: true,
      },
    }),
    getResponse: defineOperation({
      name: 'get_response',
      summary: 'A stored response of the caller’s',
      tags,
      input: z.object({}),
      params,
      output: responseObjectSchema,
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => new JsonText<ResponseObject>(unwrap(await responses.get(caller, id))),
      http: { method: 'GET', path: '/api/responses/:id', aliases: ['/v1/responses/:id'], openaiErrors: true },
    }),
    deleteResponse: defineOperation({
      name: 'delete_response',
      summary: 'Deletes a stored response of the caller’s',
      tags,
      input: z.object({}),
      params,
      output: deletedResponseSchema,
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await responses.delete(caller, id)),
      http: { method: 'DELETE', path: '/api/responses/:id', aliases: ['/v1/responses/:id'], openaiErrors: true },
    }),
    listResponseInputItems: defineOperation({
      name: 'list_response_input_items',
      summary: "A stored response's own input items (not those of the responses before it), newest first by default",
      tags,
      input: z.object({
        limit: z.coerce.number().int().min(1).max(100).default(20),
        order: z.enum(['asc', 'desc']).default('desc'),
        after: z.string().min(1).max(200).optional().describe('The id of the item to list after'),
      }),
      params,
      output: inputItemListSchema,
      errors: [400, 401, 404, 429],
      run: async ({ id, ...query }, { caller }) => unwrap(await responses.inputItems(caller, id, query)),
      http: {
        method: 'GET',
        path: '/api/responses/:id/input_items',
        aliases: ['/v1/responses/:id/input_items'],
        openaiErrors: true,
      },
    }),
  };
}
