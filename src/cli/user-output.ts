import { AtelierError, PollTimeoutError, type PollProgress } from '@atelier/client';

/** What the exit code of a user command means; documented in the usage text and docs/client-and-cli.md. */
export const EXIT = { ok: 0, other: 1, usage: 2, auth: 3, notFound: 4, notReady: 5, quota: 6 } as const;

/** Wrong use of the command itself: exit 2 with the usage text. */
export class UsageError extends Error {}

/** Ends the command with a code, its message already printed. */
export class ExitNow extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export function wholeNumber(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`${name} must be a whole number`);
  return Number(value);
}

/** A decimal number given on the command line ("2.5"); the service checks its range. */
export function decimalNumber(value: string, name: string): number {
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(value)) throw new UsageError(`${name} must be a number, e.g. 2.5`);
  return Number(value);
}

export function required(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`Missing ${name}`);
  return value;
}

/** Work still going when the command stopped waiting: exit 5. The record (with its id) goes to stdout with --json. */
export class NotReadyError extends Error {
  constructor(
    message: string,
    readonly record: unknown,
  ) {
    super(message);
  }
}

/** The exit code for an error a user command ended with. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof NotReadyError || error instanceof PollTimeoutError) return EXIT.notReady;
  if (!(error instanceof AtelierError)) return EXIT.other;
  switch (error.status) {
    case 400:
    case 413:
    case 422:
      return EXIT.usage;
    case 401:
    case 403:
      return EXIT.auth;
    case 404:
      return EXIT.notFound;
    // 409 on these routes: derived content asked of a transcription that is not ready yet.
    case 409:
      return EXIT.notReady;
    case 402:
    case 429:
      return EXIT.quota;
    default:
      return EXIT.other;
  }
}

/** One line for standard error: the service's message, and its request id when the fault was the service's. */
export function errorLine(error: unknown): string {
  if (error instanceof AtelierError) {
    const id = error.status >= 500 && error.requestId ? ` (request id ${error.requestId})` : '';
    return `error: ${error.message}${id}`;
  }
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}

export interface Output {
  json: boolean;
  /** Prints the human text, or with --json the value as JSON. */
  result(human: string, value: unknown): void;
  /** A status line on standard error: redrawn in place on a terminal, one line per update otherwise. */
  status(line: string): void;
  /** Ends a status line that was being redrawn. */
  endStatus(): void;
}

export function createOutput(json: boolean): Output {
  const tty = process.stderr.isTTY === true;
  let drawing = false;
  const endStatus = () => {
    if (drawing) process.stderr.write('\n');
    drawing = false;
  };
  return {
    json,
    result(human, value) {
      endStatus();
      process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human.endsWith('\n') ? human : `${human}\n`);
    },
    status(line) {
      if (tty) {
        process.stderr.write(`\r\u001b[K${line}`);
        drawing = true;
      } else {
        process.stderr.write(`${line}\n`);
      }
    },
    endStatus,
  };
}

/** A polling progress callback that shows `describe(record)` and the check count. */
export function progressTo<T>(out: Output, describe: (record: T) => string): (progress: PollProgress<T>) => void {
  return (p) => out.status(`${describe(p.record)} (check ${p.attempt}/${p.maxAttempts})`);
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(rows: string[][]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '))
    .join('\n');
}
