import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';
import type { AnyOperation, OperationContext, ParsedInput } from '../operations/operation.js';
import { AppError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { callOf } from './mcp-call.js';
import type { McpServices } from './mcp-services.js';

const WRITE_PROMPT_ARGS = {
  preset: z.string().describe('Preset slug, e.g. blog-post, or one of your own'),
  topic: z.string().describe('What it is about'),
  tone: z.string().optional().describe('e.g. friendly, formal'),
};

/** What GET /api/presets/{slug} answers, as far as the resources and the prompt read it. */
const presetDetail = z.object({
  slug: z.string(),
  title: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
});

/**
 * The presets as resources (atelier://presets/{slug}) and the write_with_preset prompt, for the caller of the POST
 * /mcp: the catalogue's and the caller's own presets (after the catalogue's, as GET /api/presets lists them). A
 * preset is read through GET /api/presets/{slug}'s own operation, so it answers what get_template answers, and
 * another account's slug is "Preset not found" as it is there.
 */
export function registerPresetResources(
  server: McpServer,
  services: McpServices,
  operations: readonly AnyOperation[],
): void {
  const readPreset = presetRead(operations);
  server.registerResource(
    'preset',
    new ResourceTemplate('atelier://presets/{slug}', {
      list: async (extra) => {
        const { caller } = callOf(extra);
        const own = (await services.userPresets.hasAny(caller.account.id))
          ? await services.userPresets.summaries(caller.account.id)
          : [];
        return {
          resources: [...services.presets.list().presets, ...own].map((p) => ({
            uri: `atelier://presets/${p.slug}`,
            name: p.slug,
            title: p.title,
            description: p.description,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    { title: 'Preset', description: 'A text-generation preset with its input fields', mimeType: 'application/json' },
    async (uri, variables, extra) => {
      const detail = await readPreset(callOf(extra).caller, String(variables.slug ?? ''));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(detail, null, 2) }] };
    },
  );

  server.registerPrompt(
    'write_with_preset',
    {
      title: 'Write with a preset',
      description:
        "Write something (a blog post, an email, an ad...) with one of the presets, the catalogue's or your own: the prompt names its fields and tells the agent to call generate_text.",
      argsSchema: WRITE_PROMPT_ARGS,
    },
    async ({ preset, topic, tone }, extra) => {
      const { slug, title, fields } = presetDetail.parse(await readPreset(callOf(extra).caller, preset));
      const listed = fields.map((f) => `${f.name} (${f.label}${f.required ? ', required' : ''})`).join(', ');
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Use the Atelier tools to write with the preset "${slug}" (${title}) about: ${topic}${tone ? ` (tone: ${tone})` : ''}. Its fields: ${listed}. Call generate_text with preset "${slug}" and the fields filled in from the topic (keywords, tone and language at the top level, the others in extra_fields; get_template describes them), then show me the result.`,
            },
          },
        ],
      };
    },
  );
}

/** GET /api/presets/{slug}'s operation, run for a caller; its not-found is an MCP error with the same text. */
function presetRead(operations: readonly AnyOperation[]): (caller: Caller, slug: string) => Promise<unknown> {
  const operation = operations.find((o) => o.http?.method === 'GET' && o.http.path === '/api/presets/:slug');
  if (!operation) throw new Error('The preset resources need the operation of GET /api/presets/:slug');
  return async (caller, slug) => {
    const context: OperationContext = { caller, callerIfAny: caller, requestId: `mcp-${newId()}` };
    try {
      const input = operation.input.parse({}) as ParsedInput;
      return await operation.run({ ...input, slug }, context);
    } catch (error) {
      if (error instanceof AppError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  };
}
