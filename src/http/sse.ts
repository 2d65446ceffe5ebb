import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** Writes one `data:` event: a string as it is, anything else as JSON. Waits when the client reads slowly. */
  send(data: unknown): Promise<void>;
  end(): void;
}

/**
 * An AbortSignal that fires when the client goes away before the answer is complete. Made before the
 * work starts, so the work can be stopped (and billed for what it produced) whenever that happens.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}

/**
 * Takes the response over from Fastify and answers with server-sent events. The head leaves with the events
 * written in the same tick (a chat's first chunks): flushed on its own, it cost a packet of its own (a system
 * call here, a wake-up of the client there). Node already sends the writes of one tick together.
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
  // Held until the end of the tick, no longer: the client learns at once that the stream began, events or not.
  raw.cork();
  raw.flushHeaders();
  process.nextTick(() => raw.uncork());
  return {
    async send(data) {
      if (raw.destroyed || raw.writableEnded) return;
      const ok = raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      if (!ok && !raw.destroyed) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
    },
    end() {
      if (!raw.destroyed && !raw.writableEnded) raw.end();
    },
  };
}

/**
 * Answers with the events `produce` sends, then `data: [DONE]`. A failure after the stream began is sent
 * as one last event (`failure(error)`), unless the client is already gone.
 */
export async function streamEvents(
  reply: FastifyReply,
  gone: AbortSignal,
  produce: (send: EventStream['send']) => Promise<void>,
  failure: (error: unknown) => unknown,
): Promise<void> {
  const events = openEventStream(reply);
  try {
    await produce((data) => events.send(data));
    await events.send('[DONE]');
  } catch (error) {
    if (!gone.aborted) {
      reply.log.warn({ err: error }, 'event stream failed');
      await events.send(failure(error));
    }
  } finally {
    events.end();
  }
}
