import type { GbnfJsonSchema } from 'node-llama-cpp';
import { EngineRequestError } from '../../../shared/errors.js';
import type { Warning } from '../../spec/warnings.js';

type Node = Record<string, unknown>;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const FORMATS = new Set(['date-time', 'time', 'date']);
/** Keywords that describe rather than constrain: nothing to enforce. */
const DESCRIPTIVE = new Set([
  'title',
  'description',
  '$schema',
  '$id',
  '$comment',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'strict',
]);
/** Keywords this converter reads itself. */
const HANDLED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'format',
  'enum',
  'const',
  'oneOf',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
]);

/** Any JSON value: node-llama-cpp reads `{}` as null, where JSON Schema means anything. */
const ANY = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
} as unknown as GbnfJsonSchema;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

export interface GrammarSchemaOptions {
  /** What errors name, before the path inside the schema. */
  at?: string;
  /** What warnings name: "the JSON schema" unless told. */
  subject?: string;
  /** The tool whose parameters these are; none: the response format's schema. */
  tool?: string;
  /** Keeps `description` where node-llama-cpp shows it to the model (function parameters it documents). */
  descriptions?: boolean;
}

/**
 * A JSON Schema in the subset node-llama-cpp turns into a grammar (types, properties, required, items,
 * enum, const, oneOf/anyOf, $defs/$ref, string lengths and date formats, counts of items and properties).
 * A schema it cannot read is an EngineRequestError; constraints it cannot enforce (pattern, minimum...)
 * are reported as warnings. As OpenAI's strict mode has it (unlike plain JSON Schema), every listed
 * property is generated, and no other unless `additionalProperties` allows them.
 */
