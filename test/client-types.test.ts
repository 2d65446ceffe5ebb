import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImageRequest, Transcription } from '@atelier/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES_COMMAND, CLIENT_TYPES_FILE, clientTypesFromDocument } from '../scripts/client-types.mjs';
import { ROOT } from './helpers/processes.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the client types cannot drift from the service', () => {
  it(`${CLIENT_TYPES_FILE} is what the live /openapi.json gives`, async () => {
    const document = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const expected = await clientTypesFromDocument(document);
    const committed = readFileSync(join(ROOT, CLIENT_TYPES_FILE), 'utf8');
    // Not toBe: a diff of two 5,000-line strings would bury the one line that says what to do.
    if (committed !== expected) {
      expect.fail(
        `${CLIENT_TYPES_FILE} is out of date with the service's routes. Regenerate it with:\n  ${CLIENT_TYPES_COMMAND}\nthen fix whatever no longer compiles.`,
      );
    }
    expect(Object.keys(document.paths)).toContain('/api/get-image');
  });

  it('the named types follow the routes (checked by tsc: each line below must stay an error)', () => {
    // @ts-expect-error: the image body has no field "colour"
    const body: ImageRequest = { prompt: 'x', model: 'FLUX.1', colour: 'red' };
    // @ts-expect-error: a transcription's status is one of pending, processing, completed, failed
    const status: Transcription['status'] = 'ready';
    expect([body.prompt, status]).toEqual(['x', 'ready']);
  });
});
