import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTestEnv, sweptReservations } from './helpers/crash-env.js';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { type RunningService, atelier, startService } from './helpers/processes.js';

/**
 * kill -9 while a Responses API stream is under way: after a restart, once its sweeper has passed, the account
 * has paid exactly for the response that finished before the kill (stored, and readable again) and nothing for
 * the one cut off mid-stream (never stored).
 */
const dir = mkdtempSync(join(tmpdir(), 'atelier-responses-crash-'));
const dataDir = join(dir, 'data');
let upstream: FakeUpstream;
let env: Record<string, string>;

const chunk = (choices: unknown[], extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'small-model', choices, ...extra })}\n\n`;

/** A few tokens and their usage at once, or a long answer a token every 50 ms. */
async function stream(res: ServerResponse, quick: boolean): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const tokens = quick ? ['Bees ', 'make ', 'honey.'] : Array.from({ length: 2_000 }, (_, i) => `word${i} `);
  for (const token of tokens) {
    if (res.destroyed) return;
    res.write(chunk([{ index: 0, delta: { content: token }, finish_reason: null }]));
    if (!quick) await new Promise((r) => setTimeout(r, 50));
  }
  res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  res.write(
    chunk([], { usage: { prompt_tokens: 9, completion_tokens: tokens.length, total_tokens: 9 + tokens.length } }),
  );
  res.end('data: [DONE]\n\n');
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.handle((call, res) => stream(res, JSON.stringify(call.body.messages).includes('quickly')));
  // A credit a token: the charge is the response's total_tokens.
  env = { ...crashTestEnv(dataDir, upstream.baseUrl), ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000' };
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Event {
  type: string;
  response?: { id: string; usage: { total_tokens: number } | null };
}

/** The events of a streamed response as they come. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<Event> {
  for await (const event of body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()))
    yield JSON.parse(event.data) as Event;
}

describe('kill -9 during a streamed response', () => {
  it('after a restart the account has paid for the finished response only, which is still stored', async () => {
    const created = JSON.parse(
      (await atelier(['accounts', 'create', '--email', 'responses@example.test', '--credits', '100000'], env)).stdout,
    ) as { api_key: string };
    const headers = { authorization: `Bearer ${created.api_key}`, 'content-type': 'application/json' };
    const balance = async (service: RunningService) =>
      ((await (await fetch(`${service.baseUrl}/api/account`, { headers })).json()) as { credits: { balance: number } })
        .credits.balance;
    const respond = (service: RunningService, input: string, signal?: AbortSignal) =>
      fetch(`${service.baseUrl}/v1/responses`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'small-model', input, stream: true, max_output_tokens: 5_000 }),
        ...(signal && { signal }),
      });

    const service = await startService(env);
    let restarted: RunningService | undefined;
    const controller = new AbortController();
    try {
      const before = await balance(service);
      let finished: Event['response'];
      for await (const event of events((await respond(service, 'Answer quickly')).body as ReadableStream<Uint8Array>))
        if (event.type === 'response.completed') finished = event.response;
      expect(finished?.usage?.total_tokens).toBe(12);

      const cut = await respond(service, 'Tell me a long story', controller.signal);
      // Read by hand, not in a loop that would end the request on leaving it: the client stays until the kill.
      const reading = events(cut.body as ReadableStream<Uint8Array>);
      let cutId: string | undefined;
      for (let deltas = 0; deltas < 5; ) {
        const { value: event, done } = await reading.next();
        if (done) break;
        if (event.type === 'response.created') cutId = event.response?.id;
        if (event.type === 'response.output_text.delta') deltas += 1;
      }
      expect(cutId).toMatch(/^resp_/);
      // The long one has reserved its prompt and 5,000 tokens: then the process dies.
      expect(before - (await balance(service))).toBeGreaterThan(5_000);
      service.child.kill('SIGKILL');
      await service.stop();
      controller.abort();

      restarted = await startService(env);
      const after = restarted;
      const expected = before - 12;
      // Polled until the cut response's reservation is given back; the deadline only keeps a failure from hanging.
      for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await balance(after)) !== expected; )
        await new Promise((r) => setTimeout(r, 50));
      expect(await balance(after), 'the balance once the cut response is given back').toBe(expected);
      // Given back by the restarted service's sweeper, in one pass: the dead process's one open reservation, whole.
      expect(sweptReservations(after.output())).toEqual([{ released: 1, settled: 0 }]);
      const get = (id: string) => fetch(`${after.baseUrl}/v1/responses/${id}`, { headers });
      expect(((await (await get(finished?.id ?? '')).json()) as Event['response'])?.usage?.total_tokens).toBe(12);
      expect((await get(cutId ?? '')).status).toBe(404);
    } finally {
      controller.abort();
      await restarted?.stop();
      if (service.child.exitCode === null) await service.stop();
    }
  }, 90_000);
});
