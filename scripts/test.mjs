#!/usr/bin/env node
// npm test: the set-up, then the tests, with the lint and type checks (`npm run check`) beside them at the lowest
// CPU priority (SCHED_IDLE). The checks are ~45 s of CPU, mostly one core: run before the tests they held the wall for 30 s
// while the second core idled; beside them they take only what the tests leave idle, so a test that measures
// latency under its own load sees no more contention than before. Arguments go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const setup = spawnSync(process.execPath, ['scripts/setup.mjs', '--test'], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) process.exit(setup.status ?? 1);

/** Resolves to the exit code; with `collect`, the output is kept and printed whole when the command ends. */
function start(command, args, collect) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

const [tests, check] = await Promise.all([
  start(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], false),
  // SCHED_IDLE (chrt, util-linux: on every Debian) and nice 19: the checks get a core only when no test wants it.
  start('chrt', ['--idle', '0', 'nice', '-n', '19', 'npm', 'run', '--silent', 'check'], true),
]);
console.log(check === 0 ? '[test] lint and type checks passed' : '[test] lint or type checks FAILED (above)');
process.exit(tests || check);
