import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinTextModel } from '../src/engines/adapters/builtin/builtin-text-model.js';
import { LLAMA_CPP_PARAMETERS } from '../src/engines/adapters/llama-cpp/llama-cpp-text-model.js';
import { OpenAICompatibleTextModel } from '../src/engines/adapters/openai-compatible/openai-compatible-text-model.js';
import { TEXT_PARAMETERS, type TextParameterSupport } from '../src/engines/spec/text-model.js';
import { routeTable } from './helpers/route-table.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

/** docs/openai-compatibility.md's parameter table says what the engines declare, parameter by parameter. */
const doc = readFileSync(new URL('../docs/openai-compatibility.md', import.meta.url), 'utf8');

function documentedTable(): Map<string, string[]> {
  const start = doc.indexOf('<!-- parameter table: start -->');
  const end = doc.indexOf('<!-- parameter table: end -->');
  const rows = doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return new Map(
    rows.map((line) => {
      const [name = '', ...cells] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [name.replaceAll('`', ''), cells];
    }),
  );
}

const said = (support: TextParameterSupport, parameter: (typeof TEXT_PARAMETERS)[number]) =>
  support.honoured.includes(parameter) ? 'yes' : support.noEffect.includes(parameter) ? 'no effect' : '400';

describe('docs/openai-compatibility.md', () => {
  it('lists every parameter once, with what each engine declares it does with it', () => {
    const table = documentedTable();
    expect([...table.keys()]).toEqual([...TEXT_PARAMETERS]);
    const engines = [
      new BuiltinTextModel().parameters,
      LLAMA_CPP_PARAMETERS,
      new OpenAICompatibleTextModel({
        baseUrl: 'http://127.0.0.1:1/v1',
        apiKey: undefined,
        modelId: 'm',
        timeoutMs: 1,
        retry: { retries: 0 },
      }).parameters,
    ];
    for (const parameter of TEXT_PARAMETERS)
      expect(table.get(parameter), parameter).toEqual(engines.map((support) => said(support, parameter)));
  });
});

/** The routes the Endpoints table names (`GET /v1/videos/{id}`...), each as the router writes it (`/v1/videos/:param`). */
function documentedRoutes(): string[] {
  const start = doc.indexOf('## Endpoints');
  const rows = doc
    .slice(start, doc.indexOf('\n## ', start + 1))
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .join('\n');
  return [...rows.matchAll(/`(GET|POST|DELETE|PATCH|PUT) (\/v1\/[^`\s]*)`/g)].map(
    ([, method, path = '']) => `${method} ${path.replace(/\{\w+\}/g, ':param')}`,
  );
}

describe("docs/openai-compatibility.md's Endpoints table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('has a row for every route the service answers under /v1, and none for a route it does not', () => {
    const served = routeTable(t.server)
      .filter((route) => route.path.startsWith('/v1/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.path.replace(/:\w+/g, ':param')}`);
    expect([...new Set(documentedRoutes())].sort()).toEqual([...new Set(served)].sort());
  });
});
