import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface EventStream {
  /**
   * Writes one `data:` event (named `event` when given): a string as it is, anything else as JSON. Waits when the
   * client reads slowly.
   */
  send(data: unknown, event?: string): Promise<void>;
  end(): void;
}

/**
 * The request's one AbortController, aborted when the client goes away before the answer is complete. Made before
 * the work starts, so the work can be stopped (and billed for what it produced) whenever that happens; the work
 * shares it rather than linking one of its own (the service aborts it when the reservation is refused).
 */
export function clientGone(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller;
}

/**
 * Takes the response over from Fastify and answers with server-sent events. The events written in one tick
 * leave together, the head with the first ones: a provider's packet often holds many tokens, and each write
 * on its own was a system call here and a wake-up of the client there (writev was 10% of a streaming chat's
 * CPU). Nothing waits longer than the end of the tick.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the events back.
    'x-accel-buffering': 'no',
  });
  let corked = false;
  const holdForThisTick = () => {
    if (corked) return;
    corked = true;
    raw.cork();
    // Through a microtask: from a callback, a tick alone would uncork before the awaits that follow the first
    // write (the next chunks) have run; this way it waits for the microtasks queued until then to drain.
    queueMicrotask(() =>
      process.nextTick(() => {
        corked = false;
        raw.uncork();
      }),
    );
  };
  // The client learns at once that the stream began, events or not.
  holdForThisTick();
  raw.flushHeaders();
  return {
    async send(data, event) {
      if (raw.destroyed || raw.writableEnded) return;
      holdForThisTick();
      const named = event === undefined ? '' : `event: ${event}\n`;
      const ok = raw.write(`${named}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      if (!ok && !raw.destroyed) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
    },
    end() {
      if (!raw.destroyed && !raw.writableEnded) raw.end();
    },
  };
}

/**
 * Answers with the events `produce` sends, then `data: [DONE]` (unless `done` is false: OpenAI's Responses
 * stream has none). A failure after the stream began is sent as one last event (`failure(error)`; nothing when
 * it is undefined), unless the client is already gone.
 */
export async function streamEvents(
  reply: FastifyReply,
  gone: AbortSignal,
  produce: (send: EventStream['send']) => Promise<void>,
  failure: (error: unknown) => unknown,
  options: { done?: boolean } = {},
): Promise<void> {
  const events = openEventStream(reply);
  try {
    await produce((data, event) => events.send(data, event));
    if (options.done !== false) await events.send('[DONE]');
  } catch (error) {
    if (!gone.aborted) {
      reply.log.warn({ err: error }, 'event stream failed');
      const last = failure(error);
      if (last !== undefined) await events.send(last);
    }
  } finally {
    events.end();
  }
}
