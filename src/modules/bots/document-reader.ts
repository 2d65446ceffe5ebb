import { type Outcome, fail, ok } from '../../shared/errors.js';
import { compiledModuleUrl } from '../../shared/untrusted/compiled-module-url.js';
import { WorkerPool, WorkerTaskError } from '../../shared/untrusted/worker-pool.js';
import type { BotDocumentKind } from '../../storage/db/schema.js';
import { DOCUMENT_LIMITS, type DocumentLimits } from './document-limits.js';
import type { ReadResult, ReadTask } from './document-worker.js';
import { htmlOverLimit } from './document-text.js';

export interface DocumentReaderOptions {
  /** Documents read at once, each on a worker thread of its own. */
  workers: number;
  /** Documents that may wait for a worker; one more is a 503. */
  queue: number;
  /** Time for one document; past it the worker is ended and the document refused. */
  timeoutMs: number;
  /** Heap of one worker, MB. */
  memoryMb: number;
  limits?: DocumentLimits;
}

/**
 * Reads uploaded documents into text on worker threads with memory and time limits (see documentText for
 * the limits checked while parsing): a hostile file costs one worker, which is replaced, never the event
 * loop or the process's memory.
 */
export class DocumentReader {
  private readonly pool: WorkerPool<ReadTask, ReadResult>;
  private readonly limits: DocumentLimits;

  constructor(private readonly options: DocumentReaderOptions) {
    this.limits = options.limits ?? DOCUMENT_LIMITS;
    const { workers, queue, timeoutMs, memoryMb } = options;
    this.pool = new WorkerPool({
      script: compiledModuleUrl('modules/bots/document-worker.js'),
      workers,
      queue,
      timeoutMs,
      memoryMb,
    });
  }

  async read(
    kind: BotDocumentKind,
    data: Buffer | string,
    filename = '',
    signal?: AbortSignal,
  ): Promise<Outcome<string>> {
    const field = typeof data === 'string' ? 'content' : 'file';
    // Checked before a worker sees it: HTML over its byte limit is never parsed.
    const tooLarge = kind === 'html' ? htmlOverLimit(data, this.limits) : undefined;
    if (tooLarge) return tooLarge;
    // A copy of just these bytes (a Buffer may be a view of a larger pool, which would be copied whole).
    const task: ReadTask = {
      kind,
      data: typeof data === 'string' ? data : new Uint8Array(data),
      filename,
      limits: this.limits,
    };
    let result: ReadResult;
    try {
      result = await this.pool.run(task, signal);
    } catch (error) {
      if (error instanceof WorkerTaskError) return this.refusal(error, field);
      throw error;
    }
    return result.ok ? ok(result.text) : fail(result.code, result.message);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private refusal(error: WorkerTaskError, field: string): Outcome<never> {
    switch (error.reason) {
      case 'timeout':
        return fail(
          'unprocessable',
          `${field}: reading this document took longer than the ${this.options.timeoutMs / 1000} s time limit; it is not added`,
        );
      case 'memory':
        return fail(
          'unprocessable',
          `${field}: reading this document needed more than the ${this.options.memoryMb} MB memory limit; it is not added`,
        );
      case 'busy':
      case 'closed':
        return fail('unavailable', 'Too many documents are being read right now: try again in a few seconds', {
          'retry-after': '5',
        });
      case 'aborted':
        return fail('invalid_input', 'The request was cancelled before the document was read');
      case 'crashed':
        return fail('unprocessable', `${field}: this document could not be read`);
    }
  }
}
