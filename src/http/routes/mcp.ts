import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createMcpServer } from '../../mcp/mcp-server.js';
import type { McpServices } from '../../mcp/mcp-services.js';
import type { AnyOperation } from '../../operations/operation.js';
import { mcpBatchLimit } from '../mcp-batch-limit.js';
import { callerOf } from '../route-helpers.js';

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC with POST' },
  id: null,
};

/**
 * MCP over Streamable HTTP at /mcp, stateless (see createMcpServer): the key is checked like on every
 * route (401 before any tool runs), each message of a batch counts against the rate limit (mcpBatchLimit),
 * then a server for this caller answers this one request.
 */
export function mcpRoutes(
  app: FastifyInstance,
  services: McpServices,
  config: Config,
  operations: readonly AnyOperation[],
): void {
  app.post(
    '/mcp',
    { config: { auth: 'required' }, schema: { hide: true }, preHandler: mcpBatchLimit(app, config) },
    async (request, reply) => {
      const server = createMcpServer(services, callerOf(request), operations, (error) =>
        request.log.error({ err: error }, 'MCP tool failed'),
      );
      // JSON answers rather than an event stream: every tool answers once, and JSON is cheaper to write and read.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
}
