import { describe, expect, it } from 'vitest';
import { storageFaultError } from './errors.js';

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? {} : { cause }), { code });

describe('storageFaultError', () => {
  it('answers 507 for a full database, a full disk and a quota, also as the cause of another error', () => {
    const database = storageFaultError(withCode('database or disk is full', 'SQLITE_FULL'));
    expect(database?.status).toBe(507);
    expect(database?.message).toMatch(/^storage is full: the database .*nothing was stored or charged/);
    expect(storageFaultError(withCode('could not extend file', '53100'))?.message).toMatch(
      /^storage is full: the database .*\(53100\)/,
    );
    expect(storageFaultError(withCode('write failed', 'ENOSPC'))?.code).toBe('storage_full');
    expect(storageFaultError(withCode('quota', 'EDQUOT'))?.message).toContain('(EDQUOT)');
    const wrapped = new Error('could not store the file', { cause: withCode('no space left on device', 'ENOSPC') });
    expect(storageFaultError(wrapped)?.message).toMatch(/^storage is full: the disk .*\(ENOSPC\)/);
  });

  it('answers 503 with Retry-After for a write that waited its whole bound for the write lock', () => {
    const busy = storageFaultError(
      new Error('could not reserve', { cause: withCode('database is locked', 'SQLITE_BUSY') }),
    );
    expect(busy?.status).toBe(503);
    expect(busy?.headers).toEqual({ 'retry-after': '5' });
    expect(busy?.message).toMatch(/^storage is busy: .*nothing was stored or charged, try again in 5 s/);
  });

  it('leaves every other error alone', () => {
    expect(storageFaultError(withCode('denied', 'EACCES'))).toBeUndefined();
    expect(storageFaultError(new Error('boom'))).toBeUndefined();
    expect(storageFaultError('ENOSPC')).toBeUndefined();
  });
});
