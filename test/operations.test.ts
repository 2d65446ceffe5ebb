import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { compileSerializer } from '../src/http/serializer.js';
import { type OperationModules, everyOperation, operationModules } from '../src/operations/catalogue.js';
import type { AnyOperation } from '../src/operations/operation.js';
import { runOperation } from '../src/operations/run-operation.js';
import { unwrap } from '../src/shared/errors.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

/** Documented routes that are not operations of the API: liveness and readiness (/metrics, /mcp and files are left out of the document). */
const TRANSPORT_ROUTES = ['GET /health', 'GET /ready'];

let t: TestApp;
let modules: OperationModules;
let operations: readonly AnyOperation[];
let documented: { route: string; operationId?: string }[];

beforeAll(async () => {
  t = await startTestApp();
  modules = operationModules(
    t.app.services,
    loadConfig({ ATELIER_DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, join(t.dataDir, 'no.env')),
  );
  operations = everyOperation(modules);
  const res = await t.server.inject({ method: 'GET', url: '/openapi.json' });
  const paths = res.json().paths as Record<string, Record<string, { operationId?: string }>>;
  documented = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, entry]) => ({
      route: `${method.toUpperCase()} ${path}`,
      ...(entry.operationId && { operationId: entry.operationId }),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const fastifyPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('one definition per operation', () => {
  it('names each operation once, and each reaches clients through HTTP, MCP or both', () => {
    const names = operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const operation of operations) expect(operation.http ?? operation.tool, operation.name).toBeDefined();
    const ids = operations.flatMap((operation) =>
      operation.http ? [operation.http.operationId ?? operation.name] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves every HTTP binding, those registered by a route file of their own included', () => {
    for (const operation of operations) {
      const http = operation.http;
      if (!http) continue;
      for (const url of [http.path, ...(http.aliases ?? [])])
        expect(t.server.hasRoute({ method: http.method, url }), `${operation.name}: ${http.method} ${url}`).toBe(true);
    }
  });

  it('documents every operation under its operationId, and no route of the API outside the catalogue', () => {
    const byId = new Map(documented.flatMap((entry) => (entry.operationId ? [[entry.operationId, entry.route]] : [])));
    for (const operation of operations) {
      const http = operation.http;
      if (!http || http.hidden) continue;
      const id = http.operationId ?? operation.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect(byId.get(id), operation.name).toBe(`${http.method} ${fastifyPath(http.path)}`);
    }
    // The dashboard's pages are HTML for browsers (the client leaves them out too).
    const handWritten = documented
      .filter((entry) => !entry.operationId && !entry.route.includes(' /dashboard'))
      .map((entry) => entry.route);
    expect(handWritten.sort()).toEqual([...TRANSPORT_ROUTES].sort());
  });

  it('compiles the response serializer of every operation (routes compile theirs on first use, not at start)', () => {
    for (const operation of operations)
      expect(compileSerializer(operation.output), operation.name).toBeTypeOf('function');
  });

  it("keeps the hosted reference's operationIds", () => {
    const ids = new Set(documented.map((entry) => entry.operationId));
    for (const id of [
      'generateText',
      'listPresets',
      'getPreset',
      'generateImage',
      'createTranscription',
      'getTranscriptionResult',
      'generateAudioContent',
      'generateVideo',
      'getVideo',
      'getTTSConfig',
      'getTTSVoices',
      'generateTTS',
      'chatCompletions',
      'chatWithBot',
    ])
      expect(ids.has(id), id).toBe(true);
  });
});

describe('an operation run from inside the service (the dashboard forms)', () => {
  it('parses with the definition, answers its errors as outcomes, and runs the same service call', async () => {
    const { id: accountId } = await t.account();
    const account = unwrap(await t.app.services.accounts.find(accountId));
    const caller = await t.app.services.accounts.callerFor(account, 'test');
    const context = { caller, callerIfAny: caller, requestId: 'test' };
    const create = modules.accounts.createKey;
    const tooLong = await runOperation(create, { input: { name: 'k'.repeat(101) } }, context);
    expect(tooLong).toMatchObject({
      ok: false,
      error: { status: 400, message: 'name: must be at most 100 characters' },
    });
    const made = await runOperation(create, { input: { name: 'from a form' } }, context);
    expect(made).toMatchObject({ ok: true, value: { name: 'from a form', api_key: expect.stringMatching(/^atl_/) } });
    const revoke = modules.accounts.revokeKey;
    const missing = await runOperation(revoke, { params: { id: 'no-such-key' } }, context);
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    const keyId = made.ok ? (made.value as { key_id: string }).key_id : '';
    expect(await runOperation(revoke, { params: { id: keyId } }, context)).toEqual({
      ok: true,
      value: { id: keyId, revoked: true },
    });
  });
});
