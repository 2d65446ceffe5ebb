import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { McpEndpoint } from '../../mcp/mcp-server.js';
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
 * MCP over Streamable HTTP at /mcp, stateless (see createMcpEndpoint): the key is checked like on every
 * route (401 before any tool runs), each message of a batch counts against the rate limit (mcpBatchLimit),
 * then the app's MCP server answers the request, its tools running for this caller.
 */
export function mcpRoutes(
  app: FastifyInstance,
  services: McpServices,
  config: Config,
  operations: readonly AnyOperation[],
): void {
  // The MCP SDK and the server's tools are made on the first POST /mcp: loading the SDK was ~0.25 s of CPU at each
  // process start, and most processes never answer MCP.
  let endpoint: Promise<McpEndpoint> | undefined;
  const mcp = () =>
    (endpoint ??= import('../../mcp/mcp-server.js').then(({ createMcpEndpoint }) =>
      createMcpEndpoint(services, operations),
    ));
  app.post(
    '/mcp',
    {
      config: { auth: 'required', oauthTokens: true },
      schema: { hide: true },
      preHandler: mcpBatchLimit(app, config),
    },
    async (request, reply) => {
      const exchange = (await mcp()).answer({
        request: request.raw,
        body: request.body,
        caller: callerOf(request),
        log: (error) => request.log.error({ err: error }, 'MCP tool failed'),
      });
      // Written as the SDK's transport wrote it (JSON answers rather than an event stream: every tool answers once).
      reply.hijack();
      reply.raw.once('close', exchange.abandon);
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      const answer = await exchange.reply;
      if (!answer) return;
      if (answer.body === undefined) reply.raw.writeHead(answer.status).end();
      else
        reply.raw
          .writeHead(answer.status, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(answer.body),
          })
          .end(answer.body);
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
