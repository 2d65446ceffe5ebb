import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let upstream: FakeUpstream;
let t: TestApp;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
  t = await startTestApp({
    ATELIER_TEXT_PROVIDER: 'openai-compatible',
    ATELIER_TEXT_BASE_URL: upstream.baseUrl,
    ATELIER_TEXT_API_KEY: 'sk-upstream-secret',
    ATELIER_TEXT_MODEL: 'small-model',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
  });
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

describe('a user preset with a language model', () => {
  it('sends exactly the rendered template (inputs as text, unescaped, never rendered again) and the system message', async () => {
    const { key } = await t.account();
    const created = await t.server.inject({
      method: 'POST',
      url: '/api/presets',
      headers: withKey(key),
      payload: {
        title: 'Product blurb',
        description: 'A short blurb for a shop page',
        fields: [
          { name: 'keywords', label: 'Product', type: 'textarea', required: true },
          { name: 'tone', label: 'Tone', type: 'text' },
          { name: 'extra14', label: 'Audience', type: 'text' },
          { name: 'extra6', label: 'Gift wrap', type: 'checkbox', default: 'true' },
        ],
        prompt:
          'Describe {{keywords}} in {{language}}.\n{{#extra14}}For {{extra14}}.{{/extra14}}{{^extra14}}For everyone.{{/extra14}}\n{{#tone}}Tone: {{tone}}.{{/tone}}\n{{#extra6}}Mention gift wrap.{{/extra6}}',
      },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: {
        preset: 'product-blurb',
        keywords: 'a <b>"ceramic"</b> mug & {{extra14}} {{#tone}}x{{/tone}}',
        tone: 'warm',
        language: 'French',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: expect.any(Number), name: 'Hello from upstream', text: 'Hello from upstream' }]);
    const [call] = upstream.calls;
    expect(call?.body.messages).toEqual([
      {
        role: 'system',
        content: [
          'You are a professional writer working on "Product blurb": A short blurb for a shop page',
          'Write in French.',
          'Use this tone: warm.',
          'Reply with the finished text only: no preamble, no notes about the instructions.',
        ].join('\n'),
      },
      {
        role: 'user',
        content:
          'Describe a <b>"ceramic"</b> mug & {{extra14}} {{#tone}}x{{/tone}} in French.\nFor everyone.\nTone: warm.\nMention gift wrap.',
      },
    ]);
  });
});
