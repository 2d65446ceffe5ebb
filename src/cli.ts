import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Services } from './app.js';
import { ConfigError } from './config.js';
import { loadStartConfig } from './models/start-config.js';
import { type Outcome, fail } from './shared/errors.js';
import type { AccountRow } from './storage/db/schema.js';
import { MODELS_USAGE, runModelsCommand } from './models/models-command.js';
import { USER_COMMANDS, USER_USAGE, runUserCommand } from './cli/user-commands.js';
import { TransferError, exportDatabase, importDatabase } from './storage/transfer.js';

const USAGE = `Usage: atelier <command>

  serve [--role api|worker|all]                 start the service (same as npm start); the role
                                                (default all, or ATELIER_ROLE): api serves HTTP and
                                                never runs jobs, worker runs jobs and never listens
                                                publicly, all does both
  accounts create --email E [--plan P] [--credits N]
  accounts list
  accounts show <account-id|email>
  accounts block <account-id|email> [--reason TEXT]
  accounts unblock <account-id|email>
  accounts set-plan <account-id|email> <plan>
  accounts add-credits <account-id|email> <amount>
  accounts set-password <account-id|email>      the new password is read from standard input
                                                (typed unseen on a terminal); logs the dashboard out
  keys create <account-id|email> [--name NAME] [--force]
                                                refused when the account holds as many keys as its
                                                plan allows, unless --force
  keys list <account-id|email>
  keys revoke <account-id|email> <key-id>
  export <file|->                               the whole database as JSON lines (stop the service first)
  import <file|->                               into an empty database, e.g. PostgreSQL after SQLite
${MODELS_USAGE}

Results are printed as JSON. The command works on the same database as a running server.

${USER_USAGE}`;

class UsageError extends Error {}

