/**
 * The hosted service's real clients, replayed request for request against a running Atelier: the body,
 * headers and defaults exactly as each client's code builds them, and only what each client reads back.
 * Sources (read for this suite): the Activepieces piece `packages/pieces/community/easy-peasy-ai`, the
 * Pipedream components `components/easy_peasy_ai`, open-connector's `src/providers/easy_peasy_ai`, and the
 * hosted reference's own example requests. Each test is named after the client and the action it replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientService, startClientService } from './helpers/client-service.js';
import { HOSTED_SLUGS } from './fixtures/hosted-catalogue.js';
import hostedExamples from './fixtures/hosted-generate-examples.json' with { type: 'json' };

let s: ClientService;

beforeAll(async () => {
  s = await startClientService();
}, 60_000);
afterAll(() => s?.close());

interface Replayed {
  status: number;
  body: unknown;
}

/** One HTTP request as a client sends it: its own headers (the key added), a JSON body when there is one. */
async function replay(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  key = s.key,
): Promise<Replayed> {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method,
    headers: { ...headers, 'x-api-key': key },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const asArray = (r: Replayed) => r.body as Record<string, unknown>[];
const asObject = (r: Replayed) => r.body as Record<string, unknown>;

describe("the hosted reference's own example requests (hosted-openapi-1.0.4.json)", () => {
  it('POST /api/generate: every example body as documented', async () => {
    for (const [slug, body] of Object.entries(hostedExamples as Record<string, Record<string, unknown>>)) {
      const res = await replay('POST', '/api/generate', { 'Content-Type': 'application/json' }, body);
      expect(res.status, `${slug}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('POST /api/generate-audio-content: force, the reference name of regenerate', async () => {
    const created = asObject(
      await replay('POST', '/api/transcriptions', JSON_HEADERS, {
        url: s.files.url('/hello.wav'),
        audio_type: 'meeting',
      }),
    );
    await waitForTranscription(String(created.uuid));
    const first = asObject(
      await replay('POST', '/api/generate-audio-content', JSON_HEADERS, {
        audio_id: created.uuid,
        fields: ['summary'],
      }),
    );
    expect(first).toMatchObject({ success: true, data: { summary: expect.any(String) } });
    const again = await replay('POST', '/api/generate-audio-content', JSON_HEADERS, {
      audio_id: created.uuid,
      fields: ['summary'],
      force: true,
    });
    expect(again.status).toBe(200);
    const balance = async () =>
      (asObject(await replay('GET', '/api/account', {})).credits as { balance: number }).balance;
    const before = await balance();
    await replay('POST', '/api/generate-audio-content', JSON_HEADERS, {
      audio_id: created.uuid,
      fields: ['summary'],
      force: true,
    });
    expect(await balance()).toBe(before - 1);
    await replay('POST', '/api/generate-audio-content', JSON_HEADERS, { audio_id: created.uuid, fields: ['summary'] });
    expect(await balance()).toBe(before - 1);
  });

  it("POST /api/generate-text-to-speech: the reference's example voiceID (ElevenLabs' Rachel) and OpenAI's names speak with a stand-in, said in warnings", async () => {
    for (const voiceID of ['21m00Tcm4TlvDq8ikWAM', 'alloy', 'onyx']) {
      const res = await replay('POST', '/api/generate-text-to-speech', JSON_HEADERS, {
        voiceID,
        text: 'Hello! This is a test of the text-to-speech API.',
      });
      expect(res.status, `${voiceID}: ${JSON.stringify(res.body)}`).toBe(200);
      const { uuid, status, used_characters } = asObject(res);
      expect(status).toBe('completed');
      expect(used_characters).toBeGreaterThan(8);
      const record = asObject(await replay('GET', `/api/text-to-speech/${String(uuid)}`, {}));
      expect(record.voice_id).toBe(voiceID);
      expect(String((record.warnings as string[])[0])).toMatch(/not configured here: spoken by .+ instead/);
    }
    const unknown = await replay('POST', '/api/generate-text-to-speech', JSON_HEADERS, {
      voiceID: 'mrDMz4sYNCz18XYFpmyV',
      text: 'Hello.',
    });
    expect(unknown.status).toBe(400);
  });

  it('GET /api/get-text-to-speech-voices: include_custom defaults to true for a caller with a key', async () => {
    const created = await replay(
      'POST',
      '/api/voices',
      { 'Content-Type': 'application/json' },
      { name: 'Narrator', base_voice_id: 'espeak-ng:en-us' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids = async (query: string, key?: string) => {
      const res = await fetch(`${s.baseUrl}/api/get-text-to-speech-voices${query}`, {
        headers: key ? { 'x-api-key': key } : {},
      });
      return ((await res.json()) as { voices: { id: string; name: string }[] }).voices.map((v) => v.name);
    };
    expect(await ids('', s.key)).toContain('Narrator');
    expect(await ids('?include_custom=false', s.key)).not.toContain('Narrator');
    expect(await ids('')).not.toContain('Narrator');
  });
});

describe("the hosted app builder's generated helpers (server/_core/*.ts)", () => {
  const headers = { 'Content-Type': 'application/json' };

  it('LLM helper: generate with params, reads result[0].name (and wrappers reading [0].text get the same text)', async () => {
    const res = await replay('POST', '/api/generate', headers, {
      preset: 'email-generation',
      keywords: 'ask about pay raise',
      tone: 'professional',
      length: 'Medium',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first] = asArray(res);
    expect(String(first?.name)).toContain('pay raise');
    expect(first?.text).toBe(first?.name);
  });

  it('image helper: model DALL-E 3 by default, ratio dimensions, resolution, waitForResult true; reads images[0].image_url', async () => {
    for (const body of [
      { prompt: 'A neon cat', model: 'DALL-E 3', dimensions: '1:1', outputs: 1, waitForResult: true },
      {
        prompt: 'A neon cat',
        model: 'Z-Image Turbo',
        dimensions: '16:9',
        outputs: 1,
        resolution: '2K',
        waitForResult: true,
      },
      { prompt: 'A neon cat', model: 'Nano Banana Pro', outputs: 1, waitForResult: true },
    ]) {
      const res = await replay('POST', '/api/generate-image', headers, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [image] = asArray(res);
      expect(image).toMatchObject({
        id: expect.any(Number),
        model: expect.any(String),
        used_credits: expect.any(Number),
        prompt: 'A neon cat',
      });
      expect(String(image?.image_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.png$/);
    }
  });

  it('transcription helper: POST /api/create-transcription {audioUrl, language} then GET /api/get-transcription?id= until status leaves processing', async () => {
    const created = await replay('POST', '/api/create-transcription', headers, {
      audioUrl: s.files.url('/hello.wav'),
      language: 'English',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, status } = asObject(created) as { id: string; status: string };
    expect(status).toBe('processing');
    let result: Record<string, unknown> = {};
    for (let i = 0; i < 600; i += 1) {
      result = asObject(await replay('GET', `/api/get-transcription?id=${id}`, {}));
      if (result.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(result).toMatchObject({ id, status: 'completed', language: 'English' });
    expect(String(result.text).toLowerCase()).toContain('meeting');
  });

  it('TTS route: {voiceID, text}, requires status completed and reads url', async () => {
    const res = await replay('POST', '/api/generate-text-to-speech', headers, {
      voiceID: 'espeak-ng:en-us',
      text: 'Hello from the app builder.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(asObject(res)).toMatchObject({ status: 'completed', url: expect.stringMatching(/\.mp3$/) });
  });
});

describe('Activepieces piece (packages/pieces/community/easy-peasy-ai)', () => {
  // common/client.ts: Content-Type and x-api-key, nothing else.
  const headers = { 'Content-Type': 'application/json' };

  it('get-ai-transcription with enhanced_quality true is transcribed by the offline engines', async () => {
    const created = asObject(
      await replay('POST', '/api/transcriptions', headers, {
        url: s.files.url('/hello.wav'),
        name: 'Weekly',
        audio_type: 'meeting',
        language: 'English',
        detect_speakers: true,
        enhanced_quality: true,
      }),
    );
    const audio = await waitForTranscription(String(created.uuid));
    expect(audio.status).toBe('completed');
    expect(String(audio.content).toLowerCase()).toContain('meeting');
  });

  it('custom-generator-text: preset custom-generator with outputs, language and shouldUseGPT4 defaults, extra1 only when given', async () => {
    for (const body of [
      {
        preset: 'custom-generator',
        keywords: 'Write a tagline for a coffee shop',
        outputs: 1,
        language: 'English',
        shouldUseGPT4: false,
        extra1: 'Cozy, family-run, since 1990',
      },
      {
        preset: 'custom-generator',
        keywords: 'Write a welcome email for new members',
        outputs: 2,
        language: 'Spanish',
        shouldUseGPT4: false,
      },
    ]) {
      const res = await replay('POST', '/api/generate', headers, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(asArray(res)).toHaveLength(body.outputs);
      for (const output of asArray(res))
        expect(output).toEqual({ id: expect.any(Number), name: expect.any(String), text: output.name });
    }
  });

  it('generate-ai-image: every model and dimension it offers, useHD always true (its `useHD || true`)', async () => {
    for (const model of ['DALL-E 3', 'DALL-E 2', 'Midjourney', 'Stable Diffusion']) {
      for (const dimensions of ['1024x1024', '1024x1792', '1792x1024', '512x512', '256x256']) {
        const res = await replay('POST', '/api/generate-image', headers, {
          prompt: 'A neon cat on a rooftop',
          model,
          useHD: true,
          style: 'cyberpunk',
          artist: 'Van Gogh',
          dimensions,
        });
        expect(res.status, `${model} ${dimensions}: ${JSON.stringify(res.body)}`).toBe(200);
        const [record] = asArray(res);
        expect(record).toMatchObject({
          id: expect.any(Number),
          prompt: 'A neon cat on a rooftop',
          requested_model: model,
        });
        expect(record).toHaveProperty('image_url');
      }
    }
  });

  it('get-ai-transcription: name and audio_type required, detect_speakers and enhanced_quality always true, full language names', async () => {
    for (const audio_type of ['podcast', 'interview', 'meeting', 'lecture', 'presentation', 'other']) {
      const res = await replay('POST', '/api/transcriptions', headers, {
        url: s.files.url('/hello.wav'),
        name: `Episode (${audio_type})`,
        audio_type,
        language: 'English',
        detect_speakers: true,
        enhanced_quality: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(asObject(res)).toEqual({
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        dashboard_url: expect.any(String),
      });
    }
  });

  it('custom API call: any path with its authMapping headers, e.g. GET /api/presets', async () => {
    const res = await replay('GET', '/api/presets', headers);
    expect(res.status).toBe(200);
    expect(Array.isArray(asObject(res).presets)).toBe(true);
  });
});

describe('Pipedream components (components/easy_peasy_ai)', () => {
  // easy_peasy_ai.app.mjs getHeaders(): Content-Type, Accept and x-api-key; empty props are left out of the body.
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };

  it('generate-text: every template of its picker (common/constants.mjs) with only the keywords', async () => {
    expect(HOSTED_SLUGS).toHaveLength(83);
    for (const preset of HOSTED_SLUGS) {
      const res = await replay('POST', '/api/generate', headers, {
        preset,
        keywords: 'remote work for small design teams',
      });
      expect(res.status, `${preset}: ${JSON.stringify(res.body)}`).toBe(200);
      const [output] = asArray(res);
      expect(String(output?.name).length, preset).toBeGreaterThan(20);
    }
  });

  it('generate-text: every prop filled (tone, extra1..extra3, outputs as a number, language, shouldUseGPT4 as a boolean)', async () => {
    const res = await replay('POST', '/api/generate', headers, {
      preset: 'custom-generator',
      keywords: 'Write an email to potential investors about my startup',
      tone: 'friendly',
      extra1: 'I am a software engineer',
      extra2: 'Seed round',
      extra3: 'Fintech',
      outputs: 1,
      language: 'English',
      shouldUseGPT4: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('generate-image: each model it offers, free-text dimensions such as 512x512, useHD as a boolean', async () => {
    for (const model of ['DALL-E 3', 'Stable Diffusion XL', 'Stable Diffusion 3.0']) {
      const res = await replay('POST', '/api/generate-image', headers, {
        prompt: 'A cat sitting on a chair',
        model,
        style: 'watercolor',
        dimensions: '512x512',
        useHD: true,
      });
      expect(res.status, `${model}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(asArray(res)[0]).toMatchObject({ requested_model: model, prompt: 'A cat sitting on a chair' });
    }
    const minimal = await replay('POST', '/api/generate-image', headers, {
      prompt: 'A lighthouse at dawn',
      model: 'Stable Diffusion XL',
    });
    expect(minimal.status).toBe(200);
  });

  it('create-transcription: enhance_quality (its spelling) and a top-level uuid for its $summary', async () => {
    const res = await replay('POST', '/api/transcriptions', headers, {
      url: s.files.url('/hello.wav'),
      audio_type: 'podcast',
      language: 'English',
      name: 'Episode 1',
      detect_speakers: true,
      enhance_quality: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uuid = asObject(res).uuid;
    expect(uuid).toEqual(expect.any(String));
    const read = asObject(await replay('POST', '/api/audios', headers, { audio_id: uuid }));
    expect(read.audio).toMatchObject({ enhanced_quality: true, detect_speakers: true, audio_type: 'Podcast' });
    expect((await replay('POST', '/api/transcriptions', headers, { url: s.files.url('/hello.wav') })).status).toBe(200);
  });
});

describe('open-connector (src/providers/easy_peasy_ai)', () => {
  // executors.ts: accept and content-type on every request, GETs included.
  const headers = { accept: 'application/json', 'content-type': 'application/json' };

  it('credential validation: GET /presets answers an object with a presets array; a bad key is 401 "Invalid API key" exactly', async () => {
    const ok = await replay('GET', '/api/presets', headers);
    expect(ok.status).toBe(200);
    expect(Array.isArray(asObject(ok).presets)).toBe(true);
    const bad = await replay('GET', '/api/presets', headers, undefined, 'not-a-key');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: 'Invalid API key' });
  });

  it('list_presets: the category as URLSearchParams encodes it (Social+Media)', async () => {
    for (const category of ['Social Media', 'Project Management', 'HR']) {
      const res = await replay('GET', `/api/presets?${new URLSearchParams({ category })}`, headers);
      expect(res.status).toBe(200);
      const list = asObject(res) as { presets: { category: string[] }[]; total: number; categories: string[] };
      expect(list.total).toBe(list.presets.length);
      expect(list.total).toBeGreaterThan(5);
      for (const preset of list.presets) expect(preset.category).toContain(category);
      expect(list.categories).toContain(category);
    }
  });

  it('get_preset: fields[].name are the body fields of generate_text', async () => {
    const res = await replay('GET', `/api/presets/${encodeURIComponent('reply-to-messsage')}`, headers);
    expect(res.status).toBe(200);
    const names = (asObject(res).fields as { name: string }[]).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['keywords', 'extra1', 'extra2', 'tone']));
  });

  it('generate_text: its defaults filled in, keywords may be empty for a preset that works from another field; the answer is a top-level array', async () => {
    const res = await replay('POST', '/api/generate', headers, {
      preset: 'full-blog-post',
      keywords: '',
      extra2: 'How To Become A Software Engineer',
      outputs: 1,
      language: 'English',
      shouldUseGPT4: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(String(asArray(res)[0]?.name)).toContain('Software Engineer');
    const empty = await replay('POST', '/api/generate', headers, {
      preset: 'paragraph-writer',
      keywords: '',
      outputs: 1,
      language: 'English',
      shouldUseGPT4: false,
    });
    expect(empty.status).toBe(400);
    expect(asObject(empty).error).toMatch(/keywords/);
  });
});

describe('bot clients in the wild (bots.easy-peasy.ai/bot/{public_url}/api)', () => {
  const headers = { 'content-type': 'application/json' };
  let publicUrl = '';

  beforeAll(async () => {
    const bot = asObject(
      await replay('POST', '/api/bots', headers, {
        name: 'Hive helper',
        instructions: 'You help urban beekeepers.',
        model: 'builtin',
      }),
    );
    publicUrl = String(bot.public_url);
    const doc = await replay('POST', `/api/bots/${String(bot.id)}/documents`, headers, {
      title: 'Rooftop hives',
      content:
        'Beehives on rooftops need shade in the afternoon. A strong colony can produce twenty kilograms of honey in a good city summer.',
    });
    expect(doc.status).toBe(201);
  });

  const ask = (body: unknown, path = `/bot/${publicUrl}/api`) => replay('POST', path, headers, body);
  const question = 'How much honey can a colony produce?';

  it('Python translator scripts and WhatsApp/Messenger bots: {message, history: [], stream: false}, read bot.text', async () => {
    for (const body of [
      { message: question, history: [], stream: false },
      { message: question, history: [], stream: false, include_sources: false },
      { message: question },
    ]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const reply = asObject(res) as { response: string; bot: { text: string } };
      expect(reply.bot.text).toContain('twenty kilograms');
      expect(reply.response).toBe(reply.bot.text);
    }
  });

  it('the reference (and proxies reading response, then bot.text): sources under both names when include_sources is true', async () => {
    const reply = asObject(await ask({ message: question, include_sources: true })) as {
      sources: unknown[];
      bot: { sources: unknown[] };
    };
    expect(reply.sources).toHaveLength(1);
    expect(reply.bot.sources).toEqual(reply.sources);
  });

  it('Messenger persona bots: history as {type: human|ai, text}, the current message also last in history', async () => {
    const history = [
      { type: 'human', text: 'Hello' },
      { type: 'ai', text: 'Hi! Ask me about hives.' },
      { type: 'human', text: question },
    ];
    const res = await ask({ message: question, history, stream: false, include_sources: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((asObject(res).bot as { text: string }).text).toContain('twenty kilograms');
  });

  it('chat proxy: history entries carrying both role and type; OpenAI-style {role: user|assistant, content} too', async () => {
    const both = await ask({
      message: question,
      history: [
        { role: 'human', type: 'human', text: 'Hello' },
        { role: 'ai', type: 'ai', text: 'Hi!' },
      ],
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const openai = await ask({
      message: question,
      history: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
      ],
    });
    expect(openai.status, JSON.stringify(openai.body)).toBe(200);
    const clash = await ask({ message: question, history: [{ role: 'human', type: 'ai', text: 'Hello' }] });
    expect(clash.status).toBe(400);
    const typo = await ask({ message: question, history: [{ role: 'human', txt: 'Hello' }] });
    expect(typo.status).toBe(400);
    expect(asObject(typo).error).toMatch(/txt/);
  });

  it('support widget keeping no state: reads back history, ending with this exchange as {type, text}', async () => {
    const history = [
      { type: 'human', text: 'Hello' },
      { type: 'ai', text: 'Hi!' },
    ];
    const reply = asObject(await ask({ message: question, history, stream: false, include_sources: false })) as {
      history: { type: string; text: string }[];
    };
    expect(reply.history.map((h) => h.type)).toEqual(['human', 'ai', 'human', 'ai']);
    expect(reply.history[2]?.text).toBe(question);
    expect(reply.history[3]?.text).toContain('twenty kilograms');
  });

  it('Flask voice bot: posts to /bot/{public_url} without /api and reads the first JSON line with bot.text', async () => {
    const res = await fetch(`${s.baseUrl}/bot/${publicUrl}`, {
      method: 'POST',
      headers: { ...headers, 'x-api-key': s.key },
      body: JSON.stringify({ message: question, history: [], stream: false }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n').filter(Boolean);
    expect((JSON.parse(lines[0] ?? '{}') as { bot: { text: string } }).bot.text).toContain('twenty kilograms');
  });

  it('Next.js streaming page: reads the whole body and takes bot.text from each data line that holds JSON', async () => {
    const res = await fetch(`${s.baseUrl}/bot/${publicUrl}/api`, {
      method: 'POST',
      headers: { ...headers, 'x-api-key': s.key },
      body: JSON.stringify({ message: question, history: [], stream: true }),
    });
    const texts: string[] = [];
    for (const line of (await res.text()).split('\n')) {
      if (!line.includes('data: ') || line === 'data: [DONE]') continue;
      const data = JSON.parse(line.slice(6)) as { bot?: { text: string } };
      if (data.bot) texts.push(data.bot.text);
    }
    expect(texts.join('')).toContain('twenty kilograms');
  });
});

async function waitForTranscription(uuid: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i += 1) {
    const audio = asObject(await replay('POST', '/api/audios', JSON_HEADERS, { audio_id: uuid })).audio as Record<
      string,
      unknown
    >;
    if (audio.status === 'completed' || audio.status === 'failed') return audio;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`transcription ${uuid} did not finish`);
}
