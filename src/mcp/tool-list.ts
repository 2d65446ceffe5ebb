import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * Answers tools/list with a list made once, on the first call. The SDK's McpServer converts every tool's zod
 * schema to JSON Schema on each tools/list: about 6 ms of CPU time for our tools, on a request every MCP
 * session makes. Our tools never change once registered, so the list does not either. It is made as the
 * SDK's handler makes it (server/mcp.js setToolRequestHandlers, SDK 1.32), from the tools registerTool
 * returned, in the order they were registered (test/mcp-transport.test.ts compares it with the SDK's own).
 * Call it after the last registerTool.
 */
export function listToolsOnce(server: McpServer, tools: ReadonlyMap<string, RegisteredTool>): void {
  let listed: Tool[] | undefined;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    listed ??= [...tools].filter(([, tool]) => tool.enabled).map(([name, tool]) => definition(name, tool));
    return { tools: listed };
  });
}

function definition(name: string, tool: RegisteredTool): Tool {
  const input = normalizeObjectSchema(tool.inputSchema);
  const output = tool.outputSchema && normalizeObjectSchema(tool.outputSchema);
  return {
    name,
    title: tool.title,
    description: tool.description,
    inputSchema: (input
      ? toJsonSchemaCompat(input, { strictUnions: true, pipeStrategy: 'input' })
      : { type: 'object', properties: {} }) as Tool['inputSchema'],
    annotations: tool.annotations,
    execution: tool.execution,
    _meta: tool._meta,
    ...(output && {
      outputSchema: toJsonSchemaCompat(output, { strictUnions: true, pipeStrategy: 'output' }) as Tool['outputSchema'],
    }),
  };
}
