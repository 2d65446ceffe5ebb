import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { getLlama } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyLlama } from './helpers/tiny-llama.js';

/**
 * The whole service on a tiny random-weight llama model: presets, derived content, chat completions
 * (plain, streamed, JSON), bots and billing run through llama.cpp for real. The model never ends a
 * turn by itself, so every answer fills its token limit or the room its 1024-token context leaves.
 */
const CONTEXT = 1024;
let dir: string;
let modelPath: string;
let t: TestApp;
let key: string;
let base: string;

const balance = async () =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
    .credits.balance;
const chat = (payload: Record<string, unknown>) =>
  t.server.inject({ method: 'POST', url: '/v1/chat/completions', headers: withKey(key), payload });

/** The prompt as the ChatML template renders it, counted by the model's own tokenizer (plus node-llama-cpp's BOS). */
async function promptTokens(messages: { role: string; content: string }[]): Promise<number> {
  const llama = await getLlama({ gpu: false, build: 'never' });
  const model = await llama.loadModel({ modelPath });
  const rendered = `${messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('')}<|im_start|>assistant\n`;
  const count = 1 + model.tokenize(rendered, true).length;
  await model.dispose();
  return count;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-llama-service-'));
  modelPath = join(dir, 'tiny.gguf');
  await writeTinyLlama(modelPath);
  t = await startTestApp({
    ATELIER_LLM_MODEL_PATH: modelPath,
    ATELIER_LLM_CONTEXT_SIZE: String(CONTEXT),
    ATELIER_LLM_THREADS: '1',
    // One credit a token: the balance shows the exact token counts.
    ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_OPERATIONS_PUBLIC: 'true',
  });
  key = (await t.account({ credits: 100_000 })).key;
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const local = t.app.services.textModels.local;
  await t.close();
  expect(local?.status()).toEqual([{ ok: false, text: 'llama-cpp tiny.gguf: shut down' }]);
  await rm(dir, { recursive: true, force: true });
});

