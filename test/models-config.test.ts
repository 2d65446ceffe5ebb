import { mkdirSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStartConfig as loadConfig } from '../src/models/start-config.js';
import { type CatalogueEntry, MODEL_CATALOGUE, findEntry } from '../src/models/catalogue.js';
import { RUNNING_SERVICE_USES_IT, pickupNote, serviceConfig } from '../src/models/models-command.js';

const noEnvFile = join(tmpdir(), 'atelier-no-such.env');

let dataDir: string;
let modelsDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-pulled-'));
  modelsDir = join(dataDir, 'models');
  mkdirSync(modelsDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function entry(name: string): CatalogueEntry {
  const found = findEntry(name);
  if (!found) throw new Error(`no ${name} in the catalogue`);
  return found;
}

/** Puts a file of the entry's exact size where a pull leaves it (sparse: no disk used, never read). */
function pulled(name: string, dir = modelsDir, extra = 0): string {
  const { file, bytes } = entry(name);
  const path = join(dir, file);
  writeFileSync(path, '');
  truncateSync(path, bytes + extra);
  return path;
}

describe('the service picks pulled models up at start', () => {
  it('uses the builtin text engine and no whisper model when nothing is pulled', () => {
    const config = loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile);
    expect(config.modelsDir).toBe(modelsDir);
    expect(config.llm.modelPath).toBeUndefined();
    expect(config.text.provider).toBe('builtin');
    expect(config.asr.whisper).toBeUndefined();
  });

  it('loads a pulled GGUF with the llama-cpp engine, and a pulled whisper model', () => {
    const llm = pulled('qwen3-0.6b');
    const whisper = pulled('whisper-tiny');
    const config = loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile);
    expect(config.llm.modelPath).toBe(llm);
    expect(config.text.provider).toBe('llama-cpp');
    expect(config.asr.whisper?.modelPath).toBe(whisper);
  });

  it('gives the standard name the smaller of two pulled language models and the advanced one the larger; the first whisper model in catalogue order', () => {
    const smaller = pulled('qwen3-0.6b');
    expect(loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile).llm).toMatchObject({
      modelPath: smaller,
      advancedModelPath: undefined,
    });
    const larger = pulled('qwen2.5-1.5b-instruct');
    pulled('whisper-tiny');
    const base = pulled('whisper-base');
    const config = loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile);
    expect(config.llm.modelPath).toBe(smaller);
    expect(config.llm.advancedModelPath).toBe(larger);
    expect(config.asr.whisper?.modelPath).toBe(base);
    // An explicit standard model keeps the pulled ones out of both names, unless the advanced one is named too.
    expect(
      loadConfig({ ATELIER_DATA_DIR: dataDir, ATELIER_LLM_MODEL_PATH: '/models/mine.gguf' }, noEnvFile).llm,
    ).toMatchObject({ modelPath: '/models/mine.gguf', advancedModelPath: undefined });
    expect(MODEL_CATALOGUE.map((e) => e.name)).toEqual([
      'qwen2.5-1.5b-instruct',
      'qwen3-0.6b',
      'whisper-small',
      'whisper-base',
      'whisper-tiny',
      'nomic-embed-text-v1.5',
      'bge-small-en-v1.5',
    ]);
  });

  it('serves embeddings with the first pulled embedding model unless an embedding engine is named', () => {
    const bge = pulled('bge-small-en-v1.5');
    expect(loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile).localEmbeddings).toMatchObject({
      modelPath: bge,
      shortens: false,
    });
    const nomic = pulled('nomic-embed-text-v1.5');
    expect(loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile).localEmbeddings).toMatchObject({
      modelPath: nomic,
      shortens: true,
    });
    const remote = loadConfig(
      { ATELIER_DATA_DIR: dataDir, ATELIER_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1' },
      noEnvFile,
    );
    expect(remote.localEmbeddings.modelPath).toBeUndefined();
    expect(() =>
      loadConfig(
        {
          ATELIER_DATA_DIR: dataDir,
          ATELIER_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1',
          ATELIER_EMBEDDINGS_MODEL_PATH: bge,
        },
        noEnvFile,
      ),
    ).toThrow(/ATELIER_EMBEDDINGS_BASE_URL and ATELIER_EMBEDDINGS_MODEL_PATH: set one/);
  });

  it('never takes an unfinished download or a file of the wrong size', () => {
    const part = pulled('qwen3-0.6b');
    renameSync(part, `${part}.part`);
    pulled('whisper-tiny', modelsDir, -1);
    const config = loadConfig({ ATELIER_DATA_DIR: dataDir }, noEnvFile);
    expect(config.llm.modelPath).toBeUndefined();
    expect(config.asr.whisper).toBeUndefined();
  });

  it('lets an explicit path win, and looks in ATELIER_MODELS_DIR when it is set', () => {
    pulled('qwen3-0.6b');
    pulled('whisper-tiny');
    const explicit = loadConfig(
      {
        ATELIER_DATA_DIR: dataDir,
        ATELIER_LLM_MODEL_PATH: '/models/mine.gguf',
        ATELIER_WHISPER_MODEL_PATH: '/models/ggml-mine.bin',
      },
      noEnvFile,
    );
    expect(explicit.llm.modelPath).toBe('/models/mine.gguf');
    expect(explicit.asr.whisper?.modelPath).toBe('/models/ggml-mine.bin');

    const elsewhere = join(dataDir, 'shared-models');
    mkdirSync(elsewhere);
    const there = pulled('qwen2.5-1.5b-instruct', elsewhere);
    const moved = loadConfig({ ATELIER_DATA_DIR: dataDir, ATELIER_MODELS_DIR: elsewhere }, noEnvFile);
    expect(moved.modelsDir).toBe(elsewhere);
    expect(moved.llm.modelPath).toBe(there);
    expect(moved.asr.whisper).toBeUndefined();
  });
});

