import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import {
  type FakeUpstream,
  type UpstreamCall,
  chatCompletion,
  replyJson,
  startFakeUpstream,
} from './helpers/fake-upstream.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * What the hosted service's clients send: its model names (aliases of the models here), no model at all,
 * and multimodal messages (pictures by URL or inline, audio), through the official openai client.
 */

const STANDARD_NAMES = [
  'gemini-3-flash',
  'claude-haiku-4-5',
  'gpt-5-mini',
  'gpt-5.4-instant',
  'deepseek-v3',
  'kimi-k2.5',
  'glm-5',
  'minimax-m2p5',
  // 1.0.5: its current ids and the legacy ids it answers as them.
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gpt-5.6-luna',
  'gpt-5.5-instant',
  'deepseek-v4-flash',
  'kimi-k2.7-code',
  'kimi-k2.6',
  'glm-5p3',
  'glm-5p3-flash',
  'glm-5p2',
  'glm-5p1',
  'minimax-m3',
  'muse-spark-1.3',
  'deepseek-r1',
  'deepseek-chat',
  'deepseek-reasoner',
  'minimax-m2',
  'minimax-m2p7',
  'kimi-k2-thinking',
  'kimi-k2-instruct',
  'meta-llama-3.3-70b',
  'llama4-maverick-instruct-basic',
];
const ADVANCED_NAMES = [
  'gemini-3-pro',
  'gemini-3.1-pro',
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'gpt-5',
  'gpt-5.4-thinking',
  'gpt-5.4-pro',
  'grok-4',
  'claude-opus-5',
  'claude-sonnet-5',
  'claude-fable-5',
  'claude-fable-5-1',
  'claude-opus-4-8',
  'claude-opus-4-7',
  'claude-opus-4-5',
  'claude-sonnet-4-5',
  'gpt-6-astra',
  'gpt-6-astra-max',
  'gpt-5.6-sol',
  'gpt-5.6-sol-max',
  'gpt-5.6-terra',
  'gpt-5.6-terra-max',
  'gpt-5.6-luna-max',
  'gpt-5.5-thinking',
  'gpt-5.5-pro',
  'deepseek-v4-pro',
  'kimi-k3',
  'glm-5p3-max',
  'muse-spark-1.3-max',
  'qwen3p8-max',
  'qwen3p6-plus',
  'qwen3p7-plus',
];

/** The hosted 1.0.5 chat ids in its order, then the legacy ids (fact sheet, section 7). */
const HOSTED_1_0_5_IDS = [
  ...'gemini-3.8-flash gemini-3.7-flash gemini-3.6-flash gemini-3.5-flash gemini-3.1-pro gemini-3-pro'.split(' '),
  ...'claude-opus-5 claude-sonnet-5 claude-fable-5 claude-fable-5-1 claude-opus-4-8 claude-opus-4-7'.split(' '),
  ...'claude-opus-4-6 claude-opus-4-5 claude-sonnet-4-6 claude-sonnet-4-5 claude-haiku-4-5'.split(' '),
  ...'gpt-6-astra gpt-6-astra-max gpt-5.6-sol gpt-5.6-sol-max gpt-5.6-terra gpt-5.6-terra-max gpt-5.6-luna'.split(' '),
  ...'gpt-5.6-luna-max gpt-5.5-instant gpt-5.5-thinking gpt-5.5-pro gpt-5.4-instant gpt-5.4-thinking'.split(' '),
  ...'gpt-5.4-pro gpt-5 gpt-5-mini deepseek-v4-pro deepseek-v4-flash kimi-k3 kimi-k2.7-code kimi-k2.6'.split(' '),
  ...'glm-5p3 glm-5p3-max glm-5p3-flash glm-5p2 glm-5p1 glm-5 minimax-m3 muse-spark-1.3'.split(' '),
  ...'muse-spark-1.3-max qwen3p8-max grok-4'.split(' '),
];
const LEGACY_IDS = [
  ...'gemini-3-flash deepseek-v3 deepseek-r1 deepseek-chat deepseek-reasoner minimax-m2 minimax-m2p5'.split(' '),
  ...'minimax-m2p7 kimi-k2.5 kimi-k2-thinking kimi-k2-instruct meta-llama-3.3-70b'.split(' '),
  ...'llama4-maverick-instruct-basic qwen3p6-plus qwen3p7-plus'.split(' '),
];

