#!/usr/bin/env node
// Installs whatever is missing (Debian programs, npm packages), builds, and is quick when all is there.
// Plain Node with no dependencies: it runs before node_modules exists. Usage: node scripts/setup.mjs [--test]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyWhole, userCache } from './user-cache.mjs';

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
/** Only the tests need these: Chromium's headless shell drives the dashboard's browser tests; the suite runs a
 *  second time on a throwaway PostgreSQL 15 cluster (initdb and pg_ctl from Debian's postgresql package). */
const TEST_PACKAGES = {
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
  '/usr/lib/postgresql/15/bin/initdb': 'postgresql',
};

async function main() {
  checkNode();
  const release = acquireLock();
  try {
    await prepare();
  } finally {
    release();
  }
}

/**
 * Compiling better-sqlite3's SQLite (when no earlier build is kept) is a minute and a half of one core: it runs
 * beside the TypeScript builds.
 */
async function prepare() {
  ensureDebianPackages(forTests ? { ...SERVICE_PACKAGES, ...TEST_PACKAGES } : SERVICE_PACKAGES);
  const nativeBuilds = ensureNpmPackages();
  // The two builds are one core each (tsc; TypeScript's transpile, then rolldown): side by side on two cores.
  const failed = (await Promise.all([buildClient(), buildService(), nativeBuilds])).find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
  ensureBinLink();
  if (forTests) log('ready to test');
}

