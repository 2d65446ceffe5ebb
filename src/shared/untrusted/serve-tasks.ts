import { parentPort } from 'node:worker_threads';

/** What the pool sends a worker: one task at a time. */
export interface TaskRequest<In> {
  id: number;
  input: In;
}

/** What a worker answers; a thrown error becomes `ok: false` with its message. */
export type TaskReply<Out> = { id: number; ok: true; value: Out } | { id: number; ok: false; message: string };

/** The worker side of `WorkerPool`: answers each task with `handle`'s result. */
export function serveTasks<In, Out>(handle: (input: In) => Out | Promise<Out>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread started by WorkerPool');
  port.on('message', async ({ id, input }: TaskRequest<In>) => {
    let reply: TaskReply<Out>;
    try {
      reply = { id, ok: true, value: await handle(input) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