/** A 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const PNG_URI = `data:image/png;base64,${PNG_BASE64}`;
/** The start of an MP3 (an ID3 header and a frame header); the service does not decode audio. */
const MP3_BASE64 = Buffer.from([
  0x49,
  0x44,
  0x33,
  0x04,
  0,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xfb,
  0x90,
  0x64,
  ...Array<number>(400).fill(0),
]).toString('base64');

const noModel = (params: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>) =>
  params as OpenAI.ChatCompletionCreateParamsNonStreaming;

async function listening(t: TestApp): Promise<string> {
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
}

const balanceOf = async (t: TestApp, key: string) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

/** The fake upstream's default answer, as a stream when one is asked for. */
const answer = (call: UpstreamCall, res: ServerResponse) => {
  if (call.body.stream !== true) return replyJson(res, 200, chatCompletion('Hello from upstream'));
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hello from upstream' }, finish_reason: 'stop' }] })}\n\n`,
  );
  res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 20 } })}\n\n`);
  res.end('data: [DONE]\n\n');
};

type UpstreamMessage = { role: string; content: string | Record<string, unknown>[] };
const upstreamMessages = (upstream: FakeUpstream) => upstream.calls.at(-1)?.body.messages as UpstreamMessage[];

describe('the hosted model names and multimodal messages, through an OpenAI-compatible upstream', () => {
  let upstream: FakeUpstream;
  let files: FileServer;
  let t: TestApp;
  let base: string;
  let pro: { key: string; client: OpenAI };
  let free: { key: string; client: OpenAI };
  let jpeg: Buffer;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.handle(answer);
    files = await startFileServer();
    jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    files.serve('/photo.jpg', jpeg, 'image/jpeg');
    files.serve('/notes.txt', Buffer.from('not a picture'), 'text/plain');
    t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'small-llm',
      ATELIER_TEXT_ADVANCED_MODEL: 'big-llm',
      ATELIER_UPSTREAM_RETRIES: '0',
      // Pictures come from the local file server here.
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      // One credit a token (five for the advanced model): the bill shows what was counted and at which rate.
      ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
      ATELIER_CHAT_ADVANCED_CREDITS_PER_1K_TOKENS: '5000',
    });
    base = await listening(t);
    const account = async (plan: string) => {
      const { key } = await t.account({ plan, credits: 1_000_000 });
      return { key, client: new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 }) };
    };
    pro = await account('pro');
    free = await account('free');
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
    await files.close();
  });

  it('answers a request without model with the default (gemini-3.8-flash: the standard model), streamed too', async () => {
    const completion = await pro.client.chat.completions.create(
      noModel({ messages: [{ role: 'user', content: 'Hello' }] }),
    );
    expect(completion.model).toBe('small-llm');
    expect(completion.choices[0]?.message.content).toBe('Hello from upstream');
    expect(upstream.calls.at(-1)?.body).toMatchObject({
      model: 'small-llm',
      messages: [{ role: 'user', content: 'Hello' }],
    });

    {
      const stream = await pro.client.chat.completions.create({
        messages: [{ role: 'user', content: 'Hello' }],
        stream: true,
      } as unknown as OpenAI.ChatCompletionCreateParamsStreaming);
      let text = '';
      for await (const chunk of stream) {
        expect(chunk.model).toBe('small-llm');
        text += chunk.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe('Hello from upstream');
      expect(upstream.calls.at(-1)?.body).toMatchObject({ model: 'small-llm', stream: true });
    }
  });

  it('answers every hosted name (1.0.4, 1.0.5 and legacy) with its target model, billed at its rate; the advanced ones are 403 on the free plan', async () => {
    for (const [names, served, rate] of [
      [STANDARD_NAMES, 'small-llm', 1],
      [ADVANCED_NAMES, 'big-llm', 5],
    ] as const) {
      for (const name of names) {
        const before = await balanceOf(t, pro.key);
        const completion = await pro.client.chat.completions.create({
          model: name,
          messages: [{ role: 'user', content: `Hi ${name}` }],
        });
        // The response names what really served it; the upstream was asked for that model.
        expect(completion.model, name).toBe(served);
        expect(upstream.calls.at(-1)?.body.model, name).toBe(served);
        // The fake upstream reports 30 tokens.
        expect(before - (await balanceOf(t, pro.key)), name).toBe(30 * rate);
      }
    }
    for (const name of STANDARD_NAMES)
      expect(
        (await free.client.chat.completions.create({ model: name, messages: [{ role: 'user', content: 'x' }] })).model,
      ).toBe('small-llm');
    const calls = upstream.calls.length;
    const before = await balanceOf(t, free.key);
    for (const name of ADVANCED_NAMES) {
      const error = await free.client.chat.completions
        .create({ model: name, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect((error as Error).message).toContain(
        `The model '${name}' (an alias of 'big-llm') is not available on the free plan`,
      );
    }
    // The same 403 as the advanced model's own name.
    const direct = await free.client.chat.completions
      .create({ model: 'big-llm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(upstream.calls.length).toBe(calls);
    expect(await balanceOf(t, free.key)).toBe(before);
  });

  it('finds names in any case, as before', async () => {
    expect(
      (await pro.client.chat.completions.create({ model: 'GPT-5', messages: [{ role: 'user', content: 'x' }] })).model,
    ).toBe('big-llm');
    expect(
      (
        await pro.client.chat.completions.create({
          model: 'Gemini-3-Flash',
          messages: [{ role: 'user', content: 'x' }],
        })
      ).model,
    ).toBe('small-llm');
  });

  it('lists the models, then the aliases with alias_of, under /api and /v1', async () => {
    // The chat names (other modalities follow them: test/embeddings-remote.test.ts).
    const models = (
      (await pro.client.models.list()).data as (OpenAI.Model & { alias_of?: string; capabilities: string[] })[]
    ).filter((m) => m.capabilities.includes('chat'));
    expect(models.map((m) => [m.id, m.alias_of])).toEqual([
      ['small-llm', undefined],
      ['big-llm', undefined],
      ['builtin', undefined],
      ...[...HOSTED_1_0_5_IDS, ...LEGACY_IDS].map((name) => [
        name,
        STANDARD_NAMES.includes(name) ? 'small-llm' : 'big-llm',
      ]),
    ]);
    expect(
      models.every((m) => m.object === 'model' && m.owned_by === (m.id === 'builtin' ? 'atelier-builtin' : 'atelier')),
    ).toBe(true);
    expect(await pro.client.models.retrieve('gpt-5')).toMatchObject({
      id: 'gpt-5',
      object: 'model',
      alias_of: 'big-llm',
    });
    const v1 = (await t.server.inject({ url: '/v1/models/claude-haiku-4-5', headers: withKey(pro.key) })).json();
    expect(v1).toMatchObject({ id: 'claude-haiku-4-5', alias_of: 'small-llm' });
    expect(
      (await t.server.inject({ url: '/v1/models', headers: withKey(pro.key) }))
        .json<{ data: { capabilities: string[] }[] }>()
        .data.filter((m) => m.capabilities.includes('chat')),
    ).toHaveLength(3 + 49 + 15);
  });

  it('answers an unknown name with 404 model_not_found (as OpenAI does), listing what is available', async () => {
    const error = await pro.client.chat.completions
      .create({ model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect((error as Error).message).toMatch(
      /The model 'gpt-9' does not exist here; available: small-llm, big-llm, builtin, gemini-3.8-flash, .*grok-4, gemini-3-flash, .*qwen3p7-plus/,
    );
  });

  it('downloads a picture given by URL and sends it upstream as a data URI with the same bytes', async () => {
    const before = await balanceOf(t, pro.key);
    const completion = await pro.client.chat.completions.create({
      model: 'gemini-3-flash',
      messages: [
        { role: 'system', content: 'Describe pictures.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: files.url('/photo.jpg'), detail: 'low' } },
          ],
        },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from upstream');
    expect(files.hits('/photo.jpg')).toBe(1);
    const [system, user] = upstreamMessages(upstream);
    expect(system).toEqual({ role: 'system', content: 'Describe pictures.' });
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'low' } },
      ],
    });
    expect(before - (await balanceOf(t, pro.key))).toBe(30);
  });

  it('passes a data URI and input_audio through as they came, streamed as well', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: PNG_URI } },
          { type: 'input_audio', input_audio: { data: MP3_BASE64, format: 'mp3' } },
          { type: 'text', text: 'Both?' },
        ],
      },
    ];
    await pro.client.chat.completions.create({ model: 'gpt-5', messages });
    expect(upstream.calls.at(-1)?.body).toMatchObject({ model: 'big-llm' });
    expect(upstreamMessages(upstream)).toEqual(messages);

    const raw = await t.server.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: withKey(pro.key),
      payload: { messages, stream: true },
    });
    expect(raw.statusCode).toBe(200);
    expect(upstreamMessages(upstream)).toEqual(messages);
    // The hosted reference's other audio formats are taken as well.
    for (const format of ['wav', 'webm', 'mp4']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/chat/completions',
        headers: withKey(pro.key),
        payload: {
          messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: MP3_BASE64, format } }] }],
        },
      });
      expect(res.statusCode, format).toBe(200);
      expect(upstreamMessages(upstream)[0]?.content).toEqual([
        { type: 'input_audio', input_audio: { data: MP3_BASE64, format } },
      ]);
    }
  });

  it('counts pictures and audio in the estimate it bills when the upstream reports no usage', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 200, {
        choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      }),
    );
    try {
      const completion = await pro.client.chat.completions.create({
        model: 'gemini-3-flash',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: PNG_URI } },
              { type: 'image_url', image_url: { url: PNG_URI, detail: 'low' } },
            ],
          },
        ],
      });
      // 'What is this?' (13 characters: 4 tokens), a picture (765), one in low detail (85), the message's framing (4).
      expect(completion.usage?.prompt_tokens).toBe(4 + 765 + 85 + 4);
      const audio = await pro.client.chat.completions.create({
        model: 'gemini-3-flash',
        messages: [
          { role: 'user', content: [{ type: 'input_audio', input_audio: { data: MP3_BASE64, format: 'mp3' } }] },
        ],
      });
      // 414 bytes of MP3 are under a second at 128 kbit/s: one second, 32 tokens (and 4 for the framing).
      expect(audio.usage?.prompt_tokens).toBe(32 + 4);
    } finally {
      upstream.handle(answer);
    }
  });

  it('refuses parts it does not take, malformed ones and too many, naming the part, before the upstream or the bill', async () => {
    const calls = upstream.calls.length;
    const before = await balanceOf(t, pro.key);
    const send = (content: unknown, extra: Record<string, unknown> = {}) =>
      t.server.inject({
        method: 'POST',
        url: '/api/chat/completions',
        headers: withKey(pro.key),
        payload: {
          model: 'gpt-5',
          messages: [
            { role: 'system', content: 'x' },
            { role: 'user', content },
          ],
          ...extra,
        },
      });
    const refused = async (content: unknown, message: string | RegExp, param: string) => {
      const res = await send(content);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json<{ error: { message: string; param: string; type: string } }>().error;
      expect(error.message).toMatch(message);
      expect(error).toMatchObject({ param, type: 'invalid_request_error' });
    };
    await refused(
      [
        { type: 'text', text: 'x' },
        { type: 'file', file: { file_id: 'f1' } },
      ],
      /^messages\[1\]\.content\[1\]\.type: 'file' parts are not supported here \(a part's type is one of text, image_url, input_audio\)$/,
      'messages[1].content[1].type',
    );
    await refused(
      [{ text: 'x' }],
      /^messages\[1\]\.content\[0\]\.type: a content part needs a type/,
      'messages[1].content[0].type',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@not base64@@' } }],
      /^messages\[1\]\.content\[0\]\.image_url\.url: the data URI is not valid base64$/,
      'messages[1].content[0].image_url.url',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: 'data:image/svg+xml;base64,PHN2Zz4=' } }],
      /^messages\[1\]\.content\[0\]\.image_url\.url: data URIs must be image\/png, image\/jpeg, image\/webp, image\/gif \(not image\/svg\+xml\)$/,
      'messages[1].content[0].image_url.url',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: 'data:image/png,rawbytes' } }],
      /image_url\.url: data URIs must be base64-encoded/,
      'messages[1].content[0].image_url.url',
    );
    await refused(
      [
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${Buffer.from('plain text, no picture').toString('base64')}` },
        },
      ],
      /does not hold a PNG, JPEG, WebP or GIF picture/,
      'messages[1].content[0].image_url.url',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }],
      /^messages\[1\]\.content\[0\]\.image_url\.url: must be an http\(s\) URL or a data:image/,
      'messages[1].content[0].image_url.url',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: PNG_URI, size: 'big' } }],
      /^messages\[1\]\.content\[0\]\.image_url: unknown field "size"$/,
      'messages[1].content[0].image_url',
    );
    await refused(
      [{ type: 'image_url', image_url: { url: PNG_URI, detail: 'ultra' } }],
      /^messages\[1\]\.content\[0\]\.image_url\.detail: must be one of auto, low, high$/,
      'messages[1].content[0].image_url.detail',
    );
    await refused(
      [{ type: 'image_url' }],
      /^messages\[1\]\.content\[0\]\.image_url: is required$/,
      'messages[1].content[0].image_url',
    );
    await refused(
      [{ type: 'input_audio', input_audio: { data: MP3_BASE64, format: 'flac' } }],
      /^messages\[1\]\.content\[0\]\.input_audio\.format: must be one of mp3, wav, webm, mp4$/,
      'messages[1].content[0].input_audio.format',
    );
    await refused(
      [{ type: 'input_audio', input_audio: { data: 'not base64!', format: 'mp3' } }],
      /^messages\[1\]\.content\[0\]\.input_audio\.data: must be base64-encoded audio$/,
      'messages[1].content[0].input_audio.data',
    );
    await refused(
      Array.from({ length: 21 }, () => ({ type: 'image_url', image_url: { url: PNG_URI } })),
      /^messages: at most 20 images per request \(this one has 21\)$/,
      'messages',
    );
    // Pictures and audio only in user messages, as OpenAI takes them.
    const assistant = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(pro.key),
      payload: { messages: [{ role: 'assistant', content: [{ type: 'image_url', image_url: { url: PNG_URI } }] }] },
    });
    expect(assistant.json()).toMatchObject({
      error: {
        message: 'messages[0].content[0]: image_url parts can only be in user messages',
        param: 'messages[0].content[0]',
      },
    });
    // A picture that cannot be downloaded, or is none.
    await refused(
      [{ type: 'image_url', image_url: { url: files.url('/missing.png') } }],
      /^messages\[1\]\.content\[0\]: the image could not be downloaded: 127\.0\.0\.1:\d+ answered HTTP 404$/,
      'messages[1].content[0]',
    );
    await refused(
      [
        { type: 'text', text: 'x' },
        { type: 'image_url', image_url: { url: files.url('/notes.txt') } },
      ],
      /^messages\[1\]\.content\[1\]: the URL does not give a PNG, JPEG, WebP or GIF picture$/,
      'messages[1].content[1]',
    );
    expect(upstream.calls.length).toBe(calls);
    expect(await balanceOf(t, pro.key)).toBe(before);
  });

  it('keeps the plain-text errors of other fields as they were', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(pro.key),
      payload: { messages: [{ role: 'user', content: 'x' }], temperature: 3 },
    });
    expect(res.json()).toEqual({
      error: {
        message: 'temperature: must be at most 2',
        type: 'invalid_request_error',
        param: 'temperature',
        code: null,
      },
    });
    const empty = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(pro.key),
      payload: { messages: [] },
    });
    expect(empty.json()).toMatchObject({
      error: { message: 'messages: must have at least 1 items', param: 'messages' },
    });
    const content = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(pro.key),
      payload: { messages: [{ role: 'user', content: 42 }] },
    });
    expect(content.json()).toMatchObject({
      error: { message: 'messages[0].content: has an invalid type or value', param: 'messages[0].content' },
    });
  });
});

