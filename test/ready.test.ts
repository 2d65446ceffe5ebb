import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './helpers/test-app.js';

type Report = { status: 'ready' | 'not_ready'; checks: Record<string, { status: 'ok' | 'failed' | 'disabled'; detail: string }> };

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    ATELIER_TTS_OPENAI_BASE_URL: 'https://someone:hunter2@tts.example.com/v1',
    ATELIER_TTS_OPENAI_API_KEY: 'sk-tts-secret',
  });
  t.app.services.worker.start();
});
afterAll(() => t.close());

const ready = async (app: TestApp = t) => {
  const res = await app.server.inject({ url: '/ready' });
  return { code: res.statusCode, report: res.json<Report>() };
};

describe('GET /ready', () => {
  it('reports each dependency: database, file store, workers and the configured engines', async () => {
    const { code, report } = await ready();
    expect(code).toBe(200);
    expect(report.status).toBe('ready');
    expect(Object.keys(report.checks).sort()).toEqual(['blob_store', 'database', 'images', 'speech', 'text', 'transcription', 'video', 'workers']);
    for (const check of Object.values(report.checks)) expect(check.status).toBe('ok');
    expect(report.checks.workers?.detail).toMatch(/^running \(role all/);
    expect(report.checks.speech?.detail).toBe('espeak-ng; flite; lame (MP3); openai at tts.example.com (configured, not called)');
    expect(report.checks.transcription?.detail).toBe('ffmpeg (decoding); pocketsphinx');
    expect(report.checks.text?.detail).toBe('builtin (offline)');
  });

  it('never shows a key or a password of a provider', async () => {
    const body = (await t.server.inject({ url: '/ready' })).body;
    expect(body).not.toMatch(/hunter2|someone|sk-tts-secret/);
  });

  it('keeps /health as it was: liveness only', async () => {
    const res = await t.server.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when a configured program is missing, and says which', async () => {
    const app = await startTestApp({ ATELIER_FLITE_PATH: '/nonexistent/bin/flite' });
    try {
      app.app.services.worker.start();
      const { code, report } = await ready(app);
      expect(code).toBe(503);
      expect(report.status).toBe('not_ready');
      expect(report.checks.speech).toEqual({ status: 'failed', detail: 'espeak-ng; flite: not found: /nonexistent/bin/flite; lame (MP3)' });
      expect(report.checks.database?.status).toBe('ok');
    } finally {
      await app.close();
    }
  });

  it('answers 503 while the workers of a worker process are not running (before start, during shutdown)', async () => {
    const app = await startTestApp();
    try {
      const { code, report } = await ready(app);
      expect(code).toBe(503);
      expect(report.checks.workers?.status).toBe('failed');
    } finally {
      await app.close();
    }
  });

  it('leaves workers out of an API process, and out of one with ATELIER_WORKERS=false', async () => {
    for (const env of [{ ATELIER_ROLE: 'api' }, { ATELIER_WORKERS: 'false' }] as Record<string, string>[]) {
      const app = await startTestApp(env);
      try {
        const { code, report } = await ready(app);
        expect(code).toBe(200);
        expect(report.checks.workers?.status).toBe('disabled');
      } finally {
        await app.close();
      }
    }
  });
});
