import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
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

  it('the named types follow the routes: the compiler refuses a wrong field and a wrong status, and takes the right ones', () => {
    // The snippet's lines are the test: the TypeScript compiler checks them here against the client's own types, so
    // that this test fails by itself (not only \`npm run typecheck\`) when a named type stops following its route.
    const snippet = [
      "import type { ImageRequest, Transcription } from '@atelier/client';",
      "export const body: ImageRequest = { prompt: 'x', model: 'FLUX.1', colour: 'red' };",
      "export const status: Transcription['status'] = 'ready';",
      "export const good: ImageRequest = { prompt: 'x', model: 'FLUX.1' };",
      "export const done: Transcription['status'][] = ['pending', 'processing', 'completed', 'failed'];",
    ].join('\n');
    expect(typeErrors(snippet)).toEqual([
      { line: 2, code: 2353, text: expect.stringContaining("'colour' does not exist in type") },
      { line: 3, code: 2322, text: expect.stringContaining('Type \'"ready"\' is not assignable') },
    ]);
  });
});

/**
 * The compiler's errors for a module that sits in test/ (so that '@atelier/client' resolves as the tests' own imports
 * do), with the project's compiler options; the standard library is read unchecked, as skipLibCheck does.
 */
function typeErrors(source: string): { line: number; code: number; text: string }[] {
  const file = join(ROOT, 'test', 'client-types-snippet.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const options = { ...config.options, noEmit: true, types: [], incremental: false };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    line:
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
        : 0,
    code: diagnostic.code,
    text: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}
