import { parseArgs } from 'node:util';
import type { AtelierClient, PollOptions, UserPresetRequest } from '@atelier/client';
import type { Output } from './user-output.js';

// The flags of the user commands and what each command is given: a file of its own, so that the commands' files
// and the dispatcher (user-commands.ts) do not import each other.

const options = {
  url: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  search: { type: 'string' },
  category: { type: 'string' },
  keywords: { type: 'string' },
  field: { type: 'string', multiple: true },
  tone: { type: 'string' },
  length: { type: 'string' },
  outputs: { type: 'string' },
  language: { type: 'string' },
  accent: { type: 'string' },
  model: { type: 'string' },
  size: { type: 'string' },
  image: { type: 'string' },
  action: { type: 'string' },
  'edit-model': { type: 'string' },
  duration: { type: 'string' },
  aspect: { type: 'string' },
  type: { type: 'string' },
  name: { type: 'string' },
  speakers: { type: 'boolean' },
  force: { type: 'boolean' },
  regenerate: { type: 'boolean' },
  voice: { type: 'string' },
  influence: { type: 'string' },
  video: { type: 'string' },
  audio: { type: 'string' },
  resolution: { type: 'string' },
  captions: { type: 'boolean' },
  'caption-color': { type: 'string' },
  avatar: { type: 'string' },
  out: { type: 'string' },
  system: { type: 'string' },
  stream: { type: 'boolean' },
  sources: { type: 'boolean' },
  wait: { type: 'boolean' },
  interval: { type: 'string' },
  attempts: { type: 'string' },
  slug: { type: 'string', multiple: true },
  format: { type: 'string' },
} as const;

export const parse = (argv: string[]) => parseArgs({ args: argv, options, allowPositionals: true, strict: true });
export type UserFlags = ReturnType<typeof parse>['values'];

export interface UserContext {
  client: AtelierClient;
  flags: UserFlags;
  /** The words after the command's name. */
  args: string[];
  out: Output;
  /** Stops with exit code 3 when no key was given: every command but `voices` needs one. */
  requireKey(): void;
  /** Reads and checks preset files as the service's folder does (presets import); given by the atelier command. */
  checkPresetFiles?: PresetFileChecker;
  /** Polling settings from --interval, --attempts and ATELIER_POLL_INTERVAL_MS. */
  poll(): Pick<PollOptions<unknown>, 'intervalMs' | 'maxAttempts' | 'allowFastPolling'>;
}

export type UserCommand = (ctx: UserContext) => Promise<number>;

/** A preset as a file of ATELIER_PRESETS_DIR holds it: the body of POST /api/presets with its slug. */
export type PresetFileBody = UserPresetRequest & { slug: string };

/** Preset files read and checked as the service reads its folder; src/cli.ts gives it (cli/ imports nothing of the service). */
export type PresetFileChecker = (paths: string[]) => Promise<{
  presets: { file: string; preset: PresetFileBody }[];
  hidden: { file: string; slug: string }[];
  errors: { file: string; message: string }[];
}>;
