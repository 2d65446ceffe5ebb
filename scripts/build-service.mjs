#!/usr/bin/env node
// Builds dist/ from src/: each TypeScript file transpiled on its own (TypeScript's transpileModule, the same
// emit as tsc), with its source map. Type checking is `npm run check`'s (tsc over src, test and bench): tsc
// emitting these files checked src a second time, 25 s of CPU in every set-up; transpiling alone takes 5 s.
// `isolatedModules` and `verbatimModuleSyntax` in tsconfig.json guarantee that each file compiles on its own.
// Usage: node scripts/build-service.mjs [outDir]
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What tsc emitted: ES2022 modules, a .js.map beside each file; tests are left out. Written to a folder beside
 * `outDir` and swapped in whole, so a process starting meanwhile (a running test, a bench) never finds half a build,
 * and no file of a removed source lingers.
 */
export function buildService(outDir = join(root, 'dist')) {
  const next = `${outDir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  try {
    transpileInto(next);
    // What is not the build's own (the set-up's stamp) stays.
    if (existsSync(outDir)) {
      for (const entry of readdirSync(outDir).filter((name) => name.startsWith('.'))) {
        renameSync(join(outDir, entry), join(next, entry));
      }
    }
    const old = `${outDir}.old-${process.pid}`;
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(next, outDir);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

function transpileInto(outDir) {
  const srcDir = join(root, 'src');
  // A lone file has no package.json to say it is ESM, as `NodeNext` would read: ES modules are said outright.
  const compilerOptions = {
    ...readCompilerOptions(),
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    sourceMap: true,
    noEmit: false,
  };
  const failures = [];
  for (const source of sourceFiles(srcDir)) {
    const target = join(outDir, relative(srcDir, source).replace(/\.ts$/, '.js'));
    const result = ts.transpileModule(readFileSync(source, 'utf8'), {
      compilerOptions,
      fileName: source,
      reportDiagnostics: true,
    });
    for (const diagnostic of result.diagnostics ?? []) {
      failures.push(`${relative(root, source)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
    const map = { ...JSON.parse(result.sourceMapText), sources: [relative(dirname(target), source)] };
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, result.outputText);
    writeFileSync(`${target}.map`, JSON.stringify(map));
  }
  if (failures.length > 0) throw new Error(`could not build src/:\n${failures.join('\n')}`);
}

function readCompilerOptions() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic(diagnostic) {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  return parsed.options;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildService(process.argv[2] ?? join(root, 'dist'));
}
