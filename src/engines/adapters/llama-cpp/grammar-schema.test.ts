import { describe, expect, it } from 'vitest';
import { EngineRequestError } from '../../../shared/errors.js';
import { toGrammarSchema } from './grammar-schema.js';
import { warningTexts } from '../../spec/warning-text.js';

const ANY = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
};

describe('toGrammarSchema', () => {
  it('keeps what node-llama-cpp enforces and reads JSON Schema defaults its way', () => {
    const { schema, warnings } = toGrammarSchema({
      title: 'Answer',
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40, description: 'who' },
        when: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        kind: { anyOf: [{ const: 'a' }, { enum: [1, 2, null] }] },
        extra: {},
      },
      required: ['name', 'missing'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40 },
        when: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        kind: { oneOf: [{ const: 'a' }, { enum: [1, 2, null] }] },
        extra: ANY,
        // Required but not described: any value.
        missing: ANY,
      },
      required: ['name', 'missing'],
      additionalProperties: false,
    });
    expect(warnings).toEqual([]);
  });

  it('an object without properties takes any members, `true` and `{}` any value, several types a choice', () => {
    expect(toGrammarSchema({ type: 'object' }).schema).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: true,
    });
    expect(toGrammarSchema({}).schema).toEqual(ANY);
    expect(toGrammarSchema({ type: 'array', items: true }).schema).toEqual({ type: 'array' });
    expect(toGrammarSchema({ type: ['integer', 'null'] }).schema).toEqual({
      oneOf: [{ type: 'integer' }, { type: 'null' }],
    });
  });

  it('resolves $defs and definitions references to $defs', () => {
    const { schema } = toGrammarSchema({
      type: 'object',
      properties: { a: { $ref: '#/definitions/point' }, b: { $ref: '#/$defs/point' } },
      definitions: {
        point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], additionalProperties: false },
      },
    });
    expect(schema).toMatchObject({
      properties: { a: { $ref: '#/$defs/point' }, b: { $ref: '#/$defs/point' } },
      $defs: {
        point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], additionalProperties: false },
      },
    });
  });

  it('names each constraint it cannot enforce once, as a warning', () => {
    const { warnings } = toGrammarSchema({
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 0, maximum: 9 },
        m: { type: 'number', minimum: 1 },
        e: { type: 'string', format: 'email', pattern: '@' },
      },
    });
    expect(warningTexts(warnings)).toEqual([
      'the llama-cpp engine does not enforce "minimum" of the JSON schema',
      'the llama-cpp engine does not enforce "maximum" of the JSON schema',
      'the llama-cpp engine does not enforce "pattern" of the JSON schema',
      'the llama-cpp engine does not enforce "format email" of the JSON schema',
    ]);
  });

  it.each([
    [{ type: 'text' }, 'response_format schema.type: unknown type "text"'],
    [{ type: [] }, 'response_format schema.type: lists no type'],
    [{ type: 'object', properties: { a: false } }, 'response_format schema.properties.a: false matches nothing'],
    [
      { type: 'object', properties: { a: 'string' } },
      'response_format schema.properties.a: a schema must be an object',
    ],
    [{ type: 'object', properties: [] }, 'response_format schema.properties: must be an object'],
    [
      { $ref: '#/$defs/nowhere' },
      'response_format schema.$ref: $ref "#/$defs/nowhere" does not name an entry of $defs',
    ],
    [
      { $ref: 'https://example.com/schema.json' },
      'response_format schema.$ref: $ref "https://example.com/schema.json" does not name an entry of $defs',
    ],
    [{ enum: [] }, 'response_format schema.enum: must list strings, numbers, booleans or null'],
    [{ const: { a: 1 } }, 'response_format schema.const: only a string, number, boolean or null can be enforced'],
    [{ oneOf: [] }, 'response_format schema.oneOf: must be a non-empty list of schemas'],
  ])('refuses %j as a request error', (schema, message) => {
    expect(() => toGrammarSchema(schema)).toThrow(new EngineRequestError(message));
  });
});
