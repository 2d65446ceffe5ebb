import { Worker } from 'node:worker_threads';
import { compiledModuleUrl } from '../../shared/untrusted/compiled-module-url.js';
import type { CheckpointerSettings } from './sqlite-checkpointer-worker.js';

/** How often the thread looks whether this process has committed since its last checkpoint. */
const CHECKPOINT_EVERY_MS = 100;

/**
 * The WAL checkpoints of a process's commits, on a thread of their own (sqlite-checkpointer-worker.ts) rather than
 * in the commit that crossed SQLite's threshold, in the event loop (every connection has wal_autocheckpoint = 0).
 * The thread starts at the first commit, so a process that only reads never starts it; closing the last connection
 * to the file checkpoints what is left.
 */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private readonly commits = new Int32Array(new SharedArrayBuffer(4));
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly everyMs = CHECKPOINT_EVERY_MS,
  ) {}

  /** After each commit of this process. */
  committed(): void {
    Atomics.add(this.commits, 0, 1);
    if (!this.worker && !this.closed) this.worker = this.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }

  private start(): Worker {
    const settings: CheckpointerSettings = {
      file: this.file,
      commits: this.commits.buffer as SharedArrayBuffer,
      everyMs: this.everyMs,
    };
    const worker = new Worker(compiledModuleUrl('storage/db/sqlite-checkpointer-worker.js'), { workerData: settings });
    // It never keeps the process alive; a thread that stops leaves checkpoints to the next commit's new thread.
    worker.unref();
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    worker.on('error', () => undefined);
    return worker;
  }
}
