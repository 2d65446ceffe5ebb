import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `src/` has no import cycle (docs/architecture.md): a cycle makes a module's exports undefined while the other one is
 * still loading, and ties front doors and modules together so that none can change alone. Every relative
 * import counts: static, `export ... from`, dynamic `import('...')`, and type-only ones too (as madge counts them).
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The .ts file a relative specifier names (`./x.js` is `./x.ts`), or undefined when it is not a source file. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = /\.[cm]?js$/.test(base)
    ? [base.replace(/\.([cm]?)js$/, '.$1ts')]
    : [base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
}

/** Each file of src/ (relative, with /) to the files of src/ it imports. */
function importGraph(root: string): Graph {
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const graph: Graph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map(name);
    graph.set(name(file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with a cycle in them (Tarjan), each sorted. */
function cyclicComponents(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One cycle through a component's first file, as `a.ts > b.ts > a.ts`: the shortest way back (breadth first). */
function describeCycle(graph: Graph, component: string[]): string {
  const members = new Set(component);
  const start = component[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i] ?? '';
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? '') ?? start);
        return [...path, start].join(' > ');
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return component.join(' <> ');
}

/** The front doors: none imports another's files, but for where the HTTP server mounts the other two. */
const FRONT_DOORS = ['http/', 'mcp/', 'dashboard/'];
const MOUNTS: [from: string, to: string][] = [
  ['http/server.ts', 'dashboard/dashboard.ts'],
  ['http/routes/mcp.ts', 'mcp/'],
];

/**
 * The layers (docs/architecture.md, section 2), from the ground floor up: what a non-test file of each folder may
 * import. A lower floor never imports a higher one, so that it can be read, tested and changed without them. The
 * first entry whose folder holds a file applies; folders not listed (the front doors, the root files) are held by
 * the other rules.
 */
const LAYERS: { folder: string; mayImport: string[] }[] = [
  { folder: 'shared/', mayImport: ['shared/', 'package-root.ts'] },
  { folder: 'storage/', mayImport: ['storage/', 'shared/', 'package-root.ts'] },
  { folder: 'engines/spec/', mayImport: ['engines/spec/', 'shared/'] },
  {
    folder: 'engines/',
    mayImport: ['engines/', 'shared/', 'storage/temp-dir.ts', 'config-fields.ts', 'config.ts', 'package-root.ts'],
  },
  { folder: 'jobs/', mayImport: ['jobs/', 'storage/', 'shared/'] },
  { folder: 'cli/', mayImport: ['cli/'] },
  {
    folder: 'modules/',
    mayImport: [
      'modules/',
      'engines/',
      'jobs/',
      'operations/operation.ts',
      'readiness/',
      'storage/',
      'shared/',
      'models/',
      'cluster/peers.ts',
      'config.ts',
      'config-fields.ts',
      'package-root.ts',
    ],
  },
];

describe('import cycles', () => {
  it('finds the cycles of a graph, through type-only and dynamic imports as well', () => {
    const graph: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', []],
      ['f.ts', ['f.ts']],
    ]);
    const components = cyclicComponents(graph);
    expect(components).toEqual([['a.ts', 'b.ts', 'c.ts'], ['f.ts']]);
    expect(describeCycle(graph, ['a.ts', 'b.ts', 'c.ts'])).toBe('a.ts > b.ts > c.ts > a.ts');
    expect(describeCycle(graph, ['f.ts'])).toBe('f.ts > f.ts');

    const imports = ts.preProcessFile(
      "import type { A } from './a.js';\nexport * from './b.js';\nconst c = await import('./c.js');\nimport { d } from 'zod';",
      true,
      true,
    );
    expect(imports.importedFiles.map((imported) => imported.fileName)).toEqual(['./a.js', './b.js', './c.js', 'zod']);
  });

  it('src/ has none', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('app.ts')).toContain('http/server.ts');
    const cycles = cyclicComponents(graph).map(
      (component) => `${describeCycle(graph, component)}  (all of: ${component.join(', ')})`,
    );
    expect(cycles, `import cycles in src/:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('no front door (HTTP, MCP, dashboard) imports another, but where the HTTP server mounts MCP and the dashboard', () => {
    const doorOf = (file: string) => FRONT_DOORS.find((door) => file.startsWith(door));
    const crossings = [...importGraph(SRC)].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) => doorOf(file) !== undefined && doorOf(target) !== undefined && doorOf(file) !== doorOf(target),
        )
        .filter((target) => !MOUNTS.some(([from, to]) => file === from && target.startsWith(to)))
        .map((target) => `${file} > ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('no layer imports a higher one', () => {
    const layerOf = (file: string) => LAYERS.find((layer) => file.startsWith(layer.folder));
    const upward = [...importGraph(SRC)]
      .filter(([file]) => !file.endsWith('.test.ts'))
      .flatMap(([file, targets]) => {
        const layer = layerOf(file);
        if (!layer) return [];
        return targets
          .filter((target) => !layer.mayImport.some((allowed) => target.startsWith(allowed)))
          .map((target) => `${file} > ${target}`);
      });
    expect(upward, `imports against the layers of docs/architecture.md:\n${upward.join('\n')}`).toEqual([]);
  });
});
