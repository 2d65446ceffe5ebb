import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { imageSize } from '../engines/image-size.js';
import { type AnyOperation, JsonText, type OperationContext, type ParsedInput } from '../operations/operation.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
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
 */
export function registerOperationTool(
  server: McpServer,
  operation: AnyOperation,
  context: OperationContext,
  blobs: BlobStore,
  log: (error: unknown) => void,
): void {
  const tool = operation.tool;
  if (!tool) return;
  type Callback = Parameters<typeof server.registerTool>[2];
  const call = (input: ParsedInput) =>
    guarded(async () => {
      const answer = await operation.run(input, context);
      const output: unknown = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
      const result = tool.result ? tool.result(output, input) : output;
      const shown = tool.pending?.(output) ? { ...(result as object), hint: POLL_HINT } : result;
      return jsonResult(shown, tool.pictures ? await inlinePictures(blobs, tool.pictures(output)) : []);
    }, log);
  server.registerTool(
    operation.name,
    { description: tool.description, inputSchema: toolInput(operation) },
    call as Callback,
  );
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

/** Built once per operation: a server is made per request, and building zod schemas per request was a third of its time. */
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
