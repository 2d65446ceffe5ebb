import { describe, expect, it } from 'vitest';
import { withKey } from './helpers/test-app.js';
import { appWithTextUpstream } from './helpers/text-upstream-app.js';

const live = appWithTextUpstream({ ATELIER_TEXT_API_KEY: 'sk-upstream-secret', ATELIER_RATE_LIMIT_ENABLED: 'false' });

describe('a user preset with a language model', () => {
  it('sends exactly the rendered template (inputs as text, unescaped, never rendered again) and the system message', async () => {
    const { key } = await live.t.account();
    const created = await live.t.server.inject({
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
    const res = await live.t.server.inject({
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
    const [call] = live.upstream.calls;
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
