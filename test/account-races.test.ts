import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('accounts created at the same moment', () => {
  it('makes one admin when processes start together on an empty database; the others go on without one', async () => {
    // A database of its own: empty, whatever the other test here made before it.
    const empty = await startTestApp();
    try {
      const made = await Promise.all([1, 2, 3].map(() => empty.app.services.accounts.ensureAdmin()));
      expect(made.filter(Boolean)).toHaveLength(1);
      expect(await empty.app.services.accounts.list()).toHaveLength(1);
    } finally {
      await empty.close();
    }
  });

  it('answers a second sign-up of the same email with 409, not a database error', async () => {
    const email = 'twice@example.test';
    const outcomes = await Promise.all([1, 2, 3].map(() => t.app.services.accounts.create({ email })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const refused of outcomes.filter((o) => !o.ok))
      expect(refused).toMatchObject({
        ok: false,
        error: { status: 409, message: `An account with email ${email} already exists` },
      });
  });
});
