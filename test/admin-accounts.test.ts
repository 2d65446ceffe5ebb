import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Account = {
  id: string;
  email: string;
  plan: string;
  credits: number;
  blocked: boolean;
  last_used_at: string | null;
};
type AuditEntry = { action: string; target_id: string; before: unknown; after: unknown; reason: string | null };

let t: TestApp;
let admin: { id: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.account({ admin: true });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object, key = admin.key) =>
  t.server.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });

const auditOf = async (targetId: string): Promise<AuditEntry[]> =>
  (await api('GET', `/api/admin/audit?target_id=${targetId}`)).json<{ entries: AuditEntry[] }>().entries;

describe('admin accounts: list and detail', () => {
  it('finds accounts by part of the email, any case, and pages them newest first', async () => {
    const tag = `find${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await t.account({ email: `${tag}-${i}@example.test` }));
    const first = (await api('GET', `/api/admin/accounts?search=${tag.toUpperCase()}&limit=2`)).json<{
      accounts: Account[];
      next_cursor: string | null;
    }>();
    expect(first.accounts).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await api('GET', `/api/admin/accounts?search=${tag}&limit=2&cursor=${first.next_cursor}`)).json<{
      accounts: Account[];
      next_cursor: string | null;
    }>();
    expect(second.next_cursor).toBeNull();
    // Newest first; accounts made in the same millisecond come in the order of their ids, the key's second column.
    const paged = [...first.accounts, ...second.accounts];
    const rows = await t.app.services.db
      .selectFrom('accounts')
      .select(['email', 'created_at', 'id'])
      .where('email', 'like', `${tag}-%`)
      .execute();
    rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));
    expect(paged.map((a) => a.email)).toEqual(rows.map((r) => r.email));
    // LIKE's wildcards are taken literally.
    const wild = (await api('GET', '/api/admin/accounts?search=%25_')).json<{ accounts: Account[] }>();
    expect(wild.accounts).toEqual([]);

    expect((await api('GET', '/api/admin/accounts?search=a%00b')).statusCode).toBeLessThan(500);
    for (const bad of ['limit=0', 'limit=201', 'cursor=nonsense', 'other=1', `search=${'a'.repeat(201)}`])
      expect((await api('GET', `/api/admin/accounts?${bad}`)).statusCode, bad).toBe(400);
    expect((await api('GET', '/api/admin/accounts?cursor=nonsense')).json()).toEqual({
      error: 'Invalid cursor: use next_cursor of the previous page',
    });
  });

  it('shows one account: usage this period, the ledger and keys without secrets', async () => {
    const user = await t.account({ credits: 10 });
    await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(user.key),
      payload: { preset: 'blog-post', keywords: 'bees', outputs: 2 },
    });
    const res = await api('GET', `/api/admin/accounts/${user.id}?ledger_limit=1`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.account).toMatchObject({ id: user.id, credits: 8, blocked: false, has_password: false });
    expect(detail.account.last_used_at).toEqual(expect.any(String));
    expect(detail.usage.credits_used_by_kind).toEqual({ text: 2 });
    expect(detail.ledger.entries).toHaveLength(1);
    expect(detail.ledger.next_before).toEqual(expect.any(Number));
    expect(detail.keys).toHaveLength(1);
    expect(Object.keys(detail.keys[0]).sort()).toEqual(
      ['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at'].sort(),
    );
    expect(res.body).not.toContain(user.key);

    const unknown = await api('GET', '/api/admin/accounts/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Account not found' });
  });
});

describe('admin accounts: changes', () => {
  it('creates an account with a password and its key, once per email, and audits it', async () => {
    const email = `made${Date.now()}@Example.test`;
    const res = await api('POST', '/api/admin/accounts', { email, plan: 'pro', credits: 7, password: 'longenough1' });
    expect(res.statusCode).toBe(201);
    const { account_id, api_key } = res.json<{ account_id: string; api_key: string }>();
    const me = await t.server.inject({ url: '/api/account', headers: withKey(api_key) });
    expect(me.json()).toMatchObject({ plan: { name: 'pro' }, credits: { balance: 7 } });
    const loggedIn = await t.app.services.sessions.logIn(email, 'longenough1');
    expect(loggedIn.ok).toBe(true);
    const [entry] = await auditOf(account_id);
    expect(entry).toMatchObject({ action: 'account.create', before: null, after: { email: email.toLowerCase() } });
    expect(JSON.stringify(entry)).not.toContain('longenough1');

    expect((await api('POST', '/api/admin/accounts', { email })).statusCode).toBe(409);
    for (const bad of [
      { email: 'not-an-email' },
      { email: 'x@example.test', plan: 'nope' },
      { email: 'x@example.test', password: 'short' },
      { email: 'x@example.test', credits: -1 },
      { email: 'x@example.test', extra: 1 },
    ])
      expect((await api('POST', '/api/admin/accounts', bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });

  it('blocks an account: its key is refused at once; unblocks it; audits both with before and after', async () => {
    const user = await t.account();
    expect((await t.server.inject({ url: '/api/account', headers: withKey(user.key) })).statusCode).toBe(200);
    const blocked = await api('POST', `/api/admin/accounts/${user.id}/block`, { reason: 'spam' });
    expect(blocked.json()).toMatchObject({ blocked: true, blocked_reason: 'spam' });
    const refused = await t.server.inject({ url: '/api/account', headers: withKey(user.key) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Account is blocked: spam' });

    expect((await api('POST', `/api/admin/accounts/${user.id}/unblock`)).json()).toMatchObject({ blocked: false });
    expect((await t.server.inject({ url: '/api/account', headers: withKey(user.key) })).statusCode).toBe(200);
    const [unblock, block] = await auditOf(user.id);
    expect(block).toMatchObject({
      action: 'account.block',
      before: { blocked: false },
      after: { blocked: true, blocked_reason: 'spam' },
      reason: 'spam',
    });
    expect(unblock).toMatchObject({ action: 'account.unblock', before: { blocked: true }, after: { blocked: false } });

    const self = await api('POST', `/api/admin/accounts/${admin.id}/block`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'You cannot block your own account' });
    const unknown = await api('POST', '/api/admin/accounts/nobody/block', {});
    expect(unknown.statusCode).toBe(404);
    expect((await api('POST', `/api/admin/accounts/${user.id}/block`, { reason: 'x'.repeat(201) })).statusCode).toBe(
      400,
    );
  });

  it('changes the plan at once, refusing an unknown one', async () => {
    const user = await t.account({ plan: 'pro' });
    expect((await t.server.inject({ url: '/api/account', headers: withKey(user.key) })).json().plan.name).toBe('pro');
    const res = await api('POST', `/api/admin/accounts/${user.id}/plan`, { plan: 'free' });
    expect(res.statusCode).toBe(200);
    expect((await t.server.inject({ url: '/api/account', headers: withKey(user.key) })).json().plan.name).toBe('free');
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ action: 'account.plan', before: { plan: 'pro' }, after: { plan: 'free' } });
    const bad = await api('POST', `/api/admin/accounts/${user.id}/plan`, { plan: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Unknown plan: gold/);
  });

  it('adds and removes credits with a reason in the ledger, never below zero', async () => {
    const user = await t.account({ credits: 5 });
    const added = await api('POST', `/api/admin/accounts/${user.id}/credits`, { amount: 10, reason: 'outage refund' });
    expect(added.json()).toMatchObject({ credits: 15 });
    const removed = await api('POST', `/api/admin/accounts/${user.id}/credits`, { amount: -15, reason: 'abuse' });
    expect(removed.json()).toMatchObject({ credits: 0 });
    const tooMuch = await api('POST', `/api/admin/accounts/${user.id}/credits`, { amount: -1, reason: 'more' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ error: 'Cannot remove 1 credits: the balance is 0' });

    const ledger = (await api('GET', `/api/admin/accounts/${user.id}`)).json().ledger.entries;
    expect(ledger.slice(0, 2)).toMatchObject([
      { delta: -15, balance_after: 0, reason: 'adjustment', reference: 'abuse' },
      { delta: 10, balance_after: 15, reason: 'adjustment', reference: 'outage refund' },
    ]);
    const entries = await auditOf(user.id);
    expect(entries.map((e) => e.action)).toEqual(['credits.adjust', 'credits.adjust']);
    expect(entries[0]).toMatchObject({ before: { credits: 15 }, after: { credits: 0 }, reason: 'abuse' });

    for (const bad of [
      { amount: 0, reason: 'x' },
      { amount: 1 },
      { amount: 1, reason: ' ' },
      { amount: 1.5, reason: 'x' },
    ])
      expect((await api('POST', `/api/admin/accounts/${user.id}/credits`, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
  });

  it('sets a password and ends sessions, never its own', async () => {
    const user = await t.account();
    const short = await api('POST', `/api/admin/accounts/${user.id}/password`, { password: 'short' });
    expect(short.json()).toEqual({ error: 'Password must be at least 8 characters' });
    expect(
      (await api('POST', `/api/admin/accounts/${user.id}/password`, { password: 'a-new-password' })).statusCode,
    ).toBe(200);
    const email = (await api('GET', `/api/admin/accounts/${user.id}`)).json().account.email;
    const session = await t.app.services.sessions.logIn(email, 'a-new-password');
    if (!session.ok) throw session.error;
    expect(await t.app.services.sessions.resolve(session.value.token)).toBeDefined();

    const ended = await api('POST', `/api/admin/accounts/${user.id}/sessions/end`);
    expect(ended.statusCode).toBe(200);
    expect(await t.app.services.sessions.resolve(session.value.token)).toBeUndefined();
    const [end, password] = await auditOf(user.id);
    expect(end).toMatchObject({ action: 'account.sessions_end', before: { sessions: 1 }, after: { sessions: 0 } });
    expect(password).toMatchObject({ action: 'account.password', before: { has_password: false } });
    expect(JSON.stringify(password)).not.toContain('a-new-password');

    expect((await api('POST', `/api/admin/accounts/${admin.id}/sessions/end`)).json()).toEqual({
      error: 'You cannot end your own sessions here: log out instead',
    });
    expect((await api('POST', `/api/admin/accounts/${admin.id}/password`, { password: 'whatever-1' })).statusCode).toBe(
      400,
    );
  });

  it('is refused to an account that is not an admin', async () => {
    const user = await t.account();
    const res = await api('POST', `/api/admin/accounts/${user.id}/credits`, { amount: 5, reason: 'me' }, user.key);
    expect(res.statusCode).toBe(404);
  });
});
