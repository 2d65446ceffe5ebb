import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  createAsrModels,
  createEmbeddingModel,
  createImageModels,
  createTextModels,
  createTtsModels,
} from './registry.js';

const config = (env: Record<string, string>) =>
  loadConfig(
    { ATELIER_DATA_DIR: '/tmp/atelier-registry-unit', ATELIER_MODELS_DIR: '/nonexistent/models', ...env },
    '/nonexistent/.env',
  );

describe('the registry, made from the provider list', () => {
  it('puts remote transcription engines first, then the local ones, and takes the remote enhanced model as the better one', () => {
    const models = createAsrModels(
      config({
        ATELIER_ASR_OPENAI_BASE_URL: 'http://asr.test/v1',
        ATELIER_ASR_OPENAI_ENHANCED_MODEL: 'large-v3',
        ATELIER_ASR_ROUTES: 'French=pocketsphinx',
      }),
    );
    expect(models.engines.map((e) => [e.provider, e.modelId])).toEqual([
      ['openai', 'whisper-1'],
      ['pocketsphinx', expect.any(String)],
    ]);
    expect(models.enhanced?.modelId).toBe('large-v3');
    expect(models.routes.french).toBe(models.engines[1]);
  });

  it('makes the local voices in the configured order, then each remote family that is configured', () => {
    const names = createTtsModels(
      config({
        ATELIER_TTS_LOCAL_PROVIDERS: 'flite,espeak-ng',
        ATELIER_TTS_OPENAI_BASE_URL: 'http://tts.test/v1',
        ATELIER_ELEVENLABS_API_KEY: 'el-key',
      }),
    ).map((m) => m.provider);
    expect(names).toEqual(['flite', 'espeak-ng', 'openai', 'elevenlabs']);
    expect(createTtsModels(config({ ATELIER_TTS_LOCAL_PROVIDERS: ',' }))).toEqual([]);
  });

  it('serves text with the provider ATELIER_TEXT_PROVIDER names, and embeds only when a provider is configured', () => {
    const text = createTextModels(
      config({ ATELIER_TEXT_PROVIDER: 'openai-compatible', ATELIER_TEXT_BASE_URL: 'http://llm.test/v1' }),
    );
    expect([text.standard.provider, text.standard.modelId, text.advanced.modelId, text.builtin.provider]).toEqual([
      'openai-compatible',
      'gpt-4o-mini',
      'gpt-4o',
      'builtin',
    ]);
    expect(createEmbeddingModel(config({}))).toBeUndefined();
    expect(createEmbeddingModel(config({ ATELIER_EMBEDDINGS_BASE_URL: 'http://emb.test/v1' }))?.modelId).toBe(
      'text-embedding-3-small',
    );
  });

  it('serves each image model with the first of its engines that is configured', () => {
    const images = createImageModels(config({ ATELIER_IMAGE_A1111_BASE_URL: 'http://a1111.test' }));
    expect(images.find('DALL-E 3')?.engine.provider).toBe('automatic1111');
    expect(createImageModels(config({})).find('DALL-E 3')?.engine.provider).toBe('builtin');
  });
});
