import { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';

/** What an operation knows of the request that runs it, whichever front door (HTTP, MCP) it came through. */
export interface OperationContext {
  /** Who calls: always there for an operation that requires a key (asking for it elsewhere without one is a 401). */
  caller: Caller;
  /** The caller of an operation whose key is optional or that is public, when there is one. */
  callerIfAny: Caller | null;
  /** The request's id (x-request-id over HTTP); text generation records it with the outputs. */
  requestId: string;
}

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 502 | 503;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the operation is reached over HTTP; the generic adapter in `http/` makes the route of it. */
export interface HttpBinding {
  method: HttpMethod;
  path: string;
  /** The OpenAPI operationId when it is not the name in camelCase (the hosted reference's own ids win). */
  operationId?: string;
  /** More paths for the same operation, left out of the OpenAPI document (e.g. `/v1/...` beside `/api/...`). */
  aliases?: readonly string[];
  /** The success status when it is not 200. */
  status?: 201;
  /** Left out of the OpenAPI document. */
  hidden?: boolean;
  /** Errors in OpenAI's shape `{error: {message, type, param, code}}` (the OpenAI-compatible routes). */
  openaiErrors?: boolean;
  /** Where the spec fixes the error texts: validation errors start with this ... */
  validationPrefix?: string;
  /** ... and a 500 says this. */
  serverErrorText?: string;
  /** A body limit other than the service's (bytes). */
  bodyLimit?: number;
  /**
   * A route file of `http/` registers the route itself (with the same adapter), for what JSON in, JSON out
   * does not cover: a stream, a multipart upload, a port or CORS scope of its own.
   */
  ownRoute?: boolean;
}

/** How the operation is offered as an MCP tool; the generic adapter in `mcp/` makes the tool of it. */
export interface ToolBinding<In, Out, Raw = unknown> {
  /** The tool's name when it is not the operation's (the hosted MCP server's names). */
  name?: string;
  /** Older names of the same tool: answered when called, with the same arguments, never listed. */
  aliases?: readonly string[];
  /** Answered when called, not listed: a name a hosted tool replaced, kept for agents configured with it. */
  hidden?: boolean;
  /** What an agent reads to pick the tool. */
  description: string;
  /** Input fields the tool does not offer (e.g. `stream`: a tool answers once). */
  leaveOut?: readonly string[];
  /** The tool's own arguments when they are not the operation's input (the hosted names and paging). */
  args?: ToolArgs<Raw, Out>;
  /**
   * Needs the fields alone cannot say, each a list of alternatives of which one must be given whole (e.g.
   * `[[['image'], ['video']]]`): checked before the call, advertised in the input schema as anyOf.
   */
  needs?: readonly (readonly (readonly string[])[])[];
  /** The tool's result when it is not the operation's output (e.g. without the HTTP envelope). */
  result?(output: Out, input: In): unknown;
  /** While this holds, the result carries a hint to poll instead of creating the work again. */
  pending?(output: Out): boolean;
  /** Pictures of the output an agent can look at: completed ones small enough go back as image content. */
  pictures?(output: Out): readonly { status: string; image_url: string | null }[];
}

/**
 * JSON Schema that an MCP tool's listing adds to a part of its input, for a need its zod schema checks in a
 * refinement and cannot say (e.g. a chat message needs content or tool_calls). The OpenAPI document, made from the
 * global registry, leaves it out (its client types would lose the part's shape).
 */
export const toolSchemaNotes = z.registry<{ anyOf: readonly { required: readonly string[] }[] }, z.core.$ZodType>();

/**
 * A tool's own arguments: their schema (an object: what tools/list shows), the operation's input made of them
 * (parsed by the operation's schema after), and the result made of the output when the arguments shape it.
 * Made with `toolArgs`, which checks the two functions against the schema.
 */
export interface ToolArgs<Raw, Out> {
  schema: z.ZodObject;
  input(args: never): Raw;
  result?(output: Out, args: never): unknown;
}

export function toolArgs<S extends z.ZodObject, Raw, Out>(
  schema: S,
  input: (args: z.output<S>) => Raw,
  result?: (output: Out, args: z.output<S>) => unknown,
): ToolArgs<Raw, Out> {
  return { schema, input, ...(result && { result }) };
}

// biome-ignore lint/complexity/noBannedTypes: an object schema with no fields is what "no path parameters" is
type NoParams = z.ZodObject<{}>;

/**
 * One operation of the service, defined once in its module: its name (the MCP tool's and the OpenAPI
 * operationId), what it does, its input and output schemas, its errors, its flags and the service call.
 * The HTTP route, the MCP tool and the OpenAPI entry are derived from it; the service call throws
 * `AppError` for an expected failure (use `unwrap`).
 */
export interface Operation<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  P extends z.ZodObject = NoParams,
> {
  name: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** The query (GET, DELETE) or body; an object with no fields for none. */
  input: I;
  /** What names the record: the path parameters over HTTP (`:name` in the path), more fields of the input elsewhere. */
  params?: P;
  output: O;
  errors: readonly ErrorStatus[];
  /**
   * Who may call it: a key (or session) unless `optional` (a bad key is still 401) or `public` (default `required`);
   * `admin`: an admin account only, anyone else gets the 404 of an unknown route.
   */
  auth?: 'required' | 'optional' | 'public' | 'admin';
  /** Creates paid work: an Idempotency-Key header makes a retry return the first answer. */
  idempotent?: boolean;
  run(input: z.output<I> & z.output<P>, context: OperationContext): Promise<Answer<O>> | Answer<O>;
  http?: HttpBinding;
  /** Its MCP tool, or several (a hosted name beside Atelier's own, each with its own arguments). */
  tool?: OneOrMore<ToolBinding<z.output<I> & z.output<P>, z.input<O>, z.input<I>>>;
}

type OneOrMore<T> = T | readonly T[];

/** An output, or the same already as JSON text (a cached answer sent as it is). */
export type Answer<O extends z.ZodType> = z.input<O> | JsonText<z.input<O>>;

/** JSON text of a value of type T, made once and sent many times (the HTTP adapter skips serialising it). */
export class JsonText<T> {
  declare readonly of?: T;
  private encoded: Buffer | undefined;
  constructor(readonly text: string) {}

  /** The text as UTF-8, encoded the first time it is asked for: a string would be encoded by every send. */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text);
    return this.encoded;
  }
}

/** Checks a definition against its schemas (the service call's input and output) and keeps its types. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType, P extends z.ZodObject = NoParams>(
  operation: Operation<I, O, P>,
): Operation<I, O, P> {
  return operation;
}

/**
 * Operations of any schemas, as the adapters take them (the methods above are bivariant in their
 * parameters, so every definition is one of these; defineOperation has checked it against its own schemas).
 */
export type AnyOperation = Operation<z.ZodType, z.ZodType, z.ZodObject>;

/** The input an adapter hands to any operation, once the operation's own schemas have parsed it. */
export type ParsedInput = Parameters<AnyOperation['run']>[0];