describe('pictures by URL with the SSRF guard on (the default)', () => {
  let upstream: FakeUpstream;
  let files: FileServer;
  let t: TestApp;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    files = await startFileServer();
    files.serve('/a.png', Buffer.from(PNG_BASE64, 'base64'), 'image/png');
    t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_UPSTREAM_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
    await files.close();
  });

  it('refuses a loopback or private URL with 400 saying why; nothing is fetched, sent upstream or charged', async () => {
    const { key } = await t.account({ credits: 1_000 });
    const port = new URL(files.url('/')).port;
    for (const url of [
      files.url('/a.png'),
      `http://localhost:${port}/a.png`,
      'http://10.1.2.3/a.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/chat/completions',
        headers: withKey(key),
        payload: {
          model: 'gpt-4o-mini',
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Look' },
                { type: 'image_url', image_url: { url } },
              ],
            },
          ],
        },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        error: {
          message: expect.stringMatching(
            /^messages\[0\]\.content\[1\]: the image could not be downloaded: URL (host localhost resolves|points) to a private or local address \(.+\); refused$/,
          ),
          param: 'messages[0].content[1]',
        },
      });
    }
    expect(files.hits('/a.png')).toBe(0);
    expect(upstream.calls).toHaveLength(0);
    expect(await balanceOf(t, key)).toBe(1_000);
  });
});

