import { expect } from 'vitest';
import { UpstreamError } from '../../src/shared/errors.js';

/** Awaits a call that must fail with an UpstreamError, and returns the error for closer checks. */
export async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected the call to fail');
}
