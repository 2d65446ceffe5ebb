import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { callTool, jsonOf, mcpClient, pollTool, textOf } from './helpers/mcp-client.js';
import { probeAudio } from './helpers/media.js';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * The hosted MCP server's tools by their names (docs: hosted-changes-since-1.0.4.md, section 2), with the SDK's
 * client: their arguments, defaults, paging and results, the async ones polled to completion, and the names they
 * replaced still answered but not listed. test/mcp-self-description.test.ts calls every tool from its schema.
 */
let t: TestApp;
let files: FileServer;
let client: Client;
let key: string;
const call = (name: string, args: Record<string, unknown> = {}) => callTool(client, name, args);

const HOSTED = [
  'get_account',
  'list_templates',
  'get_template',
  'generate_text',
  'generate_image',
  'get_image',
  'generate_video',
  'get_video',
  'list_voices',
  'generate_speech',
  'transcribe_audio',
  'get_transcription',
];
/** Names agents were configured with before the hosted names: answered, not listed. */
const OLDER = ['list_presets', 'get_preset', 'text_to_speech', 'create_transcription'];

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/line.mp3', makeRecording(MEETING_SCRIPT.slice(0, 1)).mp3, 'audio/mpeg');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
  });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  key = (await t.account({ credits: 1000 })).key;
  client = await mcpClient(t, key);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await t?.close();
  await files?.close();
});

