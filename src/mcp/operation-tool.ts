import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  type AnyOperation,
  JsonText,
  type OperationContext,
  type ParsedInput,
  type ToolBinding,
} from '../operations/operation.js';
import { AppError } from '../shared/errors.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import type { DirectToolCalls } from './direct-tool-calls.js';
import { type McpCall, callOf } from './mcp-call.js';
import { errorResult, guarded, inlinePictures, jsonResult } from './tool-results.js';
import { newId } from '../shared/ids.js';

const POLL_HINT =
  'Not ready yet: poll again in 15 to 30 seconds; do not create a new paid generation because of the wait.';

type AnyBinding = ToolBinding<ParsedInput, unknown, unknown>;
type Needs = NonNullable<AnyBinding['needs']>;

/** A tool as the SDK registered it, under one of its names, and whether tools/list shows that name. */
export interface OperationTool {
  name: string;
  registered: RegisteredTool;
  listed: boolean;
  needs: Needs | undefined;
}

/**
 * The MCP tools of an operation, from its definition: each binding's name (the operation's unless it says) and
 * arguments (the operation's input, or the binding's own, mapped to that input and parsed by the operation's
 * schema), the same service call as the HTTP route, the output as JSON (reshaped where an agent needs less), a
 * hint to poll while the work is pending, and small finished pictures as image content. Failures are tool
 * results with the HTTP API's message. A binding's older names (aliases, or the whole binding when hidden) are
 * answered when called and not listed. It runs for the caller of the POST /mcp that carried the call; `direct`
 * gets the same tools for its fast path.
 */
export function registerOperationTools(
  server: McpServer,
  operation: AnyOperation,
  blobs: BlobStore,
  direct: DirectToolCalls,
): OperationTool[] {
  const bindings: readonly AnyBinding[] = operation.tool ? [operation.tool].flat() : [];
  return bindings.flatMap((binding) => {
    const schema = binding.args ? strict(binding.args.schema) : toolInput(operation, binding.leaveOut ?? []);
    // What a binding's own arguments are mapped to is parsed by the operation's whole input, found once here.
    const input = binding.args && toolInput(operation, []);
    const run = (args: ParsedInput, call: McpCall) => runTool(operation, binding, input, blobs, args, call);
    type Callback = Parameters<typeof server.registerTool>[2];
    const callback = (args: ParsedInput, extra: Parameters<typeof callOf>[0]) => run(args, callOf(extra));
    const names = [binding.name ?? operation.name, ...(binding.aliases ?? [])];
    return names.map((name, i) => {
      const registered = server.registerTool(
        name,
        { description: binding.description, inputSchema: schema },
        callback as Callback,
      );
      direct.add(name, { input: schema, run });
      return { name, registered, listed: i === 0 && !binding.hidden, needs: binding.needs };
    });
  });
}

function runTool(
  operation: AnyOperation,
  binding: AnyBinding,
  fullInput: z.ZodType | undefined,
  blobs: BlobStore,
  args: ParsedInput,
  { caller, log }: McpCall,
): Promise<CallToolResult> {
  let requestId: string | undefined;
  const context: OperationContext = {
    caller,
    callerIfAny: caller,
    // Each call gets its own request id, made when it is first read: text generation records it with the outputs.
    get requestId() {
      requestId ??= `mcp-${newId()}`;
      return requestId;
    },
  };
  return guarded(async () => {
    const unmet = unmetNeed(binding.needs, args);
    if (unmet) return errorResult(unmet);
    const input = binding.args && fullInput ? await parseInput(fullInput, binding.args.input(args as never)) : args;
    const answer = await operation.run(input, context);
    const output: unknown = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
    const shaped = binding.args?.result
      ? binding.args.result(output, args as never)
      : binding.result
        ? binding.result(output, input)
        : output;
    const shown = binding.pending?.(output) ? { ...(shaped as object), hint: POLL_HINT } : shaped;
    return jsonResult(shown, binding.pictures ? await inlinePictures(blobs, binding.pictures(output)) : []);
  }, log);
}

/** The first need of `needs` that `args` meets no alternative of, as the error that names its fields. */
function unmetNeed(needs: Needs | undefined, args: ParsedInput): string | undefined {
  const given = (fields: readonly string[]) => fields.every((field) => args[field] !== undefined);
  const unmet = needs?.find((alternatives) => !alternatives.some(given));
  return unmet && `Invalid arguments: ${unmet.map((fields) => fields.join(' with ')).join(' or ')} is required`;
}

/** The operation's input from what a binding's own arguments made of it, checked as the HTTP route checks it. */
async function parseInput(schema: z.ZodType, raw: unknown): Promise<ParsedInput> {
  const parsed = await schema.safeParseAsync(raw);
  if (parsed.success) return parsed.data as ParsedInput;
  const message = parsed.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new AppError('invalid_input', message);
}

/**
 * The tool's arguments: the operation's input, with the fields that name the record (path parameters over
 * HTTP, always required of a tool whatever default the route gives a missing one), less the fields the tool
 * leaves out.
 */
function toolInput(operation: AnyOperation, leaveOut: readonly string[]): z.ZodType {
  const key = leaveOut.join(',');
  let built = toolInputs.get(operation);
  if (!built) {
    built = new Map();
    toolInputs.set(operation, built);
  }
  let schema = built.get(key);
  if (!schema) {
    schema = buildToolInput(operation, leaveOut);
    built.set(key, schema);
  }
  return schema;
}

/** Built once per operation: every app (each test builds its own) makes its server from the same definitions. */
const toolInputs = new WeakMap<AnyOperation, Map<string, z.ZodType>>();

function buildToolInput(operation: AnyOperation, leaveOut: readonly string[]): z.ZodType {
  if (!operation.params && leaveOut.length === 0) return strict(operation.input);
  if (!(operation.input instanceof z.ZodObject))
    throw new Error(`${operation.name}: its tool needs an object as input (z.object, no refinements)`);
  const params = operation.params && requiredFields(operation.params);
  const input = params ? params.extend(operation.input.shape) : operation.input;
  if (leaveOut.length === 0) return strict(input);
  return strict(
    input.omit(Object.fromEntries(leaveOut.map((name) => [name, true])) as Parameters<typeof input.omit>[0]),
  );
}

/**
 * An object that refuses the fields it does not take, naming them, as the HTTP API does: a tool's listing says
 * every field it takes (additionalProperties false), and nothing an agent sends is dropped without a word.
 */
function strict(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema;
  let made = strictSchemas.get(schema);
  if (!made) {
    made = schema.strict();
    strictSchemas.set(schema, made);
  }
  return made;
}

const strictSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

/** The object with each field's default taken off: a tool names its record, it never falls back to an empty name. */
function requiredFields(params: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(params.shape).map(([name, field]) => [
      name,
      field instanceof z.ZodDefault ? withoutDefault(field) : field,
    ]),
  );
  return z.object(shape);
}

function withoutDefault(field: z.ZodDefault): z.ZodType {
  const inner = field.unwrap() as z.ZodType;
  const meta = z.globalRegistry.get(field);
  return meta ? inner.meta(meta) : inner;
}
