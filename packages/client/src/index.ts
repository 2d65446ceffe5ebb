export { type AtelierClient, createClient } from './client.js';
export * from './errors.js';
export {
  DEFAULT_INTERVAL_MS,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  type PollOptions,
  type PollProgress,
  pollInterval,
} from './polling.js';
export { newIdempotencyKey } from './resources/creation.js';
export { sseData } from './sse.js';
export type { BotStreamEvent, ChatCompletionChunk, ChatStreamEvent } from './streams.js';
export { CLIENT_VERSION, type CallOptions, type ClientOptions, type RetryPolicy } from './transport.js';
export type * from './types.js';
export type { paths } from './generated/openapi.js';
