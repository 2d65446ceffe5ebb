import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toolSchemaNotes } from '../operations/operation.js';
import type { OperationTool } from './operation-tool.js';

/**
 * Answers tools/list with a list made once, on the first call. The SDK's McpServer converts every tool's zod
 * schema to JSON Schema on each tools/list: about 6 ms of CPU time for our tools, on a request every MCP
 * session makes. Our tools never change once registered, so the list does not either. It is made as the
 * SDK's handler makes it (server/mcp.js setToolRequestHandlers, SDK 1.32), from the tools registerTool
 * returned, in the order they were registered (test/mcp-transport.test.ts compares it with the SDK's own),
 * with three differences that make each tool describe itself: names kept for older agents are answered but
 * not listed; an input that is an object piped into a transform (which the SDK lists as an object with no
 * properties) is listed as the object it takes; and needs the fields alone cannot say (a binding's `needs`,
 * toolSchemaNotes) are listed as anyOf.
 * Call it after the last registerTool.
 */
export function listToolsOnce(server: McpServer, tools: readonly OperationTool[]): void {
  let listed: Tool[] | undefined;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    listed ??= tools.filter((tool) => tool.listed && tool.registered.enabled).map(definition);
    return { tools: listed };
  });
}

function definition({ name, registered: tool, needs }: OperationTool): Tool {
  const output = tool.outputSchema && normalizeObjectSchema(tool.outputSchema);
  return {
    name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...inputSchema(tool), ...(needs && needsSchema(needs)) } as Tool['inputSchema'],
    annotations: tool.annotations,
    execution: tool.execution,
    _meta: tool._meta,
    ...(output && {
      outputSchema: toJsonSchemaCompat(output, { strictUnions: true, pipeStrategy: 'output' }) as Tool['outputSchema'],
    }),
  };
}

/** The tool's input as JSON Schema, with the notes of its parts (toolSchemaNotes). */
function inputSchema(tool: RegisteredTool): Record<string, unknown> {
  const schema = (normalizeObjectSchema(tool.inputSchema) ?? tool.inputSchema) as z.ZodType | undefined;
  // Converted as the SDK converts it (zod-json-schema-compat.js); a pipe gives the side its arguments are read by.
  const listed =
    schema &&
    (z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'input',
      override: ({ zodSchema, jsonSchema }) => {
        const note = toolSchemaNotes.get(zodSchema);
        if (note) Object.assign(jsonSchema, note);
      },
    }) as Record<string, unknown>);
  return listed?.type === 'object' ? listed : { type: 'object', properties: {} };
}

/** Each need's alternatives as a JSON Schema anyOf of required lists (all needs together: allOf). */
function needsSchema(needs: NonNullable<OperationTool['needs']>): Record<string, unknown> {
  const anyOf = (alternatives: readonly (readonly string[])[]) => alternatives.map((fields) => ({ required: fields }));
  const [only] = needs;
  return needs.length === 1 && only ? { anyOf: anyOf(only) } : { allOf: needs.map((need) => ({ anyOf: anyOf(need) })) };
}
