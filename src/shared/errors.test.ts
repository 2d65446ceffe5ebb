import { describe, expect, it } from 'vitest';
import { storageFullError } from './errors.js';

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? {} : { cause }), { code });

describe('storageFullError', () => {
  it('answers 507 for a full database, a full disk and a quota, also as the cause of another error', () => {
    const database = storageFullError(withCode('database or disk is full', 'SQLITE_FULL'));
    expect(database?.status).toBe(507);
    expect(database?.message).toMatch(/^storage is full: the database .*nothing was stored or charged/);
    expect(storageFullError(withCode('could not extend file', '53100'))?.message).toMatch(
      /^storage is full: the database .*\(53100\)/,
    );
    expect(storageFullError(withCode('write failed', 'ENOSPC'))?.code).toBe('storage_full');
    expect(storageFullError(withCode('quota', 'EDQUOT'))?.message).toContain('(EDQUOT)');
    const wrapped = new Error('could not store the file', { cause: withCode('no space left on device', 'ENOSPC') });
    expect(storageFullError(wrapped)?.message).toMatch(/^storage is full: the disk .*\(ENOSPC\)/);
  });

  it('leaves every other error alone', () => {
    expect(storageFullError(withCode('busy', 'SQLITE_BUSY'))).toBeUndefined();
    expect(storageFullError(withCode('denied', 'EACCES'))).toBeUndefined();
    expect(storageFullError(new Error('boom'))).toBeUndefined();
    expect(storageFullError('ENOSPC')).toBeUndefined();
  });
});
