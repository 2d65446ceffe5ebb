#!/usr/bin/env node
// Writes packages/client/src/generated/openapi.ts from the OpenAPI document of the built service (dist/):
// the app is built in this process on a throwaway data folder with the default configuration (no .env,
// no environment), so the document does not depend on the machine. Build first; rebuild the client after.
// Usage: npm run client:types (builds, writes, rebuilds)
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_TYPES_FILE, clientTypesFromDocument } from './client-types.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist', 'app.js'))) {
  console.error('The service is not built: run `npm run build` first.');
  process.exit(1);
}
const { buildApp } = await import(join(root, 'dist', 'app.js'));
const { loadConfig } = await import(join(root, 'dist', 'config.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-openapi-'));
try {
  const app = await buildApp(loadConfig({ ATELIER_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, join(dataDir, 'no.env')));
  let document;
  try {
    const response = await app.server.inject({ method: 'GET', url: '/openapi.json' });
    document = JSON.parse(response.body);
  } finally {
    await app.close();
  }
  const target = join(root, CLIENT_TYPES_FILE);
  const text = await clientTypesFromDocument(document);
  const before = existsSync(target) ? readFileSync(target, 'utf8') : '';
  writeFileSync(target, text);
  console.log(
    before === text
      ? `${CLIENT_TYPES_FILE} is up to date`
      : `wrote ${CLIENT_TYPES_FILE}: rebuild the client (npm run build)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
