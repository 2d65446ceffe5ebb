import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * Compiled serializers by JSON Schema text, shared by every server the process builds: the operations' schemas are
 * built anew with each server (some hold its configured limits), but most are the same schema each time, and
 * compiling one is most of a server's start (~70 ms of ~200 ms; a test file builds several).
 */
const compiled = new Map<string, Serializer>();
/** And by schema object, for the schemas that are module constants (the error bodies): no JSON Schema to derive. */
const bySchema = new WeakMap<object, Serializer>();

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema:
 * only declared fields leave the server, as with zod's own serializer, at a fifth of its cost per response
 * (measured: validating each response with zod took ~20% of a generate request).
 */
export function serializerCompiler({ schema }: { schema: unknown }): Serializer {
  const known = bySchema.get(schema as object);
  if (known) return known;
  const jsonSchema = z.toJSONSchema(schema as ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const text = JSON.stringify(jsonSchema);
  let serializer = compiled.get(text);
  if (!serializer) {
    serializer = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serializer;
    compiled.set(text, serializer);
  }
  bySchema.set(schema as object, serializer);
  return serializer;
}
