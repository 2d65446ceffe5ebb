import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { userCache } from './scripts/user-cache.mjs';
import SlowFirstSequencer from './test/helpers/slow-first-sequencer.js';

/**
 * Files at a time: one more than the cores. Much of a file's time is spent waiting (child processes, sockets,
 * PostgreSQL, a browser's pages), which the extra file fills: on 2 cores, 3 at a time took 282 s where 2 took 310-324 s.
 */
const TOGETHER = availableParallelism() + 1;

const VITEST_CACHE = userCache('vitest');

const EVERY_FILE = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** Files that measure the service under attack, whose printed figures mean most without other test files. */
const ALONE = ['test/hostile-documents.test.ts'];

/** Services the tests start are one process each (the default is one HTTP process per core): test/cluster.test.ts
 *  starts the cluster it tests. */
const ONE_PROCESS = { ATELIER_API_PROCESSES: '1' };
const SQLITE = { ATELIER_TEST_DATABASE: 'sqlite', ...ONE_PROCESS };

/**
 * `ATELIER_TEST_SEED=<n>`: the run is the shuffled one instead (`npm test` runs it after the suite, with a seed drawn
 * from the commit checked out and printed): the files below, on SQLite, in an order and with their tests in an order drawn
 * from the seed, so that a test that leans on another's data or on running after it fails where it is written.
 * The same seed gives the same order of a file's tests (replay one file with
 * `ATELIER_TEST_SEED=<n> npx vitest run <file>`). The files are those that finish fast: unit tests and the API's
 * tests, without the browser's pages, the crash and multi-process files, and the engines that run real programs
 * or models (seconds each, and no shared records to lean on): 140 files, ~74 s of CPU, 52-65 s on 2 cores that
 * other work shares (94 s under a load of 12).
 */
const SHUFFLE_SEED = process.env.ATELIER_TEST_SEED;
const NOT_SHUFFLED = [
  // Chromium: the pages are the API's operations, shuffled here through the API's own tests.
  'test/dashboard-*.test.ts',
  'test/{mcp-display-media,oauth}.test.ts',
  // Processes killed, started in roles or in a cluster, and the file that times answers under attack.
  'test/*-crash.test.ts',
  'test/{multi-process,cluster,roles,service-start,log-destination,storage-full}.test.ts',
  ...ALONE,
  // Real programs and models: ffmpeg, whisper.cpp, llama.cpp, pocketsphinx, espeak-ng through whole recordings.
  'src/engines/adapters/{ffmpeg-video,whisper-cpp,llama-cpp,procedural-sound,pocketsphinx}/**',
  'src/engines/audio/**',
  'src/engines/adapters/builtin/json-placeholder.test.ts',
  // An S3 server in a child process and the media models' real files.
  'test/{s3-blob-store,media-models}.test.ts',
  'src/modules/bots/document-reader.test.ts',
  'src/modules/transcriptions/transcription-pipeline.test.ts',
  'test/{transcriptions,videos,talking-video,talking-video-cog,llama-cpp-service,speech-audio,speech-formats,sounds}.test.ts',
  // Command-line processes and clients' replays: the API behind them is shuffled through its own tests.
  'test/{cli,cli-user,models-cli,presets-cli,client-compat,agents-*,admin-models,admin-models-whisper,model-pull-race}.test.ts',
];

