// A warm `atelier` command for tests: one Node process that runs dist/cli.js once per command it is sent,
// so each command costs its own work and not the second or more of loading the service's modules that a
// new `node bin/atelier.mjs` spends (23 commands made 30 s of test/cli.test.ts). Each command gets its own
// argv, environment, standard input and output, and exit code, as a spawned one would; the modules it
// loads stay cached between commands, as test files share theirs (vitest isolate: false).
// Protocol (IPC): { id, args, env, input } in, { id, code, stdout, stderr, ended } out (ended: this process exits now).
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';

const cli = new URL('../../dist/cli.js', import.meta.url).href;
const baseEnv = { ...process.env };
const realStdoutWrite = process.stdout.write;
const realStderrWrite = process.stderr.write;
let runs = 0;
/** The command now running: an error nothing catches ends it the way it would end a process of its own. */
let current;

function capture(stream, sink) {
  stream.write = (chunk, encoding, callback) => {
    sink.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
}

async function runCommand({ args, env, input }) {
  const stdout = [];
  const stderr = [];
  for (const key of Object.keys(process.env)) if (!(key in baseEnv)) delete process.env[key];
  Object.assign(process.env, baseEnv, env);
  process.argv = [process.argv[0], 'bin/atelier.mjs', ...args];
  Object.defineProperty(process, 'stdin', { value: Readable.from([input]), configurable: true, writable: true });
  process.exitCode = undefined;
  capture(process.stdout, stdout);
  capture(process.stderr, stderr);
  const crashed = new Promise((resolve) => (current = { stderr, crash: resolve }));
  try {
    // A new URL runs the module (and so its main) again; what it imports is already loaded.
    const finished = (async () => {
      await import(`${cli}?run=${++runs}`);
      // main() settles by setting the exit code, on success and on every failure alike.
      while (process.exitCode === undefined) await new Promise((resolve) => setTimeout(resolve, 2));
      return Number(process.exitCode);
    })();
    const code = await Promise.race([finished, crashed]);
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    current = undefined;
    process.stdout.write = realStdoutWrite;
    process.stderr.write = realStderrWrite;
    process.exitCode = undefined;
  }
}

// Node prints an uncaught error and exits with 1: so does the command, and this process ends after answering
// (its state is no longer to be trusted); the next command starts a new one.
let crashedOut = false;
function onUncaught(error) {
  if (!current) throw error;
  current.stderr.push(`${error?.stack ?? error}\n`);
  crashedOut = true;
  current.crash(1);
}
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);

// The service's modules (the bundle's app chunk, which dist/cli.js imports for every command that is not a user
// command) start loading now, while the test sets up what its first command needs.
const chunks = new URL('../../dist/chunks/', import.meta.url);
const appChunk = readdirSync(chunks).find((name) => /^app-.*\.js$/.test(name));
let queue = (appChunk ? import(new URL(appChunk, chunks).href) : Promise.resolve()).then(
  () => undefined,
  () => undefined,
);
process.on('message', (message) => {
  queue = queue.then(async () => {
    const result = await runCommand(message).catch((error) => ({
      code: 1,
      stdout: '',
      stderr: `cli-host: ${error?.stack ?? error}`,
    }));
    process.send?.({ id: message.id, ...result, ended: crashedOut }, () => {
      if (crashedOut) process.exit(1);
    });
  });
});
process.on('disconnect', () => process.exit(0));
