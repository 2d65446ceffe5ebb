import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream } from './sse.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server whose one route opens an event stream and hands it (and the count of the socket's writes) to `use`. */
async function serve(use: (events: ReturnType<typeof openEventStream>, writes: () => number) => void): Promise<string> {
  app = Fastify();
  app.get('/events', (request, reply) => {
    const socket = request.raw.socket as Socket & { _write: Socket['_write']; _writev?: Socket['_writev'] };
    let writes = 0;
    // Each call of the stream's own _write or _writev is one write to the connection.
    const write = socket._write.bind(socket);
    socket._write = (chunk, encoding, callback) => {
      writes += 1;
      write(chunk, encoding, callback);
    };
    const writev = socket._writev?.bind(socket);
    if (writev)
      socket._writev = (chunks, callback) => {
        writes += 1;
        writev(chunks, callback);
      };
    use(openEventStream(reply), () => writes);
  });
  return app.listen({ host: '127.0.0.1', port: 0 });
}

describe('event streams', () => {
  it('sends the head with the events written in the same tick, in one write', async () => {
    let written = -1;
    const url = await serve((events, writes) => {
      void events.send({ n: 1 });
      void events.send('two');
      setImmediate(() => {
        written = writes();
        events.end();
      });
    });
    const response = await fetch(`${url}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe('data: {"n":1}\n\ndata: two\n\n');
    expect(written).toBe(1);
  });

  it('sends the head at once when no event follows it', async () => {
    let release = () => {};
    const url = await serve((events) => {
      release = () => {
        void events.send('late');
        events.end();
      };
    });
    // The answer's status and head come while the stream has nothing to say yet.
    const response = await fetch(`${url}/events`);
    expect(response.status).toBe(200);
    release();
    expect(await response.text()).toBe('data: late\n\n');
  });

  it('sends the events of each later tick together, awaited one by one as a chat streams its chunks', async () => {
    const counts: number[] = [];
    const url = await serve((events, writes) => {
      setImmediate(async () => {
        const before = writes();
        for (const n of [1, 2, 3]) await events.send({ n });
        setImmediate(async () => {
          counts.push(writes() - before);
          await events.send('four');
          events.end();
        });
      });
    });
    const response = await fetch(`${url}/events`);
    expect(await response.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\ndata: four\n\n');
    expect(counts).toEqual([1]);
  });
});
