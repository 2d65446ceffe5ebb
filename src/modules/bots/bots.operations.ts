import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { BOT_LIMITS, type BotsService, DEFAULT_TEMPERATURE } from './bots.service.js';
import { DOCUMENT_KINDS, FILE_EXTENSIONS } from './document-text.js';
import { KNOWLEDGE_LIMITS, type NewDocument } from './knowledge.service.js';
import { launcherSettingsSchema } from './launcher-settings.js';

/** A 1 MB text can take three times that as JSON (escapes); the text itself is measured by the service. */
const DOCUMENT_JSON_BODY_LIMIT = 4 * 1024 * 1024;

export const botParams = z.object({ id: z.string().regex(UUID_PATTERN, 'must be a bot id (a UUID)') });
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

const brandVoiceId = z
  .string()
  .max(100)
  .nullable()
  .describe(
    "One of your brand voices (GET /api/brand-voices): its instructions go ahead of the bot's; null for none (the account's default brand voice then applies)",
  );

const launcher = launcherSettingsSchema
  .nullable()
  .describe(
    "The chat launcher's look (position, size, width, icon, color, label), served to the widget at {bots_url}/bot/{public_url}/launcher where it overrides the page's data- attributes; null or {} for none",
  );

const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string(),
  model: z.string(),
  temperature: z.number(),
  welcome_message: z.string().nullable(),
  brand_voice_id: z.string().nullable().describe("The brand voice put ahead of the bot's instructions, if any"),
  launcher: launcherSettingsSchema,
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

const documentJson = z
  .strictObject({
    title: z.string().trim().min(1).max(KNOWLEDGE_LIMITS.title),
    content: z.string().describe(`The text: at most 1 MB (${KNOWLEDGE_LIMITS.documentBytes} bytes of UTF-8)`),
    kind: z.enum(['text', 'markdown', 'html']).default('text').describe('html is turned into text'),
  })
  .transform(({ title, kind, content }): NewDocument => ({ title, source: { kind, content } }));

const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

const tags = ['bots'];

/** The caller's custom bots and their knowledge bases. Another account's bot is a 404, never a 403. */
export function botOperations(bots: BotsService) {
  return {
    createBot: defineOperation({
      name: 'create_bot',
      summary: 'Create a bot',
      description:
        "The account's plan sets how many bots it may have (one more is refused with 409). The answer carries the bot's id and its public_url.",
      tags,
      input: z.strictObject({
        name,
        instructions: instructions.optional(),
        model: model.optional(),
        temperature: temperature.optional().describe(`0 (focused) to 2 (inventive); default ${DEFAULT_TEMPERATURE}`),
        welcome_message: welcomeMessage.optional(),
        brand_voice_id: brandVoiceId.optional(),
        launcher: launcher.optional(),
      }),
      output: botSchema,
      errors: [400, 401, 404, 409, 429],
      run: async (body, { caller }) => unwrap(await bots.create(caller.account.id, body, caller.plan)),
      http: { method: 'POST', path: '/api/bots', status: 201 },
    }),
    listBots: defineOperation({
      name: 'list_bots',
      summary: 'Your bots, newest first',
      tags,
      input: z.object({}),
      output: z.object({ bots: z.array(botSchema) }),
      errors: [401, 429],
      run: async (_input, { caller }) => ({ bots: await bots.list(caller.account.id) }),
      http: { method: 'GET', path: '/api/bots' },
      tool: { description: 'Your custom bots, with the public_url chat_with_bot needs.' },
    }),
    getBot: defineOperation({
      name: 'get_bot',
      summary: 'One of your bots',
      tags,
      input: z.object({}),
      params: botParams,
      output: botSchema,
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await bots.get(caller.account.id, id)),
      http: { method: 'GET', path: '/api/bots/:id' },
    }),
    updateBot: defineOperation({
      name: 'update_bot',
      summary: 'Change a bot',
      description: 'Send only the fields to change; its public_url stays.',
      tags,
      input: z
        .strictObject({
          name: name.optional(),
          instructions: instructions.optional(),
          model: model.optional(),
          temperature: temperature.optional(),
          welcome_message: welcomeMessage.optional(),
          brand_voice_id: brandVoiceId.optional(),
          launcher: launcher.optional(),
        })
        .refine((changes) => Object.keys(changes).length > 0, 'send at least one field to change'),
      params: botParams,
      output: botSchema,
      errors: [400, 401, 404, 429],
      run: async ({ id, ...changes }, { caller }) => unwrap(await bots.update(caller.account.id, id, changes)),
      http: { method: 'PATCH', path: '/api/bots/:id' },
    }),
    deleteBot: defineOperation({
      name: 'delete_bot',
      summary: 'Delete a bot with its whole knowledge base',
      tags,
      input: z.object({}),
      params: botParams,
      output: deleted,
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await bots.delete(caller.account.id, id)),
      http: { method: 'DELETE', path: '/api/bots/:id' },
    }),
    addDocument: defineOperation({
      name: 'add_document',
      summary: "Add a document to a bot's knowledge base",
      description:
        'Either JSON {title, content, kind?} or multipart/form-data with one file part ' +
        `(${FILE_EXTENSIONS.join(', ')}; at most 10 MB) and an optional title field (the file name otherwise). ` +
        `HTML and PDF are turned into text; the text of one document can be at most 1 MB. At most ${KNOWLEDGE_LIMITS.documentsPerBot} documents (fewer on some plans) ` +
        `and ${KNOWLEDGE_LIMITS.charactersPerBot.toLocaleString('en')} characters per bot. The text is split into passages, indexed for ` +
        'full-text search and, when an embedding model is configured, embedded; if embedding fails the document is still added ' +
        '(searchable by keywords) and warnings says so.',
      tags,
      // Null for a multipart upload, which the HTTP side reads itself: the schema is the JSON form's.
      input: documentJson.nullish(),
      params: botParams,
      output: documentSchema.extend({ warnings: z.array(z.string()) }),
      errors: [400, 401, 404, 409, 413, 415, 429],
      run: async ({ id, ...document }, { caller }) => {
        if (!document.source)
          throw new AppError(
            'invalid_input',
            'body: send JSON {"title", "content"} or a multipart/form-data upload with a file',
          );
        return unwrap(await bots.addDocument(caller.account.id, id, document, caller.plan));
      },
      // A multipart upload is read by the route (http/routes/bots.ts), then goes the same way.
      http: {
        method: 'POST',
        path: '/api/bots/:id/documents',
        status: 201,
        bodyLimit: DOCUMENT_JSON_BODY_LIMIT,
        ownRoute: true,
      },
    }),
    listDocuments: defineOperation({
      name: 'list_documents',
      summary: "The documents of a bot's knowledge base, newest first",
      tags,
      input: z.object({}),
      params: botParams,
      output: z.object({ documents: z.array(documentSchema) }),
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => ({ documents: unwrap(await bots.listDocuments(caller.account.id, id)) }),
      http: { method: 'GET', path: '/api/bots/:id/documents' },
    }),
    deleteDocument: defineOperation({
      name: 'delete_document',
      summary: 'Delete a document: it leaves the knowledge base and its search index',
      tags,
      input: z.object({}),
      params: documentParams,
      output: deleted,
      errors: [400, 401, 404, 429],
      run: async ({ id, documentId }, { caller }) =>
        unwrap(await bots.deleteDocument(caller.account.id, id, documentId)),
      http: { method: 'DELETE', path: '/api/bots/:id/documents/:documentId' },
    }),
  };
}
