#!/usr/bin/env node
// Installs whatever is missing (Debian programs, npm packages), builds, and is quick when all is there.
// Plain Node with no dependencies: it runs before node_modules exists. Usage: node scripts/setup.mjs [--test]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const forTests = process.argv.includes('--test');

/** Debian packages, each with a command or file that shows it is there. The service speaks with espeak-ng
 *  and flite, encodes MP3 with lame, decodes and renders video with ffmpeg, transcribes with pocketsphinx,
 *  and draws captions on pictures and videos with the DejaVu fonts. */
const SERVICE_PACKAGES = {
  'espeak-ng': 'espeak-ng',
  flite: 'flite',
  lame: 'lame',
  ffmpeg: 'ffmpeg',
  pocketsphinx_continuous: 'pocketsphinx',
  '/usr/share/pocketsphinx/model/en-us': 'pocketsphinx-en-us',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf': 'fonts-dejavu-core',
};
/** Only the tests need these: Chromium drives the dashboard's browser tests; the suite runs a second time on
 *  a throwaway PostgreSQL 15 cluster (initdb and pg_ctl from Debian's postgresql package). */
const TEST_PACKAGES = { '/usr/bin/chromium': 'chromium', '/usr/lib/postgresql/15/bin/initdb': 'postgresql' };

function main() {
  checkNode();
  const release = acquireLock();
  try {
    prepare();
  } finally {
    release();
  }
}

function prepare() {
  ensureDebianPackages(forTests ? { ...SERVICE_PACKAGES, ...TEST_PACKAGES } : SERVICE_PACKAGES);
  ensureNpmPackages();
  ensureBuild();
  ensureBinLink();
  if (forTests) log('ready to test');
}

/** Two set-ups at once (a test run and a bench, say) would install over each other: the second waits. */
function acquireLock() {
  const lock = join(root, '.setup.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(readFileSafe(join(lock, 'pid')));
      if (holder && !isAlive(holder)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another set-up holds ${lock}; remove it if none is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

function readFileSafe(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function log(message) {
  console.log(`[setup] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) {
    console.error(`[setup] Node.js 20.12 or newer is needed; this is ${process.version}.`);
    process.exit(1);
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function isPresent(commandOrPath) {
  return commandOrPath.startsWith('/') ? existsSync(commandOrPath) : onPath(commandOrPath);
}

function ensureDebianPackages(packages) {
  const missing = [
    ...new Set(
      Object.entries(packages)
        .filter(([check]) => !isPresent(check))
        .map(([, pkg]) => pkg),
    ),
  ];
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.warn(
      `[setup] missing Debian packages: ${missing.join(' ')}. Install them (as root: apt-get install -y ${missing.join(' ')}).`,
    );
    return;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

function ensureNpmPackages() {
  const lock = join(root, 'package-lock.json');
  const stampFile = join(root, 'node_modules', '.atelier-install-stamp');
  const stamp = createHash('sha256')
    .update(readFileSync(join(root, 'package.json')))
    .update(existsSync(lock) ? readFileSync(lock) : '')
    .update(process.version)
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('installing npm packages');
  // Dev dependencies are needed either way: the TypeScript compiler builds the service.
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--include=dev', '--no-audit', '--no-fund'], {
    env: { ...process.env, NODE_ENV: 'development' },
  });
  writeFileSync(stampFile, stamp);
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The client package first: the service's command line imports it. */
function ensureBuild() {
  const common = ['tsconfig.json', 'package-lock.json'];
  buildIfChanged(
    'packages/client',
    ['packages/client/src', 'packages/client/tsconfig.json', ...common],
    'packages/client/tsconfig.json',
  );
  buildIfChanged('.', ['src', 'tsconfig.build.json', ...common], 'tsconfig.build.json');
}

function buildIfChanged(folder, inputs, project) {
  const stampFile = join(root, folder, 'dist', '.build-stamp');
  const sources = inputs.map((p) => join(root, p)).filter(existsSync);
  const newest = Math.max(...sources.map(newestMtime));
  if (existsSync(stampFile) && statSync(stampFile).mtimeMs >= newest) return;
  log(`building ${folder === '.' ? 'the service' : folder}`);
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project]);
  mkdirSync(join(root, folder, 'dist'), { recursive: true });
  writeFileSync(stampFile, new Date().toISOString());
}

/** So `npx atelier ...` works inside the checkout, where npm does not link a package's own bin. */
function ensureBinLink() {
  const link = join(root, 'node_modules', '.bin', 'atelier');
  if (existsSync(link)) return;
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync('../../bin/atelier.mjs', link);
}

try {
  main();
} catch (error) {
  console.error(`[setup] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
