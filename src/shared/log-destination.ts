import { write, writeSync } from 'node:fs';
import { monotonicMs } from './clock.js';

/** Log lines this process could not write (the log's disk full, its pipe closed, an I/O error), since it started. */
let droppedLines = 0;

export const droppedLogLines = (): number => droppedLines;

/** After a failed write, lines are dropped (counted) for this long, then the next line tries again. */
const RETRY_AFTER_MS = 1_000;
/** Lines waiting while a write is under way; more than this (a destination that does not keep up) are dropped. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * Where this process's log lines go: a file descriptor (standard output) written asynchronously, one write
 * under way at a time. A write that fails never ends the process, as pino's own destination does with an
 * unhandled `error` (ENOSPC, EIO; EPIPE stops it for good): the lines are counted as dropped
 * (atelier_log_lines_dropped_total) and the destination is tried again a second later, so logging resumes by
 * itself when the disk has room again.
 */
export class LogDestination {
  private pending: string[] = [];
  private pendingBytes = 0;
  private writing = false;
  /** When the last write failed, the monotonic time before which lines are dropped without a try. */
  private retryAt: number | undefined;

  constructor(
    private readonly fd: number,
    private readonly retryAfterMs = RETRY_AFTER_MS,
  ) {}

  write(line: string): void {
    if (this.retryAt !== undefined && monotonicMs() < this.retryAt) {
      droppedLines++;
      return;
    }
    if (this.pendingBytes + line.length > MAX_PENDING_BYTES) {
      droppedLines++;
      return;
    }
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (!this.writing) this.writePending();
  }

  /** At exit: what is still waiting, written at once (a write under way is the kernel's by then). */
  flushSync(): void {
    if (this.pending.length === 0) return;
    const lines = this.takePending();
    try {
      writeSync(this.fd, lines.text);
    } catch {
      droppedLines += lines.count;
    }
  }

  private takePending(): { text: string; count: number } {
    const taken = { text: this.pending.join(''), count: this.pending.length };
    this.pending = [];
    this.pendingBytes = 0;
    return taken;
  }

  private writePending(): void {
    const { text, count } = this.takePending();
    this.writing = true;
    this.writeFrom(Buffer.from(text), 0, count);
  }

  private writeFrom(data: Buffer, offset: number, count: number): void {
    write(this.fd, data, offset, data.length - offset, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        // A non-blocking pipe whose reader is behind: the same bytes again shortly.
        setTimeout(() => this.writeFrom(data, offset, count), 10).unref();
        return;
      }
      if (error) return this.failed(count);
      if (offset + written < data.length) return this.writeFrom(data, offset + written, count);
      this.writing = false;
      this.retryAt = undefined;
      if (this.pending.length > 0) this.writePending();
    });
  }

  private failed(count: number): void {
    droppedLines += count + this.pending.length;
    this.pending = [];
    this.pendingBytes = 0;
    this.writing = false;
    this.retryAt = monotonicMs() + this.retryAfterMs;
  }
}

let standardOutput: LogDestination | undefined;

/** The process's log on standard output (pino's default place), shared by every logger of the process. */
export function standardOutputLog(): LogDestination {
  if (!standardOutput) {
    const destination = new LogDestination(1);
    process.once('exit', () => destination.flushSync());
    standardOutput = destination;
  }
  return standardOutput;
}

/**
 * What the process prints itself (console.log: the start banner, the cluster primary's notes) goes through
 * process.stdout and process.stderr, which end the process with an unhandled `error` when their file cannot
 * be written: counted as dropped instead.
 */
export function guardStandardStreams(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => droppedLines++);
}
