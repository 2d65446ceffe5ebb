import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * Compiled serializers by JSON Schema text, shared by every server the process builds: the operations' schemas are
 * built anew with each server (some hold its configured limits), but most are the same schema each time (a test
 * file builds several servers; compiling every route's serializer was a third of building one).
 */
const compiled = new Map<string, Serializer>();
/** And by schema object, for the schemas that are module constants (the error bodies): no JSON Schema to derive. */
const bySchema = new WeakMap<object, Serializer>();

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema:
 * only declared fields leave the server, as with zod's own serializer, at a fifth of its cost per response
 * (measured: validating each response with zod took ~20% of a generate request). Each is compiled on its first
 * response, not at start: a process answers on a few of its ~150 routes, and compiling them all was ~0.1 s of its start.
 */
export function serializerCompiler({ schema }: { schema: unknown }): Serializer {
  const known = bySchema.get(schema as object);
  if (known) return known;
  let serializer: Serializer | undefined;
  const onFirstUse: Serializer = (data) => {
    serializer ??= compileSerializer(schema as ZodType);
    return serializer(data);
  };
  bySchema.set(schema as object, onFirstUse);
  return onFirstUse;
}

/** Compiles (or finds compiled) the serializer of a response schema; exported for the test that compiles them all. */
export function compileSerializer(schema: ZodType): Serializer {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const text = JSON.stringify(jsonSchema);
  let serializer = compiled.get(text);
  if (!serializer) {
    serializer = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serializer;
    compiled.set(text, serializer);
  }
  return serializer;
}
