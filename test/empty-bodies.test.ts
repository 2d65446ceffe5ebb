import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { everyOperation, operationModules } from '../src/operations/catalogue.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** Operations whose input has no fields have no schema of their route; unknown fields must still be refused. */
let t: TestApp;
let adminKey: string;
let emptyBodies: { method: string; url: string }[];

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  adminKey = (await t.account({ admin: true })).key;
  const config = loadConfig({ ATELIER_DATA_DIR: t.dataDir }, `${t.dataDir}/no.env`);
  emptyBodies = everyOperation(operationModules(t.app.services, config)).flatMap((operation) => {
    const http = operation.http;
    const input = operation.input as z.ZodType;
    if (!http || http.ownRoute || http.method === 'GET' || http.method === 'DELETE') return [];
    if (!(input instanceof z.ZodObject) || Object.keys(input.shape).length > 0) return [];
    return [{ method: http.method, url: http.path.replace(/:\w+/g, 'x1') }];
  });
});
afterAll(() => t.close());

const ask = (method: string, url: string, payload?: string) =>
  t.server.inject({
    method: method as 'POST',
    url,
    headers: { ...withKey(adminKey), ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload }),
  });

describe('a body declared empty', () => {
  it('is every POST whose input has no fields, the admin ones among them', () => {
    const urls = emptyBodies.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/admin/models/x1/pull',
        'POST /api/admin/accounts/x1/unblock',
        'POST /api/webhook-secret/rotate',
      ]),
    );
  });

  it('refuses unknown fields, naming them as the other routes do', async () => {
    const other = await ask('POST', '/api/admin/accounts/x1/block', JSON.stringify({ reason: 'r', zz: 1 }));
    expect(other.json()).toEqual({ error: 'body: unknown field "zz"' });
    for (const { method, url } of emptyBodies) {
      const one = await ask(method, url, JSON.stringify({ zz: 1 }));
      expect(one.statusCode, `${method} ${url}`).toBe(400);
      expect(one.json(), `${method} ${url}`).toEqual({ error: 'body: unknown field "zz"' });
      const two = await ask(method, url, JSON.stringify({ force: true, reason: 'x' }));
      expect(two.json(), `${method} ${url}`).toEqual({ error: 'body: unknown fields "force", "reason"' });
      const notAnObject = await ask(method, url, '[1]');
      expect(notAnObject.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('takes no body or an empty object as before', async () => {
    const none = await ask('POST', '/api/admin/models/nope/pull');
    expect(none.json()).toEqual({ error: 'Model not found' });
    const empty = await ask('POST', '/api/admin/models/nope/pull', '{}');
    expect(empty.json()).toEqual({ error: 'Model not found' });
    expect((await ask('POST', '/api/webhook-secret/rotate', '{}')).statusCode).toBe(200);
  });
});

describe('a query of a route without input', () => {
  it('follows its definition, as the routes with fields do: the admin routes refuse unknown parameters', async () => {
    const withFields = await ask('GET', '/api/admin/audit?zz=1');
    expect(withFields.statusCode).toBe(400);
    const withoutFields = await ask('GET', '/api/admin/models?zz=1');
    expect(withoutFields.json()).toEqual(withFields.json());
  });

  it('and the public ones ignore them, as their hosted counterparts do', async () => {
    expect((await ask('GET', '/api/presets?zz=1')).statusCode).toBe(200);
    expect((await ask('GET', '/api/keys?zz=1')).statusCode).toBe(200);
  });
});
