import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { zodResponseFormat } from 'openai/helpers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeholderFor } from './json-placeholder.js';

type Schema = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
// A CommonJS module: its default export is on `default` under NodeNext.
formats.default(ajv);

/** The placeholder for `schema`, after checking Ajv finds it valid. */
function valid(schema: Schema): unknown {
  // Ajv's 2020 build has no draft-07 meta-schema; the keywords zod and the openai SDK use read the same.
  const { $schema: _, ...rest } = schema;
  const validate = ajv.compile(rest);
  const value = placeholderFor(schema);
  const ok = validate(value);
  expect(ok, `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return value;
}

/** Most reads of a schema one placeholder may make: the walk's budgets keep the worst here near 105,000. */
const MAX_READS = 1_000_000;

/**
 * The placeholder for `schema`, read through a proxy that counts every read of the schema at any depth and stops the
 * walk past MAX_READS. The walk's work is those reads: an unbounded one (minutes of CPU) fails here by its count,
 * whatever the machine's speed. (Each object keeps one proxy, so the walk's identity checks see what they would.)
 */
function bounded(schema: unknown): unknown {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      proxy = new Proxy(value, {
        get(target, key, receiver) {
          reads += 1;
          if (reads > MAX_READS) throw new Error(`the walk read the schema more than ${MAX_READS} times`);
          return wrap(Reflect.get(target, key, receiver));
        },
      });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  const value = placeholderFor(wrap(schema) as Schema);
  expect(reads, 'reads of the schema').toBeLessThanOrEqual(MAX_READS);
  return value;
}

/**
 * Runs `fn`, and checks it used less than `ms` of this process's CPU time: far above what it takes, far below what a
 * runaway pattern would take (minutes). CPU time, not the clock: other processes on a busy machine do not count.
 * (`fn` runs synchronously: no timeout can stop it.) Only where the work is a regular expression's, which no count
 * of the schema's reads sees.
 */
function quickly<T>(fn: () => T, ms: number): T {
  const start = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(start);
  expect((used.user + used.system) / 1_000).toBeLessThan(ms);
  return result;
}

describe('placeholderFor: types', () => {
  it('gives the plainest value of each type, strings saying what they are', () => {
    expect(valid({ type: 'string' })).toBe('string');
    expect(valid({ type: 'number' })).toBe(0);
    expect(valid({ type: 'integer' })).toBe(0);
    expect(valid({ type: 'boolean' })).toBe(false);
    expect(valid({ type: 'null' })).toBe(null);
    expect(valid({ type: 'object', properties: { city: { type: 'string' } } })).toEqual({ city: 'city' });
    expect(valid({})).toBe(null);
    expect(valid({ type: ['null', 'string'] })).toBe('string');
    expect(valid({ type: ['null'] })).toBe(null);
  });

  it('follows const and enum', () => {
    expect(valid({ const: 'fixed' })).toBe('fixed');
    expect(valid({ type: 'object', const: { a: [1] } })).toEqual({ a: [1] });
    expect(valid({ type: 'string', enum: ['red', 'green'] })).toBe('red');
    expect(valid({ enum: [3, 'x', null] })).toBe(3);
  });

  it('infers the type from the keywords where none is given', () => {
    expect(valid({ properties: { a: { type: 'integer' } }, required: ['a'] })).toEqual({ a: 0 });
    expect(valid({ minItems: 1, items: { type: 'boolean' } })).toEqual([false]);
    expect(valid({ minLength: 8 })).toHaveLength(8);
    expect(valid({ minimum: 3 })).toBe(3);
  });
});

describe('placeholderFor: combinators and references', () => {
  it('takes the first anyOf/oneOf branch that is not only null, else null', () => {
    expect(valid({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 2 }] })).toBe(2);
    expect(valid({ oneOf: [{ type: 'string', const: 'x' }, { type: 'number' }] })).toBe('x');
    expect(valid({ anyOf: [{ type: 'null' }, { const: null }] })).toBe(null);
    expect(valid({ type: 'object', anyOf: [{ required: ['a'] }], properties: { a: { type: 'number' } } })).toEqual({
      a: 0,
    });
  });

  it('merges allOf members, references among them', () => {
    const schema = {
      allOf: [
        { $ref: '#/$defs/named' },
        { type: 'object', properties: { size: { type: 'integer', minimum: 4 } }, required: ['size'] },
        { properties: { size: { maximum: 9, multipleOf: 3 } } },
      ],
      $defs: { named: { type: 'object', properties: { name: { type: 'string', minLength: 6 } }, required: ['name'] } },
    };
    expect(valid(schema)).toEqual({ name: 'namexx', size: 6 });
    expect(valid({ allOf: [{ type: 'number' }, { type: 'integer', exclusiveMinimum: 0 }] })).toBe(1);
  });

  it('resolves $defs, definitions and the root, with escaped pointers', () => {
    expect(valid({ $ref: '#/$defs/a~1b', $defs: { 'a/b': { type: 'string', format: 'email' } } })).toBe(
      'user@example.com',
    );
    expect(
      valid({ type: 'object', properties: { x: { $ref: '#/definitions/X' } }, definitions: { X: { const: 1 } } }),
    ).toEqual({
      x: 1,
    });
    expect(placeholderFor({ $ref: '#/$defs/missing', type: 'boolean' })).toBe(false);
    expect(placeholderFor({ $ref: 'https://example.com/elsewhere.json' })).toBe(null);
  });

  it('ends a recursion: a nullable link becomes null, an optional one is left out', () => {
    const list = {
      type: 'object',
      properties: { value: { type: 'string' }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } },
      required: ['value', 'next'],
      additionalProperties: false,
    };
    const linked = { $ref: '#/$defs/node', $defs: { node: list } };
    expect(valid(linked)).toEqual({ value: 'value', next: { value: 'value', next: null } });
    const tree = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        parent: { $ref: '#' },
        children: { type: 'array', items: { $ref: '#' } },
      },
      required: ['name'],
    };
    expect(valid(tree)).toEqual({ name: 'name', children: [] });
    // Children it cannot give without recursing: left out, as they may be.
    const nonEmpty = { ...tree.properties.children, minItems: 1 };
    expect(valid({ ...tree, properties: { ...tree.properties, children: nonEmpty } })).toEqual({ name: 'name' });
  });

  it('keeps to its budgets where no finite value exists, or only a huge one', () => {
    const endless = { type: 'object', properties: { self: { $ref: '#' } }, required: ['self'] };
    expect(() => bounded(endless)).not.toThrow();
    const defs: Schema = {};
    for (let i = 0; i < 30; i++) {
      defs[`d${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } },
        required: ['a', 'b'],
      };
    }
    defs.d30 = { type: 'string' };
    expect(JSON.stringify(bounded({ $ref: '#/$defs/d0', $defs: defs })).length).toBeLessThan(1_000_000);
    let nested: Schema = { type: 'string' };
    for (let i = 0; i < 24; i++) nested = { type: 'array', items: nested, minItems: 1_000_000 };
    expect(JSON.stringify(bounded(nested)).length).toBeLessThan(1_000_000);
    expect(valid({ type: 'array', items: { type: 'integer' }, minItems: 100 })).toHaveLength(100);
    expect(bounded({ type: 'array', minItems: 1e9, items: {} }) as unknown[]).toHaveLength(100);
  });
});

