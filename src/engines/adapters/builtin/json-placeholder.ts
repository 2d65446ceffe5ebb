import { type PatternCache, type Schema, accepts, numberFor, stringFor, whole } from './json-placeholder-scalars.js';

/**
 * A deterministic value that validates against `schema` (JSON Schema 2020-12, the subset OpenAI's structured
 * output takes and what zod's toJSONSchema writes): the builtin engine's answer where JSON or a tool call's
 * arguments were asked for. Never throws; a schema nothing can satisfy, or one too large to satisfy within
 * the budgets below, gets a value that may not validate.
 */
export function placeholderFor(schema: Record<string, unknown>): unknown {
  const context: Context = { root: schema, stack: [schema], steps: 0, nodes: 0, cycles: 0, patterns: new Map() };
  try {
    return generate(schema, context, { hint: 'string', depth: 0, minimal: false, variant: 0 });
  } catch {
    // A schema shaped in a way not foreseen here must not fail the request it came with.
    return null;
  }
}

interface Context {
  root: Schema;
  /** The $ref targets being expanded, innermost last: meeting one again is a cycle. */
  stack: unknown[];
  steps: number;
  nodes: number;
  /** Cycles met so far: an optional property whose value meets one is left out. */
  cycles: number;
  patterns: PatternCache;
}

interface At {
  /** The property's name: what an unconstrained string says. */
  hint: string;
  depth: number;
  /** Inside a recursion or past a budget: only what terminates (null, fewest items, required properties). */
  minimal: boolean;
  /** Which of several distinct values (uniqueItems): 0 is the plainest. */
  variant: number;
}

/** Most copies of an array's item (minItems beyond it cannot be met). */
const MAX_ITEMS = 100;
/** Most values in one placeholder: nested arrays multiply their minItems. */
const MAX_NODES = 10_000;
/** Most schemas visited: $refs can expand a small schema exponentially. */
const MAX_STEPS = 20_000;
/** Deepest nesting, combinators and $refs included. */
const MAX_DEPTH = 96;
/** $refs expanded within each other before only what terminates is chosen. */
const MAX_REFS = 8;

const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

function generate(schema: unknown, context: Context, at: At): unknown {
  if (++context.steps > MAX_STEPS || at.depth > MAX_DEPTH || !isRecord(schema)) return null;
  const next: At = { ...at, depth: at.depth + 1, minimal: at.minimal || context.nodes >= MAX_NODES };
  if (typeof schema.$ref === 'string') return expandRef(schema, schema.$ref, context, next);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      return generate(merge(without(schema, key), choose(branches, context, at)), context, next);
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf)) {
    const merged = allOf.reduce<Schema>((all, member) => merge(all, inline(member, context)), without(schema, 'allOf'));
    return generate(merged, context, next);
  }
  context.nodes++;
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.length ? schema.enum[at.variant % schema.enum.length] : null;
  switch (typeOf(schema, at.minimal)) {
    case 'object':
      return objectFor(schema, context, next);
    case 'array':
      return arrayFor(schema, context, next);
    case 'string':
      return stringFor(schema, at.hint, at.variant, context.patterns);
    case 'number':
      return numberFor(schema, false, at.variant);
    case 'integer':
      return numberFor(schema, true, at.variant);
    case 'boolean':
      return at.variant % 2 === 1;
    default:
      return null;
  }
}

function expandRef(schema: Schema, ref: string, context: Context, at: At): unknown {
  const rest = without(schema, '$ref');
  const target = resolve(context.root, ref);
  if (target === false) return null;
  // A reference outside the schema (or unresolvable) constrains nothing we can see.
  if (!isRecord(target)) return generate(rest, context, at);
  const cycle = context.stack.includes(target);
  if (cycle) context.cycles++;
  context.stack.push(target);
  try {
    const minimal = at.minimal || cycle || context.stack.length > MAX_REFS;
    return generate(merge(rest, target), context, { ...at, minimal });
  } finally {
    context.stack.pop();
  }
}

