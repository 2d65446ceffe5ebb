import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../src/config.js';
import { unwrap } from '../src/shared/errors.js';
import { replyJson } from './helpers/fake-upstream.js';
import { type TestApp, appWithAccount, startTestApp, withKey } from './helpers/test-app.js';
import { appWithTextUpstream } from './helpers/text-upstream-app.js';

type Json = Record<string, unknown>;
type Message = { role: string; content: string };
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

/** A preset with three fields, as the editor would send it, with sample inputs. */
const draft = (change: Json = {}): Json => ({
  title: 'Bake sale poster',
  description: 'A poster for a school bake sale',
  fields: [
    { name: 'keywords', label: 'What is on sale', type: 'textarea', required: true },
    { name: 'extra3', label: 'Where', type: 'text', default: 'the school hall' },
    { name: 'extra9', label: 'Mood', type: 'select', options: ['cheerful', 'calm'] },
  ],
  prompt:
    'Write a {{extra9}} poster in {{language}} for a bake sale of {{keywords}}.{{#extra3}} It is in {{extra3}}.{{/extra3}}',
  inputs: { keywords: 'lemon cakes & <b>scones</b>', extra9: 'calm' },
  ...change,
});

describe('preview and test run on the builtin engine', () => {
  const s = appWithAccount();
  const post = (path: string, key: string, payload: Json) =>
    s.t.server.inject({ method: 'POST', url: `/api/presets/${path}`, headers: withKey(key), payload });
  const balance = async (key: string) =>
    (await s.t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
      .credits.balance;

  it('previews the messages for free, with defaults and the language applied and the inputs as they are', async () => {
    const before = await balance(s.key);
    const res = await post('preview', s.key, draft({ language: 'German' }));
    expect(res.statusCode).toBe(200);
    const { messages, max_tokens } = res.json<{ messages: Message[]; max_tokens: number }>();
    expect(messages).toEqual([
      {
        role: 'system',
        content: [
          'You are a professional writer working on "Bake sale poster": A poster for a school bake sale',
          'Write in German.',
          'Reply with the finished text only: no preamble, no notes about the instructions.',
        ].join('\n'),
      },
      {
        role: 'user',
        content:
          'Write a calm poster in German for a bake sale of lemon cakes & <b>scones</b>. It is in the school hall.',
      },
    ]);
    expect(max_tokens).toBeGreaterThan(0);
    expect(await balance(s.key)).toBe(before);
  });

  it.each([
    ['a huge template', `{{keywords}}{{extra3}}{{extra9}}${'x'.repeat(10_001)}`, 'prompt'],
    [
      'sections nested too deep',
      '{{extra3}}{{extra9}}{{#keywords}}{{#keywords}}{{#keywords}}{{#keywords}}x{{/keywords}}{{/keywords}}{{/keywords}}{{/keywords}}',
      '{{#keywords}} nests sections more than 3 deep',
    ],
    ['an unescaped value', '{{keywords}}{{extra3}}{{extra9}} {{{x}}}', '{{{x}}} is not allowed'],
    ['an unknown name', '{{keywords}}{{extra3}}{{extra9}} {{secret}}', '{{secret}} names no field'],
    ['a name reaching into the view', '{{keywords}}{{extra3}}{{extra9}} {{constructor.name}}', '{{constructor.name}}'],
    ['a field the template leaves out', '{{keywords}} {{extra9}}', 'extra3 (Where) is not used'],
  ])('refuses %s, naming the token or field, in preview and test run alike', async (_name, prompt, named) => {
    const before = await balance(s.key);
    for (const path of ['preview', 'test-run']) {
      const res = await post(path, s.key, draft({ prompt }));
      expect(res.statusCode, path).toBe(400);
      expect(errorOf(res), path).toContain(named);
    }
    expect(await balance(s.key)).toBe(before);
  });

  it('refuses inputs the draft has no field for, missing required ones, and bad choices, naming them', async () => {
    const stray = await post('preview', s.key, draft({ inputs: { keywords: 'buns', extra4: 'x' } }));
    expect(stray.statusCode).toBe(400);
    expect(errorOf(stray)).toBe('inputs.extra4: the preset has no field extra4');
    const unknown = await post('preview', s.key, draft({ inputs: { keywords: 'buns', secret: 'x' } }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toContain('secret');
    const missing = await post('preview', s.key, draft({ inputs: {} }));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toContain('inputs.keywords (What is on sale) is required');
    const choice = await post('preview', s.key, draft({ inputs: { keywords: 'buns', extra9: 'grumpy' } }));
    expect(choice.statusCode).toBe(400);
    expect(errorOf(choice)).toContain('inputs.extra9: must be one of cheerful, calm');
    const long = await post('preview', s.key, draft({ inputs: { keywords: 'x'.repeat(5_001) } }));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toContain('keywords');
  });

  it('test-runs one output with the builtin engine, charged as one output and stored nowhere', async () => {
    const { id, key } = await s.t.account({ credits: 5 });
    const res = await post('test-run', key, draft());
    expect(res.statusCode).toBe(200);
    const run = res.json<{ text: string; messages: Message[]; model: string; credits: number }>();
    const perOutput = 1; // ATELIER_CREDITS_PER_OUTPUT's default
    expect(run.credits).toBe(perOutput);
    expect(run.model).toBe(s.t.app.services.textModels.standard.modelId);
    expect(run.text).toContain('lemon cakes');
    expect(run.messages).toEqual((await post('preview', key, draft())).json<{ messages: Message[] }>().messages);
    expect(await balance(key)).toBe(5 - perOutput);
    const ledger = await s.t.app.services.credits.ledger(id);
    expect(ledger.filter((e) => e.reason === 'reserve:text').map((e) => [e.delta, e.reference])).toEqual([
      [-perOutput, res.headers['x-request-id']],
    ]);
    const outputs = await s.t.server.inject({ url: '/api/outputs', headers: withKey(key) });
    expect(outputs.json<{ outputs: unknown[] }>().outputs).toEqual([]);
  });

  it('answers 402 when the balance cannot pay for the run, and spends nothing', async () => {
    const { key } = await s.t.account({ credits: 0 });
    const res = await post('test-run', key, draft());
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatch(/credits/i);
    expect(await balance(key)).toBe(0);
  });

  it("puts the account's default brand voice ahead, as generate does", async () => {
    const { id, key } = await s.t.account({ credits: 5 });
    unwrap(await s.t.app.services.brandVoices.create(id, { name: 'House', instructions: 'Say we.', default: true }));
    const res = await post('preview', key, draft());
    expect(res.json<{ messages: Message[] }>().messages[0]).toEqual({ role: 'system', content: 'Say we.' });
  });

  it('needs a key', async () => {
    const res = await s.t.server.inject({ method: 'POST', url: '/api/presets/preview', payload: draft() });
    expect(res.statusCode).toBe(401);
  });
});

describe('preview and test run with a language model', () => {
  const live = appWithTextUpstream({ ATELIER_RATE_LIMIT_ENABLED: 'false' });

  it('previews exactly what a generate of the saved preset sends the upstream', async () => {
    const { key } = await live.t.account({ credits: 10 });
    const { inputs, ...preset } = draft() as { inputs: Json } & Json;
    const created = await live.t.server.inject({
      method: 'POST',
      url: '/api/presets',
      headers: withKey(key),
      payload: { ...preset, slug: 'bake-sale' },
    });
    expect(created.statusCode).toBe(201);
    const preview = await live.t.server.inject({
      method: 'POST',
      url: '/api/presets/preview',
      headers: withKey(key),
      payload: draft({ slug: 'bake-sale', language: 'Spanish', inputs }),
    });
    expect(preview.statusCode).toBe(200);
    expect(live.upstream.calls).toEqual([]);
    const generated = await live.t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'bake-sale', language: 'Spanish', ...inputs },
    });
    expect(generated.statusCode).toBe(200);
    const [call] = live.upstream.calls;
    const { messages, max_tokens } = preview.json<{ messages: Message[]; max_tokens: number }>();
    expect(call?.body.messages).toEqual(messages);
    expect(call?.body.max_tokens).toBe(max_tokens);
  });

  it('test-runs with the standard model, and gives the credits back when the upstream fails', async () => {
    const { key } = await live.t.account({ credits: 10 });
    const post = () =>
      live.t.server.inject({ method: 'POST', url: '/api/presets/test-run', headers: withKey(key), payload: draft() });
    const ran = await post();
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ text: 'Hello from upstream', model: 'small-model', credits: 1 });
    expect(live.upstream.calls[0]?.body.messages).toEqual(ran.json<{ messages: Message[] }>().messages);
    live.upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'no such model' } }));
    const failed = await post();
    expect(failed.statusCode).toBe(502);
    const account = await live.t.server.inject({ url: '/api/account', headers: withKey(key) });
    expect(account.json<{ credits: { balance: number } }>().credits.balance).toBe(9);
  });
});

describe('preview under the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    const plans = DEFAULT_PLANS.map((p) => (p.name === 'free' ? { ...p, rateLimitPerMinute: 3 } : p));
    t = await startTestApp({ ATELIER_PLANS: JSON.stringify(plans) });
  });
  afterAll(() => t?.close());

  it("counts previews as the plan's requests, like every route", async () => {
    const { key } = await t.account({ plan: 'free' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/presets/preview',
        headers: withKey(key),
        payload: draft(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