const options = {
  email: { type: 'string' },
  plan: { type: 'string' },
  credits: { type: 'string' },
  reason: { type: 'string' },
  name: { type: 'string' },
  force: { type: 'boolean' },
  account: { type: 'string' },
  role: { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = { [K in keyof typeof options]?: (typeof options)[K]['type'] extends 'boolean' ? boolean : string };

async function main(argv: string[]): Promise<number> {
  // Preset files are checked as the service checks its folder, with no service at hand.
  if (argv[0] === 'presets' && argv[1] === 'validate') return validatePresetFiles(argv.slice(2));
  // User commands talk to a running service over HTTP: no configuration or database here.
  if (USER_COMMANDS.has(argv[0] ?? '')) return runUserCommand(argv, checkPresetFiles);
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return group ? 0 : 2;
  }
  if (values.role !== undefined && group !== 'serve') throw new UsageError('--role only goes with serve');
  if (values['base-url'] !== undefined && group !== 'models')
    throw new UsageError('--base-url only goes with models pull');
  // Model files need neither the database nor a configuration the service accepts (it may lack the model).
  if (group === 'models') return runModelsCommand(action, rest, values['base-url']);
  // The flag wins over ATELIER_ROLE and is checked by the same schema.
  const config = loadStartConfig(
    values.role === undefined ? process.env : { ...process.env, ATELIER_ROLE: values.role },
  );
  if (group === 'serve') {
    const { serve } = await import('./serve.js');
    await serve(config);
    return -1;
  }
  // Loaded only here: the whole service takes seconds to import, which `models` commands do without.
  const { buildServices } = await import('./app.js');
  const services = await buildServices(config);
  try {
    return await run(services, group, action, rest, values);
  } finally {
    await services.processes.stop();
    await services.db.destroy();
  }
}

async function run(
  s: Services,
  group: string,
  action: string | undefined,
  args: string[],
  flags: Flags,
): Promise<number> {
  const who = () => required(args[0] ?? flags.account, '<account-id|email>');
  if (group === 'export' || group === 'import') {
    const file = required(action, '<file|->');
    const outcome = await transfer(s, group, file);
    // An export on standard output keeps standard output for the data: the summary goes to standard error.
    if (outcome.ok && group === 'export' && file === '-') {
      console.error(JSON.stringify(outcome.value));
      return 0;
    }
    return print(outcome);
  }
  switch (`${group} ${action ?? ''}`) {
    case 'accounts create':
      return print(
        await s.accounts.create({
          email: required(flags.email, '--email'),
          plan: flags.plan,
          credits: flags.credits === undefined ? undefined : wholeNumber(flags.credits, '--credits'),
        }),
      );
    case 'accounts list':
      return print({ ok: true, value: { accounts: (await s.accounts.list()).map(publicAccount) } });
    case 'accounts show': {
      const found = await s.accounts.find(who());
      if (!found.ok) return print(found);
      return print({ ok: true, value: { ...publicAccount(found.value), keys: await s.keys.list(found.value.id) } });
    }
    case 'accounts block':
      return print(mapOk(await s.accounts.setBlocked(who(), true, flags.reason), publicAccount));
    case 'accounts unblock':
      return print(mapOk(await s.accounts.setBlocked(who(), false), publicAccount));
    case 'accounts set-plan':
      return print(mapOk(await s.accounts.setPlan(who(), required(args[1], '<plan>')), publicAccount));
    case 'accounts add-credits':
      return print(await s.accounts.addCredits(who(), wholeNumber(required(args[1], '<amount>'), '<amount>')));
    case 'accounts set-password':
      return print(await s.sessions.setPassword(who(), await readPassword()));
    case 'keys create':
    case 'keys list':
    case 'keys revoke': {
      const found = await s.accounts.find(who());
      if (!found.ok) return print(found);
      const id = found.value.id;
      if (action === 'create') {
        const name = flags.name ?? 'cli';
        if (flags.force) return print({ ok: true, value: await s.keys.create(id, name) });
        return print(await s.keys.createWithinPlan(id, name, s.accounts.planOf(found.value)));
      }
      if (action === 'list') return print({ ok: true, value: { keys: await s.keys.list(id) } });
      return print(await s.keys.revoke(id, required(args[1], '<key-id>')));
    }
    default:
      throw new UsageError(`Unknown command: ${group} ${action ?? ''}`.trim());
  }
}

const checkPresetFiles = async (paths: string[]) =>
  (await import('./modules/presets/preset-files.js')).checkPresetFilesOffline(paths);

/** `presets validate FILE|DIR...`: each file's problems on standard error; exit 1 when any. */
async function validatePresetFiles(paths: string[]): Promise<number> {
  if (paths.length === 0 || paths.some((path) => path.startsWith('-'))) {
    throw new UsageError('presets validate takes files and folders: atelier presets validate FILE|DIR...');
  }
  const { presets, hidden, errors } = await checkPresetFiles(paths);
  for (const { file, message } of errors) console.error(`${file}: ${message}`);
  for (const { file, preset } of presets) console.log(`${file}: ok, preset ${preset.slug}`);
  for (const { file, slug } of hidden) console.log(`${file}: ok, hides ${slug}`);
  console.log(`${presets.length + hidden.length} good, ${errors.length} wrong`);
  return errors.length === 0 ? 0 : 1;
}

function publicAccount(a: AccountRow) {
  return {
    account_id: a.id,
    email: a.email,
    plan: a.plan,
    is_admin: a.is_admin === 1,
    blocked: a.blocked === 1,
    blocked_reason: a.blocked_reason,
    credits: a.credits,
    period_start: a.period_start,
    created_at: a.created_at,
  };
}

function mapOk<T, U>(outcome: Outcome<T>, f: (value: T) => U): Outcome<U> {
  return outcome.ok ? { ok: true, value: f(outcome.value) } : outcome;
}

function print(outcome: Outcome<unknown>): number {
  if (!outcome.ok) {
    console.error(`error: ${outcome.error.message}`);
    return 1;
  }
  console.log(JSON.stringify(outcome.value, null, 2));
  return 0;
}

/** Moves the data between databases: export from one ATELIER_DATABASE_URL (or SQLite), import into another. */
async function transfer(
  s: Services,
  direction: string,
  file: string,
): Promise<Outcome<{ rows: Record<string, number> }>> {
  try {
    if (direction === 'export') {
      // Opened before writing, so an existing file is refused here (a stream would report it as an 'error' event).
      const out = file === '-' ? process.stdout : (await open(file, 'wx')).createWriteStream();
      const rows = await exportDatabase(s.db, out);
      if (out !== process.stdout)
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      return { ok: true, value: { rows } };
    }
    const rows = await importDatabase(s.db, file === '-' ? process.stdin : createReadStream(file));
    return { ok: true, value: { rows } };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof TransferError || code === 'ENOENT' || code === 'EEXIST' || error instanceof SyntaxError) {
      return fail(
        'invalid_input',
        code === 'EEXIST' ? `${file} already exists: choose a new file` : (error as Error).message,
      );
    }
    throw error;
  }
}

/** The password from standard input: typed without echo on a terminal, else the first line of what is piped in. */
async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write('New password: ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (key: string) => {
      if (key === '\u0003') process.exit(130);
      if (key !== '\r' && key !== '\n') {
        typed = key === '\u007f' ? typed.slice(0, -1) : typed + key;
        return;
      }
      stdin.setRawMode(false);
      stdin.off('data', onData);
      stdin.pause();
      process.stderr.write('\n');
      resolve(typed);
    };
    stdin.on('data', onData);
  });
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`Missing ${name}`);
  return value;
}

function wholeNumber(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${name} must be a whole number`);
  return Number(value);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
