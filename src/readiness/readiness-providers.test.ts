import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import { openSqlite } from '../storage/db/database.js';
import { buildReadiness } from './readiness-checks.js';

const blobs: BlobStore = {
  put: async () => undefined,
  get: async () => undefined,
  delete: async () => undefined,
  publicUrl: (key) => `http://files/${key}`,
  keyOf: () => undefined,
};

describe('readiness of the configured providers', () => {
  it('reports every remote provider by host, in the providers order, and checks embeddings only when configured', async () => {
    const config = loadConfig(
      {
        ATELIER_DATA_DIR: '/tmp/atelier-readiness-providers',
        ATELIER_MODELS_DIR: '/nonexistent/models',
        ATELIER_FFMPEG_PATH: process.execPath,
        ATELIER_LAME_PATH: process.execPath,
        ATELIER_TTS_LOCAL_PROVIDERS: ',',
        ATELIER_ASR_LOCAL: 'false',
        ATELIER_TEXT_PROVIDER: 'openai-compatible',
        ATELIER_TEXT_BASE_URL: 'http://user:pass@llm.test/v1',
        ATELIER_TTS_OPENAI_BASE_URL: 'http://tts.test/v1',
        ATELIER_ELEVENLABS_API_KEY: 'el-key',
        ATELIER_ELEVENLABS_BASE_URL: 'http://eleven.test',
        ATELIER_ASR_OPENAI_BASE_URL: 'http://asr.test/v1',
        ATELIER_WHISPER_MODEL_PATH: '/nonexistent/ggml-small.bin',
        ATELIER_IMAGE_OPENAI_BASE_URL: 'http://img.test/v1',
        ATELIER_IMAGE_A1111_BASE_URL: 'http://a1111.test',
        ATELIER_IMAGE_REMBG_URL: 'http://rembg.test:7000',
        ATELIER_EMBEDDINGS_BASE_URL: 'http://emb.test/v1',
      },
      '/nonexistent/.env',
    );
    const db = openSqlite(':memory:');
    const { checks } = await buildReadiness({ config, db, blobs, worker: { isRunning: () => true } }).report();
    await db.destroy();
    expect(checks.text).toEqual({ status: 'ok', detail: 'openai-compatible at llm.test (configured, not called)' });
    expect(checks.speech).toEqual({
      status: 'ok',
      detail:
        'lame (MP3); openai at tts.test (configured, not called); elevenlabs at eleven.test (configured, not called)',
    });
    expect(checks.transcription?.status).toBe('failed');
    expect(checks.transcription?.detail).toMatch(
      /^ffmpeg \(decoding\); whisper\.cpp: .+; openai at asr\.test \(configured, not called\)$/,
    );
    expect(checks.images?.detail).toBe(
      'builtin (offline); openai-compatible at img.test (configured, not called); automatic1111 at a1111.test (configured, not called); ' +
        'builtin-filter (offline); builtin-segmentation (offline); rembg at rembg.test:7000 (configured, not called)',
    );
    expect(checks.video).toEqual({ status: 'ok', detail: 'ffmpeg' });
    expect(checks.embeddings).toEqual({
      status: 'ok',
      detail: 'openai-compatible at emb.test (configured, not called)',
    });
  });
});
