import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The URL of a compiled module beside the caller (`import.meta.url`), for a worker thread to load.
 * Node runs JavaScript only: when the caller runs from its TypeScript source (the tests), the file is
 * taken from the build (dist/) at the same place instead, so a build must exist (`npm run build`).
 */
export function compiledModuleUrl(callerUrl: string, relative: string): URL {
  const beside = new URL(relative, callerUrl);
  if (!callerUrl.endsWith('.ts')) return beside;
  const source = fileURLToPath(beside);
  const at = source.lastIndexOf('/src/');
  const built = at < 0 ? source : `${source.slice(0, at)}/dist/${source.slice(at + '/src/'.length)}`;
  if (!existsSync(built))
    throw new Error(`${built} is missing: run \`npm run build\` first (worker threads load the compiled code)`);
  return pathToFileURL(built);
}
