import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './helpers/test-app.js';

type Report = {
  status: 'ready' | 'not_ready';
  checks: Record<string, { status: 'ok' | 'failed' | 'disabled'; detail: string }>;
};

let t: TestApp;

const TOKEN = 'ready-token-0123456789abcdef';
/** The detail needs the operations token (or ATELIER_OPERATIONS_PUBLIC): every app here has one. */
const startApp = (env: Record<string, string> = {}) => startTestApp({ ATELIER_OPERATIONS_TOKEN: TOKEN, ...env });

beforeAll(async () => {
  t = await startApp({
    ATELIER_TTS_OPENAI_BASE_URL: 'https://someone:hunter2@tts.example.com/v1',
    ATELIER_TTS_OPENAI_API_KEY: 'sk-tts-secret',
  });
  t.app.services.worker.start();
});
afterAll(() => t.close());

const ready = async (app: TestApp = t, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
  const res = await app.server.inject({ url: '/ready', headers });
  return { code: res.statusCode, report: res.json<Report>() };
};

describe('GET /ready', () => {
  it('reports each dependency: database, file store, workers and the configured engines', async () => {
    const { code, report } = await ready();
    expect(code).toBe(200);
    expect(report.status).toBe('ready');
    expect(Object.keys(report.checks).sort()).toEqual([
      'blob_store',
      'database',
      'disk_space',
      'images',
      'sound',
      'speech',
      'text',
      'transcription',
      'video',
      'workers',
    ]);
    for (const check of Object.values(report.checks)) expect(check.status).toBe('ok');
    expect(report.checks.workers?.detail).toMatch(/^running \(role all/);
    expect(report.checks.speech?.detail).toBe(
      'espeak-ng; flite; lame (MP3); openai at tts.example.com (configured, not called)',
    );
    expect(report.checks.transcription?.detail).toBe('ffmpeg (decoding); pocketsphinx');
    expect(report.checks.text?.detail).toBe('builtin (offline)');
    expect(report.checks.sound?.detail).toBe('procedural-sound (offline); lame (MP3)');
  });

  it('never shows a key or a password of a provider', async () => {
    const body = (await t.server.inject({ url: '/ready', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(body).not.toMatch(/hunter2|someone|sk-tts-secret/);
  });

  it('keeps /health as it was: liveness only', async () => {
    const res = await t.server.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when a configured program is missing, and says which', async () => {
    const app = await startApp({ ATELIER_FLITE_PATH: '/nonexistent/bin/flite' });
    try {
      app.app.services.worker.start();
      const { code, report } = await ready(app);
      expect(code).toBe(503);
      expect(report.status).toBe('not_ready');
      expect(report.checks.speech).toEqual({
        status: 'failed',
        detail: 'espeak-ng; flite: not found: /nonexistent/bin/flite; lame (MP3)',
      });
      expect(report.checks.database?.status).toBe('ok');
    } finally {
      await app.close();
    }
  });

  it('answers 503 while the workers of a worker process are not running (before start, during shutdown)', async () => {
    const app = await startApp();
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
      const app = await startApp(env);
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

describe('GET /ready without the operations token', () => {
  it('answers only the status, with the same 200 or 503, for load balancers', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-0123456789' }, { 'x-api-key': TOKEN }] as Record<
      string,
      string
    >[]) {
      const { code, report } = await ready(t, headers);
      expect(code).toBe(200);
      expect(report).toEqual({ status: 'ready' });
    }
    const app = await startApp({ ATELIER_FLITE_PATH: '/nonexistent/bin/flite' });
    try {
      app.app.services.worker.start();
      const res = await app.server.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready' });
      expect(res.body).not.toContain('flite');
    } finally {
      await app.close();
    }
  });

  it('shows the checks to anyone with ATELIER_OPERATIONS_PUBLIC=true, and to nobody without a token configured', async () => {
    const open = await startTestApp({ ATELIER_OPERATIONS_PUBLIC: 'true', ATELIER_WORKERS: 'false' });
    const closed = await startTestApp({ ATELIER_WORKERS: 'false' });
    try {
      const shown = await ready(open, {});
      expect(shown.code).toBe(200);
      expect(shown.report.checks.database?.status).toBe('ok');
      expect(await ready(closed, { authorization: 'Bearer anything-0123456789abcdef' })).toEqual({
        code: 200,
        report: { status: 'ready' },
      });
    } finally {
      await open.close();
      await closed.close();
    }
  });
});
