import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyWhisper } from './helpers/tiny-whisper.js';

type Audio = {
  status: string;
  error?: string;
  language: string;
  content: string;
  segments: { start: number; end: number; text: string }[];
  duration: number | null;
  progress: number;
  model: string | null;
};

let dir: string;
let files: FileServer;
let t: TestApp;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-whisper-app-'));
  const model = join(dir, 'ggml-tiny-random.bin');
  writeTinyWhisper(model);
  execFileSync('flite', [
    '-voice',
    'slt',
    '-t',
    'Good morning everyone. The budget report is almost finished and the numbers look good.',
    '-o',
    join(dir, 'speech.wav'),
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'speech.wav'), '-b:a', '64k', join(dir, 'speech.mp3')]);
  files = await startFileServer();
  files.serve('/speech.mp3', readFileSync(join(dir, 'speech.mp3')), 'audio/mpeg');
  t = await startTestApp({
    ATELIER_WHISPER_MODEL_PATH: model,
    ATELIER_OPERATIONS_PUBLIC: 'true',
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 100 })).key;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await files?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.server.inject({ method: 'POST', url, headers: withKey(key), payload });
async function transcribed(uuid: string): Promise<Audio> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { audio } = (await post('/api/audios', { audio_id: uuid })).json<{ audio: Audio }>();
    if (audio.status === 'completed' || audio.status === 'failed' || Date.now() > deadline) return audio;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('transcription with a whisper model configured', () => {
  it('transcribes through whisper.cpp, in English and in a language pocketsphinx does not know, with timestamps', async () => {
    const requests = [
      { language: 'English', enhanced_quality: false },
      { language: 'French', enhanced_quality: true },
    ];
    const uuids = await Promise.all(
      requests.map(async (r) => {
        const created = await post('/api/transcriptions', {
          url: files.url('/speech.mp3'),
          audio_type: 'meeting',
          ...r,
        });
        expect(created.statusCode).toBe(200);
        return created.json<{ uuid: string }>().uuid;
      }),
    );
    const audios = await Promise.all(uuids.map(transcribed));
    for (const [i, audio] of audios.entries()) {
      expect(audio.status, audio.error).toBe('completed');
      expect(audio.model).toBe('whisper-cpp:ggml-tiny-random');
      expect(audio.language).toBe(requests[i]?.language);
      expect(audio.progress).toBe(100);
      expect(audio.duration).toBeGreaterThan(3);
      expect(audio.segments.length).toBeGreaterThan(0);
      for (const s of audio.segments) {
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeGreaterThanOrEqual(s.start);
        expect(s.end).toBeLessThanOrEqual(audio.duration ?? 0);
        expect(s.text).toMatch(/^[a-z]+( [a-z]+)*$/);
      }
      expect(audio.content).toBe(audio.segments.map((s) => s.text).join(' '));
    }
  });

  it('detects the language when asked for auto, and keeps the detected one on the record', async () => {
    const created = await post('/api/transcriptions', { url: files.url('/speech.mp3'), language: 'auto' });
    expect(created.statusCode).toBe(200);
    const audio = await transcribed(created.json<{ uuid: string }>().uuid);
    expect(audio.status, audio.error).toBe('completed');
    expect(audio.model).toBe('whisper-cpp:ggml-tiny-random');
    // The weights are noise, so which language is heard is not known in advance: but it is a named one.
    expect(audio.language).not.toBe('auto');
    expect(t.app.services.asrModels.engines[0]?.languages).toContain(audio.language);
  });

  it('reports the whisper model file in /ready', async () => {
    const report = (await t.server.inject({ url: '/ready' })).json<{
      checks: Record<string, { status: string; detail: string }>;
    }>();
    expect(report.checks.transcription).toEqual({
      status: 'ok',
      detail: 'ffmpeg (decoding); whisper.cpp (99 languages); pocketsphinx',
    });
  });

  it('releases the whisper model when the app closes', async () => {
    // An app of its own: closing the shared one would leave the other tests, in whatever order they run, without it.
    const own = await startTestApp({ ATELIER_WHISPER_MODEL_PATH: join(dir, 'ggml-tiny-random.bin') });
    const whisper = own.app.services.asrModels.engines.find((e) => e.provider === 'whisper-cpp');
    expect(whisper).toBeDefined();
    await own.close();
    const wav = encodeWav({ pcm: Buffer.alloc(32_000), sampleRate: 16_000 });
    await expect(whisper?.doGenerate({ wav, language: 'English', detectSpeakers: false })).rejects.toThrow(
      'the whisper.cpp engine has been shut down',
    );
  });
});
