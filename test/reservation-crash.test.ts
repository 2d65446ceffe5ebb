import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTestEnv, sweptReservations } from './helpers/crash-env.js';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { type RunningService, atelier, startService } from './helpers/processes.js';

/**
 * kill -9 while paid work is under way: a generate waiting on a slow provider, a chat stream and a bot
 * stream cut off mid-answer, and a long text-to-speech. After a restart, once its sweeper has passed,
 * the account pays exactly for the work that finished (here: none) and nothing for the rest.
 */
const dir = mkdtempSync(join(tmpdir(), 'atelier-reservation-crash-'));
const dataDir = join(dir, 'data');
// The real espeak-ng, slow to start: the request is killed while it "speaks".
const slowEspeak = join(dir, 'slow-espeak');
writeFileSync(
  slowEspeak,
  '#!/bin/sh\nif [ "$1" = "--voices" ]; then exec espeak-ng --voices; fi\nsleep 30\nexec espeak-ng "$@"\n',
);
chmodSync(slowEspeak, 0o755);

/** Open when the process dies: the generate's (one for its three outputs), the chat's, the bot's, the speech's. */
const RESERVATIONS = 4;

let upstream: FakeUpstream;
let env: Record<string, string>;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // Streams send a first part, then hang; plain completions never answer.
  upstream.handle((call, res) => {
    if (call.body.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: 'The first words of a long answer' } }] })}\n\n`,
      );
    }
  });
  env = {
    ...crashTestEnv(dataDir, upstream.baseUrl),
    ATELIER_TTS_LOCAL_PROVIDERS: 'espeak-ng',
    ATELIER_ESPEAK_NG_PATH: slowEspeak,
  };
}, 30_000);
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Account {
  credits: { balance: number };
  usage: { tts_words_used: number; credits_used: number };
}

describe('kill -9 during paid work', () => {
  it('after a restart, credits and words are exactly what the finished work cost', async () => {
    const created = JSON.parse(
      (await atelier(['accounts', 'create', '--email', 'crash@example.test', '--plan', 'pro', '--credits', '500'], env))
        .stdout,
    ) as { api_key: string };
    const headers = { 'x-api-key': created.api_key, 'content-type': 'application/json' };
    const account = async (service: RunningService) =>
      (await (await fetch(`${service.baseUrl}/api/account`, { headers })).json()) as Account;

    const service = await startService(env);
    let restarted: RunningService | undefined;
    try {
      const bot = (await (
        await fetch(`${service.baseUrl}/api/bots`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Crash bot', model: 'small-model' }),
        })
      ).json()) as { public_url: string };
      expect(bot.public_url).toBeTruthy();
      const post = (path: string, body: unknown) =>
        fetch(`${service.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).catch(
          () => undefined,
        );
      const words = Array.from({ length: 896 }, (_, i) => `w${i % 10}`).join(' ');
      const before = await account(service);

      const requests = [
        post('/api/generate', { preset: 'blog-post', keywords: 'a tent for windy mountain tops', outputs: 3 }),
        post('/v1/chat/completions', {
          model: 'small-model',
          stream: true,
          max_tokens: 2_000,
          messages: [{ role: 'user', content: 'Tell me a long story.' }],
        }),
        post(`/bot/${bot.public_url}/api`, { message: 'What do you know?', stream: true }),
        post('/api/generate-text-to-speech', { voiceID: 'espeak-ng:en-us', text: words }),
      ];
      // Every piece of work has reserved what it may cost: then the process dies.
      const deadline = Date.now() + 15_000;
      let during = before;
      while (Date.now() < deadline) {
        during = await account(service);
        if (
          during.usage.tts_words_used === 896 &&
          upstream.calls.length >= 5 &&
          before.credits.balance - during.credits.balance > 3
        )
          break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(during.usage.tts_words_used).toBe(896);
      // Three outputs of the generate, the chat stream and the bot stream are all waiting on the provider.
      expect(upstream.calls.length).toBe(5);
      expect(before.credits.balance - during.credits.balance).toBeGreaterThan(3);
      service.child.kill('SIGKILL');
      await service.stop();
      await Promise.all(requests);

      restarted = await startService(env);
      // Polled until everything reserved is given back; the deadline only keeps a failure from hanging.
      let after = await account(restarted);
      for (
        const deadline = Date.now() + 20_000;
        Date.now() < deadline && (after.credits.balance !== before.credits.balance || after.usage.tts_words_used !== 0);
        after = await account(restarted)
      )
        await new Promise((r) => setTimeout(r, 50));
      expect(after.credits.balance).toBe(before.credits.balance);
      expect(after.usage.tts_words_used).toBe(0);
      expect(after.usage.credits_used).toBe(before.usage.credits_used);
      // Given back by the restarted service's sweeper: each reservation released whole, none settled (nothing was answered).
      const passes = sweptReservations(restarted.output());
      expect(passes.reduce((sum, pass) => sum + pass.settled, 0)).toBe(0);
      expect(passes.reduce((sum, pass) => sum + pass.released, 0)).toBe(RESERVATIONS);
    } finally {
      await restarted?.stop();
      if (service.child.exitCode === null) await service.stop();
    }
  }, 90_000);
});
