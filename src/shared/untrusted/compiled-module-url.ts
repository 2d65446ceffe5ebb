import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../package-root.js';

/**
 * The URL of a compiled module for a worker thread to load, by its path under src/ with a .js extension: the file
 * transpiled on its own in dist/, whether the caller runs from that build, from the bundled entry points (whose
 * chunks hold no worker scripts) or from its TypeScript source (the tests), so a build must exist.
 */
export function compiledModuleUrl(pathInSrc: string): URL {
  const built = join(PACKAGE_ROOT, 'dist', pathInSrc);
  if (!existsSync(built))
    throw new Error(`${built} is missing: run \`npm run build\` first (worker threads load the compiled code)`);
  return pathToFileURL(built);
}
