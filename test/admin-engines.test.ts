import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

interface EnginesAnswer {
  status: string;
  capabilities: {
    capability: string;
    ready: { status: string; detail: string };
    models: { name: string; aliases: string[]; engine: string; model: string | null; base_url: string | null }[];
  }[];
}

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function engines(env: Record<string, string> = {}) {
  const t = await startTestApp(env);
  apps.push(t);
  const { key } = await t.account({ admin: true });
  const response = await t.server.inject({ method: 'GET', url: '/api/admin/engines', headers: withKey(key) });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, answer: response.json<EnginesAnswer>() };
}

const capability = (answer: EnginesAnswer, name: string) => answer.capabilities.find((c) => c.capability === name);

describe('GET /api/admin/engines', () => {
  it('lists every capability with the engine of each model and the /ready check, with the builtin defaults', async () => {
    const { answer } = await engines();
    expect(answer.capabilities.map((c) => c.capability)).toEqual([
      'text',
      'image',
      'video',
      'transcription',
      'speech',
      'sound',
      'embedding',
    ]);
    expect(capability(answer, 'text')).toMatchObject({
      ready: { status: 'ok' },
      models: expect.arrayContaining([expect.objectContaining({ name: 'builtin', engine: 'builtin', base_url: null })]),
    });
    const text = capability(answer, 'text')?.models ?? [];
    expect(text.every((m) => m.engine === 'builtin')).toBe(true);
    expect(text.flatMap((m) => m.aliases).length).toBeGreaterThan(0);
    const image = capability(answer, 'image');
    expect(image?.models.length).toBeGreaterThan(0);
    expect(image?.models.every((m) => m.engine === 'builtin' && m.base_url === null)).toBe(true);
    expect(capability(answer, 'embedding')).toMatchObject({ ready: { status: 'disabled' }, models: [] });
    for (const c of answer.capabilities) expect(['ok', 'failed', 'disabled']).toContain(c.ready.status);
  });

  it('shows remote providers by base URL and upstream model, never a key or a password', async () => {
    const secrets = ['sk-text-secret-0123456789', 'sk-image-secret-0123456789', 'hunter2pass'];
    const { body, answer } = await engines({
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: 'http://operator:hunter2pass@127.0.0.1:9/v1',
      ATELIER_TEXT_API_KEY: secrets[0] as string,
      ATELIER_TEXT_MODEL: 'qwen2.5-7b-instruct',
      ATELIER_IMAGE_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ATELIER_IMAGE_OPENAI_API_KEY: secrets[1] as string,
    });
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(capability(answer, 'text')?.models[0]).toMatchObject({
      name: 'qwen2.5-7b-instruct',
      engine: 'openai-compatible',
      model: 'qwen2.5-7b-instruct',
      base_url: 'http://127.0.0.1:9/v1',
    });
    const remoteImages = capability(answer, 'image')?.models.filter((m) => m.engine === 'openai-compatible') ?? [];
    expect(remoteImages.length).toBeGreaterThan(0);
    expect(remoteImages.every((m) => m.base_url === 'http://127.0.0.1:9/v1')).toBe(true);
  });

  it('shows the remote speech, transcription and embedding servers by the base URL each engine calls', async () => {
    const { body, answer } = await engines({
      ATELIER_TTS_OPENAI_BASE_URL: 'http://speaker:s3cret-tts@127.0.0.1:9/tts/v1',
      ATELIER_ASR_OPENAI_BASE_URL: 'http://127.0.0.1:9/asr/v1/',
      ATELIER_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/embed/v1',
    });
    expect(body).not.toContain('s3cret-tts');
    expect(capability(answer, 'speech')?.models).toContainEqual(
      expect.objectContaining({ engine: 'openai', base_url: 'http://127.0.0.1:9/tts/v1' }),
    );
    expect(capability(answer, 'transcription')?.models).toContainEqual(
      expect.objectContaining({ engine: 'openai', base_url: 'http://127.0.0.1:9/asr/v1' }),
    );
    expect(capability(answer, 'embedding')?.models).toEqual([
      expect.objectContaining({ engine: 'openai-compatible', base_url: 'http://127.0.0.1:9/embed/v1' }),
    ]);
    // Engines in this process call no server.
    expect(capability(answer, 'speech')?.models).toContainEqual(expect.objectContaining({ base_url: null }));
  });
});