describe('placeholderFor: objects and arrays', () => {
  it('lists every property, required or not, and meets minProperties', () => {
    expect(
      valid({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] }),
    ).toEqual({ a: 'a', b: 0 });
    expect(valid({ type: 'object', required: ['k'], additionalProperties: { type: 'integer', minimum: 1 } })).toEqual({
      k: 1,
    });
    expect(valid({ type: 'object', minProperties: 2, additionalProperties: { type: 'boolean' } })).toEqual({
      key1: false,
      key2: false,
    });
    expect(
      valid({ type: 'object', minProperties: 1, patternProperties: { '^x-': { type: 'string' } }, required: ['x-id'] }),
    ).toEqual({ 'x-id': 'x-id' });
    const proto = valid(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
    );
    expect(Object.keys(proto as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('fills minItems and prefixItems, within maxItems', () => {
    expect(valid({ type: 'array', items: { type: 'string' } })).toEqual([]);
    expect(valid({ type: 'array', items: { type: 'string' }, minItems: 2 })).toEqual(['string', 'string']);
    expect(valid({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false })).toEqual([
      'string',
      0,
    ]);
    expect(valid({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], maxItems: 1 })).toEqual([
      'string',
    ]);
    expect(valid({ type: 'array', contains: { const: 7 }, items: { type: 'number' } })).toEqual([7]);
  });

  it('makes uniqueItems distinct', () => {
    valid({ type: 'array', uniqueItems: true, minItems: 3, items: { type: 'string' } });
    valid({ type: 'array', uniqueItems: true, minItems: 3, items: { enum: ['a', 'b', 'c'] } });
    valid({ type: 'array', uniqueItems: true, minItems: 5, items: { type: 'integer', minimum: 1, maximum: 5 } });
    valid({ type: 'array', uniqueItems: true, minItems: 2, items: { type: 'boolean' } });
    valid({ type: 'array', uniqueItems: true, minItems: 4, items: { type: 'string', format: 'date-time' } });
    valid({ type: 'array', uniqueItems: true, minItems: 3, items: { type: 'string', format: 'uuid' } });
    valid({ type: 'array', uniqueItems: true, minItems: 3, items: { type: 'string', pattern: '^[a-z]+$' } });
    valid({
      type: 'array',
      uniqueItems: true,
      minItems: 3,
      items: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    });
    valid({ type: 'array', uniqueItems: true, minItems: 3, items: { type: 'array', items: { type: 'integer' } } });
  });
});

describe('placeholderFor: strings', () => {
  it('gives each format its example', () => {
    const examples: Record<string, string> = {
      'date-time': '1970-01-01T00:00:00Z',
      date: '1970-01-01',
      time: '00:00:00Z',
      email: 'user@example.com',
      uri: 'https://example.com/',
      url: 'https://example.com/',
      uuid: '00000000-0000-4000-8000-000000000000',
      ipv4: '127.0.0.1',
      ipv6: '::1',
      hostname: 'example.com',
      duration: 'P0D',
    };
    for (const [format, example] of Object.entries(examples)) {
      const schema = { type: 'string', format };
      expect(format === 'url' ? placeholderFor(schema) : valid(schema), format).toBe(example);
    }
  });

  it('fits minLength and maxLength, counting code points', () => {
    expect(valid({ type: 'string', minLength: 9 })).toBe('stringxxx');
    expect(valid({ type: 'string', maxLength: 3 })).toBe('str');
    expect(valid({ type: 'string', maxLength: 0 })).toBe('');
    expect(valid({ type: 'object', properties: { '🎨🎨🎨': { type: 'string', maxLength: 2 } } })).toEqual({
      '🎨🎨🎨': '🎨🎨',
    });
    expect((bounded({ type: 'string', minLength: 1e12 }) as string).length).toBeLessThanOrEqual(10_000);
  });

  it('finds a string the pattern accepts', () => {
    expect(valid({ type: 'string', pattern: '^[A-Z]{3}$' })).toBe('AAA');
    expect(valid({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })).toBe('0000-00-00');
    expect(valid({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' })).toBe('#aaaaaa');
    expect(valid({ type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z-]+$' } } })).toEqual({
      slug: 'slug',
    });
    expect(valid({ type: 'string', pattern: 'needle' })).toBe('needle');
    expect(valid({ type: 'string', pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$' })).toBe('Aa0!Aa0!');
    expect(valid({ type: 'string', pattern: '^[a-z]{5}$', maxLength: 5 })).toBe('strin');
    expect(valid({ type: 'string', pattern: '^[0-9]{5}$', maxLength: 5 })).toBe('00000');
    expect(valid({ type: 'string', pattern: '^[A-Z]{2}-\\d{3}(?:-[a-z]+)?$' })).toBe('AA-000');
    expect(valid({ type: 'string', pattern: '^\\+?[1-9]\\d{1,14}$' })).toBe('10');
    expect(valid({ type: 'string', pattern: '^[a-z]+$', minLength: 12 })).toBe('stringxxxxxx');
    expect(valid({ type: 'string', pattern: '^(?<scheme>https?)://[\\w.-]+\\.[a-z]{2,}/?$' })).toBe('http://a.aa');
    // Nothing accepts it, or it does not compile: a string all the same.
    expect(placeholderFor({ type: 'string', pattern: '^\\p{Lu}{40}Q$' })).toBeTypeOf('string');
    expect(placeholderFor({ type: 'string', pattern: '([' })).toBe('string');
  });

  it('does not let a pattern that backtracks exponentially run long', () => {
    for (const pattern of [
      '^(a+)+$',
      '^(a|a)*b$',
      '^(a|aa|a)+!$',
      `^${'a*'.repeat(40)}b$`,
      `^${'(a|a)'.repeat(60)}$`,
    ]) {
      expect(quickly(() => placeholderFor({ type: 'string', minLength: 30, pattern }), 3_000)).toBeTypeOf('string');
      expect(
        quickly(
          () =>
            placeholderFor({
              type: 'object',
              patternProperties: { [pattern]: { type: 'string' } },
              required: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
            }),
          500,
        ),
      ).toBeTypeOf('object');
    }
  });
});

describe('placeholderFor: numbers', () => {
  it('clamps 0 into the bounds and keeps to multipleOf', () => {
    expect(valid({ type: 'number', minimum: 2.5 })).toBe(2.5);
    expect(valid({ type: 'number', maximum: -3 })).toBe(-3);
    expect(valid({ type: 'number', exclusiveMinimum: 0 })).toBe(1);
    expect(valid({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.5 })).toBe(0.25);
    expect(valid({ type: 'integer', exclusiveMinimum: 5 })).toBe(6);
    expect(valid({ type: 'integer', minimum: 0.5 })).toBe(1);
    expect(valid({ type: 'integer', exclusiveMaximum: -0.5 })).toBe(-1);
    expect(valid({ type: 'number', minimum: 1, multipleOf: 0.1 })).toBe(1);
    expect(valid({ type: 'number', minimum: 0.25, multipleOf: 0.1 })).toBeCloseTo(0.4);
    expect(valid({ type: 'integer', minimum: 1, multipleOf: 0.75 })).toBe(3);
    expect(valid({ type: 'number', minimum: 7, maximum: 20, multipleOf: 5 })).toBe(10);
    expect(valid({ type: 'integer', minimum: 9007199254740000 })).toBe(9007199254740000);
  });

  it('gives contradictory bounds a number, at once', () => {
    expect(bounded({ type: 'integer', minimum: 5, maximum: 1 })).toBeTypeOf('number');
    expect(bounded({ type: 'number', minimum: 1e300, multipleOf: 1e-300 })).toBeTypeOf('number');
    expect(placeholderFor({ type: 'integer', minimum: 0.1, maximum: 0.9 })).toBeTypeOf('number');
  });
});

describe('placeholderFor: schemas as clients make them', () => {
  const Tree: z.ZodType<{ name: string; children?: unknown[] }> = z.object({
    name: z.string(),
    get children() {
      return z.array(Tree).optional();
    },
  });
  const Item = z.object({
    title: z.string().min(3).max(40),
    subtitle: z.string().optional(),
    score: z.number().nullable(),
    kind: z.enum(['article', 'video']),
    tags: z.array(z.string()).min(2),
    size: z.object({ width: z.int().min(5), height: z.int().positive().multipleOf(8) }),
    either: z.union([z.string(), z.number()]),
    counts: z.record(z.string(), z.number()),
    flags: z.record(z.enum(['new', 'hot']), z.boolean()),
    at: z.iso.datetime(),
    day: z.iso.date(),
    time: z.iso.time(),
    email: z.email(),
    id: z.uuid(),
    link: z.url(),
    ip: z.ipv4(),
    tree: Tree,
    shape: z.discriminatedUnion('type', [
      z.object({ type: z.literal('circle'), radius: z.number().positive() }),
      z.object({ type: z.literal('square'), side: z.number().gte(1) }),
    ]),
    pair: z.tuple([z.string(), z.number()]),
    when: z.date(),
    rating: z.number().min(1).max(5).default(3),
    code: z.string().regex(/^[A-Z]{2}-\d{3}$/),
  });

  it("validates what zod 4's toJSONSchema makes", () => {
    const value = valid(z.toJSONSchema(Item, { unrepresentable: 'any' })) as Record<string, unknown>;
    expect(Item.safeParse({ ...value, when: new Date(0) }).success).toBe(true);
    expect(value).toMatchObject({
      kind: 'article',
      at: '1970-01-01T00:00:00Z',
      shape: { type: 'circle' },
      code: 'AA-000',
    });
    valid(z.toJSONSchema(Item, { unrepresentable: 'any', io: 'input' }));
    valid(z.toJSONSchema(z.array(Item).min(3), { unrepresentable: 'any' }));
    valid(z.toJSONSchema(Tree));
  });

  it("validates what the openai SDK's zodResponseFormat makes (strict: every property required)", () => {
    const Node: z.ZodType<{ label: string; next: unknown }> = z.object({
      label: z.string(),
      get next() {
        return Node.nullable();
      },
    });
    const Answer = z.object({
      summary: z.string(),
      note: z.string().optional().nullable(),
      node: Node,
      choice: z.union([z.string(), z.object({ k: z.int() })]),
      level: z.enum(['low', 'high']).nullable(),
      steps: z.array(z.object({ explanation: z.string(), output: z.string() })),
    });
    const format = zodResponseFormat(Answer, 'answer');
    const value = valid(format.json_schema.schema as Schema);
    expect(Answer.safeParse(value).success).toBe(true);
    expect(value).toMatchObject({ note: 'note', level: 'low', node: { label: 'label', next: { next: null } } });
  });
});

/** Schemas every value of which some JSON satisfies: bounds in order, enums not empty, no contradiction. */
const satisfiable = fc
  .letrec<{ schema: Schema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({}),
      fc
        .record(
          {
            type: fc.constant('string'),
            minLength: fc.nat(12),
            format: fc.constantFrom('date-time', 'date', 'email', 'uri', 'uuid', 'ipv4'),
          },
          { requiredKeys: ['type'] },
        )
        .map((s) => ('format' in s ? { type: 'string', format: s.format } : s)),
      fc
        .tuple(fc.nat(10), fc.nat(10))
        .map(([a, b]) => ({ type: 'string', minLength: Math.min(a, b), maxLength: Math.max(a, b) })),
      fc
        .constantFrom('^[a-z]+$', '^\\d{3}$', '^[A-Z][a-z]*$', '^[a-z0-9_-]{3,16}$', 'x')
        .map((pattern) => ({ type: 'string', pattern })),
      fc
        .tuple(
          fc.constantFrom('number', 'integer'),
          fc.integer({ min: -50, max: 50 }),
          fc.nat(40),
          fc.boolean(),
          fc.constantFrom(undefined, 2, 3, 0.5, 0.25),
        )
        .map(([type, lo, span, exclusive, multipleOf]) => {
          const hi = lo + span + (multipleOf ?? 1) * 2 + 1;
          const bounds = exclusive ? { exclusiveMinimum: lo, exclusiveMaximum: hi } : { minimum: lo, maximum: hi };
          return multipleOf === undefined ? { type, ...bounds } : { type, ...bounds, multipleOf };
        }),
      fc.constantFrom({ type: 'boolean' }, { type: 'null' }, { type: ['integer', 'null'] }),
      fc
        .array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 4 })
        .map((values) => ({ enum: values })),
      fc.jsonValue({ maxDepth: 2 }).map((value) => ({ const: value })),
      fc.record({
        type: fc.constant('array'),
        items: tie('schema'),
        minItems: fc.nat(3),
      }),
      fc.tuple(fc.array(tie('schema'), { minLength: 1, maxLength: 3 }), fc.nat(3)).map(([prefixItems, minItems]) => ({
        type: 'array',
        prefixItems,
        minItems: Math.min(minItems, prefixItems.length),
      })),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('schema'), { maxKeys: 4 }).chain((properties) =>
        fc.subarray(Object.keys(properties)).map((required) => ({
          type: 'object',
          properties,
          required,
          additionalProperties: false,
        })),
      ),
      fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      tie('schema').map((schema) => ({ anyOf: [{ type: 'null' }, schema] })),
      tie('schema').map((schema) => ({ allOf: [schema, {}] })),
    ),
  }))
  .schema.chain((schema) =>
    fc.constantFrom(
      schema,
      { $ref: '#/$defs/inner', $defs: { inner: schema } },
      { $ref: '#/definitions/inner', definitions: { inner: schema } },
    ),
  );

describe('placeholderFor: properties', () => {
  it('validates against any satisfiable schema', () => {
    fc.assert(
      fc.property(satisfiable, (schema) => {
        valid(schema);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, whatever it is given', () => {
    const keyword = fc.constantFrom(
      'type',
      'properties',
      'required',
      'items',
      'prefixItems',
      'anyOf',
      'oneOf',
      'allOf',
      '$ref',
      '$defs',
      'enum',
      'const',
      'minItems',
      'minLength',
      'pattern',
      'format',
      'minimum',
      'multipleOf',
      'additionalProperties',
      'patternProperties',
      'minProperties',
      'uniqueItems',
      'contains',
      '__proto__',
    );
    const hostile = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.constantFrom('#', '#/$defs/a', '#/properties/x', '#/$defs', 'string', 'object', 'array', '^(a+)+$'),
        fc.dictionary(fc.oneof(keyword, fc.string({ maxLength: 3 })), tie('node'), { maxKeys: 5 }),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(keyword, hostile, { maxKeys: 6 }), (schema) => {
        const value = bounded(schema);
        expect(() => JSON.stringify(value)).not.toThrow();
      }),
      { numRuns: 1_000 },
    );
  });
});
