import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { imageSize } from '../engines/image-size.js';
import { type AnyOperation, JsonText, type OperationContext, type ParsedInput } from '../operations/operation.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import type { DirectToolCalls } from './direct-tool-calls.js';
import { type McpCall, callOf } from './mcp-call.js';
import { guarded, jsonResult } from './tool-results.js';

/** Pictures up to this size also go back as image content an agent can look at. */
const INLINE_IMAGE_BYTES = 1024 * 1024;
const POLL_HINT =
  'Not ready yet: poll again in 15 to 30 seconds; do not create a new paid generation because of the wait.';

/**
 * The MCP tool of an operation, from its definition: the operation's name and input schema (the SDK checks
 * the arguments against it and hands over the parsed value), the same service call as the HTTP route, the
 * output as JSON (reshaped by the definition where an agent needs less), a hint to poll while the work is
 * pending, and small finished pictures as image content. Failures are tool results with the HTTP API's message.
 * It runs for the caller of the POST /mcp that carried the call; `direct` gets the same tool for its fast path.
 * Returns what the SDK registered (undefined for an operation without a tool).
 */
export function registerOperationTool(
  server: McpServer,
  operation: AnyOperation,
  blobs: BlobStore,
  direct: DirectToolCalls,
): RegisteredTool | undefined {
  const tool = operation.tool;
  if (!tool) return undefined;
  type Callback = Parameters<typeof server.registerTool>[2];
  const run = (input: ParsedInput, { caller, log }: McpCall) => {
    const context: OperationContext = {
      caller,
      callerIfAny: caller,
      // Each call gets its own request id: text generation records it with the outputs.
      get requestId() {
        return `mcp-${Date.now()}`;
      },
    };
    return guarded(async () => {
      const answer = await operation.run(input, context);
      const output: unknown = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
      const result = tool.result ? tool.result(output, input) : output;
      const shown = tool.pending?.(output) ? { ...(result as object), hint: POLL_HINT } : result;
      return jsonResult(shown, tool.pictures ? await inlinePictures(blobs, tool.pictures(output)) : []);
    }, log);
  };
  const schema = toolInput(operation);
  const callback = (input: ParsedInput, extra: Parameters<typeof callOf>[0]) => run(input, callOf(extra));
  const registered = server.registerTool(
    operation.name,
    { description: tool.description, inputSchema: schema },
    callback as Callback,
  );
  direct.add(operation.name, { input: schema, run });
  return registered;
}

/**
 * The tool's arguments: the operation's input, with the fields that name the record (path parameters over
 * HTTP), less the fields the tool leaves out.
 */
function toolInput(operation: AnyOperation): z.ZodType {
  let schema = toolInputs.get(operation);
  if (!schema) {
    schema = buildToolInput(operation);
    toolInputs.set(operation, schema);
  }
  return schema;
}

/** Built once per operation: every app (each test builds its own) makes its server from the same definitions. */
const toolInputs = new WeakMap<AnyOperation, z.ZodType>();

function buildToolInput(operation: AnyOperation): z.ZodType {
  const leaveOut = operation.tool?.leaveOut ?? [];
  if (!operation.params && leaveOut.length === 0) return operation.input;
  if (!(operation.input instanceof z.ZodObject))
    throw new Error(`${operation.name}: its tool needs an object as input (z.object, no refinements)`);
  const input = operation.params ? operation.params.extend(operation.input.shape) : operation.input;
  if (leaveOut.length === 0) return input;
  return input.omit(Object.fromEntries(leaveOut.map((name) => [name, true])) as Parameters<typeof input.omit>[0]);
}

/** Completed pictures small enough to send, as image content. */
async function inlinePictures(
  blobs: BlobStore,
  pictures: readonly { status: string; image_url: string | null }[],
): Promise<CallToolResult['content']> {
  const content: CallToolResult['content'] = [];
  for (const picture of pictures) {
    const key = picture.status === 'completed' && picture.image_url ? blobs.keyOf(picture.image_url) : undefined;
    const data = key ? await blobs.get(key) : undefined;
    const mediaType = data && data.length <= INLINE_IMAGE_BYTES ? imageSize(data)?.mediaType : undefined;
    if (data && mediaType) content.push({ type: 'image', data: data.toString('base64'), mimeType: mediaType });
  }
  return content;
}
