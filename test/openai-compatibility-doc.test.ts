import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BuiltinTextModel } from '../src/engines/adapters/builtin/builtin-text-model.js';
import { LLAMA_CPP_PARAMETERS } from '../src/engines/adapters/llama-cpp/llama-cpp-text-model.js';
import { OpenAICompatibleTextModel } from '../src/engines/adapters/openai-compatible/openai-compatible-text-model.js';
import { TEXT_PARAMETERS, type TextParameterSupport } from '../src/engines/spec/text-model.js';
import { openAiSpeechOperations } from '../src/modules/speech/openai-speech.operations.js';
import { openAiTranscriptionOperations } from '../src/modules/transcriptions/openai-transcriptions.operations.js';

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

describe("docs/openai-compatibility.md's endpoint table", () => {
  it('has a row for each audio route under /v1', () => {
    const start = doc.indexOf('## Endpoints');
    const rows = doc
      .slice(start, doc.indexOf('\n## ', start + 1))
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    // The definitions alone (their services are called only when a request runs them).
    const operations = [
      ...Object.values(openAiSpeechOperations({} as never)),
      ...Object.values(openAiTranscriptionOperations({} as never)),
    ];
    const paths = operations.flatMap((operation) => operation.http?.aliases ?? []).filter((p) => p.startsWith('/v1/'));
    expect(paths).toHaveLength(3);
    for (const path of paths)
      expect(
        rows.some((row) => row.includes(`\`${operation(path)}\``)),
        path,
      ).toBe(true);
  });
});

const operation = (path: string) => `POST ${path}`;
