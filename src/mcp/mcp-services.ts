import type { Services } from '../services.js';

/** The services the MCP tools use. */
export type McpServices = Pick<
  Services,
  | 'accounts'
  | 'presets'
  | 'text'
  | 'images'
  | 'videos'
  | 'transcriptions'
  | 'speech'
  | 'voices'
  | 'bots'
  | 'botChat'
  | 'chat'
  | 'blobs'
>;
