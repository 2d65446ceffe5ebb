import { z } from 'zod';
import { AppError, type Outcome, fail, ok } from '../shared/errors.js';
import { validationMessage } from '../shared/validation-message.js';
import { JsonText, type Operation, type OperationContext } from './operation.js';

const NO_PARAMS = z.object({});

/**
 * An operation called from inside the service as a client of it (the dashboard's plain HTML forms): the
 * definition's schemas parse the fields as they do over HTTP and MCP, the same service call runs, and an
 * expected failure comes back as an outcome with the message the API gives for it.
 */
export async function runOperation<I extends z.ZodType, O extends z.ZodType, P extends z.ZodObject>(
  operation: Operation<I, O, P>,
  fields: { params?: z.input<P>; input?: z.input<I> },
  context: OperationContext,
): Promise<Outcome<z.input<O>>> {
  const params = (operation.params ?? NO_PARAMS).safeParse(fields.params ?? {});
  if (!params.success) return invalid(params.error);
  const input = operation.input.safeParse(fields.input ?? {});
  if (!input.success) return invalid(input.error);
  // The definition's own schemas parsed both halves: together they are the input its service call takes.
  const parsed = { ...params.data, ...(input.data as object) } as z.output<I> & z.output<P>;
  try {
    const answer = await operation.run(parsed, context);
    const value: z.input<O> = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
    return ok(value);
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}

function invalid<T>(error: z.ZodError): Outcome<T> {
  const [issue] = error.issues;
  const message = validationMessage(
    issue ? [{ keyword: issue.code, instancePath: '', schemaPath: '', params: { issue }, message: issue.message }] : [],
    'body',
  );
  return fail('invalid_input', message);
}