describe('the service with the llama-cpp text engine', () => {
  it('offers the configured names, served by the local model, and /ready tells its state', async () => {
    const models = (await t.server.inject({ url: '/v1/models', headers: withKey(key) })).json<{
      data: { id: string; owned_by: string; capabilities: string[] }[];
    }>();
    const chatModels = models.data.filter((m) => m.capabilities.includes('chat'));
    expect(chatModels.filter((m) => !('alias_of' in m)).map((m) => [m.id, m.owned_by])).toEqual([
      ['gpt-4o-mini', 'atelier'],
      ['gpt-4o', 'atelier'],
      ['builtin', 'atelier-builtin'],
    ]);
    // The hosted names are aliases of those, answered by the local model too.
    expect(models.data.find((m) => m.id === 'gemini-3-flash')).toMatchObject({
      owned_by: 'atelier',
      alias_of: 'gpt-4o-mini',
    });
    const ready = (await t.server.inject({ url: '/ready' })).json<{
      checks: { text: { status: string; detail: string } };
    }>();
    expect(ready.checks.text).toEqual({
      status: 'ok',
      detail: expect.stringMatching(/^llama-cpp tiny\.gguf \((loads on first use|loaded; .*)\)$/),
    });
  });

  it('answers a chat completion with the exact token counts, and bills them', async () => {
    const messages = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Name a river.' },
    ];
    const before = await balance();
    const res = await chat({ model: 'gpt-4o-mini', messages, max_tokens: 16, temperature: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      model: string;
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    }>();
    expect(body.model).toBe('tiny');
    expect(body.choices[0]?.finish_reason).toBe('length');
    expect(body.choices[0]?.message.content.length).toBeGreaterThan(0);
    expect(body.usage).toEqual({
      prompt_tokens: await promptTokens(messages),
      completion_tokens: 16,
      total_tokens: body.usage.prompt_tokens + 16,
    });
    expect(before - (await balance())).toBe(body.usage.total_tokens);
    const ready = (await t.server.inject({ url: '/ready' })).json<{ checks: { text: { detail: string } } }>();
    expect(ready.checks.text.detail).toMatch(
      /^llama-cpp tiny\.gguf \(loaded; 0 of 2 sequences busy, 0 waiting; 1024 tokens each\)$/,
    );
  });

  it('streams chat.completion.chunk events, then the usage and [DONE], with the same greedy text', async () => {
    const request = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Count to three.' }],
      max_tokens: 24,
      temperature: 0,
    };
    const whole = (await chat(request)).json<{ choices: { message: { content: string } }[] }>().choices[0]?.message
      .content;
    const before = await balance();
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, stream: true, stream_options: { include_usage: true } }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: string[] = [];
    for await (const event of (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream()))
      events.push(event.data);
    expect(events.at(-1)).toBe('[DONE]');
    type Chunk = {
      choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
      usage: { total_tokens: number; completion_tokens: number } | null;
    };
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as Chunk);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    // The role, the text (in one or more deltas), the finish, the usage.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(text.trim()).toBe(whole);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('length');
    const usage = chunks.at(-1)?.usage;
    expect(usage?.completion_tokens).toBe(24);
    expect(before - (await balance())).toBe(usage?.total_tokens);
  });

  it('follows response_format json_schema through a grammar, and refuses a schema it cannot use with 400', async () => {
    const schema = {
      type: 'object',
      properties: { answer: { enum: ['yes', 'no'] }, sure: { type: 'boolean' } },
      required: ['answer', 'sure'],
      additionalProperties: false,
    };
    const res = await chat({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Is water wet?' }],
      max_tokens: 60,
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema, strict: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = JSON.parse(
      res.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '',
    ) as { answer: string; sure: boolean };
    expect(['yes', 'no']).toContain(answer.answer);
    expect(typeof answer.sure).toBe('boolean');

    const before = await balance();
    const bad = await chat({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'text' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('response_format schema.type: unknown type \\"text\\"');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) deep = { type: 'array', items: deep };
    const tooDeep = await chat({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: deep } },
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('refuses a prompt longer than the context with 400, and charges nothing', async () => {
    const before = await balance();
    const res = await chat({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'word '.repeat(400) }],
      max_tokens: 8,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/the prompt takes \d+ tokens, which leaves no room in the model's context of 1024 tokens/);
    expect(await balance()).toBe(before);
  });

  it('refuses pictures and audio for the local model by name and part, charging nothing', async () => {
    const before = await balance();
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
    const image = await chat({
      model: 'gemini-3-flash',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: png } },
          ],
        },
      ],
    });
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({
      error: {
        message:
          "The model 'gemini-3-flash' (an alias of 'gpt-4o-mini', llama-cpp engine) cannot take image_url parts: messages[0].content[1]",
        param: 'messages[0].content[1]',
      },
    });
    const audio = await chat({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'SUQzBAAAAAAA', format: 'mp3' } }] },
      ],
    });
    expect(audio.statusCode).toBe(400);
    expect(audio.body).toContain(
      "The model 'gpt-4o-mini' (llama-cpp engine) cannot take input_audio parts: messages[0].content[0]",
    );
    expect(await balance()).toBe(before);
  });

  it('generates preset outputs with the local model, stored under its name', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'paragraph-writer', keywords: 'tidal energy', length: 'Short', outputs: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const outputs = res.json<{ id: number; name: string }[]>();
    expect(outputs).toHaveLength(2);
    const stored = (await t.server.inject({ url: `/api/outputs/${outputs[0]?.id}`, headers: withKey(key) })).json<{
      name: string;
      model: string;
    }>();
    expect(stored).toMatchObject({ name: outputs[0]?.name, model: 'tiny' });
    expect(stored.name.trim().length).toBeGreaterThan(0);
  });

  it('derives fields of a transcription with the local model, cutting a long transcript to fit its context', async () => {
    const owner = await t.account({ credits: 5 });
    const now = new Date().toISOString();
    const transcription = (id: string, lines: number) => ({
      id,
      account_id: owner.id,
      name: 'Standup',
      url: 'https://example.com/standup.mp3',
      audio_type: 'Meeting',
      language: 'English',
      detect_speakers: 0,
      enhanced_quality: 0,
      status: 'completed' as const,
      error: null,
      content: 'We ship on Friday.',
      segments: JSON.stringify(
        Array.from({ length: lines }, (_, i) => ({
          start: i * 4,
          end: i * 4 + 3,
          text: `Item ${i}: we ship the release on Friday after the review.`,
        })),
      ),
      duration: lines * 4,
      progress: 100,
      model: 'pocketsphinx:pocketsphinx-en-us',
      derived: '{}',
      credits: 1,
      webhook_url: null,
      created_at: now,
      updated_at: now,
    });
    const short = '11111111-2222-4333-8444-555555555555';
    // About 12,000 characters: several times what a 1024-token context holds.
    const long = '11111111-2222-4333-8444-666666666666';
    await t.app.services.db
      .insertInto('transcriptions')
      .values([transcription(short, 1), transcription(long, 200)])
      .execute();
    for (const id of [short, long]) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/generate-audio-content',
        headers: withKey(owner.key),
        payload: { audio_id: id, fields: ['title'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { title: string } }>().data.title.length).toBeGreaterThan(0);
    }
  });

  it('answers a bot visitor with the local model, billing the whole context it used', async () => {
    const bot = (
      await t.server.inject({
        method: 'POST',
        url: '/api/bots',
        headers: withKey(key),
        payload: { name: 'Helper', instructions: 'Be brief.', temperature: 0.5 },
      })
    ).json<{ id: string; public_url: string }>();
    await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: withKey(key),
      payload: { title: 'Hours', content: 'The shop opens at nine.' },
    });
    const before = await balance();
    const res = await t.server.inject({
      method: 'POST',
      url: `/bot/${bot.public_url}/api`,
      headers: withKey(key),
      payload: { message: 'When does the shop open?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ response: string }>().response.length).toBeGreaterThan(0);
    // The answer may take 1024 tokens, more than the prompt leaves: it fills the context but its last cell.
    expect(before - (await balance())).toBe(CONTEXT - 1);
  });
});
