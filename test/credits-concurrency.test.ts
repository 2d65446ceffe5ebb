import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('credits under concurrency', () => {
  it.each([1, 3])(
    'with credits for N outputs, 2N parallel requests of %i output(s): exactly N succeed, the balance ends at 0',
    async (outputs) => {
      const n = 40;
      const { id, key } = await t.account({ credits: n * outputs });
      const results = await Promise.all(
        Array.from({ length: 2 * n }, () =>
          t.server.inject({
            method: 'POST',
            url: '/api/generate',
            headers: withKey(key),
            payload: { preset: 'blog-post', keywords: 'race', outputs },
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(n);
      expect(statuses.filter((s) => s === 402)).toHaveLength(n);
      const account = await t.app.services.db
        .selectFrom('accounts')
        .select('credits')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(account.credits).toBe(0);
      const stored = await t.app.services.db
        .selectFrom('text_outputs')
        .select('id')
        .where('account_id', '=', id)
        .execute();
      expect(stored).toHaveLength(n * outputs);
    },
  );

  it('the database refuses a negative balance even if a write bypassed the conditional update', async () => {
    const { id } = await t.account({ credits: 1 });
    await expect(
      t.app.services.db.updateTable('accounts').set({ credits: -1 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/check constraint/i);
  });
});
