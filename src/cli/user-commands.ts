import { CLIENT_VERSION, createClient } from '@atelier/client';
import { type PresetFileChecker, type UserCommand, type UserContext, type UserFlags, parse } from './user-context.js';
import { mediaCommands } from './user-media.js';
import {
  EXIT,
  ExitNow,
  NotReadyError,
  type Output,
  UsageError,
  createOutput,
  errorLine,
  exitCodeFor,
  wholeNumber,
} from './user-output.js';
import { textCommands } from './user-text.js';

export const USER_USAGE = `User commands (call a running service with your API key):

  presets [--search Q] [--category C]           the presets (templates)
  presets show SLUG                             a preset's input fields
  presets export DIR [--slug S]... [--format yaml|json] [--force]
                                                your own presets, one file each (SLUG.yaml), in the
                                                schema of ATELIER_PRESETS_DIR
  presets import FILE|DIR...                    creates each file's preset, or makes a new version of
                                                yours with its slug (unchanged ones are left); exit 1
                                                when any file was not imported, each named on stderr
  presets validate FILE|DIR...                  checks preset files offline, as ATELIER_PRESETS_DIR
                                                is checked (no service needed); exit 1 when any is wrong
  generate SLUG --keywords TEXT [--field NAME=VALUE]... [--tone T] [--length Short|Medium|Long]
           [--outputs N] [--language L]         text from a preset (fields as \`presets show\` lists them)
  image PROMPT [--model M] [--size WxH] [--outputs N] [--wait]
        [--image URL [--action A] [--edit-model M]]  edit the picture at URL: Colorize, Relight, Stylization,
                                                Sketch to Image, Remove Background... (default Edit Image with AI)
  image show ID [--wait]
  video PROMPT [--model M] [--duration S] [--aspect 16:9|9:16|1:1|4:3|3:4|21:9|9:21|3:2|2:3] [--wait]
  video show ID [--wait]
  talking-video [TEXT --voice V] (--image URL | --video URL) [--audio URL] [--resolution 480p|720p]
           [--captions] [--caption-color HEX] [--avatar premium|standard] [--wait]
                                                a face made to speak TEXT (or --audio); paid plans
  talking-video show ID [--wait]
  transcribe URL [--type meeting] [--language L] [--name N] [--speakers] [--wait]
  transcribe show UUID [--wait]                 the transcript once ready (progress on stderr while waiting)
  derive UUID [FIELD...] [--force]              derived content: summary, title, action_items... (--force makes it again)
  tts TEXT --voice V [--out FILE.mp3]           speaks TEXT and saves the MP3 (default <uuid>.mp3)
  sound PROMPT [--duration S] [--influence 0-1] [--out FILE.mp3]
                                                a sound effect (0.5-22 s, default 5) saved as MP3
  voices [--language L] [--accent A]            the voices (no key needed)
  voices filters [--language L]                 the languages and accents to filter by (no key needed)
  bot chat PUBLIC_URL MESSAGE [--sources]       a bot's reply, streamed as it is written
  chat MESSAGE [--model M] [--system TEXT] [--stream]

  --url URL        the service (ATELIER_URL; default http://127.0.0.1:8080); bots: ATELIER_BOTS_URL
  --key KEY        your API key (ATELIER_API_KEY)
  --json           print the service's JSON answer instead of text (no streaming)
  --wait           poll until done: every 20 s (--interval S, 15 to 30), at most --attempts N checks
                   (40 for transcriptions, 30 otherwise); ATELIER_POLL_INTERVAL_MS sets any interval
                   and is meant for tests and services on your own machine

Exit codes: 0 done; 1 other failure (service error, failed job, no connection); 2 usage error or input
the service refused (400); 3 authentication (key missing, wrong, revoked or not allowed: 401/403);
4 not found (404); 5 not ready yet or stopped waiting (the id is printed: poll it later, never
create it again); 6 credits, quota or rate limit (402/429).`;

/** The first words that make a user command. */
export const USER_COMMANDS = new Set([
  'presets',
  'generate',
  'image',
  'video',
  'talking-video',
  'transcribe',
  'derive',
  'tts',
  'sound',
  'voices',
  'bot',
  'chat',
]);

const COMMANDS: Record<string, UserCommand> = { ...textCommands, ...mediaCommands };

/** Runs a user command; resolves with its exit code. `checkPresetFiles` reads preset files for `presets import`. */
export async function runUserCommand(argv: string[], checkPresetFiles?: PresetFileChecker): Promise<number> {
  let out = createOutput(false);
  try {
    const { values: flags, positionals } = parse(argv);
    out = createOutput(flags.json === true);
    const [command = '', ...args] = positionals;
    if (flags.help) {
      console.log(USER_USAGE);
      return EXIT.ok;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`Unknown command: ${command}`);
    return await run({ ...context(flags, args, out), checkPresetFiles });
  } catch (error) {
    out.endStatus();
    if (error instanceof ExitNow) return error.code;
    if (error instanceof NotReadyError && out.json) out.result('', error.record);
    const parseError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(errorLine(error));
    if (error instanceof UsageError || parseError) {
      console.error(`\n${USER_USAGE}`);
      return EXIT.usage;
    }
    return exitCodeFor(error);
  }
}

function context(flags: UserFlags, args: string[], out: Output): UserContext {
  const apiKey = flags.key ?? process.env.ATELIER_API_KEY;
  const baseUrl = flags.url ?? process.env.ATELIER_URL ?? 'http://127.0.0.1:8080';
  const botsUrl = process.env.ATELIER_BOTS_URL;
  if (!/^https?:\/\/[^/]/.test(baseUrl)) throw new UsageError(`--url must be an http(s) URL, not "${baseUrl}"`);
  const client = createClient({
    baseUrl,
    ...(apiKey && { apiKey }),
    ...(botsUrl && { botsUrl }),
    userAgent: `atelier-cli/${CLIENT_VERSION}`,
  });
  return {
    client,
    flags,
    args,
    out,
    requireKey() {
      if (apiKey) return;
      console.error(
        'error: no API key: set ATELIER_API_KEY or pass --key (create one in the dashboard, or `atelier keys create <account>`)',
      );
      throw new ExitNow(EXIT.auth);
    },
    poll() {
      const fast = process.env.ATELIER_POLL_INTERVAL_MS;
      const fromEnv = fast === undefined || fast === '' ? undefined : wholeNumber(fast, 'ATELIER_POLL_INTERVAL_MS');
      const fromFlag = flags.interval === undefined ? undefined : wholeNumber(flags.interval, '--interval') * 1000;
      return {
        ...(fromEnv !== undefined
          ? { intervalMs: fromEnv, allowFastPolling: true }
          : fromFlag !== undefined && { intervalMs: fromFlag }),
        ...(flags.attempts !== undefined && { maxAttempts: wholeNumber(flags.attempts, '--attempts') }),
      };
    },
  };
}
