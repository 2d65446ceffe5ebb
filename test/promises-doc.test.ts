import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/modules/presets/catalogue/index.js';
import { ROOT } from './helpers/processes.js';

/**
 * docs/promises.md names, for each promise of the README and the pages it links, the test files that prove it.
 * This keeps the table honest: a row without a test, a file renamed or emptied of its tests, fails here.
 */
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface PromiseRow {
  promise: string;
  promisedIn: string[];
  tests: string[];
}

/** The table's rows (after its header and separator): the promise, the pages it links, the test files it names. */
function promiseRows(markdown: string): PromiseRow[] {
  const table = markdown.split('\n').filter((line) => line.startsWith('|'));
  return table.slice(2).map((line) => {
    const [promise = '', promisedIn = '', tests = ''] = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(' | ')
      .map((cell) => cell.trim());
    return {
      promise,
      promisedIn: [...promisedIn.matchAll(/\]\(([^)#]+)/g)].map((m) => join('docs', m[1] ?? '')),
      tests: [...tests.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
    };
  });
}

/** Why a file named as a test proves nothing, or undefined when it is a test file with at least one test. */
function notATest(path: string): string | undefined {
  if (!/^(src|test)\/.+\.test\.ts$/.test(path)) return 'is not a test file (src/ or test/, *.test.ts)';
  if (!existsSync(join(ROOT, path))) return 'does not exist';
  if (!hasATest(read(path))) return 'has no test';
  return undefined;
}

/** A test that runs: it( or test(, also .each and .for; it.skip and it.todo do not count. */
const hasATest = (source: string) => /\b(?:it|test)(?:\.(?:each|for|concurrent|sequential)\b[^\n]*)?\(/.test(source);

const rows = promiseRows(read('docs/promises.md'));

describe('docs/promises.md: each promise names the tests that prove it', () => {
  it('has a row per promise, each promised in a page that exists', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect(row.promise, JSON.stringify(row)).not.toBe('');
      expect(row.promisedIn.length, row.promise).toBeGreaterThan(0);
      for (const page of row.promisedIn) expect(existsSync(join(ROOT, page)), `${row.promise}: ${page}`).toBe(true);
    }
  });

  it('names at least one test file per promise, and every file named exists and has tests', () => {
    for (const row of rows) {
      expect(row.tests.length, `${row.promise}: names no test file`).toBeGreaterThan(0);
      for (const path of row.tests) expect(notATest(path), `${row.promise}: ${path}`).toBeUndefined();
    }
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('(docs/promises.md)');
  });

  it('fails a row without a test, a file that does not exist and a file without a test', () => {
    const [bare, missing, empty] = promiseRows(
      [
        '| Promise | Promised in | Proven by |',
        '| --- | --- | --- |',
        '| Nothing proves this | [README](../README.md) | |',
        '| A renamed file | [README](../README.md) | `test/no-such-file.test.ts` |',
        '| A helper, not a test | [README](../README.md) | `test/helpers/test-app.ts` |',
      ].join('\n'),
    );
    expect(bare?.tests).toEqual([]);
    expect(notATest(missing?.tests[0] ?? '')).toBe('does not exist');
    expect(notATest(empty?.tests[0] ?? '')).toBe('is not a test file (src/ or test/, *.test.ts)');
    expect(hasATest("describe('a suite', () => {\n  it.skip('skipped', () => {});\n  it.todo('later');\n});")).toBe(
      false,
    );
    expect(hasATest("it('runs', () => {});")).toBe(true);
    expect(hasATest("it.each([1, 2])('runs %d', () => {});")).toBe(true);
    expect(hasATest("test('runs', () => {});")).toBe(true);
  });
});

describe("the README's figures", () => {
  it('says how many presets the catalogue has', () => {
    const said = /\((\d+)\s+presets\)/.exec(read('README.md'))?.[1];
    expect(Number(said)).toBe(PRESETS.length);
  });
});
