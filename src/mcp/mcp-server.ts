import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { API_VERSION } from '../api-version.js';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { AnyOperation } from '../operations/operation.js';
import type { McpServices } from './mcp-services.js';
import { registerOperationTool } from './operation-tool.js';

/**
 * The MCP server for one request and one caller. Stateless: each POST /mcp carries a whole JSON-RPC
 * exchange, so any API process can answer any request and nothing is kept between them (the tools
 * need no server-initiated messages; long jobs hand back an id to poll).
 */
const WRITE_PROMPT_ARGS = {
  preset: z.string().describe('Preset slug, e.g. blog-post'),
  topic: z.string().describe('What it is about'),
  tone: z.string().optional().describe('e.g. friendly, formal'),
};

/** One validator for every server: each new one would compile its own (a tenth of a request's time). */
const validator = new AjvJsonSchemaValidator();

export function createMcpServer(
  services: McpServices,
  caller: Caller,
  operations: readonly AnyOperation[],
  log: (error: unknown) => void,
): McpServer {
  const server = new McpServer(
    { name: 'atelier', version: API_VERSION },
    {
      jsonSchemaValidator: validator,
      instructions:
        'Atelier generates text from presets, images, videos, transcriptions with derived content, speech, chat answers and bot answers. Call check_connection first. Long jobs return an id: poll the matching get_ tool every 15 to 30 seconds and never resubmit a paid generation because a result is slow.',
    },
  );
  // Each call gets its own request id: text generation records it with the outputs.
  const context = {
    caller,
    callerIfAny: caller,
    get requestId() {
      return `mcp-${Date.now()}`;
    },
  };
  for (const operation of operations) registerOperationTool(server, operation, context, services.blobs, log);

  // Presets as resources: the catalogue and each preset's field definitions.
  server.registerResource(
    'preset',
    new ResourceTemplate('atelier://presets/{slug}', {
      list: async () => ({
        resources: services.presets.list().presets.map((p) => ({
          uri: `atelier://presets/${p.slug}`,
          name: p.slug,
          title: p.title,
          description: p.description,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'Preset', description: 'A text-generation preset with its input fields', mimeType: 'application/json' },
    async (uri, variables) => {
      const detail = services.presets.detail(String(variables.slug ?? ''));
      if (!detail.ok) throw new Error(detail.error.message);
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(detail.value, null, 2) }],
      };
    },
  );

  server.registerPrompt(
    'write_with_preset',
    {
      title: 'Write with a preset',
      description:
        'Write something (a blog post, an email, an ad...) with one of the presets: the prompt tells the agent to fetch the fields and call generate_text.',
      argsSchema: WRITE_PROMPT_ARGS,
    },
    ({ preset, topic, tone }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Use the Atelier tools to write with the preset "${preset}" about: ${topic}${tone ? ` (tone: ${tone})` : ''}. First call get_preset to see its fields, then call generate_text with preset "${preset}" and the fields filled in from the topic, then show me the result.`,
          },
        },
      ],
    }),
  );
  return server;
}