describe('what `models pull` says about the pulled file', () => {
  const note = (env: Record<string, string>, name: string, path: string) =>
    pickupNote(serviceConfig({ ATELIER_DATA_DIR: dataDir, ...env }, noEnvFile), entry(name), path);

  it('tells when the service uses it, and what stands in the way when it does not', () => {
    const small = pulled('qwen3-0.6b');
    expect(note({}, 'qwen3-0.6b', small)).toBe(RUNNING_SERVICE_USES_IT);
    // Named by a setting, the file is not followed: the service loads it when it starts.
    expect(note({ ATELIER_LLM_MODEL_PATH: small }, 'qwen3-0.6b', small)).toBe(
      'The service uses it from its next start (restart a running service).',
    );
    expect(note({ ATELIER_TEXT_PROVIDER: 'builtin' }, 'qwen3-0.6b', small)).toBe(
      'The service does not use it while ATELIER_TEXT_PROVIDER is builtin: unset it, or set it to llama-cpp.',
    );
    expect(note({ ATELIER_LLM_MODEL_PATH: '/models/mine.gguf' }, 'qwen3-0.6b', small)).toBe(
      `ATELIER_LLM_MODEL_PATH names another file (/models/mine.gguf): unset it to use this one, or set it to ${small}.`,
    );
    // Two pulled: both are used (the larger for the advanced name).
    const larger = pulled('qwen2.5-1.5b-instruct');
    expect(note({}, 'qwen3-0.6b', small)).toBe(RUNNING_SERVICE_USES_IT);
    expect(note({}, 'qwen2.5-1.5b-instruct', larger)).toBe(RUNNING_SERVICE_USES_IT);
    const base = pulled('whisper-base');
    const tiny = pulled('whisper-tiny');
    expect(note({}, 'whisper-tiny', tiny)).toBe(
      `The service prefers ${base}, also pulled: remove that one, or set ATELIER_WHISPER_MODEL_PATH=${tiny}.`,
    );
  });
});