/** Like `run`, without waiting: resolves to the exit code. */
function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.once('error', (error) => {
      console.error(`[setup] failed: ${command} ${args.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      if (code !== 0) console.error(`[setup] failed: ${command} ${args.join(' ')}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
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
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return Promise.resolve(0);
  const kept = installedTree(stamp);
  if (kept.restore()) return Promise.resolve(0);
  log('installing npm packages');
  const env = { ...process.env, NODE_ENV: 'development' };
  // Dev dependencies are needed either way: the TypeScript compiler builds the service. The install scripts
  // (those allowScripts in package.json allows: compiling better-sqlite3) run afterwards, beside the builds.
  run(
    'npm',
    [
      existsSync(lock) ? 'ci' : 'install',
      '--include=dev',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
    ],
    {
      env,
    },
  );
  const cached = nativeCache();
  if (cached.restore()) {
    writeFileSync(stampFile, stamp);
    kept.save();
    return Promise.resolve(0);
  }
  log('running install scripts beside the rest');
  const built = runAsync('npm', ['rebuild', '--no-audit', '--no-fund'], { env });
  return built.then((code) => {
    if (code === 0) {
      cached.save();
      writeFileSync(stampFile, stamp);
      kept.save();
    }
    return code;
  });
}

/** Installed trees kept: each is half a gigabyte, and a checkout only ever needs its lockfile's. */
const KEPT_TREES = 2;

/**
 * The installed node_modules, kept per package.json, lockfile and Node version, as pnpm keeps packages: a new
 * checkout of the same lockfile gets it as hard links (half a second) instead of `npm ci` unpacking 650
 * packages again (28 s and 40 s of CPU here). The links share the files with the kept tree, so nothing
 * writes into node_modules' files in place; `npm ci` or `npm install` replace files, which leaves it alone.
 * Across file systems, or with no `cp`, it is not kept and npm installs as before.
 */
function installedTree(stamp) {
  const folder = userCache('node_modules');
  const kept = join(folder, stamp);
  const target = join(root, 'node_modules');
  return {
    restore() {
      if (!existsSync(join(kept, '.atelier-install-stamp')) || !restoreCopy(kept, target, { link: true })) return false;
      log(`npm packages: linked from the tree kept in ${folder}`);
      return true;
    },
    save() {
      // Caches the tests and tools fill in are this checkout's own.
      keepCopy(target, kept, {
        link: true,
        dropped: ['.cache', '.vite'],
        count: KEPT_TREES,
        what: 'the installed packages',
      });
    },
  };
}

/** Puts a copy (or hard links) of `kept` in place of `target`; false, leaving `target` as it was, if it cannot. */
function restoreCopy(kept, target, { link = false } = {}) {
  const partial = `${target}.kept-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  if (spawnSync('cp', [link ? '-al' : '-a', kept, partial], { stdio: 'ignore' }).status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return true;
}

/**
 * Copies (or hard-links) `source` to `kept` in the user's cache, whole or not at all, without `dropped`; then
 * removes all but the `count` newest entries beside it.
 */
function keepCopy(source, kept, { link = false, dropped = [], count, what }) {
  const folder = dirname(kept);
  const partial = `${kept}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    if (existsSync(kept)) return;
    if (spawnSync('cp', [link ? '-al' : '-a', source, partial], { stdio: 'ignore' }).status !== 0) return;
    for (const own of dropped) rmSync(join(partial, own), { recursive: true, force: true });
    renameSync(partial, kept);
    const older = readdirSync(folder)
      .map((name) => ({ path: join(folder, name), time: statSync(join(folder, name)).mtimeMs }))
      .sort((x, y) => y.time - x.time)
      .slice(count);
    for (const { path } of older) rmSync(path, { recursive: true, force: true });
  } catch (error) {
    console.warn(`[setup] could not keep ${what} in ${folder}: ${error.message}`);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * better-sqlite3 is the one package whose install script runs (compiling SQLite: a minute and a half of one
 * core), and its prebuilt download cannot be reached here. What it built is kept in the user's cache, keyed by
 * its version and Node's ABI, as npm keeps the packages it downloaded: a second checkout on the same machine
 * copies it instead of compiling again, after checking that it loads.
 */
function nativeCache() {
  const pkg = join(root, 'node_modules', 'better-sqlite3');
  const built = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  const { version } = JSON.parse(readFileSafe(join(pkg, 'package.json')) || '{}');
  const key = `better-sqlite3-${version}-${process.platform}-${process.arch}-abi${process.versions.modules}`;
  const copy = userCache('native', key, 'better_sqlite3.node');
  return {
    restore() {
      if (!version || !existsSync(copy)) return false;
      mkdirSync(dirname(built), { recursive: true });
      copyFileSync(copy, built);
      const loads = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
        cwd: root,
        stdio: 'ignore',
      });
      if (loads.status === 0) {
        log(`better-sqlite3 ${version}: the build kept in ${dirname(copy)}`);
        return true;
      }
      rmSync(built, { force: true });
      return false;
    },
    save() {
      if (!version || !existsSync(built)) return;
      try {
        mkdirSync(dirname(copy), { recursive: true });
        copyWhole(built, copy);
      } catch (error) {
        console.warn(`[setup] could not keep better-sqlite3's build in ${dirname(copy)}: ${error.message}`);
      }
    },
  };
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const COMMON_BUILD_INPUTS = ['tsconfig.json', 'package-lock.json'];

/** The client package (the service's command line imports it at run time; the service's build leaves it out). */
function buildClient() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  return buildIfChanged(
    'packages/client',
    ['packages/client/src', 'packages/client/tsconfig.json', ...COMMON_BUILD_INPUTS],
    [tsc, '-p', 'packages/client/tsconfig.json'],
  );
}

/** Transpiled file by file (scripts/build-service.mjs); the type check is `npm run check`'s. */
function buildService() {
  return buildIfChanged(
    '.',
    ['src', 'scripts/build-service.mjs', ...COMMON_BUILD_INPUTS],
    [join(root, 'scripts', 'build-service.mjs')],
  );
}

/** Resolves to the build's exit code (0 when nothing changed since the last build). */
async function buildIfChanged(folder, inputs, nodeArgs) {
  const dist = join(root, folder, 'dist');
  const stampFile = join(dist, '.build-stamp');
  const sources = inputs.map((p) => join(root, p)).filter(existsSync);
  const newest = Math.max(...sources.map(newestMtime));
  if (existsSync(stampFile) && statSync(stampFile).mtimeMs >= newest) return 0;
  const name = folder === '.' ? 'the service' : folder;
  const kept = keptBuild(folder === '.' ? 'service' : folder.replaceAll('/', '-'), sources, dist);
  if (kept.restore()) {
    log(`${name}: the build kept in ${kept.folder}`);
    writeFileSync(stampFile, new Date().toISOString());
    return 0;
  }
  log(`building ${name}`);
  mkdirSync(dist, { recursive: true });
  const code = await runAsync(process.execPath, nodeArgs);
  if (code !== 0) console.error(`[setup] failed: building ${name}`);
  else {
    writeFileSync(stampFile, new Date().toISOString());
    kept.save();
  }
  return code;
}

/** Builds kept per package: a checkout only ever needs the one of its own sources. */
const KEPT_BUILDS = 2;

/**
 * A build's output, kept in the user's cache by the contents of its inputs and Node's version, as the installed
 * packages are: a new checkout of sources built before copies it (0.1 s) instead of building again (the service
 * and the client side by side: 8 s of the set-up's wall time, 13 s of CPU). Copied, not linked: tsc rewrites
 * the client's files in place.
 */
function keptBuild(name, sources, dist) {
  const hash = createHash('sha256').update(process.version);
  for (const file of sources.flatMap(filesUnder).sort()) {
    hash.update(`\0${file.slice(root.length)}\0`).update(readFileSync(file));
  }
  const folder = userCache('builds', name);
  const kept = join(folder, hash.digest('hex'));
  return {
    folder,
    restore: () => existsSync(kept) && restoreCopy(kept, dist),
    save() {
      keepCopy(dist, kept, { dropped: ['.build-stamp'], count: KEPT_BUILDS, what: 'the build' });
    },
  };
}

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => filesUnder(join(path, entry)));
}

/** So `npx atelier ...` works inside the checkout, where npm does not link a package's own bin. */
function ensureBinLink() {
  const link = join(root, 'node_modules', '.bin', 'atelier');
  if (existsSync(link)) return;
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync('../../bin/atelier.mjs', link);
}

main().catch((error) => {
  console.error(`[setup] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
