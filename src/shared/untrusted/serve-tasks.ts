import { constants, setPriority } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';

/** What the pool sends a worker: one task at a time. */
export interface TaskRequest<In> {
  id: number;
  input: In;
}

/**
 * What a worker answers; a thrown error becomes `ok: false` with its message. `footprintMb` is what the
 * worker's heap and buffers hold after the task, garbage included: the pool retires a worker that grew.
 */
export type TaskReply<Out> = ({ ok: true; value: Out } | { ok: false; message: string }) & {
  id: number;
  footprintMb: number;
};

/** Sent once by a worker whose modules are loaded: its tasks' time limits start from then. */
export const WORKER_READY = 'atelier:worker-ready';

/**
 * The worker side of `WorkerPool`: answers each task with `handle`'s result. `lowerPriority: false` keeps the
 * normal priority, for the service's own bounded work (sound synthesis) that a caller is waiting for.
 */
export function serveTasks<In, Out>(
  handle: (input: In) => Out | Promise<Out>,
  { lowerPriority = true }: { lowerPriority?: boolean } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread started by WorkerPool');
  // Untrusted parsing yields the CPU to the service's requests: on Linux a nice value is per thread, so this
  // lowers this worker thread only. Where it cannot be changed, the worker runs at the normal priority.
  try {
    if (lowerPriority) setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted here: the time limit still bounds the worker.
  }
  port.on('message', async ({ id, input }: TaskRequest<In>) => {
    let reply: TaskReply<Out>;
    try {
      reply = { id, ok: true, value: await handle(input), footprintMb: footprintMb() };
    } catch (error) {
      reply = {
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        footprintMb: footprintMb(),
      };
    }
    port.postMessage(reply);
  });
  port.postMessage(WORKER_READY);
}

function footprintMb(): number {
  const heap = getHeapStatistics();
  return (heap.total_heap_size + heap.external_memory) / (1024 * 1024);
}
