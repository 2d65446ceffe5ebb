import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let upstream: FakeUpstream;
let t: TestApp;
let account: { id: string; key: string };
const uuid = '11111111-2222-4333-8444-555555555555';

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp({
    ATELIER_TEXT_PROVIDER: 'openai-compatible',
    ATELIER_TEXT_BASE_URL: upstream.baseUrl,
    ATELIER_UPSTREAM_RETRIES: '0',
  });
  account = await t.account({ credits: 20 });
  const now = new Date().toISOString();
  // A finished therapy-session transcription, as a completed job leaves it.
  await t.app.services.db
    .insertInto('transcriptions')
    .values({
      id: uuid,
      account_id: account.id,
      name: 'Session 4',
      url: 'https://example.com/session.mp3',
      audio_type: 'Therapy Session',
      language: 'English',
      detect_speakers: 1,
      enhanced_quality: 0,
      status: 'completed',
      error: null,
      content: 'I have been feeling anxious at work. We will practise breathing before meetings.',
      segments: JSON.stringify([
        { start: 0, end: 3.2, text: 'I have been feeling anxious at work.', speaker: 'Speaker 1' },
        { start: 3.4, end: 6.9, text: 'We will practise breathing before meetings.', speaker: 'Speaker 2' },
      ]),
      duration: 7,
      progress: 100,
      model: 'pocketsphinx:pocketsphinx-en-us',
      derived: '{}',
      credits: 2,
      webhook_url: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const derive = (payload: Record<string, unknown>) =>
  t.server.inject({
    method: 'POST',
    url: '/api/generate-audio-content',
    headers: withKey(account.key),
    payload: { audio_id: uuid, ...payload },
  });

describe('derived content with an LLM configured', () => {
  it('sends each field its own prompt with the timestamped transcript, charges per new field, and reuses what exists', async () => {
    // The calls this test makes, counted from none: the other test here may have called the same server before.
    upstream.calls.length = 0;
    upstream.handle((call, res) => {
      const messages = call.body.messages as { content: string }[];
      replyJson(res, 200, chatCompletion(`LLM answer to: ${messages[1]?.content.slice(0, 40)}`));
    });
    const first = await derive({ fields: ['soap_note', 'summary'] });
    expect(first.statusCode).toBe(200);
    expect(upstream.calls).toHaveLength(2);
    const prompts = upstream.calls.map((c) => (c.body.messages as { content: string }[])[1]?.content ?? '');
    expect(prompts[0]).toMatch(/SOAP/);
    expect(prompts[0]).toContain('[00:00] Speaker 1: I have been feeling anxious at work.');
    expect(prompts[1]).not.toEqual(prompts[0]);
    const { data } = first.json<{ data: Record<string, string> }>();
    expect(Object.keys(data)).toEqual(['soap_note', 'summary']);
    expect(data.soap_note).toMatch(/^LLM answer to:/);

    const balance = async () =>
      (await t.server.inject({ url: '/api/account', headers: withKey(account.key) })).json<{
        credits: { balance: number };
      }>().credits.balance;
    expect(await balance()).toBe(18);
    const again = await derive({ fields: ['soap_note'] });
    expect(again.json<{ data: Record<string, string> }>().data.soap_note).toBe(data.soap_note);
    expect(upstream.calls).toHaveLength(2);
    expect(await balance()).toBe(18);

    await derive({ fields: ['soap_note'], regenerate: true });
    expect(upstream.calls).toHaveLength(3);
    expect(await balance()).toBe(17);
  });

  it('answers 502 and refunds when the LLM fails', async () => {
    upstream.handle((_call, res) => replyJson(res, 500, { error: 'down' }));
    const res = await derive({ fields: ['dap_note'] });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/^Content generation failed/);
  });
});
