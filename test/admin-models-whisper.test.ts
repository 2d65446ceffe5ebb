import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type ModelServer, catalogueWith, startModelServer } from './helpers/model-server.js';
import { makeRecording } from './helpers/recordings.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyWhisper } from './helpers/tiny-whisper.js';

/**
 * A whisper model pulled while the service runs serves the next transcriptions without a restart: a tiny
 * random-weight whisper model served by a local mirror under the name whisper-tiny (the catalogue entry
 * carries its size and SHA-256). A transcription running when it is removed finishes on it.
 */
const NAME = 'whisper-tiny';
const WHISPER = 'whisper-cpp:ggml-tiny';

interface Overview {
  models: { name: string; state: string; in_use: boolean; serves: string }[];
  whisper_model: string | null;
  follows_pulled_whisper_models: boolean;
}

interface Audio {
  status: string;
  error?: string;
  model: string | null;
}

let dir: string;
let mirror: ModelServer;
let audio: HeldAudioServer;
let t: TestApp;
let admin: string;
let user: string;

/** Serves the speech; `hold()` keeps the next answers back until `release()`, and says when one is asked for. */
interface HeldAudioServer {
  url: string;
  hold(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

async function startAudioServer(body: Buffer): Promise<HeldAudioServer> {
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  let asked: () => void = () => undefined;
  const server: Server = createServer(async (_req, res) => {
    asked();
    await gate;
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/speech.mp3`,
    hold: () => {
      gate = new Promise((resolve) => {
        open = () => resolve();
      });
      return new Promise((resolve) => {
        asked = () => resolve();
      });
    },
    release: () => {
      gate = undefined;
      open();
    },
    close: () =>
      new Promise((resolve) => {
        open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const overview = async () =>
  (await t.server.inject({ url: '/api/admin/models', headers: withKey(admin) })).json<Overview>();
const action = (method: 'POST' | 'DELETE', url: string) => t.server.inject({ method, url, headers: withKey(admin) });

async function start(): Promise<string> {
  const created = await t.server.inject({
    method: 'POST',
    url: '/api/transcriptions',
    headers: withKey(user),
    payload: { url: audio.url, language: 'English' },
  });
  expect(created.statusCode).toBe(200);
  return created.json<{ uuid: string }>().uuid;
}

async function finished(uuid: string): Promise<Audio> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await t.server.inject({
      method: 'POST',
      url: '/api/audios',
      headers: withKey(user),
      payload: { audio_id: uuid },
    });
    const record = answer.json<{ audio: Audio }>().audio;
    if (record.status === 'completed' || record.status === 'failed' || Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const transcribedBy = async () => {
  const record = await finished(await start());
  expect(record.status, record.error).toBe('completed');
  return record.model;
};

const transcriptionReadiness = async () =>
  (await t.server.inject({ url: '/ready' })).json<{ checks: Record<string, { detail: string }> }>().checks.transcription
    ?.detail;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-admin-whisper-'));
  const modelFile = join(dir, 'tiny.bin');
  writeTinyWhisper(modelFile);
  const body = readFileSync(modelFile);
  const catalogue = catalogueWith(NAME, body);
  const entry = catalogue.find((e) => e.name === NAME);
  if (!entry) throw new Error('no whisper-tiny entry');
  mirror = await startModelServer(entry, body, 1);
  audio = await startAudioServer(makeRecording([{ voice: 'slt', text: 'Good morning everyone.' }]).mp3);
  t = await startTestApp(
    {
      ATELIER_MODELS_BASE_URL: mirror.baseUrl,
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      ATELIER_OPERATIONS_PUBLIC: 'true',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_JOB_POLL_MS: '50',
    },
    { modelCatalogue: catalogue },
  );
  t.app.services.worker.start();
  admin = (await t.account({ admin: true })).key;
  user = (await t.account({ credits: 1_000 })).key;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mirror?.close();
  await audio?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a whisper model pulled while the service runs', () => {
  it('transcribes the next audio without a restart, lets a running one finish on it when removed, then goes back', async () => {
    expect(await overview()).toMatchObject({ whisper_model: null, follows_pulled_whisper_models: true });
    expect(await transcribedBy()).toMatch(/^pocketsphinx:/);

    expect((await action('POST', `/api/admin/models/${NAME}/pull`)).statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    let pulled = await overview();
    while (pulled.models.find((m) => m.name === NAME)?.state !== 'pulled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pulled = await overview();
    }
    expect(pulled.whisper_model).toBe('ggml-tiny.bin');
    expect(pulled.models.find((m) => m.name === NAME)).toMatchObject({
      state: 'pulled',
      in_use: true,
      serves: 'transcription (whisper-cpp)',
    });
    expect(await transcriptionReadiness()).toContain('whisper.cpp');
    expect(await transcribedBy()).toBe(WHISPER);

    // Removed while a transcription on it waits for its audio: that one still finishes on whisper.
    const asked = audio.hold();
    const running = await start();
    await asked;
    const removed = await action('DELETE', `/api/admin/models/${NAME}`);
    expect(removed.json()).toMatchObject({ state: 'absent', in_use: false });
    expect((await overview()).whisper_model).toBeNull();
    audio.release();
    const finishedRecord = await finished(running);
    expect(finishedRecord.status, finishedRecord.error).toBe('completed');
    expect(finishedRecord.model).toBe(WHISPER);

    expect(await transcribedBy()).toMatch(/^pocketsphinx:/);
    expect(await transcriptionReadiness()).not.toContain('whisper.cpp');
  }, 90_000);
});

describe('config.asr.followsPulledModels', () => {
  it('holds when no whisper model file is named', () => {
    const env = { ATELIER_DATA_DIR: dir };
    const noEnvFile = join(dir, 'no.env');
    expect(loadConfig(env, noEnvFile).asr.followsPulledModels).toBe(true);
    const named = loadConfig({ ...env, ATELIER_WHISPER_MODEL_PATH: join(dir, 'tiny.bin') }, noEnvFile);
    expect(named.asr.followsPulledModels).toBe(false);
  });
});
