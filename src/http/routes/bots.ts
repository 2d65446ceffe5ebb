import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_LIMITS, type BotsService, DEFAULT_TEMPERATURE } from '../../modules/bots/bots.service.js';
import { DOCUMENT_KINDS, FILE_EXTENSIONS } from '../../modules/bots/document-text.js';
import { KNOWLEDGE_LIMITS, type NewDocument } from '../../modules/bots/knowledge.service.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { callerOf, errors, keyRequired, secured } from '../route-helpers.js';
import { readUpload } from './bot-upload.js';

export { UPLOAD_LIMITS as BOT_UPLOAD_LIMITS } from './bot-upload.js';

/** A 1 MB text can take three times that as JSON (escapes); the text itself is measured by the service. */
const DOCUMENT_JSON_BODY_LIMIT = 4 * 1024 * 1024;

const botParams = z.object({ id: z.string().regex(UUID_PATTERN, 'must be a bot id (a UUID)') });
const documentParams = botParams.extend({
  documentId: z.string().regex(UUID_PATTERN, 'must be a document id (a UUID)'),
});

const name = z.string().trim().min(1).max(BOT_LIMITS.name).describe('Shown to the people who chat with the bot');
const instructions = z.string().trim().max(BOT_LIMITS.instructions).describe('How the bot behaves: its system prompt');
const model = z
  .string()
  .trim()
  .min(1)
  .max(BOT_LIMITS.model)
  .describe('The text model the bot answers with; the standard model when absent');
const temperature = z
  .number()
  .min(BOT_LIMITS.minTemperature)
  .max(BOT_LIMITS.maxTemperature)
  .describe('0 (focused) to 2 (inventive)');
const welcomeMessage = z
  .string()
  .trim()
  .max(BOT_LIMITS.welcomeMessage)
  .nullable()
  .describe('The first message a chat shows; null or empty for none');

const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string(),
  model: z.string(),
  temperature: z.number(),
  welcome_message: z.string().nullable(),
  public_url: z
    .string()
    .describe("The unguessable identifier of the bot's chat address: POST {bots_url}/bot/{public_url}/api"),
  api_url: z.string().describe('Its chat address, ready to call: {bots_url}/bot/{public_url}/api'),
  created_at: z.string(),
  updated_at: z.string(),
  documents: z.number().int().describe('How many documents its knowledge base holds'),
});

const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  characters: z.number().int().describe('Characters of text taken from the document'),
  chunks: z.number().int().describe('Passages it was split into for retrieval'),
  created_at: z.string(),
});

const documentJson = z.strictObject({
  title: z.string().trim().min(1).max(KNOWLEDGE_LIMITS.title),
  content: z.string().describe(`The text: at most 1 MB (${KNOWLEDGE_LIMITS.documentBytes} bytes of UTF-8)`),
  kind: z.enum(['text', 'markdown', 'html']).default('text').describe('html is turned into text'),
});

const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

/** The caller's custom bots and their knowledge bases. Another account's bot is a 404, never a 403. */
export function botRoutes(app: FastifyInstance, bots: BotsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bots'];

  api.post(
    '/api/bots',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Create a bot',
        description:
          "The account's plan sets how many bots it may have (one more is refused with 409). The answer carries the bot's id and its public_url.",
        security: secured,
        body: z.strictObject({
          name,
          instructions: instructions.optional(),
          model: model.optional(),
          temperature: temperature.optional().describe(`0 (focused) to 2 (inventive); default ${DEFAULT_TEMPERATURE}`),
          welcome_message: welcomeMessage.optional(),
        }),
        response: { 201: botSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply.code(201).send(unwrap(await bots.create(caller.account.id, request.body, caller.plan)));
    },
  );

  api.get(
    '/api/bots',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Your bots, newest first',
        security: secured,
        response: { 200: z.object({ bots: z.array(botSchema) }), ...errors(401, 429) },
      },
    },
    async (request) => ({ bots: await bots.list(callerOf(request).account.id) }),
  );

  api.get(
    '/api/bots/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'One of your bots',
        security: secured,
        params: botParams,
        response: { 200: botSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await bots.get(callerOf(request).account.id, request.params.id)),
  );

  api.patch(
    '/api/bots/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Change a bot',
        description: 'Send only the fields to change; its public_url stays.',
        security: secured,
        params: botParams,
        body: z
          .strictObject({
            name: name.optional(),
            instructions: instructions.optional(),
            model: model.optional(),
            temperature: temperature.optional(),
            welcome_message: welcomeMessage.optional(),
          })
          .refine((changes) => Object.keys(changes).length > 0, 'send at least one field to change'),
        response: { 200: botSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await bots.update(callerOf(request).account.id, request.params.id, request.body)),
  );

  api.delete(
    '/api/bots/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Delete a bot with its whole knowledge base',
        security: secured,
        params: botParams,
        response: { 200: deleted, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await bots.delete(callerOf(request).account.id, request.params.id)),
  );

  api.post(
    '/api/bots/:id/documents',
    {
      ...keyRequired,
      bodyLimit: DOCUMENT_JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Add a document to a bot's knowledge base",
        description:
          'Either JSON {title, content, kind?} or multipart/form-data with one file part ' +
          `(${FILE_EXTENSIONS.join(', ')}; at most 10 MB) and an optional title field (the file name otherwise). ` +
          `HTML and PDF are turned into text; the text of one document can be at most 1 MB. At most ${KNOWLEDGE_LIMITS.documentsPerBot} documents (fewer on some plans) ` +
          `and ${KNOWLEDGE_LIMITS.charactersPerBot.toLocaleString('en')} characters per bot. The text is split into passages, indexed for ` +
          'full-text search and, when an embedding model is configured, embedded; if embedding fails the document is still added ' +
          '(searchable by keywords) and warnings says so.',
        security: secured,
        params: botParams,
        // Null for a multipart upload, which the handler reads itself: the schema is the JSON form's.
        body: documentJson.nullish(),
        response: {
          201: documentSchema.extend({ warnings: z.array(z.string()) }),
          ...errors(400, 401, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      let input: NewDocument;
      if (request.isMultipart()) input = await readUpload(request);
      else if (request.body)
        input = { title: request.body.title, source: { kind: request.body.kind, content: request.body.content } };
      else
        throw new AppError(
          'invalid_input',
          'body: send JSON {"title", "content"} or a multipart/form-data upload with a file',
        );
      return reply
        .code(201)
        .send(unwrap(await bots.addDocument(caller.account.id, request.params.id, input, caller.plan)));
    },
  );

  api.get(
    '/api/bots/:id/documents',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: "The documents of a bot's knowledge base, newest first",
        security: secured,
        params: botParams,
        response: { 200: z.object({ documents: z.array(documentSchema) }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      documents: unwrap(await bots.listDocuments(callerOf(request).account.id, request.params.id)),
    }),
  );

  api.delete(
    '/api/bots/:id/documents/:documentId',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Delete a document: it leaves the knowledge base and its search index',
        security: secured,
        params: documentParams,
        response: { 200: deleted, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) =>
      unwrap(await bots.deleteDocument(callerOf(request).account.id, request.params.id, request.params.documentId)),
  );
}