/** A local JSON pointer ("#", "#/$defs/Name", "#/definitions/Name", ...) into the root schema. */
function resolve(root: Schema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodePointerToken(raw);
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function decodePointerToken(raw: string): string {
  let token = raw;
  try {
    token = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all: the token as written.
  }
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** An allOf member with its $refs replaced by their targets (no recursion: a cycle is cut after a few). */
function inline(member: unknown, context: Context): Schema {
  let schema = isRecord(member) ? member : {};
  for (let i = 0; i < MAX_REFS && typeof schema.$ref === 'string'; i++) {
    const target = resolve(context.root, schema.$ref);
    schema = merge(without(schema, '$ref'), isRecord(target) ? target : {});
  }
  return typeof schema.$ref === 'string' ? without(schema, '$ref') : schema;
}

/**
 * The anyOf/oneOf branch to follow: the first that is not only null; inside a recursion, the one that ends
 * it (null, or one that does not lead back into a reference being expanded).
 */
function choose(branches: unknown[], context: Context, at: At): Schema {
  const schemas = branches.flatMap((b) => (b === true ? [{}] : isRecord(b) ? [b] : []));
  if (at.minimal) {
    const ends = (s: Schema) => typeof s.$ref !== 'string' || !context.stack.includes(resolve(context.root, s.$ref));
    return schemas.find(isNullOnly) ?? schemas.find(ends) ?? schemas[0] ?? {};
  }
  return schemas.find((s) => !isNullOnly(s)) ?? schemas[0] ?? {};
}

function isNullOnly(schema: Schema): boolean {
  const { type } = schema;
  if (type === 'null') return true;
  if (Array.isArray(type)) return type.length > 0 && type.every((t) => t === 'null');
  if (Object.hasOwn(schema, 'const')) return schema.const === null;
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => v === null);
}

function typeOf(schema: Schema, minimal: boolean): string | undefined {
  const { type } = schema;
  const declared = typeof type === 'string' ? [type] : Array.isArray(type) ? type : undefined;
  if (declared) {
    const known = declared.filter((t): t is string => typeof t === 'string' && TYPES.has(t));
    if (minimal && known.includes('null')) return 'null';
    return known.find((t) => t !== 'null') ?? 'null';
  }
  const has = (...keys: string[]) => keys.some((k) => Object.hasOwn(schema, k));
  if (has('properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties')) return 'object';
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'contains', 'uniqueItems')) return 'array';
  if (has('minLength', 'maxLength', 'pattern', 'format')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return undefined;
}

function objectFor(schema: Schema, context: Context, at: At): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter(isString) : []);
  // Entries, not assignment: a property may be called "__proto__".
  const entries = new Map<string, unknown>();
  for (const [key, sub] of Object.entries(properties)) {
    const needed = required.has(key);
    if (!needed && at.minimal) continue;
    const { cycles, nodes } = context;
    const value = generate(sub, context, { ...at, hint: key });
    if (needed || context.cycles === cycles) entries.set(key, value);
    else context.nodes = nodes;
  }
  for (const key of required) {
    if (!entries.has(key))
      entries.set(key, generate(valueSchema(schema, key, context) ?? {}, context, { ...at, hint: key }));
  }
  const minProperties = Math.min(whole(schema.minProperties) ?? 0, MAX_ITEMS);
  for (const key of extraKeys(schema, properties)) {
    if (entries.size >= minProperties) break;
    const sub = Object.hasOwn(properties, key) ? properties[key] : valueSchema(schema, key, context);
    if (!entries.has(key) && sub !== undefined && sub !== false) {
      entries.set(key, generate(sub, context, { ...at, hint: key, minimal: true }));
    }
  }
  return Object.fromEntries(entries);
}

/** The schema of a property not listed in `properties`; undefined where none may be added. */
function valueSchema(schema: Schema, key: string, context: Context): unknown {
  if (isRecord(schema.patternProperties)) {
    for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
      if (accepts(pattern, key, context.patterns)) return sub;
    }
  }
  const additional = schema.additionalProperties;
  return additional === false ? undefined : (additional ?? {});
}

/** Names for the properties minProperties asks for beyond those listed: allowed names first. */
function* extraKeys(schema: Schema, properties: Schema): Generator<string> {
  yield* Object.keys(properties);
  const names = isRecord(schema.propertyNames) ? schema.propertyNames : {};
  if (typeof names.const === 'string') yield names.const;
  if (Array.isArray(names.enum)) yield* names.enum.filter(isString);
  for (let i = 1; i <= MAX_ITEMS; i++) yield `key${i}`;
}