describe('the hosted tools by their names', () => {
  it('lists every hosted tool and none of the names they replaced, which still answer', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(HOSTED));
    for (const name of OLDER) expect(names, name).not.toContain(name);
    expect(new Set(names).size).toBe(names.length);
    // Atelier's own stay for what the hosted server lacks.
    expect(names).toEqual(expect.arrayContaining(['chat_with_bot', 'generate_sound', 'generate_talking_video']));

    const presets = jsonOf<{ presets: unknown[]; pages: number }>(await call('list_presets', { per_page: 5 }));
    expect(presets.presets).toHaveLength(5);
    expect(jsonOf<{ slug: string }>(await call('get_preset', { slug: 'blog-post' })).slug).toBe('blog-post');
    const speech = jsonOf<{ url: string }>(await call('text_to_speech', { voiceID: 'espeak-ng:en-us', text: 'Hi' }));
    expect(speech.url).toMatch(/\.mp3$/);
    const created = jsonOf<{ uuid: string }>(await call('create_transcription', { url: files.url('/line.mp3') }));
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // Atelier's older spellings on the hosted names.
    const video = jsonOf<{ id: number }>(
      await call('generate_video', { prompt: 'x', model: 'builtin', duration: 1, aspectRatio: '1:1' }),
    );
    const read = jsonOf<{ video: { request: { aspectRatio: string } } }>(
      await call('get_video', { video_id: video.id }),
    );
    expect(read.video.request.aspectRatio).toBe('1:1');
  });

  it('get_account says connected and nothing more', async () => {
    const result = await call('get_account');
    expect(result.isError).toBeFalsy();
    expect(jsonOf(result)).toEqual({ connected: true });
  });

  it('list_templates and list_voices page to the end through next_offset', async () => {
    for (const [tool, itemsKey, args] of [
      ['list_templates', 'templates', {}],
      ['list_templates', 'templates', { category: 'Content' }],
      ['list_voices', 'voices', {}],
      ['list_voices', 'voices', { language: 'English' }],
    ] as const) {
      type Page = { total: number; offset: number; next_offset: number | null } & Record<string, unknown>;
      const first = jsonOf<Page>(await call(tool, args));
      expect((first[itemsKey] as unknown[]).length, tool).toBe(Math.min(20, first.total));
      expect(first.offset).toBe(0);
      const seen: unknown[] = [];
      let offset: number | null = 0;
      let pages = 0;
      while (offset !== null) {
        const page: Page = jsonOf<Page>(await call(tool, { ...args, limit: 50, offset }));
        expect(page.total).toBe(first.total);
        expect(page.offset).toBe(offset);
        const items = page[itemsKey] as unknown[];
        expect(items.length).toBeLessThanOrEqual(50);
        seen.push(...items);
        offset = page.next_offset;
        pages += 1;
      }
      expect(seen.length, `${tool} ${JSON.stringify(args)}`).toBe(first.total);
      expect(pages).toBe(Math.max(1, Math.ceil(first.total / 50)));
    }
    const templates = jsonOf<{ total: number; categories: string[] }>(await call('list_templates'));
    expect(templates.total).toBeGreaterThan(100);
    expect(templates.categories).toContain('Content');
    const tooMany = await call('list_templates', { limit: 51 });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain('limit');
  });

  it('get_template gives the fields generate_text takes; extra_fields reach the template', async () => {
    const template = jsonOf<{ fields: { name: string }[] }>(await call('get_template', { slug: 'paragraph-writer' }));
    expect(template.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['keywords', 'extra1']));
    const [output] = jsonOf<{ id: number; text: string }[]>(
      await call('generate_text', {
        preset: 'paragraph-writer',
        keywords: 'urban beekeeping',
        extra_fields: { extra1: 'rooftop hives' },
      }),
    );
    expect(output?.text).toContain('rooftop hives');
    const stored = await t.server.inject({ url: `/api/outputs/${output?.id}`, headers: withKey(key) });
    expect(stored.json<{ name: string; preset: string }>()).toMatchObject({ preset: 'paragraph-writer' });
    expect(stored.json<{ name: string }>().name).toContain('rooftop hives');
    // Atelier's own spelling, the fields at the top, still works.
    const [top] = jsonOf<{ text: string }[]>(
      await call('generate_text', { preset: 'paragraph-writer', keywords: 'bees', extra1: 'wax moths' }),
    );
    expect(top?.text).toContain('wax moths');
    const unknown = await call('generate_text', {
      preset: 'paragraph-writer',
      keywords: 'bees',
      extra_fields: { extra15: 'x' },
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('extra15');
  });

  it('generate_image waits for the pictures; source_images edits one; get_image reads it by image_id', async () => {
    const made = await call('generate_image', { prompt: 'A lighthouse at dusk', dimensions: '256x256' });
    const [picture] = jsonOf<{ images: { id: number; status: string; image_url: string; requested_model: string }[] }>(
      made,
    ).images;
    expect(picture).toMatchObject({ status: 'completed', requested_model: 'Nano Banana 2' });
    // The picture, served where this app can fetch it (its own URLs name the configured base URL).
    const png = await t.server.inject({ url: new URL(picture?.image_url ?? '').pathname });
    files.serve('/picture.png', png.rawPayload, 'image/png');
    const edited = jsonOf<{
      images: { id: number; status: string; engine: string; action: string }[];
      warnings?: string[];
    }>(
      await call('generate_image', {
        prompt: 'in colour',
        model: 'builtin',
        action: 'Colorize',
        source_images: [files.url('/picture.png'), files.url('/picture.png')],
        resolution: '1K',
      }),
    );
    expect(edited.images[0]).toMatchObject({ status: 'completed', engine: 'builtin-filter', action: 'Colorize' });
    expect(edited.warnings?.[0]).toMatch(/^source_images: .*1 more/);
    const read = jsonOf<{ id: number; action: string }>(await call('get_image', { image_id: edited.images[0]?.id }));
    expect(read).toMatchObject({ id: edited.images[0]?.id, action: 'Colorize' });
    expect(jsonOf<{ id: number }>(await call('get_image', { imageId: picture?.id })).id).toBe(picture?.id);
    const none = await call('get_image', {});
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('image_id');
    const tooMany = await call('generate_image', { prompt: 'x', source_images: Array(11).fill(picture?.image_url) });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain('source_images');
  });

  it('generate_video answers an id at once, which get_video polls to completed', async () => {
    const created = jsonOf<{ id: number; status: string; hint: string }>(
      await call('generate_video', { prompt: 'A sunrise', model: 'builtin', duration: '1s', aspect_ratio: '9:16' }),
    );
    expect(created).toMatchObject({ status: 'processing' });
    expect(created.hint).toMatch(/poll again/);
    const { video } = await pollTool<{ video: { id: number; status: string; url: string; request: object } }>(
      client,
      'get_video',
      { video_id: created.id },
      ({ video }) => video.status !== 'processing',
    );
    expect(video).toMatchObject({ id: created.id, status: 'completed', request: { aspectRatio: '9:16' } });
    expect(video.url).toMatch(/^http/);
  });

  it('gates and bills as the REST operation: a free plan makes no video, a generation costs what REST charges', async () => {
    const free = (await t.account({ plan: 'free', credits: 100 })).key;
    const freeClient = await mcpClient(t, free);
    const rest = await t.server.inject({
      method: 'POST',
      url: '/api/generate-video',
      headers: withKey(free),
      payload: { prompt: 'x', model: 'builtin', duration: 1 },
    });
    const viaMcp = await callTool(freeClient, 'generate_video', { prompt: 'x', model: 'builtin', duration: 1 });
    await freeClient.close();
    expect(rest.statusCode).toBe(403);
    expect(viaMcp.isError).toBe(true);
    expect(textOf(viaMcp)).toBe(rest.json<{ error: string }>().error);
    const balance = async () =>
      (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
        .credits.balance;
    const before = await balance();
    const made = jsonOf<{ images: { used_credits: number }[] }>(
      await call('generate_image', { prompt: 'x', model: 'DALL-E 3', dimensions: '256x256' }),
    );
    expect(before - (await balance())).toBe(made.images[0]?.used_credits);
    expect(made.images[0]?.used_credits).toBeGreaterThan(0);
  });

  it('generate_speech takes voice_id, speed and output_format, and refuses a format it does not make', async () => {
    const speech = jsonOf<{ url: string; uuid: string }>(
      await call('generate_speech', { text: 'Hello from the agent', voice_id: 'espeak-ng:en-us', speed: 0.8 }),
    );
    expect(speech.url).toMatch(/_mp3_44100_128\.mp3$/);
    const stored = await t.server.inject({ url: `/api/text-to-speech/${speech.uuid}`, headers: withKey(key) });
    expect(stored.json<{ voice_id: string; output_format: string }>()).toMatchObject({
      voice_id: 'espeak-ng:en-us',
      output_format: 'mp3_44100_128',
    });
    const mp3 = await probeAudio((await t.server.inject({ url: new URL(speech.url).pathname })).rawPayload);
    expect(mp3).toMatchObject({ codec: 'mp3', sampleRate: 44100, channels: 1 });

    const wav = jsonOf<{ url: string; uuid: string }>(
      await call('generate_speech', { text: 'Hi there', voice_id: 'espeak-ng:en-us', output_format: 'wav' }),
    );
    expect(wav.url).toMatch(/_wav\.wav$/);
    const file = await t.server.inject({ url: new URL(wav.url).pathname });
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(await probeAudio(file.rawPayload)).toMatchObject({ codec: 'pcm_s16le', sampleRate: 22050, channels: 1 });

    const ogg = await call('generate_speech', { text: 'Hi', voice_id: 'espeak-ng:en-us', output_format: 'ogg' });
    expect(ogg.isError).toBe(true);
    expect(textOf(ogg)).toContain('output_format');
    for (const allowed of ['mp3_44100_128', 'mp3_22050_32', 'wav', 'pcm_44100']) expect(textOf(ogg)).toContain(allowed);
    const fast = await call('generate_speech', { text: 'Hi', voice_id: 'espeak-ng:en-us', speed: 1.5 });
    expect(fast.isError).toBe(true);
    expect(textOf(fast)).toContain('speed');
  });

  it('transcribe_audio answers a uuid at once, which get_transcription polls to completed', async () => {
    const created = jsonOf<{ uuid: string; hint: string }>(
      await call('transcribe_audio', { url: files.url('/line.mp3'), name: 'One line' }),
    );
    expect(created.hint).toMatch(/poll again/);
    const { audio } = await pollTool<{ audio: { status: string; content: string; detect_speakers: boolean } }>(
      client,
      'get_transcription',
      { audio_id: created.uuid },
      ({ audio }) => audio.status === 'completed' || audio.status === 'failed',
      25_000,
    );
    expect(audio).toMatchObject({ status: 'completed', detect_speakers: true });
    expect(audio.content.length).toBeGreaterThan(0);
  });
});
