#!/usr/bin/env node
// Builds dist/ from src/: each TypeScript file transpiled on its own (TypeScript's transpileModule, the same
// emit as tsc), with its source map. Type checking is `npm run check`'s (tsc over src, test and bench): tsc
// emitting these files checked src a second time, 25 s of CPU in every set-up; transpiling alone takes 5 s.
// `isolatedModules` and `verbatimModuleSyntax` in tsconfig.json guarantee that each file compiles on its own.
// Then the entry points (dist/main.js, dist/cli.js) are bundled with rolldown, see ENTRY_POINTS.
// Usage: node scripts/build-service.mjs [outDir]
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The processes the service runs as (`node dist/main.js`, `atelier ...` through bin/atelier.mjs, the cluster's
 * children) load one bundle each instead of ~340 of our files and ~600 of our dependencies' one by one: Node's
 * module loader spent more time resolving, reading and linking them than running them (start to ready 1.7 -> 1.1 s
 * of CPU, and the tests start ~100 such processes). The bundles are dist/main.js and dist/cli.js (those two files are
 * not transpiled on their own); what they load later (the MCP SDK, the PostgreSQL and S3 clients) are chunks beside them in dist/chunks/. Worker threads
 * still load their scripts file by file from dist/ (src/shared/untrusted/compiled-module-url.ts).
 */
const ENTRY_POINTS = { main: 'src/main.ts', cli: 'src/cli.ts' };

/**
 * What tsc emitted: ES2022 modules, a .js.map beside each file; tests are left out. Written to a folder beside
 * `outDir` and swapped in whole, so a process starting meanwhile (a running test, a bench) never finds half a build,
 * and no file of a removed source lingers.
 */
export async function buildService(outDir = join(root, 'dist')) {
  const next = `${outDir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  try {
    transpileInto(next);
    await bundleEntryPoints(next);
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
  // The entry points are bundled instead (bundleEntryPoints): their transpiled files would only be overwritten.
  const bundled = new Set(Object.values(ENTRY_POINTS).map((path) => join(root, path)));
  for (const source of sourceFiles(srcDir)) {
    if (bundled.has(source)) continue;
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

/**
 * Left to Node to load from node_modules: native addons (better-sqlite3, sharp and its @img binaries, whisper.node,
 * node-llama-cpp), packages that load files of their own by path at run time (pino's transport threads, unpdf's
 * PDF.js, swagger-ui's assets), pg (an optional `require('pg-native')` a bundler cannot leave optional) and the AWS
 * SDK (large, loaded only for S3 storage). And @atelier/client, the workspace's own package: its tsc build runs beside
 * this one (scripts/setup.mjs), so the bundle cannot read it.
 */
const EXTERNAL =
  /^(better-sqlite3|sharp|@img\/|@fugood\/|node-llama-cpp|pino|pg|@aws-sdk\/|unpdf|@fastify\/swagger-ui|@atelier\/client)(\/|$)/;

async function bundleEntryPoints(outDir) {
  const warnings = [];
  const bundle = await rolldown({
    input: ENTRY_POINTS,
    cwd: root,
    platform: 'node',
    tsconfig: join(root, 'tsconfig.json'),
    transform: { target: 'es2022' },
    external: (id) => id.startsWith('node:') || EXTERNAL.test(id),
    onLog: (level, log) => warnings.push(`${level}: ${log.message}`),
  });
  try {
    await bundle.write({
      dir: outDir,
      format: 'esm',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    });
  } finally {
    await bundle.close();
  }
  // A warning is a require the bundle cannot keep or an import it cannot find: the build fails rather than the service.
  if (warnings.length > 0) throw new Error(`could not bundle src/:\n${warnings.join('\n')}`);
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
  await buildService(process.argv[2] ?? join(root, 'dist'));
}
