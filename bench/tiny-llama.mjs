// The tests' tiny random-weight llama (test/helpers/tiny-llama.ts) for the benches that run node-llama-cpp: the
// tests' model writer, transpiled to plain JavaScript next to the model it writes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { root } from './lib.mjs';

/**
 * Writes the tiny model as `dir/name` and returns its path.
 * @param {string} dir
 * @param {string} name
 */
export async function writeTinyLlama(dir, name) {
  const out = join(dir, 'model-writer');
  // In the same places relative to each other as in the checkout, so the imports between them resolve.
  for (const file of ['test/helpers/gguf-writer.ts', 'test/helpers/tiny-llama.ts', 'src/shared/seeded-random.ts']) {
    const source = readFileSync(join(root, file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file.replace(/\.ts$/, '.js')), outputText);
  }
  writeFileSync(join(out, 'package.json'), '{"type":"module"}');
  const writer = /** @type {typeof import('../test/helpers/tiny-llama.js')} */ (
    await import(pathToFileURL(join(out, 'test/helpers/tiny-llama.js')).href)
  );
  const path = join(dir, name);
  await writer.writeTinyLlama(path);
  return path;
}
