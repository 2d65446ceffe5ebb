import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { API_VERSION } from '../api-version.js';
import type { AnyOperation } from '../operations/operation.js';
import { DirectToolCalls } from './direct-tool-calls.js';
import { registerDisplayMedia } from './display-media.js';
import type { McpServices } from './mcp-services.js';
import { type OperationTool, registerOperationTools } from './operation-tool.js';
import { registerPresetResources } from './preset-resources.js';
import { type McpExchange, type McpPost, StatelessJsonTransport } from './stateless-json-transport.js';
import { listToolsOnce } from './tool-list.js';

/** MCP at POST /mcp: `answer` takes one POST (its key checked, its body parsed) and gives its HTTP answer. */
export interface McpEndpoint {
  answer(post: McpPost): McpExchange;
}

/**
 * The MCP server, one for the app (so one per process), with a tool per operation, the presets as resources
 * and a prompt. Stateless: each POST /mcp carries a whole JSON-RPC exchange, so any API process can answer any
 * request and nothing of a client is kept between them (the tools need no server-initiated messages; long jobs
 * hand back an id to poll). Its transport (StatelessJsonTransport) says which POST, so which caller, each tool
 * call is for, and answers a plain tools/call itself (DirectToolCalls: the SDK's answer, without its cost).
 */
export function createMcpEndpoint(services: McpServices, operations: readonly AnyOperation[]): McpEndpoint {
  const direct = new DirectToolCalls();
  const server = createMcpServer(services, operations, direct);
  const transport = new StatelessJsonTransport(direct);
  // connect() attaches the server to the transport before it awaits the transport's start(), which does nothing.
  void server.connect(transport);
  return { answer: (post) => transport.handle(post) };
}

/** One validator for every app's server (each test builds an app): a new one would compile its own. */
const validator = new AjvJsonSchemaValidator();

function createMcpServer(
  services: McpServices,
  operations: readonly AnyOperation[],
  direct: DirectToolCalls,
): McpServer {
  const server = new McpServer(
    { name: 'atelier', version: API_VERSION },
    {
      jsonSchemaValidator: validator,
      instructions:
        'Atelier generates text from presets, images, videos, transcriptions with derived content, speech, chat answers and bot answers. get_account checks the connection; check_connection tells the plan and balances. generate_video and transcribe_audio (and the talking video) return an id at once: poll get_video or get_transcription every 15 to 30 seconds and never resubmit a paid generation because a result is slow.',
    },
  );
  const tools: OperationTool[] = operations.flatMap((operation) =>
    registerOperationTools(server, operation, services.blobs, direct),
  );
  tools.push({
    name: 'display_media',
    registered: registerDisplayMedia(server, services, operations, direct),
    listed: true,
    needs: undefined,
  });
  listToolsOnce(server, tools);

  registerPresetResources(server, services, operations);
  return server;
}
