import { botEvents, chatEvents, type BotStreamEvent, type ChatStreamEvent } from '../streams.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  Bot,
  BotChat,
  BotDocument,
  BotReply,
  ChatCompletion,
  ChatInput,
  ChatModel,
  RequestBody,
  ResponseBody,
} from '../types.js';

/** Chat completions (OpenAI format) and custom bots with their knowledge bases. */
export function conversationResources(t: Transport) {
  return {
    chat: {
      completions: {
        /** Billed by tokens; not retried (the service keeps no idempotency for it). */
        create: (body: ChatInput, options?: CallOptions): Promise<ChatCompletion> =>
          t.call('/api/chat/completions', 'post', { body: { ...body, stream: false }, retry: 'never', options }),
        /** The reply as it is written: text pieces per choice, then each finish (and the usage with stream_options.include_usage). */
        stream: async function* (body: ChatInput, options?: CallOptions): AsyncGenerator<ChatStreamEvent> {
          yield* chatEvents({
            ...(await t.open('/api/chat/completions', 'post', {
              body: { ...body, stream: true },
              retry: 'never',
              options,
            })),
            signal: options?.signal,
          });
        },
      },
      models: {
        list: (options?: CallOptions): Promise<ResponseBody<'/api/models', 'get'>> =>
          t.call('/api/models', 'get', { options }),
        get: (model: string, options?: CallOptions): Promise<ChatModel> =>
          t.call('/api/models/{model}', 'get', { params: { model }, options }),
      },
    },
    bots: {
      /** Sends a message to a bot (by its public_url) and returns its whole reply. */
      chat: (publicUrl: string, body: BotChat, options?: CallOptions): Promise<BotReply> =>
        t.call('/bot/{public_url}/api', 'post', {
          params: { public_url: publicUrl },
          body: { ...body, stream: false },
          bots: true,
          retry: 'never',
          options,
        }),
      /** The reply as it is written: `{type: 'text'}` pieces in order, then `{type: 'sources'}` with include_sources. */
      chatStream: async function* (
        publicUrl: string,
        body: BotChat,
        options?: CallOptions,
      ): AsyncGenerator<BotStreamEvent> {
        const opened = await t.open('/bot/{public_url}/api', 'post', {
          params: { public_url: publicUrl },
          body: { ...body, stream: true },
          bots: true,
          retry: 'never',
          options,
        });
        yield* botEvents({ ...opened, signal: options?.signal });
      },
      create: (body: RequestBody<'/api/bots', 'post'>, options?: CallOptions): Promise<Bot> =>
        t.call('/api/bots', 'post', { body, retry: 'never', options }),
      list: (options?: CallOptions): Promise<{ bots: Bot[] }> => t.call('/api/bots', 'get', { options }),
      get: (id: string, options?: CallOptions): Promise<Bot> =>
        t.call('/api/bots/{id}', 'get', { params: { id }, options }),
      update: (id: string, body: RequestBody<'/api/bots/{id}', 'patch'>, options?: CallOptions): Promise<Bot> =>
        t.call('/api/bots/{id}', 'patch', { params: { id }, body, options }),
      delete: (id: string, options?: CallOptions): Promise<{ id: string; deleted: true }> =>
        t.call('/api/bots/{id}', 'delete', { params: { id }, options }),
      documents: {
        /** Adds a text, Markdown or HTML document to the bot's knowledge base. */
        add: (
          botId: string,
          body: NonNullable<RequestBody<'/api/bots/{id}/documents', 'post'>>,
          options?: CallOptions,
        ): Promise<BotDocument> =>
          t.call('/api/bots/{id}/documents', 'post', { params: { id: botId }, body, retry: 'never', options }),
        /** Uploads a file (PDF, HTML, Markdown, text...) as a document; the title defaults to the file name. */
        upload: (
          botId: string,
          file: { data: Blob; filename: string; title?: string },
          options?: CallOptions,
        ): Promise<BotDocument> => {
          const form = new FormData();
          if (file.title !== undefined) form.set('title', file.title);
          form.set('file', file.data, file.filename);
          return t.call('/api/bots/{id}/documents', 'post', {
            params: { id: botId },
            body: form,
            retry: 'never',
            options,
          });
        },
        list: (botId: string, options?: CallOptions): Promise<ResponseBody<'/api/bots/{id}/documents', 'get'>> =>
          t.call('/api/bots/{id}/documents', 'get', { params: { id: botId }, options }),
        delete: (botId: string, documentId: string, options?: CallOptions): Promise<{ id: string; deleted: true }> =>
          t.call('/api/bots/{id}/documents/{documentId}', 'delete', { params: { id: botId, documentId }, options }),
      },
    },
  };
}