describe('pictures and audio for the builtin engine', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('refuses them with 400 naming model and part, never dropping them silently, and charges nothing', async () => {
    const { key } = await t.account({ credits: 1_000 });
    const send = (model: string | undefined, content: unknown) =>
      t.server.inject({
        method: 'POST',
        url: '/api/chat/completions',
        headers: withKey(key),
        payload: { ...(model && { model }), messages: [{ role: 'user', content }] },
      });
    const image = await send('gpt-4o-mini', [
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: PNG_URI } },
    ]);
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({
      error: {
        message: "The model 'gpt-4o-mini' (builtin engine) cannot take image_url parts: messages[0].content[1]",
        param: 'messages[0].content[1]',
      },
    });
    const audio = await send(undefined, [{ type: 'input_audio', input_audio: { data: MP3_BASE64, format: 'wav' } }]);
    expect(audio.json()).toMatchObject({
      error: {
        message:
          "The model 'gemini-3.8-flash' (an alias of 'gpt-4o-mini', builtin engine) cannot take input_audio parts: messages[0].content[0]",
      },
    });
    // Even by URL (refused before anything is downloaded: the URL is not reachable anyway).
    const byUrl = await send('builtin', [{ type: 'image_url', image_url: { url: 'http://192.0.2.1/x.png' } }]);
    expect(byUrl.json()).toMatchObject({
      error: { message: "The model 'builtin' (builtin engine) cannot take image_url parts: messages[0].content[0]" },
    });
    expect(await balanceOf(t, key)).toBe(1_000);
    // Text parts alone are fine.
    expect((await send(undefined, [{ type: 'text', text: 'Hi' }])).statusCode).toBe(200);
  });
});

