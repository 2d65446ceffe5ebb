import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ToolResult, callTool, jsonOf, mcpClient, textOf } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let base: string;
let key: string;
let client: Client;

const connect = (apiKey: string) => mcpClient(t, apiKey);
const call = (name: string, args: Record<string, unknown> = {}, on = client): Promise<ToolResult> =>
  callTool(on, name, args);

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_JOB_POLL_MS: '50' });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  key = (await t.account({ credits: 500 })).key;
  client = await connect(key);
});
afterAll(async () => {
  await client.close();
  await t.close();
});

describe('MCP server at /mcp, driven by the SDK client over HTTP', () => {
  it('lists a tool for every operation, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      [
        'chat_completion',
        'chat_with_bot',
        'check_connection',
        'create_brand_voice',
        'delete_brand_voice',
        'get_brand_voice',
        'list_brand_voices',
        'update_brand_voice',
        'create_template',
        'delete_template',
        'display_media',
        'generate_audio_content',
        'generate_image',
        'generate_sound',
        'generate_speech',
        'generate_text',
        'generate_talking_video',
        'generate_video',
        'get_account',
        'get_image',
        'get_template',
        'get_transcription',
        'get_voice_filters',
        'get_video',
        'list_bots',
        'list_template_links',
        'list_templates',
        'revoke_template_link',
        'share_template',
        'update_template_link',
        'list_voices',
        'transcribe_audio',
        'update_template',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(30);
      expect(tool.inputSchema.type).toBe('object');
    }
    const image = tools.find((tool) => tool.name === 'generate_image');
    expect(image?.inputSchema.required).toEqual(['prompt']);
    const sound = tools.find((tool) => tool.name === 'generate_sound');
    expect(sound?.inputSchema.required).toEqual(['prompt']);
    expect(Object.keys(sound?.inputSchema.properties ?? {}).sort()).toEqual(['duration', 'prompt', 'prompt_influence']);
  });

  it('makes a sound effect, counted like speech, and refuses a bad duration as a tool error', async () => {
    const sound = jsonOf<{ url: string; text: string; seconds: number; status: string; used_characters: number }>(
      await call('generate_sound', { prompt: 'A door creaking open slowly', duration: 1.5 }),
    );
    expect(sound).toMatchObject({
      text: 'A door creaking open slowly',
      seconds: 2,
      status: 'completed',
      used_characters: 5,
    });
    expect(sound.url).toMatch(/\/files\/sounds\/.+\.mp3$/);
    const file = await t.server.inject({ url: new URL(sound.url).pathname });
    expect(file.headers['content-type']).toBe('audio/mpeg');
    const bad = await call('generate_sound', { prompt: 'rain', duration: 30 });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('duration');
  });

  it('checks the connection and works with presets and text', async () => {
    const me = jsonOf<{ plan: { name: string }; credits: { balance: number } }>(await call('check_connection'));
    expect(me.plan.name).toBe('pro');
    const page = jsonOf<{ presets: { slug: string }[]; total: number; pages: number }>(
      await call('list_presets', { category: 'Content', per_page: 5, page: 2 }),
    );
    expect(page.presets).toHaveLength(5);
    expect(page.pages).toBeGreaterThan(1);
    const preset = jsonOf<{ fields: { name: string }[] }>(await call('get_preset', { slug: 'blog-post' }));
    expect(preset.fields.map((f) => f.name)).toContain('keywords');
    const generated = await call('generate_text', { preset: 'blog-post', keywords: 'urban beekeeping', outputs: 2 });
    expect(generated.isError).toBeFalsy();
    expect(jsonOf<unknown[]>(generated)).toHaveLength(2);
  });

  it('returns expected failures as isError results with the HTTP API message', async () => {
    const missing = await call('get_preset', { slug: 'no-such-preset' });
    expect(missing).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Preset not found' }] });
    const http = (
      await t.server.inject({
        method: 'POST',
        url: '/api/generate-image',
        headers: withKey(key),
        payload: { prompt: 'x', model: 'Imagen 9' },
      })
    ).json<{ error: string }>();
    const viaMcp = await call('generate_image', { prompt: 'x', model: 'Imagen 9' });
    expect(viaMcp.isError).toBe(true);
    expect(textOf(viaMcp)).toBe(http.error);
    const notReady = await call('get_image', { imageId: 987654 });
    expect(notReady).toMatchObject({
      isError: true,
      content: [{ text: 'Image missing or not accessible to this account.' }],
    });
    const invalid = await call('generate_image', { prompt: '', model: 'sdxl' });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/prompt/);
    const poor = await connect((await t.account({ credits: 0 })).key);
    const broke = await call('generate_image', { prompt: 'x', model: 'DALL-E 3' }, poor);
    expect(broke.isError).toBe(true);
    expect(textOf(broke)).toMatch(/^Not enough credits/);
    await poor.close();
  });

  it('passes action and editModel of generate_image through: a filter edit is planned, a generative one says what could', async () => {
    const needsImage = await call('generate_image', { prompt: 'x', model: 'builtin', action: 'Colorize' });
    expect(needsImage.isError).toBe(true);
    expect(textOf(needsImage)).toMatch(/^action: needs image/);
    const noEngine = await call('generate_image', {
      prompt: 'x',
      model: 'builtin',
      editModel: 'Seedream 4.0',
      image: 'https://example.invalid/a.png',
      action: 'Ghiblify',
    });
    expect(noEngine.isError).toBe(true);
    expect(textOf(noEngine)).toMatch(/"Ghiblify" needs a generative model.*Seedream 4\.0/);
    // A picture at a private address: the record is made with the action and edit model, then fails on the SSRF guard.
    const planned = await call('generate_image', {
      prompt: 'x',
      model: 'builtin',
      editModel: 'Seedream 4.0',
      image: 'http://127.0.0.1:9/a.png',
      action: 'Colorize',
      waitForResult: true,
    });
    const [record] = jsonOf<{
      images: { status: string; engine: string; action: string; edit_model: string; error: string }[];
    }>(planned).images;
    expect(record).toMatchObject({
      engine: 'builtin-filter',
      action: 'Colorize',
      edit_model: 'Seedream 4.0',
      status: 'failed',
    });
    expect(record?.error).toMatch(/private or local address/);
  });

  it('generates images (returned as image content too), and videos and transcriptions with an id to poll', async () => {
    const images = await call('generate_image', {
      prompt: 'A lighthouse at dusk',
      model: 'builtin',
      dimensions: '256x256',
      waitForResult: true,
    });
    const { images: records } = jsonOf<{ images: { id: number; status: string; image_url: string }[] }>(images);
    expect(records[0]?.status).toBe('completed');
    const picture = images.content.find((c) => c.type === 'image');
    expect(picture?.mimeType).toBe('image/png');
    expect(
      Buffer.from(picture?.data ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const read = jsonOf<{ id: number; image_url: string }>(await call('get_image', { imageId: records[0]?.id }));
    expect(read.image_url).toBe(records[0]?.image_url);

    const video = jsonOf<{ id: number; hint: string }>(
      await call('generate_video', { prompt: 'A sunrise', model: 'builtin', duration: 1 }),
    );
    expect(video.hint).toMatch(/poll again/);
    expect(jsonOf<{ video: { id: number } }>(await call('get_video', { video_id: video.id })).video.id).toBe(video.id);

    // The face is on an address the guard refuses here: the video is accepted, then fails with the reason.
    const talking = jsonOf<{ id: number; hint: string; model: string }>(
      await call('generate_talking_video', {
        image: 'http://127.0.0.1:9/face.png',
        text: 'Hello from a tool.',
        voiceID: 'espeak-ng:en-us',
      }),
    );
    expect(talking).toMatchObject({ model: 'builtin-talking' });
    expect(talking.hint).toMatch(/poll again/);
    const refused = await call('generate_talking_video', { text: 'Hello', voiceID: 'espeak-ng:en-us' });
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toMatch(/image or video is required/i);

    const transcription = jsonOf<{ uuid: string; hint: string }>(
      await call('create_transcription', { url: 'https://example.com/talk.mp3' }),
    );
    expect(transcription.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const early = await call('generate_audio_content', { audio_id: transcription.uuid });
    expect(early).toMatchObject({ isError: true });
    expect(textOf(early)).toMatch(/Audio has not been transcribed yet|could not be transcribed/);
    expect(
      jsonOf<{ audio: { uuid: string } }>(await call('get_transcription', { audio_id: transcription.uuid })).audio.uuid,
    ).toBe(transcription.uuid);
  });

  it('speaks, lists voices, talks to bots and completes chats', async () => {
    const speech = jsonOf<{ url: string; used_characters: number }>(
      await call('text_to_speech', { voiceID: 'espeak-ng:en-us', text: 'Hello from the agent' }),
    );
    expect(speech.url).toMatch(/\.mp3$/);
    expect(speech.used_characters).toBe(4);
    const voices = jsonOf<{ voices: { voice_id: string }[] }>(
      await call('list_voices', { language: 'English', accent: 'Scottish' }),
    );
    expect(voices.voices.length).toBeGreaterThan(0);
    const filters = jsonOf<{ accents: string[] }>(await call('get_voice_filters', { language: 'English' }));
    expect(filters.accents).toContain('Scottish');

    const bot = (
      await t.server.inject({
        method: 'POST',
        url: '/api/bots',
        headers: withKey(key),
        payload: { name: 'Helper', model: 'builtin' },
      })
    ).json<{ id: string; public_url: string }>();
    await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: withKey(key),
      payload: { title: 'Hours', content: 'The shop opens at nine in the morning and closes at six.' },
    });
    const bots = jsonOf<{ bots: { public_url: string }[] }>(await call('list_bots'));
    expect(bots.bots.map((b) => b.public_url)).toContain(bot.public_url);
    const answer = jsonOf<{ response: string; sources: { title: string }[] }>(
      await call('chat_with_bot', {
        public_url: bot.public_url,
        message: 'When does the shop open?',
        include_sources: true,
      }),
    );
    expect(answer.response).toContain('nine in the morning');
    expect(answer.sources[0]?.title).toBe('Hours');
    expect(await call('chat_with_bot', { public_url: 'x'.repeat(32), message: 'hi' })).toMatchObject({
      isError: true,
      content: [{ text: 'Bot not found' }],
    });

    const completion = jsonOf<{ object: string; choices: { message: { content: string } }[] }>(
      await call('chat_completion', { model: 'builtin', messages: [{ role: 'user', content: 'Hi there' }] }),
    );
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toContain('Hi there');
    // Without model the default one answers, as over HTTP; a hosted name is an alias.
    const byDefault = jsonOf<{ choices: { message: { content: string } }[] }>(
      await call('chat_completion', { messages: [{ role: 'user', content: 'Hello again' }] }),
    );
    expect(byDefault.choices[0]?.message.content).toContain('Hello again');
    expect(
      jsonOf<{ object: string }>(
        await call('chat_completion', { model: 'claude-haiku-4-5', messages: [{ role: 'user', content: 'Hi' }] }),
      ).object,
    ).toBe('chat.completion');
  });

  it('offers the presets as resources and a prompt', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThan(100);
    const blog = await client.readResource({ uri: 'atelier://presets/blog-post' });
    const first = blog.contents[0];
    expect(JSON.parse(first && 'text' in first ? first.text : '{}').slug).toBe('blog-post');
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['write_with_preset']);
    const prompt = await client.getPrompt({
      name: 'write_with_preset',
      arguments: { preset: 'blog-post', topic: 'bees' },
    });
    expect(JSON.stringify(prompt.messages)).toContain('generate_text');
  });

  it('answers protocol misuse with a 4xx JSON-RPC error, never a 5xx', async () => {
    const headers = {
      ...withKey(key),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    for (const body of [
      '{}',
      '[]',
      '{"jsonrpc":"2.0","id":1,"method":"no/such"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"generate_text","arguments":{"preset":7}}}',
    ]) {
      const response = await fetch(`${base}/mcp`, { method: 'POST', headers, body });
      expect(response.status, body).toBeLessThan(500);
      const text = await response.text();
      // An empty batch is acknowledged without a body (202), as the SDK's transport does.
      if (text === '') expect(response.status, body).toBe(202);
      else {
        const answer = JSON.parse(text) as { error?: unknown; result?: { isError?: boolean } };
        expect(answer.error !== undefined || answer.result?.isError === true, body).toBe(true);
      }
    }
    const notJson = await fetch(`${base}/mcp`, { method: 'POST', headers, body: 'not json' });
    expect(notJson.status).toBe(400);
    expect((await call('check_connection')).isError).toBeFalsy();
  });

  it('answers 401 without a valid key, before any tool runs, and 405 to GET', async () => {
    await expect(connect('atl_wrong')).rejects.toThrow(/401|Invalid API key/);
    const raw = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'generate_text', arguments: {} },
      }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ error: 'Invalid API key' });
    expect((await fetch(`${base}/mcp`, { headers: withKey(key) })).status).toBe(405);
  });
});