/**
 * The whole suite runs on SQLite (the default database), and again on PostgreSQL every file whose queries
 * are not already covered there. The PostgreSQL project starts a throwaway cluster in its global set-up and
 * fails the run if it cannot; it leaves out the files that never touch a database, and those whose database
 * work is the API's own (browser pages, client replays). `--project 'sqlite*'` or `--project postgres` runs one of them.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's module cache instead of importing the service anew each (import was 146 s
    // of 370 s): no test relies on a fresh module state (none mocks modules or stubs globals), and every
    // service a test starts is its own object with its own database.
    isolate: false,
    // Transformed modules are kept on disk, by contents and path, in the user's cache (as the set-up keeps the
    // installed packages there): a later run of the same files, in this checkout or another at the same path,
    // reads them instead of transforming them again (transform 15 s -> 4 s, import 21 s -> 14 s on 6 files).
    experimental: { fsModuleCache: true, fsModuleCachePath: VITEST_CACHE },
    sequence: SHUFFLE_SEED
      ? { shuffle: { files: true, tests: true }, seed: Number(SHUFFLE_SEED) }
      : { sequencer: SlowFirstSequencer },
    projects: SHUFFLE_SEED
      ? [
          {
            extends: true,
            test: {
              name: 'sqlite-shuffled',
              include: EVERY_FILE,
              exclude: [...configDefaults.exclude, ...NOT_SHUFFLED],
              env: SQLITE,
              maxWorkers: TOGETHER,
            },
          },
        ]
      : [
          // Alone, first: the file that measures which thread reads hostile uploads (CPU time per thread) runs
          // before the others start, so that its printed figures (event-loop delay, slowest /health) are the
          // service's own, beside the type checks, which run at the lowest CPU priority (scripts/test.mjs).
          {
            extends: true,
            test: {
              name: 'sqlite-alone',
              include: ALONE,
              env: SQLITE,
              sequence: { groupOrder: 0 },
              maxWorkers: 1,
            },
          },
          {
            extends: true,
            test: {
              name: 'sqlite',
              include: EVERY_FILE,
              exclude: [...configDefaults.exclude, ...ALONE],
              env: SQLITE,
              sequence: { groupOrder: 1 },
              maxWorkers: TOGETHER,
            },
          },
          {
            extends: true,
            test: {
              name: 'postgres',
              include: EVERY_FILE,
              env: { ATELIER_TEST_DATABASE: 'postgres', ...ONE_PROCESS },
              sequence: { groupOrder: 1 },
              maxWorkers: TOGETHER,
              globalSetup: ['test/helpers/postgres-global-setup.ts'],
              exclude: [
                'node_modules/**',
                // Engines, the model manager and pure logic never touch the database: once is enough.
                'src/engines/**',
                'src/models/**',
                'test/models-*.test.ts',
                'src/shared/**',
                'src/config.test.ts',
                'src/http/{serializer,lazy-logger,request-durations}.test.ts',
                'src/readiness/readiness-checks.test.ts',
                'src/storage/temp-dir.test.ts',
                'src/modules/transcriptions/derived/**',
                'src/modules/transcriptions/transcription-pipeline.test.ts',
                'src/modules/bots/{chunker,document-reader,document-text,extractive-answer,public-url}.test.ts',
                'src/modules/presets/catalogue/**',
                'src/modules/speech/speech-text.test.ts',
                'src/modules/credits/billing-period.test.ts',
                // The import graph of src/ and the OpenAPI document are the same whatever the database.
                'test/import-cycles.test.ts',
                'test/client-types.test.ts',
                // Pages in a browser, request shapes of real clients, model-name mapping and hostile uploads: what they
                // reach in the database is the API's own queries, which the API tests cover on PostgreSQL.
                'test/dashboard-{a11y,admin,admin-accounts,admin-jobs,admin-models,bot-keys,bots,media,presets,speech,transcriptions}.test.ts',
                'test/dashboard-{brand-voices,preset-editor,preset-links,preset-sharing}.test.ts',
                'test/client-compat.test.ts',
                // Agents' client libraries (openai, Vercel AI SDK, LangChain) on each engine: request shapes again; the
                // chat and Responses statements they reach are chat-tools', chat's and responses' (here).
                'test/agents-*.test.ts',
                'test/openai-compatibility-doc.test.ts',
                'test/media-models.test.ts',
                'test/hostile-documents.test.ts',
                'test/operations.test.ts',
                // Recovery after kill -9 on PostgreSQL is multi-process.test.ts's (workers killed mid-transcription).
                'test/transcription-crash.test.ts',
                // Clients of the API (the command line, the typed client) and engines behind it: the statements they
                // reach are the API tests' own (`node scripts/sql-coverage.mjs` compared the logs of both runs).
                'test/{cli-user,presets-cli,llama-cpp-service,videos,sounds,talking-video-cog}.test.ts',
                'test/{images-upstream,generate-upstream,chat-compat,speech-failures}.test.ts',
                // Whole recordings through pocketsphinx: what they reach in the database is multi-process.test.ts's and
                // transcription-jobs.test.ts's (both here), `node scripts/sql-coverage.mjs` showed no statement lost.
                'test/transcriptions.test.ts',
                // Speech heard back through pocketsphinx and ffprobe, and in every output format: its statements are
                // speech.test.ts's (here).
                'test/speech-audio.test.ts',
                'test/speech-formats.test.ts',
                // Processes in their roles on PostgreSQL are multi-process.test.ts's; a talking video's rows are a video's.
                'test/{roles,talking-video}.test.ts',
                // Models are files, not rows: pulls, swaps and the engines they serve; the audit rows their actions write
                // are admin-access's and admin-accounts' statements.
                'test/admin-models{,-whisper}.test.ts',
                'test/model-pull-{race,stale-claim}.test.ts',
                // A picture refused before ffmpeg reads it fails a video's job, whose rows are videos.test.ts's (here).
                'test/picture-too-large.test.ts',
                // The service's own log on a full or closed standard output: a process's file descriptor, not its database.
                'test/log-destination.test.ts',
                // What the processes of a cluster share goes between them (IPC), whatever the database; SQLite's write
                // lock and migration race are the harder case, and multi-process.test.ts runs processes on PostgreSQL.
                'test/cluster.test.ts',
                // The object store and the pages' headers (CSRF, cookies, CSP) are the same whatever the database: the
                // service on S3 and PostgreSQL together is multi-process.test.ts's; `node scripts/sql-coverage.mjs`
                // showed no statement of the service's lost.
                'test/{s3-blob-store,dashboard-security}.test.ts',
              ],
            },
          },
        ],
  },
});