export function toGrammarSchema(
  schema: Node,
  options: GrammarSchemaOptions = {},
): { schema: GbnfJsonSchema; warnings: Warning[] } {
  const { at = 'response_format schema', subject = 'the JSON schema', tool, descriptions = false } = options;
  const bad = (path: string, problem: string) => new EngineRequestError(`${at}${path}: ${problem}`);
  const unenforced = new Set<string>();
  const defs = isNode(schema.$defs) ? schema.$defs : isNode(schema.definitions) ? schema.definitions : {};

  const ref = (value: unknown, path: string): GbnfJsonSchema => {
    const name = typeof value === 'string' ? /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(value)?.[1] : undefined;
    if (name === undefined || !(name in defs))
      throw bad(path, `$ref ${JSON.stringify(value)} does not name an entry of $defs`);
    return { $ref: `#/$defs/${name}` } as unknown as GbnfJsonSchema;
  };

  const convert = (node: unknown, path: string): GbnfJsonSchema => {
    const converted = convertNode(node, path);
    return descriptions && isNode(node) && typeof node.description === 'string'
      ? ({ ...converted, description: node.description } as GbnfJsonSchema)
      : converted;
  };

  const convertNode = (node: unknown, path: string): GbnfJsonSchema => {
    if (node === true) return ANY;
    if (!isNode(node)) throw bad(path, node === false ? 'false matches nothing' : 'a schema must be an object');
    for (const key of Object.keys(node)) if (!HANDLED.has(key) && !DESCRIPTIVE.has(key)) unenforced.add(key);
    if ('$ref' in node) return ref(node.$ref, `${path}.$ref`);
    if ('const' in node) {
      if (!isScalar(node.const)) throw bad(`${path}.const`, 'only a string, number, boolean or null can be enforced');
      return { const: node.const } as GbnfJsonSchema;
    }
    if ('enum' in node) {
      if (!Array.isArray(node.enum) || node.enum.length === 0 || !node.enum.every(isScalar))
        throw bad(`${path}.enum`, 'must list strings, numbers, booleans or null');
      return { enum: node.enum } as GbnfJsonSchema;
    }
    const choices = node.oneOf ?? node.anyOf;
    if (choices !== undefined) {
      if (!Array.isArray(choices) || choices.length === 0)
        throw bad(`${path}.oneOf`, 'must be a non-empty list of schemas');
      return { oneOf: choices.map((c, i) => convert(c, `${path}.oneOf[${i}]`)) } as GbnfJsonSchema;
    }
    const type =
      node.type ??
      (node.properties !== undefined
        ? 'object'
        : node.items !== undefined || node.prefixItems !== undefined
          ? 'array'
          : undefined);
    if (type === undefined) return ANY;
    const types = Array.isArray(type) ? type : [type];
    for (const t of types)
      if (typeof t !== 'string' || !TYPES.has(t)) throw bad(`${path}.type`, `unknown type ${JSON.stringify(t)}`);
    if (types.length === 0) throw bad(`${path}.type`, 'lists no type');
    if (types.length > 1) return { oneOf: types.map((t) => convert({ ...node, type: t }, path)) } as GbnfJsonSchema;
    return typed(node, types[0] as string, path);
  };

  const typed = (node: Node, type: string, path: string): GbnfJsonSchema => {
    const counts = (...keys: string[]) =>
      Object.fromEntries(keys.filter((k) => typeof node[k] === 'number').map((k) => [k, node[k]]));
    if (type === 'string') {
      if (typeof node.format === 'string' && FORMATS.has(node.format))
        return { type: 'string', format: node.format } as GbnfJsonSchema;
      if (node.format !== undefined) unenforced.add(`format ${String(node.format)}`);
      return { type: 'string', ...counts('minLength', 'maxLength') } as GbnfJsonSchema;
    }
    if (type === 'object') {
      if (node.properties !== undefined && !isNode(node.properties))
        throw bad(`${path}.properties`, 'must be an object');
      const properties: Record<string, GbnfJsonSchema> = {};
      for (const [key, value] of Object.entries(node.properties ?? {}))
        properties[key] = convert(value, `${path}.properties.${key}`);
      const required = Array.isArray(node.required)
        ? node.required.filter((k): k is string => typeof k === 'string')
        : [];
      for (const key of required) properties[key] ??= ANY;
      const extra = node.additionalProperties;
      const additionalProperties =
        extra === undefined
          ? node.properties === undefined
          : typeof extra === 'boolean'
            ? extra
            : convert(extra, `${path}.additionalProperties`);
      return {
        type: 'object',
        properties,
        required,
        additionalProperties,
        ...counts('minProperties', 'maxProperties'),
      } as GbnfJsonSchema;
    }
    if (type === 'array') {
      const items =
        node.items === undefined || node.items === true
          ? undefined
          : node.items === false
            ? undefined
            : convert(node.items, `${path}.items`);
      const prefixItems = Array.isArray(node.prefixItems)
        ? node.prefixItems.map((s, i) => convert(s, `${path}.prefixItems[${i}]`))
        : undefined;
      const limits = node.items === false ? { maxItems: prefixItems?.length ?? 0 } : {};
      return {
        type: 'array',
        ...(items && { items }),
        ...(prefixItems && { prefixItems }),
        ...counts('minItems', 'maxItems'),
        ...limits,
      } as GbnfJsonSchema;
    }
    return { type } as GbnfJsonSchema;
  };

  const root = convert(schema, '');
  const convertedDefs = Object.fromEntries(
    Object.entries(defs).map(([name, def]) => [name, convert(def, `.$defs.${name}`)]),
  );
  const withDefs = Object.keys(convertedDefs).length ? ({ ...root, $defs: convertedDefs } as GbnfJsonSchema) : root;
  const warnings = [...unenforced].map((k): Warning => {
    const message = `the llama-cpp engine does not enforce "${k}" of ${subject}`;
    return tool === undefined
      ? { type: 'unsupported-setting', setting: 'responseFormat', message }
      : { type: 'unsupported-tool', tool, message };
  });
  return { schema: withDefs, warnings };
}