function arrayFor(schema: Schema, context: Context, at: At): unknown[] {
  // Draft 4-7 tuples: items is an array, additionalItems the rest.
  const tuple = Array.isArray(schema.items);
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : tuple ? (schema.items as unknown[]) : [];
  const rest = tuple ? schema.additionalItems : schema.items;
  const contains = schema.contains;
  let min = whole(schema.minItems) ?? 0;
  if (contains !== undefined) min = Math.max(min, whole(schema.minContains) ?? 1);
  const max = Math.min(whole(schema.maxItems) ?? MAX_ITEMS, MAX_ITEMS);
  let length = Math.min(at.minimal ? min : Math.max(min, prefix.length), max);
  if (at.variant > 0 && length === 0 && max > 0) length = 1;
  const unique = schema.uniqueItems === true;
  const item = (sub: unknown, index: number) =>
    generate(sub, context, { ...at, variant: unique ? at.variant + index : index === 0 ? at.variant : 0 });
  const out: unknown[] = [];
  for (const sub of prefix.slice(0, length)) out.push(item(sub, out.length));
  if (out.length < length && rest !== false && contains !== undefined) {
    out.push(item({ allOf: [rest ?? {}, contains] }, out.length));
  }
  if (out.length >= length || rest === false) return out;
  const nodes = context.nodes;
  const first = item(rest ?? {}, out.length);
  out.push(first);
  if (unique) {
    while (out.length < length && context.steps < MAX_STEPS) out.push(item(rest ?? {}, out.length));
    return out;
  }
  // The same value again: only the output's size is at stake, so copies stop at the node budget.
  const weight = Math.max(context.nodes - nodes, 1);
  const copies = Math.min(length - out.length, Math.max(Math.floor((MAX_NODES - context.nodes) / weight), 0));
  for (let i = 0; i < copies; i++) out.push(first);
  context.nodes += copies * weight;
  return out;
}

/** Both schemas' constraints in one: bounds tightened, types intersected, properties and required united. */
function merge(a: Schema, b: Schema): Schema {
  const out = new Map(Object.entries(a));
  const extra: Schema[] = [];
  for (const [key, value] of Object.entries(b)) {
    const mine = out.get(key);
    if (!out.has(key) || mine === value) {
      out.set(key, value);
      continue;
    }
    if (key === 'properties' && isRecord(mine) && isRecord(value)) out.set(key, mergeProperties(mine, value));
    else if (key === 'required' && Array.isArray(mine) && Array.isArray(value))
      out.set(key, [...new Set([...mine, ...value])]);
    else if (key === 'type') out.set(key, intersectTypes(mine, value));
    else if (key === 'allOf' && Array.isArray(mine) && Array.isArray(value)) out.set(key, [...mine, ...value]);
    else if (LOWER_BOUNDS.has(key) && typeof mine === 'number' && typeof value === 'number')
      out.set(key, Math.max(mine, value));
    else if (UPPER_BOUNDS.has(key) && typeof mine === 'number' && typeof value === 'number')
      out.set(key, Math.min(mine, value));
    else if (SUBSCHEMAS.has(key)) out.set(key, { allOf: [mine, value] });
    else if (key === '$ref' || key === 'anyOf' || key === 'oneOf') extra.push(Object.fromEntries([[key, value]]));
    // Otherwise the later one (a branch, a reference's target) says it.
    else out.set(key, value);
  }
  if (extra.length) {
    const allOf = out.get('allOf');
    out.set('allOf', [...(Array.isArray(allOf) ? allOf : []), ...extra]);
  }
  return Object.fromEntries(out);
}

const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
const SUBSCHEMAS = new Set(['items', 'additionalProperties', 'contains', 'propertyNames', 'additionalItems', 'not']);

function mergeProperties(a: Schema, b: Schema): Schema {
  const out = new Map(Object.entries(a));
  for (const [key, value] of Object.entries(b)) out.set(key, out.has(key) ? { allOf: [out.get(key), value] } : value);
  return Object.fromEntries(out);
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter(isString) : []);
  const left = list(a);
  const right = list(b);
  const both = left.flatMap((t) => {
    if (right.includes(t)) return [t];
    const integer = (t === 'integer' && right.includes('number')) || (t === 'number' && right.includes('integer'));
    return integer ? ['integer'] : [];
  });
  // Types that exclude each other: the later one, so the value at least fits it.
  return both.length ? [...new Set(both)] : b;
}

function without(schema: Schema, key: string): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key));
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
