#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('atelier is not built yet: run `npm run setup` (or `npm start`) in the checkout first.');
  process.exit(1);
}
// User commands only talk to a service over HTTP: they skip loading the service's own modules, which
// takes a second or more, and a command-line client is run often.
// `presets validate` and `presets import` read preset files by the service's own rules: those load it.
const [command, ...rest] = process.argv.slice(2);
const readsPresetFiles = command === 'presets' && rest.some((word) => word === 'validate' || word === 'import');
const user = await import(new URL('../dist/cli/user-commands.js', import.meta.url).href);
if (user.USER_COMMANDS.has(command ?? '') && !readsPresetFiles)
  process.exitCode = await user.runUserCommand(process.argv.slice(2));
else await import(cli);
