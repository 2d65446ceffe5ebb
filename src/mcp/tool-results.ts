import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, type Outcome } from '../shared/errors.js';

/** A result as text an agent reads (pretty JSON), plus the same as structured content. */
export function jsonResult(value: unknown, extra: CallToolResult['content'] = []): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...extra],
    ...(value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) && { structuredContent: value as Record<string, unknown> }),
  };
}

/** An expected failure (bad input, no credits, not ready, not found): a tool result, with the HTTP API's message. */
export const errorResult = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

export function outcomeResult<T>(
  outcome: Outcome<T>,
  present: (value: T) => CallToolResult = (value) => jsonResult(value),
): CallToolResult {
  return outcome.ok ? present(outcome.value) : errorResult(outcome.error.message);
}

/**
 * Runs a tool body so that every failure is a tool result: denials keep their message, anything
 * unexpected is reported without internals (and logged).
 */
export async function guarded(
  run: () => Promise<CallToolResult>,
  log: (error: unknown) => void,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return errorResult(error.message);
    log(error);
    return errorResult('Internal server error');
  }
}
