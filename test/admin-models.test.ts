import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { findEntry } from '../src/models/catalogue.js';
import {
  PullCancelledError,
  PullInProgressError,
  type PullStatus,
  readPullStatus,
  requestCancel,
  statusPath,
  trackedPull,
} from '../src/models/pull-status.js';
import { partPath } from '../src/models/pulled-models.js';
import { type ModelServer, catalogueWith, startModelServer } from './helpers/model-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyLlama } from './helpers/tiny-llama.js';

/**
 * The admin models API over a real pull: a tiny GGUF served by a local mirror under the name qwen3-0.6b
 * (the catalogue entry carries the tiny file's size and SHA-256), pulled while the service runs and then
 * serving text through llama.cpp without a restart.
 */
const NAME = 'qwen3-0.6b';
const NO_ENV_FILE = join(tmpdir(), 'atelier-no-such.env');
const LLM_ENV = { ATELIER_LLM_CONTEXT_SIZE: '512', ATELIER_LLM_THREADS: '1', ATELIER_RATE_LIMIT_ENABLED: 'false' };
let body: Buffer;
let server: ModelServer;
let t: TestApp;
let admin: string;
let user: string;

interface ModelView {
  name: string;
  state: string;
  in_use: boolean;
  progress: { received: number; total: number; by_this_process: boolean } | null;
  partial_bytes: number | null;
}

const models = async () =>
  (await t.server.inject({ url: '/api/admin/models', headers: withKey(admin) })).json<{
    models: ModelView[];
    text_provider: string;
  }>();
const model = async (name = NAME) => (await models()).models.find((m) => m.name === name);
const action = (method: 'POST' | 'DELETE', url: string, key = admin) =>
  t.server.inject({ method, url, headers: withKey(key) });

async function until<T>(what: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const generate = async () =>
  t.server.inject({
    method: 'POST',
    url: '/v1/chat/completions',
    headers: withKey(user),
    payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 4 },
  });

/** Who /v1/models says owns a chat model: the builtin engine, or a model of the service's own. */
const ownerOf = async (id: string) =>
  (await t.server.inject({ url: '/v1/models', headers: withKey(user) }))
    .json<{ data: { id: string; owned_by: string }[] }>()
    .data.find((m) => m.id === id)?.owned_by;

beforeAll(async () => {
  const file = join(tmpdir(), `atelier-admin-models-${process.pid}.gguf`);
  await writeTinyLlama(file);
  body = await readFile(file);
  await rm(file);
  const catalogue = catalogueWith(NAME, body);
  const entry = catalogue.find((e) => e.name === NAME);
  if (!entry) throw new Error('no entry');
  server = await startModelServer(entry, body);
  t = await startTestApp({ ...LLM_ENV, ATELIER_MODELS_BASE_URL: server.baseUrl }, { modelCatalogue: catalogue });
  admin = (await t.account({ admin: true })).key;
  user = (await t.account({ credits: 10_000 })).key;
});

afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('admin models API', () => {
  it('pulls with progress, cancels keeping the part, resumes, serves chat without a restart, removes back to builtin', async () => {
    const listed = await models();
    expect(listed.text_provider).toBe('builtin');
    expect(listed.models.map((m) => m.name)).toContain('whisper-tiny');
    expect((await generate()).json<{ model: string }>().model).toMatch(/builtin/);
    expect(await ownerOf('gpt-4o-mini')).toBe('atelier-builtin');

    // A pull held at a third: its progress shows in the list.
    const third = Math.floor(body.length / 3);
    server.hold(third);
    const started = await action('POST', `/api/admin/models/${NAME}/pull`);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ name: NAME, state: 'pulling' });
    expect((await action('POST', `/api/admin/models/${NAME}/pull`)).json()).toEqual({
      error: 'Model is already being pulled',
    });
    const pulling = await until(model, (m) => m?.progress?.received === third);
    expect(pulling).toMatchObject({
      state: 'pulling',
      progress: { received: third, total: body.length, by_this_process: true },
    });
    expect((await action('DELETE', `/api/admin/models/${NAME}`)).statusCode).toBe(409);

    // Cancelled: no model, the part kept.
    const cancelled = await action('POST', `/api/admin/models/${NAME}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'absent', partial_bytes: third, progress: null });
    expect((await action('POST', `/api/admin/models/${NAME}/cancel`)).statusCode).toBe(409);

    // Resumed and finished: llama-cpp serves the chat names now.
    server.release();
    expect((await action('POST', `/api/admin/models/${NAME}/pull`)).statusCode).toBe(200);
    const pulled = await until(model, (m) => m?.state === 'pulled');
    expect(pulled).toMatchObject({ state: 'pulled', in_use: true, partial_bytes: null });
    expect((await models()).text_provider).toBe('llama-cpp');
    const answer = await generate();
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ model: string }>().model).toBe('Qwen3-0.6B-Q8_0');
    expect(await ownerOf('gpt-4o-mini')).toBe('atelier');
    expect((await action('POST', `/api/admin/models/${NAME}/pull`)).json()).toEqual({
      error: 'Model is already pulled',
    });

    // Removed: back to builtin at once.
    const removed = await action('DELETE', `/api/admin/models/${NAME}`);
    expect(removed.json()).toMatchObject({ state: 'absent', in_use: false });
    expect((await models()).text_provider).toBe('builtin');
    expect((await generate()).json<{ model: string }>().model).toMatch(/builtin/);
    expect((await action('DELETE', `/api/admin/models/${NAME}`)).json()).toEqual({ error: 'Model is not pulled' });

    const audit = await t.server.inject({ url: '/api/admin/audit?target_type=model', headers: withKey(admin) });
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toEqual([
      'model.remove',
      'model.pull',
      'model.cancel',
      'model.pull',
    ]);
  }, 60_000);

  it('shows a pull another process runs (the command line) and refuses unknown names and non-admins', async () => {
    const entry = findEntry('whisper-tiny');
    if (!entry) throw new Error('no whisper-tiny');
    const dir = join(t.dataDir, 'models');
    const status: PullStatus = {
      pid: process.ppid,
      host: hostname(),
      started_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      received: 1_000,
      total: entry.bytes,
      bytes_per_second: 500,
      eta_seconds: Math.ceil((entry.bytes - 1_000) / 500),
    };
    await writeFile(statusPath(dir, entry), JSON.stringify(status));
    await writeFile(partPath(dir, entry), Buffer.alloc(1_000));
    expect(await model('whisper-tiny')).toMatchObject({
      state: 'pulling',
      progress: { received: 1_000, by_this_process: false },
    });
    // Its cancel asks the other process through the cancel file.
    expect((await action('POST', '/api/admin/models/whisper-tiny/cancel')).statusCode).toBe(200);
    await expect(readFile(`${join(dir, entry.file)}.pull.cancel`, 'utf8')).resolves.toBeTruthy();

    // A pull that fails (the mirror has no such file) says why.
    expect((await action('POST', '/api/admin/models/whisper-base/pull')).statusCode).toBe(200);
    const failed = await until(
      () => model('whisper-base'),
      (m) => m?.state === 'absent',
    );
    expect(failed).toMatchObject({ last_error: expect.stringContaining('404') });

    expect((await action('POST', '/api/admin/models/nope/pull')).json()).toEqual({ error: 'Model not found' });
    expect((await action('DELETE', '/api/admin/models/nope')).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', `/api/admin/models/${NAME}/pull`],
      ['DELETE', `/api/admin/models/${NAME}`],
    ] as const)
      expect((await action(method, url, user)).statusCode).toBe(404);
  });
});

describe('a pull in another process (as `atelier models pull` runs it)', () => {
  it('writes its status file while it runs and stops on the cancel file, keeping its part', async () => {
    const entry = catalogueWith(NAME, body).find((e) => e.name === NAME);
    if (!entry) throw new Error('no entry');
    const dir = await mkdtemp(join(tmpdir(), 'atelier-tracked-pull-'));
    const third = Math.floor(body.length / 3);
    server.hold(third);
    try {
      const pull = trackedPull(entry, { dir, baseUrl: server.baseUrl });
      const failed = pull.catch((error: unknown) => error);
      const status = await until(
        async () => readPullStatus(dir, entry),
        (s) => s?.received === third,
      );
      expect(status).toMatchObject({ pid: process.pid, received: third, total: body.length });
      await expect(trackedPull(entry, { dir, baseUrl: server.baseUrl })).rejects.toThrow(PullInProgressError);
      await requestCancel(dir, entry);
      expect(await failed).toBeInstanceOf(PullCancelledError);
      expect(readdirSync(dir)).toEqual([`${entry.file}.part`]);
    } finally {
      server.release();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('ATELIER_PRELOAD_MODELS', () => {
  it('takes catalogue names only', () => {
    const env = { ATELIER_DATA_DIR: tmpdir(), ATELIER_PRELOAD_MODELS: ' qwen3-0.6b, whisper-base,qwen3-0.6b' };
    expect(loadConfig(env, NO_ENV_FILE).models.preload).toEqual(['qwen3-0.6b', 'whisper-base']);
    expect(() => loadConfig({ ...env, ATELIER_PRELOAD_MODELS: 'qwen3-0.6b,llama-70b' }, NO_ENV_FILE)).toThrow(
      /ATELIER_PRELOAD_MODELS.*unknown model llama-70b/s,
    );
  });

  it('pulls at start in the background while the service answers', async () => {
    const catalogue = catalogueWith(NAME, body);
    server.hold(Math.floor(body.length / 2));
    const preloaded = await startTestApp(
      { ...LLM_ENV, ATELIER_MODELS_BASE_URL: server.baseUrl, ATELIER_PRELOAD_MODELS: NAME },
      { modelCatalogue: catalogue },
    );
    try {
      expect((await preloaded.server.inject({ url: '/health' })).statusCode).toBe(200);
      const key = (await preloaded.account({ admin: true })).key;
      const list = () =>
        preloaded.server
          .inject({ url: '/api/admin/models', headers: withKey(key) })
          .then((r) => r.json<{ models: ModelView[]; text_provider: string }>());
      expect((await list()).models.find((m) => m.name === NAME)?.state).toBe('pulling');
      server.release();
      const done = await until(
        list,
        (l) => l.text_provider === 'llama-cpp' && l.models.find((m) => m.name === NAME)?.state === 'pulled',
      );
      expect(done.models.find((m) => m.name === NAME)).toMatchObject({ state: 'pulled', in_use: true });
    } finally {
      server.release();
      await preloaded.close();
    }
  }, 30_000);
});