describe('ATELIER_CHAT_MODEL_ALIASES and ATELIER_CHAT_DEFAULT_MODEL', () => {
  const noFile = join(tmpdir(), 'atelier-no-such.env');

  it('change the mapping: the given table replaces the hosted names, and the default answers requests without model', async () => {
    const upstream = await startFakeUpstream();
    const t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'small-llm',
      ATELIER_TEXT_ADVANCED_MODEL: 'big-llm',
      ATELIER_CHAT_MODEL_ALIASES: ' fast = standard , Smart=BIG-LLM,offline=builtin,gemini-3-flash=advanced',
      ATELIER_CHAT_DEFAULT_MODEL: 'smart',
    });
    try {
      const { key } = await t.account({ plan: 'pro', credits: 10_000 });
      const chat = (payload: Record<string, unknown>) =>
        t.server.inject({
          method: 'POST',
          url: '/v1/chat/completions',
          headers: withKey(key),
          payload: { messages: [{ role: 'user', content: 'Hi' }], ...payload },
        });
      expect((await chat({})).json()).toMatchObject({ model: 'big-llm' });
      expect((await chat({ model: 'fast' })).json()).toMatchObject({ model: 'small-llm' });
      expect((await chat({ model: 'gemini-3-flash' })).json()).toMatchObject({ model: 'big-llm' });
      expect((await chat({ model: 'offline' })).json()).toMatchObject({ model: 'builtin' });
      const gone = await chat({ model: 'gpt-5' });
      expect(gone.json()).toMatchObject({
        error: {
          code: 'model_not_found',
          message:
            "The model 'gpt-5' does not exist here; available: small-llm, big-llm, builtin, fast, Smart, offline, gemini-3-flash",
        },
      });
      const models = (await t.server.inject({ url: '/api/models', headers: withKey(key) }))
        .json<{ data: { id: string; alias_of?: string; owned_by: string; capabilities: string[] }[] }>()
        .data.filter((m) => m.capabilities.includes('chat'));
      expect(models.map((m) => [m.id, m.alias_of])).toEqual([
        ['small-llm', undefined],
        ['big-llm', undefined],
        ['builtin', undefined],
        ['fast', 'small-llm'],
        ['Smart', 'big-llm'],
        ['offline', 'builtin'],
        ['gemini-3-flash', 'big-llm'],
      ]);
      expect(models.find((m) => m.id === 'offline')?.owned_by).toBe('atelier-builtin');
    } finally {
      await t.close();
      await upstream.close();
    }
  });

  it('default to the hosted 1.0.5 names and gemini-3.8-flash, or the standard model when the table has no gemini-3.8-flash', () => {
    const defaults = loadConfig({}, noFile).chat;
    expect(defaults.defaultModel).toBe('gemini-3.8-flash');
    expect(defaults.aliases.map((a) => a.name)).toEqual([...HOSTED_1_0_5_IDS, ...LEGACY_IDS]);
    // The 1.0.4 names keep their targets: the standard ones are still the standard model's.
    expect(defaults.aliases.filter((a) => a.target === 'standard').map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'gemini-3-flash',
        'claude-haiku-4-5',
        'gpt-5-mini',
        'gpt-5.4-instant',
        'deepseek-v3',
        'kimi-k2.5',
        'glm-5',
        'minimax-m2p5',
      ]),
    );
    expect(
      defaults.aliases
        .filter((a) => a.target === 'standard')
        .map((a) => a.name)
        .sort(),
    ).toEqual([...STANDARD_NAMES].sort());
    // A legacy id configured as an alias of a current one takes its target.
    expect(
      loadConfig({ ATELIER_CHAT_MODEL_ALIASES: 'deepseek-v4-pro=advanced,deepseek-r1=deepseek-v4-pro' }, noFile).chat
        .aliases,
    ).toEqual([
      { name: 'deepseek-v4-pro', target: 'advanced' },
      { name: 'deepseek-r1', target: 'advanced' },
    ]);
    expect(loadConfig({ ATELIER_CHAT_MODEL_ALIASES: 'fast=standard' }, noFile).chat).toMatchObject({
      aliases: [{ name: 'fast', target: 'standard' }],
      defaultModel: 'gpt-4o-mini',
    });
    expect(loadConfig({ ATELIER_CHAT_DEFAULT_MODEL: 'GPT-5' }, noFile).chat.defaultModel).toBe('GPT-5');
    expect(loadConfig({ ATELIER_CHAT_DEFAULT_MODEL: 'builtin' }, noFile).chat.defaultModel).toBe('builtin');
    // A hosted name that is the name of a configured model is that model, not an alias.
    const named = loadConfig({ ATELIER_TEXT_MODEL: 'gemini-3.8-flash' }, noFile).chat;
    expect(named.aliases.map((a) => a.name)).not.toContain('gemini-3.8-flash');
    expect(named.defaultModel).toBe('gemini-3.8-flash');
  });

  it.each([
    [{ ATELIER_CHAT_MODEL_ALIASES: 'gpt-5' }, "ATELIER_CHAT_MODEL_ALIASES: 'gpt-5' is not name=target"],
    [
      { ATELIER_CHAT_MODEL_ALIASES: 'gpt-5=huge' },
      "ATELIER_CHAT_MODEL_ALIASES: 'gpt-5=huge' has an unknown target 'huge' (use standard, advanced, builtin, gpt-4o-mini or gpt-4o)",
    ],
    [{ ATELIER_CHAT_MODEL_ALIASES: 'a=standard,A=advanced' }, "ATELIER_CHAT_MODEL_ALIASES: 'A' is given twice"],
    [
      { ATELIER_CHAT_MODEL_ALIASES: 'gpt-4o=standard' },
      "ATELIER_CHAT_MODEL_ALIASES: 'gpt-4o' is already the name of a model",
    ],
    [
      { ATELIER_CHAT_MODEL_ALIASES: 'my/model=standard' },
      "ATELIER_CHAT_MODEL_ALIASES: 'my/model' is not a usable model name",
    ],
    [{ ATELIER_CHAT_MODEL_ALIASES: ',' }, 'ATELIER_CHAT_MODEL_ALIASES: give at least one name=target pair'],
    [
      { ATELIER_CHAT_DEFAULT_MODEL: 'gpt-9' },
      "ATELIER_CHAT_DEFAULT_MODEL: 'gpt-9' is neither a model nor an alias here",
    ],
    [
      { ATELIER_CHAT_MODEL_ALIASES: 'fast=standard', ATELIER_CHAT_DEFAULT_MODEL: 'gemini-3-flash' },
      "ATELIER_CHAT_DEFAULT_MODEL: 'gemini-3-flash' is neither a model nor an alias here (models: gpt-4o-mini, gpt-4o, builtin; aliases: fast)",
    ],
  ])('refuse %j at start with a clear config error', (env, message) => {
    expect(() => loadConfig(env, noFile)).toThrow(ConfigError);
    expect(() => loadConfig(env, noFile)).toThrow(message);
  });
});
