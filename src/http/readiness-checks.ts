import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { readWhisperModelFile } from '../engines/adapters/whisper-cpp/whisper-model-file.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import type { Db } from '../storage/db/database.js';
import { type CheckResult, Readiness, type ReadinessCheck, cachedFor, describeError, programProblem } from './readiness.js';

/** Probes that start programs or write to the store run at most this often, however often /ready is asked. */
const PROBE_CACHE_MS = 5_000;

export interface ReadinessDependencies {
  config: Config;
  db: Db;
  blobs: BlobStore;
  worker: { isRunning(): boolean };
  /** The text models this process loads itself (llama-cpp): not ready while one loads or cannot. */
  localText?: { status(): { ok: boolean; text: string }[] } | undefined;
}

/** What /ready reports: the database, the blob store, the job workers and each kind of engine that is configured. */
export function buildReadiness({ config, db, blobs, worker, localText }: ReadinessDependencies): Readiness {
  const program = programCheck();
  const checks: Record<string, ReadinessCheck> = {
    database: async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok', detail: 'answers queries' };
    },
    blob_store: cachedFor(PROBE_CACHE_MS, () => blobProbe(blobs)),
    workers: async () => workersCheck(config, worker),
    text: async () =>
      engineParts(
        localText
          ? localText.status().map((part) => Promise.resolve(part))
          : [config.text.provider === 'builtin' ? builtin() : remote('openai-compatible', config.text.baseUrl)],
      ),
    speech: async () =>
      engineParts([
        ...config.tts.localProviders.map((name) => program(name, name === 'espeak-ng' ? config.tts.espeakNgPath : config.tts.flitePath)),
        ...(config.tts.localProviders.length > 0 || config.tts.openai || config.tts.elevenlabs ? [program('lame (MP3)', config.tts.lamePath)] : []),
        ...(config.tts.openai ? [remote('openai', config.tts.openai.baseUrl)] : []),
        ...(config.tts.elevenlabs ? [remote('elevenlabs', config.tts.elevenlabs.baseUrl)] : []),
      ]),
    transcription: async () =>
      engineParts([
        program('ffmpeg (decoding)', config.asr.ffmpegPath),
        ...(config.asr.whisper ? [whisperModel(config.asr.whisper.modelPath)] : []),
        ...(config.asr.local ? [program('pocketsphinx', config.asr.pocketsphinxPath)] : []),
        ...(config.asr.openai ? [remote('openai', config.asr.openai.baseUrl)] : []),
      ]),
    images: async () =>
      engineParts([
        builtin(),
        ...(config.images.openai ? [remote('openai-compatible', config.images.openai.baseUrl)] : []),
        ...(config.images.automatic1111 ? [remote('automatic1111', config.images.automatic1111.baseUrl)] : []),
      ]),
    video: async () => engineParts([program('ffmpeg', config.asr.ffmpegPath)]),
  };
  if (config.embeddings) {
    const { baseUrl } = config.embeddings;
    checks.embeddings = async () => engineParts([remote('openai-compatible', baseUrl)]);
  }
  return new Readiness(checks);
}

type Part = Promise<{ ok: boolean; text: string }>;

/** The model file's header is read (48 bytes), not the model loaded: that takes the memory of a transcription. */
async function whisperModel(path: string): Part {
  try {
    const file = readWhisperModelFile(path);
    return { ok: true, text: `whisper.cpp (${file.multilingual ? `${file.languageCount} languages` : 'English only'})` };
  } catch (error) {
    return { ok: false, text: `whisper.cpp: ${error instanceof Error ? error.message : 'model file unusable'}` };
  }
}

const builtin = (): Part => Promise.resolve({ ok: true, text: 'builtin (offline)' });

/** Remote providers are configured, not called: /ready must not spend anyone's quota or wait on the internet. */
const remote = (name: string, baseUrl: string | undefined): Part => Promise.resolve({ ok: true, text: `${name} at ${hostOf(baseUrl)} (configured, not called)` });

/** Program checks shared by the kinds that use the same program (ffmpeg), each cached a few seconds. */
function programCheck(): (name: string, path: string) => Part {
  const byPath = new Map<string, ReadinessCheck>();
  return async (name, path) => {
    let check = byPath.get(path);
    if (!check) {
      check = cachedFor(PROBE_CACHE_MS, async () => {
        const problem = await programProblem(path);
        return { status: problem ? 'failed' : 'ok', detail: problem ?? 'present' };
      });
      byPath.set(path, check);
    }
    const result = await check();
    return { ok: result.status === 'ok', text: result.status === 'ok' ? name : `${name}: ${result.detail}` };
  };
}

async function engineParts(parts: Part[]): Promise<CheckResult> {
  if (parts.length === 0) return { status: 'disabled', detail: 'none configured' };
  const results = await Promise.all(parts);
  return { status: results.every((r) => r.ok) ? 'ok' : 'failed', detail: results.map((r) => r.text).join('; ') };
}

/** Only the host: a base URL may carry a user and password. */
function hostOf(baseUrl: string | undefined): string {
  try {
    return new URL(baseUrl ?? '').host;
  } catch {
    return 'an invalid URL';
  }
}

function workersCheck(config: Config, worker: { isRunning(): boolean }): CheckResult {
  if (config.role === 'api') return { status: 'disabled', detail: 'role api: jobs run in worker processes' };
  if (!config.jobs.enabled) return { status: 'disabled', detail: 'ATELIER_WORKERS=false: jobs run in other processes' };
  return worker.isRunning()
    ? { status: 'ok', detail: `running (role ${config.role}, up to ${config.jobs.concurrency} jobs at once)` }
    : { status: 'failed', detail: 'not running (not started yet, or shutting down)' };
}

/** A tiny blob written, read back and removed: the store is reachable and writable. */
async function blobProbe(blobs: BlobStore): Promise<CheckResult> {
  const key = `readiness/probe-${randomUUID()}.txt`;
  const data = Buffer.from(`atelier readiness probe ${new Date().toISOString()}`);
  try {
    await blobs.put(key, data);
    const read = await blobs.get(key);
    if (!read?.equals(data)) return { status: 'failed', detail: 'a probe written could not be read back' };
    return { status: 'ok', detail: 'writable and readable' };
  } catch (error) {
    return { status: 'failed', detail: describeError(error, 'cannot write or read') };
  } finally {
    await blobs.delete(key).catch(() => undefined);
  }
}
