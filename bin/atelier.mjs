#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('atelier is not built yet: run `npm run setup` (or `npm start`) in the checkout first.');
  process.exit(1);
}
await import(cli);
