import type { Services } from '../services.js';

/** What the MCP server reads itself (the tools are operations, which hold their own services): the presets it
 * offers as resources (the catalogue's and the caller's own), and the stored pictures it sends back as image content. */
export type McpServices = Pick<Services, 'presets' | 'userPresets' | 'blobs'>;
