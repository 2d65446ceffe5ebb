#!/usr/bin/env node
// npm test: the set-up, then the tests, with the lint and type checks (`npm run check`) beside them at the lowest
// CPU priority (SCHED_IDLE). The checks are ~45 s of CPU, mostly one core: run before the tests they held the wall for 30 s
// while the second core idled; beside them they take only what the tests leave idle, so a test that measures
// latency under its own load sees no more contention than before. Arguments go to vitest.
// After a whole run (no arguments), the fast files once more in a shuffled order (vitest.config.ts, ATELIER_TEST_SEED):
// a test that leans on another's data or on running after it fails here, with the seed printed to replay the order.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyWhole, userCache } from './user-cache.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The type checks are incremental (`npm run typecheck`): tsc keeps what it found per file, by the file's contents,
 * in node_modules/.cache/tsc. A copy is kept in the user's cache, so a new checkout of nearly the same code checks
 * only what differs (8 s of CPU instead of 32 s for the main project); a file whose contents differ is checked anew.
 */
const TSC_HERE = join(root, 'node_modules', '.cache', 'tsc');
const TSC_KEPT = userCache('tsc');

/** The records in `from` to `to`; `keep` leaves those `to` already has (a checkout's own are newer than the kept). */
function copyBuildInfo(from, to, { keep = false } = {}) {
  if (!existsSync(from)) return;
  try {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from).filter((n) => n.endsWith('.tsbuildinfo'))) {
      if (!(keep && existsSync(join(to, name)))) copyWhole(join(from, name), join(to, name));
    }
  } catch (error) {
    console.warn(`[test] could not copy the type checks' records to ${to}: ${error.message}`);
  }
}

const setup = spawnSync(process.execPath, ['scripts/setup.mjs', '--test'], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) process.exit(setup.status ?? 1);

/** Resolves to the exit code; with `collect`, the output is kept and printed whole when the command ends. */
function start(command, args, collect, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (collect) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
    }
    child.once('error', (error) => {
      console.error(`[test] ${command} did not start: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => {
      if (collect) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

/**
 * The seed of the shuffled run: ATELIER_TEST_SEED to replay one; else drawn from the commit checked out, so that each
 * commit gets an order of its own (a new order dependence shows where it is made) and a run of that commit, on any
 * machine, the same one; outside a git checkout, the time in seconds.
 */
const SEED = process.env.ATELIER_TEST_SEED || commitSeed() || String(Math.floor(Date.now() / 1000));

function commitSeed() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return head.status === 0 && /^[0-9a-f]{8}/.test(head.stdout)
    ? String(Number.parseInt(head.stdout.slice(0, 7), 16))
    : '';
}
const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);
// The suite in its own order: ATELIER_TEST_SEED given to `npm test` is for the shuffled run only.
const { ATELIER_TEST_SEED: _seed, ...unshuffled } = process.env;

copyBuildInfo(TSC_KEPT, TSC_HERE, { keep: true });
const [tests, check] = await Promise.all([
  start(process.execPath, [...VITEST, ...args], false, unshuffled),
  // SCHED_IDLE (chrt, util-linux: on every Debian) and nice 19: the checks get a core only when no test wants it.
  start('chrt', ['--idle', '0', 'nice', '-n', '19', 'npm', 'run', '--silent', 'check'], true),
]);
if (check === 0) copyBuildInfo(TSC_HERE, TSC_KEPT);
console.log(check === 0 ? '[test] lint and type checks passed' : '[test] lint or type checks FAILED (above)');

// Only after a whole run: with arguments (a file, a project) the run is someone's selection, not the suite.
let shuffled = 0;
if (args.length === 0) {
  console.log(
    `[test] the fast files again, shuffled with seed ${SEED} (replay: ATELIER_TEST_SEED=${SEED} npx vitest run)`,
  );
  shuffled = await start(process.execPath, VITEST, false, { ...process.env, ATELIER_TEST_SEED: SEED });
  console.log(
    shuffled === 0
      ? `[test] shuffled run (seed ${SEED}) passed`
      : `[test] shuffled run FAILED with seed ${SEED}: a test depends on the order (replay: ATELIER_TEST_SEED=${SEED} npx vitest run <file>)`,
  );
}
process.exit(tests || check || shuffled);
