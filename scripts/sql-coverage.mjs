#!/usr/bin/env node
// Which SQL statements one run of the PostgreSQL tests reached and another did not: so that leaving a file out
// of the PostgreSQL project can be shown to lose no query. Each log comes from a run with
// ATELIER_TEST_SQL_LOG=<file> (the throwaway cluster then logs every statement and keeps its log there):
//   ATELIER_TEST_SQL_LOG=/tmp/all.log npx vitest run --project postgres   (every file, say)
//   node scripts/sql-coverage.mjs /tmp/all.log /tmp/fewer.log
// Statements differing only in their values, in the length of an IN list, in the number of rows inserted at once or in generated names count as one.
import { readFileSync } from 'node:fs';

function statements(file) {
  const found = new Set();
  let current;
  const flush = () => {
    if (current !== undefined) found.add(normalise(current));
    current = undefined;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const start = /\bLOG:\s+(?:statement|execute [^:]*):\s(.*)$/.exec(line);
    if (start) {
      flush();
      current = start[1];
    } else if (current !== undefined && line.startsWith('\t')) {
      current += ` ${line.trim()}`;
    } else {
      flush();
    }
  }
  flush();
  return found;
}

function normalise(statement) {
  return statement
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/"atelier_[a-z0-9_]+"|\batelier_[a-z0-9_]+\b/g, 'atelier_?')
    .replace(/\$\d+(?:\s*,\s*\$\d+)*/g, '$?')
    .replace(/\(\$\?\)(?:, \(\$\?\))+/g, '($?)')
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
}

const [allFile, fewerFile] = process.argv.slice(2);
if (!allFile || !fewerFile) {
  console.error('usage: node scripts/sql-coverage.mjs <log of the fuller run> <log of the other run>');
  process.exit(2);
}
const all = statements(allFile);
const fewer = statements(fewerFile);
const lost = [...all].filter((s) => !fewer.has(s)).sort();
console.log(
  `${all.size} distinct statements in ${allFile}, ${fewer.size} in ${fewerFile}; ${lost.length} only in the first`,
);
for (const s of lost) console.log(`  ${s.slice(0, 300)}`);
process.exit(lost.length > 0 ? 1 : 0);
