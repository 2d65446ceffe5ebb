import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHost, type RunningService, atelier, startCliHost, startService } from './helpers/processes.js';

let dataDir: string;
let env: Record<string, string>;
let service: RunningService;
/** Runs the commands whose work is tested; the test of wrong use also spawns the real binary, for its exit codes. */
let cli: CliHost;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-cli-'));
  env = { ATELIER_DATA_DIR: dataDir };
  cli = startCliHost();
  // Changes by the command reach the server within its auth cache time: a short one keeps the waits short.
  service = await startService({ ...env, ATELIER_AUTH_CACHE_MS: '200' });
});
afterAll(async () => {
  await Promise.all([service.stop(), cli.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const json = <T>(text: string) => JSON.parse(text) as T;

/** A running server sees changes made by another process within its auth cache time (here 200 ms). */
async function eventuallyStatus(key: string, status: number): Promise<Response> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await account(key);
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const account = (key: string) => fetch(`${service.baseUrl}/api/account`, { headers: { 'x-api-key': key } });

describe('atelier command, on the database of a running server', () => {
  it('creates an account whose key works on the server at once', async () => {
    const created = await cli.run(
      ['accounts', 'create', '--email', 'Ada@Example.test', '--plan', 'pro', '--credits', '42'],
      env,
    );
    expect(created.code).toBe(0);
    const { account_id, api_key } = json<{ account_id: string; api_key: string }>(created.stdout);
    expect(account_id).toMatch(/^[0-9a-f-]{36}$/);
    const res = await account(api_key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      account: { email: 'ada@example.test' },
      plan: { name: 'pro' },
      credits: { balance: 42 },
    });

    const shown = json<{ email: string; credits: number; keys: { prefix: string }[] }>(
      (await cli.run(['accounts', 'show', 'ada@example.test'], env)).stdout,
    );
    expect(shown.credits).toBe(42);
    expect(shown.keys).toHaveLength(1);
    expect(api_key.startsWith(shown.keys[0]?.prefix ?? '?')).toBe(true);
    expect(JSON.stringify(shown)).not.toContain(api_key);
  });

  it('blocks and unblocks an account', async () => {
    const { account_id, api_key } = json<{ account_id: string; api_key: string }>(
      (await cli.run(['accounts', 'create', '--email', 'bob@example.test'], env)).stdout,
    );
    expect((await cli.run(['accounts', 'block', account_id, '--reason', 'abuse'], env)).code).toBe(0);
    const blocked = await eventuallyStatus(api_key, 401);
    expect(blocked.status).toBe(401);
    expect(await blocked.json()).toEqual({ error: 'Account is blocked: abuse' });
    expect((await cli.run(['accounts', 'unblock', account_id], env)).code).toBe(0);
    expect((await eventuallyStatus(api_key, 200)).status).toBe(200);
  });

  it('creates, lists and revokes keys', async () => {
    json((await cli.run(['accounts', 'create', '--email', 'kim@example.test'], env)).stdout);
    const created = json<{ key_id: string; api_key: string }>(
      (await cli.run(['keys', 'create', 'kim@example.test', '--name', 'ci'], env)).stdout,
    );
    expect((await account(created.api_key)).status).toBe(200);
    const listed = json<{ keys: { id: string; name: string }[] }>(
      (await cli.run(['keys', 'list', 'kim@example.test'], env)).stdout,
    );
    expect(listed.keys.map((k) => k.name)).toEqual(['default', 'ci']);
    expect((await cli.run(['keys', 'revoke', 'kim@example.test', created.key_id], env)).code).toBe(0);
    expect((await eventuallyStatus(created.api_key, 401)).status).toBe(401);
  });

  it('explains wrong use with a message and a non-zero exit code', async () => {
    // Two by the real binary, for its exit codes; the rest by the warm one, which gives the same codes.
    const [duplicate, unknown] = await Promise.all([
      atelier(['accounts', 'create', '--email', 'ada@example.test'], env),
      atelier(['accounts', 'explode'], env),
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    const badPlan = await cli.run(['accounts', 'create', '--email', 'x@example.test', '--plan', 'gold'], env);
    expect(badPlan.stderr).toContain('Unknown plan: gold');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    const missing = await cli.run(['accounts', 'show', 'nobody@example.test'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Account not found');
    const badFlag = await cli.run(['accounts', 'create', '--email', 'y@example.test', '--credits', 'lots'], env);
    expect(badFlag.code).toBe(2);
  });

  it('sets a password from standard input, with which the account logs in to the dashboard', async () => {
    json((await cli.run(['accounts', 'create', '--email', 'pat@example.test'], env)).stdout);
    const short = await cli.run(['accounts', 'set-password', 'pat@example.test'], env, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters');
    const set = await cli.run(['accounts', 'set-password', 'pat@example.test'], env, 'a long pass phrase\n');
    expect(set.code).toBe(0);

    const form = await fetch(`${service.baseUrl}/dashboard/login`);
    const browserCookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    const login = await fetch(`${service.baseUrl}/dashboard/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: browserCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, email: 'pat@example.test', password: 'a long pass phrase' }),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('set-cookie')).toMatch(/^atelier_session=/);
  });

  it('exports the database to a file and imports it into an empty one', async () => {
    const file = join(dataDir, 'export.jsonl');
    const exported = await cli.run(['export', file], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(json<{ rows: { accounts: number } }>(exported.stdout).rows.accounts).toBeGreaterThan(0);
    const again = await cli.run(['export', file], env);
    // The handled refusal (an unhandled stream error used to end the process with a stack that said "already exists").
    expect(again.stderr).toContain(`${file} already exists: choose a new file`);
    expect(again.stderr).not.toContain('    at ');

    const other = mkdtempSync(join(tmpdir(), 'atelier-cli-import-'));
    try {
      const imported = await cli.run(['import', file], { ATELIER_DATA_DIR: other });
      expect(imported.code, imported.stderr).toBe(0);
      const before = json<{ accounts: { email: string }[] }>(
        (await cli.run(['accounts', 'list'], env)).stdout,
      ).accounts.map((a) => a.email);
      const after = json<{ accounts: { email: string }[] }>(
        (await cli.run(['accounts', 'list'], { ATELIER_DATA_DIR: other })).stdout,
      ).accounts.map((a) => a.email);
      expect(after).toEqual(before);
      expect((await cli.run(['import', file], { ATELIER_DATA_DIR: other })).stderr).toContain('already has accounts');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
