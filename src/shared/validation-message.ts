import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

type Issue = {
  code?: string;
  path?: (string | number)[];
  message: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  expected?: string;
  keys?: string[];
  values?: unknown[];
};

/** Turns schema validation failures into one short sentence that names the field. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const first = errors[0];
  if (!first) return 'Invalid request';
  // fastify-type-provider-zod 7 gives the zod issue's code as `keyword` and its other fields as `params`.
  const params = (first.params ?? {}) as Partial<Issue> & { issue?: Issue };
  const issue: Issue & { instancePath?: string } = params.issue ?? {
    ...params,
    code: params.code ?? first.keyword,
    message: first.message ?? '',
    instancePath: first.instancePath,
  };
  // A sentence of the hosted reference's own for a missing field ("Missing audio_id."), given by the field's schema.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.message.startsWith('Missing '))
    return issue.message;
  const path = issue.path?.length
    ? issue.path.join('.')
    : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = path || (context === 'body' ? 'body' : (context ?? 'request'));
  return `${where}: ${describe(issue)}`;
}

function describe(issue: Issue): string {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `must have at most ${issue.maximum} items`
          : `must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) === 1
          ? 'must not be empty'
          : `must be at least ${issue.minimum} characters`
        : issue.origin === 'array'
          ? `must have at least ${issue.minimum} items`
          : `must be at least ${issue.minimum}`;
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? 'is required'
        : `must be ${article(issue.expected ?? 'a valid value')}`;
    case 'unrecognized_keys':
      return `unknown field${(issue.keys?.length ?? 0) > 1 ? 's' : ''} ${issue.keys?.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map(String).join(', ')}`;
    case 'invalid_union':
      return 'has an invalid type or value';
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'object') return 'a JSON object';
  if (expected === 'array') return 'an array';
  if (expected === 'int') return 'a whole number';
  return `a ${expected}`;
}
