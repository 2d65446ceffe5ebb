import type { BotStreamEvent, ChatStreamEvent } from '@atelier/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientService, FAST, mp3FrameStart, startClientService } from './helpers/client-service.js';
import { probeVideo } from './helpers/media.js';

let s: ClientService;

beforeAll(async () => {
  s = await startClientService();
}, 60_000);
afterAll(() => s.close());

const HIVES =
  'Beehives on rooftops need shade in the afternoon and a source of water nearby. A strong colony can produce twenty kilograms of honey in a good city summer.';

describe('@atelier/client against a running service: every operation', () => {
  it('reads the account, its keys and webhook secret, and the health', async () => {
    // An account of its own: the shared one's balance is whatever the tests before this one spent.
    const client = s.clientWith({ apiKey: (await s.t.account({ credits: 1_000 })).key });
    expect(await client.health()).toEqual({ status: 'ok' });
    const account = await client.account.get();
    expect(account.plan.name).toBe('pro');
    expect(account.credits.balance).toBe(1_000);
    const created = await client.account.keys.create('ci');
    expect(created.api_key).toMatch(/^atl_/);
    expect((await client.account.keys.list()).keys.map((k) => k.name)).toContain('ci');
    expect(await client.account.keys.revoke(created.key_id)).toEqual({ id: created.key_id, revoked: true });
    const secret = await client.account.webhookSecret();
    const rotated = await client.account.rotateWebhookSecret();
    expect(rotated.secret).not.toBe(secret.secret);
  });

  it('lists presets, shows one, generates text from it and reads the outputs back', async () => {
    const { client } = s;
    const list = await client.presets.list({ category: 'Social Media' });
    expect(list.presets.length).toBeGreaterThan(0);
    expect(list.presets.every((p) => p.category.includes('Social Media'))).toBe(true);
    const detail = await client.presets.get('instagram-caption');
    expect(detail.fields.map((f) => f.name)).toContain('keywords');
    const outputs = await client.text.generate({
      preset: 'instagram-caption',
      keywords: 'rooftop beekeeping',
      outputs: 2,
    });
    expect(outputs).toHaveLength(2);
    const first = outputs[0];
    expect((await client.outputs.get(first?.id ?? 0)).name).toBe(first?.name);
    expect((await client.outputs.list({ limit: 5 })).outputs.map((o) => o.id)).toContain(first?.id);
  });

  it('keeps brand voices: creates, lists, reads, changes, generates with one and deletes it', async () => {
    const { client } = s;
    const voice = await client.brandVoices.create({ name: 'Hive', instructions: 'Write like a beekeeper.' });
    expect(voice).toMatchObject({ name: 'Hive', default: false, drafted_by: null });
    expect((await client.brandVoices.list({ limit: 50 })).brand_voices.map((v) => v.id)).toContain(voice.id);
    expect((await client.brandVoices.get(voice.id)).instructions).toBe('Write like a beekeeper.');
    expect(await client.brandVoices.update(voice.id, { default: true })).toMatchObject({ default: true });
    const outputs = await client.text.generate({
      preset: 'instagram-caption',
      keywords: 'honey',
      brand_voice: voice.id,
    });
    expect(outputs).toHaveLength(1);
    expect(await client.brandVoices.delete(voice.id)).toEqual({ id: voice.id, deleted: true });
  });

  it('creates an image, waits for it, downloads it and lists it', async () => {
    const { client } = s;
    const anySize = (await client.images.models()).models.find((m) => m.sizes === null);
    if (!anySize) throw new Error('no image model takes any size');
    const [created] = await client.images.create({
      prompt: 'A lighthouse at dusk',
      model: anySize.name,
      dimensions: '256x256',
    });
    if (!created) throw new Error('no image record');
    expect(created.image_url).toBeNull();
    const progress: number[] = [];
    const image = await client.waitForImage(created.id, { ...FAST, onProgress: (p) => progress.push(p.attempt) });
    expect(image.status).toBe('completed');
    expect(progress).toEqual(progress.map((_, i) => i + 1));
    const png = await sharp(Buffer.from(await client.files.download(image.image_url ?? ''))).metadata();
    expect([png.width, png.height]).toEqual([256, 256]);
    expect((await client.images.get(created.id)).image_url).toBe(image.image_url);
    expect((await client.images.list({ limit: 10 })).images.map((i) => i.id)).toContain(created.id);

    // That picture edited: action and editModel go through the typed client; the record says what was done.
    const [sketched] = await client.images.create({
      prompt: 'ink drawing',
      model: anySize.name,
      editModel: 'Seedream 4.0',
      image: image.image_url ?? '',
      action: 'Sketch to Image',
    });
    if (!sketched) throw new Error('no image record');
    const done = await client.waitForImage(sketched.id, FAST);
    expect(done).toMatchObject({
      status: 'completed',
      engine: 'builtin-filter',
      action: 'Sketch to Image',
      edit_model: 'Seedream 4.0',
      width: 256,
      height: 256,
    });
    const refused = await client.images
      .create({ prompt: 'x', model: anySize.name, image: image.image_url ?? '', action: 'Caricature' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      message: expect.stringMatching(/"Caricature" needs a generative model/),
    });
  });

  it('creates a video, waits for it and lists it', async () => {
    const { client } = s;
    const created = await client.videos.create({
      prompt: 'Waves on a beach.',
      model: 'Runway Gen-3',
      duration: 1,
      aspectRatio: '1:1',
    });
    expect(created.status).toBe('processing');
    const video = await client.waitForVideo(created.id, FAST);
    expect(video.status).toBe('completed');
    const probed = await probeVideo(Buffer.from(await client.files.download(video.url)));
    expect(probed.streams.find((st) => st.type === 'video')?.codec).toBe('h264');
    expect((await client.videos.get(created.id)).url).toBe(video.url);
    expect((await client.videos.list()).videos.map((v) => v.id)).toContain(created.id);
    expect((await client.videos.models()).models.length).toBeGreaterThan(0);
  });

  it('creates a talking video from a face picture and a voice, and waits for it like any video', async () => {
    const { client, files } = s;
    files.serve(
      '/face.png',
      await sharp({ create: { width: 512, height: 512, channels: 3, background: '#c8a080' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const created = await client.videos.createTalking({
      image: files.url('/face.png'),
      text: 'Hello from the client.',
      voiceID: 'espeak-ng:en-us',
      resolution: '480p',
      generateCaptions: true,
    });
    expect(created).toMatchObject({ status: 'processing', is_video: true, model: 'builtin-talking' });
    const video = await client.waitForVideo(created.id, FAST);
    expect(video).toMatchObject({ status: 'completed', width: 480, height: 480, request: { isTalkingVideo: true } });
    const probed = await probeVideo(Buffer.from(await client.files.download(video.url)));
    expect(probed.streams.map((st) => st.codec).sort()).toEqual(['aac', 'h264']);
  });

  it('transcribes a WAV by URL with progress, derives content and lists it', async () => {
    const { client } = s;
    const { uuid } = await client.transcriptions.create({
      url: s.files.url('/hello.wav'),
      audio_type: 'meeting',
      name: 'Hello',
    });
    const seen: string[] = [];
    const audio = await client.waitForTranscription(uuid, { ...FAST, onProgress: (p) => seen.push(p.record.status) });
    expect(audio.status).toBe('completed');
    expect(audio.content).toMatch(/\w/);
    expect(seen.at(-1)).toBe('completed');
    const derived = await client.transcriptions.derive(uuid, { fields: ['title', 'summary'] });
    expect(Object.keys(derived.data).sort()).toEqual(['summary', 'title']);
    expect((await client.transcriptions.get(uuid)).title).toBe(derived.data.title);
    expect((await client.transcriptions.list({ limit: 5 })).transcriptions.map((tr) => tr.uuid)).toContain(uuid);
  });

  it('speaks a text to a real MP3, reads and lists the result', async () => {
    const { client } = s;
    const voices = await client.voices.list({ language: 'English' });
    const voice = voices.voices[0];
    if (!voice) throw new Error('no English voice');
    expect(voices.filters.language).toBe('English');
    const spoken = await client.speech.create({ voiceID: voice.id, text: 'The client speaks.' });
    expect(spoken).toMatchObject({ status: 'completed', used_characters: 3 });
    const mp3 = await client.speech.download(spoken);
    expect(mp3FrameStart(mp3)).toBeGreaterThanOrEqual(0);
    expect((await client.speech.get(spoken.uuid)).voice_id).toBe(voice.id);
    expect((await client.speech.list()).items.map((i) => i.uuid)).toContain(spoken.uuid);
    expect((await client.voices.settings()).providers.length).toBeGreaterThan(0);
    const filters = await client.voices.filters('English');
    expect(filters).toMatchObject({ filtered_by_language: 'English', filtered_voices_count: expect.any(Number) });
    expect(filters.accents).toContain('American');
  });

  it('makes a sound effect to a real MP3, and reports bad input as a typed error', async () => {
    const { client } = s;
    const sound = await client.sounds.create({ prompt: 'Birds singing at dawn', duration: 2 });
    expect(sound).toMatchObject({
      text: 'Birds singing at dawn',
      seconds: 2,
      duration_seconds: 2,
      status: 'completed',
      used_characters: 4,
    });
    const mp3 = await client.sounds.download(sound);
    expect(mp3FrameStart(mp3)).toBeGreaterThanOrEqual(0);
    const defaults = await client.sounds.create({ prompt: 'a ticking clock' });
    expect(defaults.duration_seconds).toBe(5);
    await expect(client.sounds.create({ prompt: 'rain', duration: 23 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('duration'),
    });
  });

  it('manages custom voices', async () => {
    const { client } = s;
    const base = (await client.voices.list()).voices[0]?.id ?? '';
    const voice = await client.voices.custom.create({ name: 'Narrator', base_voice_id: base });
    expect((await client.voices.custom.update(voice.id, { name: 'Calm narrator' })).name).toBe('Calm narrator');
    expect((await client.voices.custom.get(voice.id)).base_voice_id).toBe(base);
    expect((await client.voices.custom.list()).voices.map((v) => v.id)).toEqual([voice.id]);
    expect((await client.voices.list({ include_custom: true })).voices.some((v) => v.id === voice.id)).toBe(true);
    expect(await client.voices.custom.delete(voice.id)).toEqual({ id: voice.id, deleted: true });
  });

  it('completes a chat, and streams the same reply as text pieces, a finish and the usage', async () => {
    const { client } = s;
    const request = {
      model: 'builtin',
      messages: [{ role: 'user' as const, content: 'Write a sentence about bees.' }],
    };
    const whole = await client.chat.completions.create(request);
    const text = whole.choices[0]?.message.content ?? '';
    expect(text.length).toBeGreaterThan(0);
    const events: ChatStreamEvent[] = [];
    for await (const event of client.chat.completions.stream({ ...request, stream_options: { include_usage: true } }))
      events.push(event);
    const pieces = events.flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['finish', 'usage']);
    expect((await client.chat.models.list()).data.map((m) => m.id)).toContain('builtin');
    expect((await client.chat.models.get('builtin')).id).toBe('builtin');
  });

  it('manages a bot and its documents, and streams its reply in order, then the sources', async () => {
    const { client } = s;
    const bot = await client.bots.create({ name: 'Hive helper', model: 'builtin' });
    const doc = await client.bots.documents.add(bot.id, { title: 'Rooftop hives', content: HIVES });
    const uploaded = await client.bots.documents.upload(bot.id, {
      data: new Blob(['# Garden\n\nTomatoes need full sun.'], { type: 'text/markdown' }),
      filename: 'garden.md',
    });
    expect(uploaded).toMatchObject({ title: 'garden.md', kind: 'markdown' });
    expect((await client.bots.documents.list(bot.id)).documents).toHaveLength(2);
    expect((await client.bots.update(bot.id, { temperature: 0.2 })).temperature).toBe(0.2);
    expect((await client.bots.list()).bots.map((b) => b.id)).toContain(bot.id);

    const question = { message: 'How much honey can a colony produce?', include_sources: true };
    const whole = await client.bots.chat(bot.public_url, question);
    expect(whole.response).toContain('twenty kilograms');
    const events: BotStreamEvent[] = [];
    for await (const event of client.bots.chatStream(bot.public_url, question)) events.push(event);
    const texts = events.flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('')).toBe(whole.response);
    const last = events.at(-1);
    expect(last?.type === 'sources' && last.sources[0]?.document_id).toBe(doc.id);
    expect(events.findIndex((e) => e.type === 'sources')).toBe(events.length - 1);

    expect(await client.bots.documents.delete(bot.id, uploaded.id)).toEqual({ id: uploaded.id, deleted: true });
    expect((await client.bots.get(bot.id)).documents).toBe(1);
    expect(await client.bots.delete(bot.id)).toEqual({ id: bot.id, deleted: true });
  });
});
