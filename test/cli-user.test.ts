import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@atelier/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TEST_ENV, mp3FrameStart } from './helpers/client-service.js';
import { type CliHost, type RunningService, atelier, startCliHost, startService } from './helpers/processes.js';
import { makeRecording } from './helpers/recordings.js';

let dataDir: string;
let service: RunningService;
/** Runs the commands whose work is tested; the test of exit codes spawns the real binary. */
let cli: CliHost;
let user: Record<string, string>;
let audio: Server;
let audioBase: string;
/** /slow.wav is held back until this is called, so a transcription of it stays pending meanwhile. */
let releaseSlow: () => void;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-cli-user-'));
  const wav = makeRecording([{ voice: 'slt', text: 'Hello and welcome to the weekly meeting.' }]).wav;
  const held = new Promise<void>((resolve) => (releaseSlow = resolve));
  const face = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#c8a080' } })
    .png()
    .toBuffer();
  audio = createServer((req, res) => {
    if (req.url === '/face.png')
      return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': face.length }).end(face);
    const send = () => res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length }).end(wav);
    if (req.url === '/slow.wav') void held.then(send);
    else if (req.url === '/hello.wav') send();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => audio.listen(0, '127.0.0.1', resolve));
  audioBase = `http://127.0.0.1:${(audio.address() as AddressInfo).port}`;
  const env = { ATELIER_DATA_DIR: dataDir, ...CLIENT_TEST_ENV };
  cli = startCliHost();
  service = await startService(env);
  const created = await cli.run(
    ['accounts', 'create', '--email', 'user@example.test', '--plan', 'pro', '--credits', '500'],
    env,
  );
  const { api_key } = JSON.parse(created.stdout) as { api_key: string };
  // ATELIER_POLL_INTERVAL_MS: for tests and local services only; users get the spec's 15 to 30 s.
  user = { ATELIER_URL: service.baseUrl, ATELIER_API_KEY: api_key, ATELIER_POLL_INTERVAL_MS: '50' };
}, 60_000);
afterAll(async () => {
  releaseSlow();
  await Promise.all([service.stop(), cli.close()]);
  audio.closeAllConnections();
  audio.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string> = user) => cli.run(args, env);
/** The real binary (bin/atelier.mjs), for what only it can show: its exit codes. */
const spawned = (args: string[], env: Record<string, string> = user) => atelier(args, env);
const json = <T>(text: string) => JSON.parse(text) as T;

describe('atelier user commands against a running service', () => {
  it('lists, searches and shows presets, and generates text, as text or as JSON', async () => {
    const listed = await run(['presets']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^SLUG\s+TITLE\s+CATEGORIES\n/);
    expect(listed.stdout).toMatch(/^instagram-post-caption\s+Instagram Post Caption\s+Social Media, Marketing$/m);
    const all = json<{ presets: { slug: string; title: string; description: string }[] }>(
      (await run(['presets', '--json'])).stdout,
    ).presets;
    const searched = json<{ presets: typeof all }>(
      (await run(['presets', '--search', 'Instagram', '--json'])).stdout,
    ).presets;
    expect(searched.map((p) => p.slug)).toContain('instagram-post-caption');
    expect(searched.length).toBeLessThan(all.length);
    expect(searched.every((p) => `${p.slug} ${p.title} ${p.description}`.toLowerCase().includes('instagram'))).toBe(
      true,
    );
    const shown = await run(['presets', 'show', 'instagram-caption']);
    // Our older slug answers as an alias of the hosted one.
    expect(shown.stdout).toMatch(/^Instagram Post Caption \(instagram-post-caption\)$/m);
    expect(shown.stdout).toMatch(/--keywords TEXT\s+Post topic \(textarea, required, max 1000\)/);
    expect(shown.stdout).toContain('--field extra1=...');

    const generated = await run([
      'generate',
      'instagram-caption',
      '--keywords',
      'rooftop bees',
      '--field',
      'extra1=Northwind',
      '--outputs',
      '2',
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^--- output 1 \(id \d+\) ---$/m);
    expect(generated.stdout).toContain('Northwind');
    const asJson = json<{ id: number; name: string }[]>(
      (await run(['generate', 'instagram-caption', '--keywords', 'city bees', '--json'])).stdout,
    );
    expect(asJson).toHaveLength(1);
    expect(asJson[0]?.name.toLowerCase()).toContain('city bees');
  });

  it('exits with codes that mean something: 3 auth, 4 not found, 2 usage', async () => {
    const badKey = await spawned(['presets'], { ...user, ATELIER_API_KEY: 'atl_wrong' });
    expect([badKey.code, badKey.stderr.trim()]).toEqual([3, 'error: Invalid API key']);
    const noKey = await spawned(['presets'], { ATELIER_URL: service.baseUrl, ATELIER_API_KEY: '' });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('ATELIER_API_KEY');
    const unknownPreset = await spawned(['presets', 'show', 'no-such-preset']);
    expect([unknownPreset.code, unknownPreset.stderr.trim()]).toEqual([4, 'error: Preset not found']);
    const missing = await spawned(['image']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Missing PROMPT');
    expect((await spawned(['presets', '--colour', 'red'])).code).toBe(2);
    const refused = await spawned(['generate', 'instagram-caption', '--keywords', 'x', '--field', 'nonsense=1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('nonsense');
  });

  it('exits 6 when the credits are spent; voices need no key', async () => {
    const free = await cli.run(
      ['accounts', 'create', '--email', 'broke@example.test', '--plan', 'free', '--credits', '0'],
      { ATELIER_DATA_DIR: dataDir },
    );
    const broke = await run(['generate', 'instagram-caption', '--keywords', 'x'], {
      ...user,
      ATELIER_API_KEY: json<{ api_key: string }>(free.stdout).api_key,
    });
    expect(broke.code).toBe(6);
    const voicesWithoutKey = await run(['voices', '--language', 'English'], {
      ATELIER_URL: service.baseUrl,
      ATELIER_API_KEY: '',
    });
    expect(voicesWithoutKey.code).toBe(0);
    expect(voicesWithoutKey.stdout).toMatch(/^ID\s+NAME\s+LANGUAGE\s+ACCENT\s+GENDER\n/);
    const filters = await run(['voices', 'filters', '--language', 'English'], {
      ATELIER_URL: service.baseUrl,
      ATELIER_API_KEY: '',
    });
    expect(filters.code).toBe(0);
    expect(filters.stdout).toMatch(/^Languages: .*English.*\nAccents \(English\): .*American/);
  });

  it('makes an image and a video and waits for them', async () => {
    const image = await run([
      'image',
      'A',
      'lighthouse',
      'at',
      'dusk',
      '--model',
      'FLUX.1',
      '--size',
      '128x128',
      '--wait',
    ]);
    expect(image.code, image.stderr).toBe(0);
    const [, id, url] = /^Image (\d+): completed {2}(http\S+)$/m.exec(image.stdout) ?? [];
    expect((await fetch(url ?? '')).headers.get('content-type')).toBe('image/png');
    expect(image.stderr).toMatch(new RegExp(`^Image ${id}: (pending|completed) \\(check 1/30\\)$`, 'm'));
    const shown = json<{ id: number; image_url: string; prompt: string }>(
      (await run(['image', 'show', id ?? '', '--json'])).stdout,
    );
    expect(shown).toMatchObject({ id: Number(id), image_url: url, prompt: 'A lighthouse at dusk' });

    // Rendering takes a second or more in a service process, longer on a busy machine: 30 checks at 50 ms
    // (1.5 s) ran out beside other test files, 30 at 250 ms leave it room.
    const video = await run(['video', 'Waves on a beach.', '--duration', '1', '--aspect', '1:1', '--wait', '--json'], {
      ...user,
      ATELIER_POLL_INTERVAL_MS: '250',
    });
    expect(video.code, video.stderr).toBe(0);
    expect(json<{ status: string; url: string }>(video.stdout)).toMatchObject({
      status: 'completed',
      url: expect.stringMatching(/\.mp4$/),
    });

    const talking = await run(
      [
        ...['talking-video', 'Hello', 'there.', '--voice', 'espeak-ng:en-us', '--image', `${audioBase}/face.png`],
        ...['--captions', '--caption-color', '#FF0000', '--wait'],
      ],
      { ...user, ATELIER_POLL_INTERVAL_MS: '250' },
    );
    expect(talking.code, talking.stderr).toBe(0);
    expect(talking.stdout).toMatch(/^Video \d+: completed {2}http\S+\.mp4$/m);
    const refused = await run(['talking-video', 'Hello', '--voice', 'espeak-ng:en-us']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Image or video is required/);
  });

  it('edits a picture with --image and --action', async () => {
    const made = await run(['image', 'A', 'lighthouse', '--model', 'FLUX.1', '--size', '128x128', '--wait', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const url = json<{ image_url: string }[]>(made.stdout)[0]?.image_url;
    // --image and --action reach the service (which fetches the picture from itself here).
    const colorized = await run([
      'image',
      'sepia',
      '--model',
      'FLUX.1',
      '--image',
      url ?? '',
      '--action',
      'Colorize',
      '--wait',
      '--json',
    ]);
    expect(colorized.code, colorized.stderr).toBe(0);
    expect(json<{ status: string; engine: string; action: string }[]>(colorized.stdout)[0]).toMatchObject({
      status: 'completed',
      engine: 'builtin-filter',
      action: 'Colorize',
    });
    const refused = await run(['image', 'x', '--model', 'FLUX.1', '--image', url ?? '', '--action', 'Ghiblify']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/"Ghiblify" needs a generative model/);
  });

  it('transcribes with progress while polling, derives content; stopping early exits 5 with the id', async () => {
    // The job takes a few seconds in a service process: 40 checks at 250 ms leave it room.
    const slower = { ...user, ATELIER_POLL_INTERVAL_MS: '250' };
    const done = await run(['transcribe', `${audioBase}/hello.wav`, '--type', 'meeting', '--wait'], slower);
    expect(done.code, done.stderr).toBe(0);
    const [, uuid] = /^Transcription ([0-9a-f-]{36}) \(Meeting, English, [\d.]+ s\):$/m.exec(done.stdout) ?? [];
    expect(uuid).toBeDefined();
    expect(done.stderr).toMatch(/^Transcription [0-9a-f-]{36}: \w+ \d+% \(check 1\/40\)$/m);
    expect(done.stdout.split('\n\n')[1]).toMatch(/\w+/);
    const derived = await run(['derive', uuid ?? '', 'title', 'summary']);
    expect(derived.code, derived.stderr).toBe(0);
    expect(derived.stdout).toMatch(/^title:\n.+\n\nsummary:\n/);

    const started = json<{ uuid: string }>((await run(['transcribe', `${audioBase}/slow.wav`, '--json'])).stdout);
    const early = await run(['derive', started.uuid]);
    expect([early.code, early.stderr.trim()]).toEqual([5, 'error: Audio has not been transcribed yet']);
    const stopped = await run(['transcribe', 'show', started.uuid, '--wait', '--attempts', '2', '--json']);
    expect(stopped.code).toBe(5);
    expect(json<{ uuid: string; status: string }>(stopped.stdout).uuid).toBe(started.uuid);
    expect(stopped.stderr).toContain(`atelier transcribe show ${started.uuid} --wait`);
    releaseSlow();
    const resumed = await run(['transcribe', 'show', started.uuid, '--wait', '--json'], slower);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(json<{ status: string }>(resumed.stdout).status).toBe('completed');
    const all = await createClient({ baseUrl: service.baseUrl, apiKey: user.ATELIER_API_KEY }).transcriptions.list();
    expect(all.transcriptions.filter((t) => t.url.endsWith('/slow.wav'))).toHaveLength(1);
  });

  it('tts saves a real MP3', async () => {
    const voice =
      json<{ voices: { id: string }[] }>((await run(['voices', '--language', 'English', '--json'])).stdout).voices[0]
        ?.id ?? '';
    const file = join(dataDir, 'hello.mp3');
    const spoken = await run(['tts', 'Hello from the command line.', '--voice', voice, '--out', file]);
    expect(spoken.code, spoken.stderr).toBe(0);
    expect(spoken.stdout).toMatch(new RegExp(`^Saved ${file} \\([\\d.]+ KB; 5 words billed\\)$`, 'm'));
    expect(existsSync(file)).toBe(true);
    expect(mp3FrameStart(readFileSync(file))).toBeGreaterThanOrEqual(0);
    expect((await run(['tts', 'Hello'])).code).toBe(2);
  });

  it('makes a sound effect and saves the MP3; refuses a bad duration', async () => {
    const file = join(dataDir, 'rain.mp3');
    const made = await run(['sound', 'Gentle', 'rain', 'on', 'leaves', '--duration', '1.5', '--out', file]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(new RegExp(`^Saved ${file} \\(1\\.5 s, [\\d.]+ KB; 4 words counted\\)$`, 'm'));
    expect(mp3FrameStart(readFileSync(file))).toBeGreaterThanOrEqual(0);
    const json = JSON.parse(
      // --out into the test's folder: by default the MP3 lands in the working directory, the checkout.
      (
        await run([
          'sound',
          'a squeaky door',
          '--duration',
          '1',
          '--influence',
          '0.9',
          '--json',
          '--out',
          join(dataDir, 'door.mp3'),
        ])
      ).stdout,
    );
    expect(json).toMatchObject({ seconds: 1, status: 'completed', engine: 'procedural-sound' });
    const unknown = await run(['sound', 'purple', 'silence', '--duration', '1', '--out', join(dataDir, 'u.mp3')]);
    expect(unknown.stdout).toMatch(/^warning: No sound this engine knows/m);
    expect((await run(['sound', 'rain', '--duration', '30'])).code).toBe(2);
    expect((await run(['sound', 'rain', '--duration', 'long'])).code).toBe(2);
    expect((await run(['sound'])).code).toBe(2);
  });

  it('chats, streamed or whole, and streams a bot reply with its sources', async () => {
    const whole = await run(['chat', 'Write a sentence about bees.', '--model', 'builtin']);
    expect(whole.code, whole.stderr).toBe(0);
    const streamed = await run(['chat', 'Write a sentence about bees.', '--model', 'builtin', '--stream']);
    expect(streamed.stdout).toBe(whole.stdout);
    const completion = json<{ object: string; choices: { message: { content: string } }[] }>(
      (await run(['chat', 'Write a sentence about bees.', '--model', 'builtin', '--json'])).stdout,
    );
    expect(`${completion.choices[0]?.message.content}\n`).toBe(whole.stdout);

    const client = createClient({ baseUrl: service.baseUrl, apiKey: user.ATELIER_API_KEY });
    const bot = await client.bots.create({ name: 'Hive helper', model: 'builtin' });
    await client.bots.documents.add(bot.id, {
      title: 'Rooftop hives',
      content:
        'A strong colony can produce twenty kilograms of honey in a good city summer. Beehives on rooftops need shade.',
    });
    const question = 'How much honey can a colony produce?';
    const reply = (await client.bots.chat(bot.public_url, { message: question })).response;
    const chatted = await run(['bot', 'chat', bot.public_url, question, '--sources']);
    expect(chatted.code, chatted.stderr).toBe(0);
    expect(chatted.stdout).toBe(`${reply}\n\nSources:\n  [1] Rooftop hives\n`);
    expect((await run(['bot', 'chat', 'x'.repeat(32), 'hi'])).code).toBe(4);
  });
});
