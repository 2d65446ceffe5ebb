import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Provider, ProviderReadiness, ReadinessPart, ReadinessProbes } from '../engines/providers/provider.js';
import { PROVIDERS, providerNamed } from '../engines/providers/providers.js';
import type { BlobStore } from '../storage/blob/blob-store.js';
import type { Db } from '../storage/db/database.js';
import {
  type CheckResult,
  Readiness,
  type ReadinessCheck,
  cachedFor,
  describeError,
  programProblem,
} from './readiness.js';
import { diskSpaceCheck } from './disk-space.js';
import { newId } from '../shared/ids.js';
import { type Clock, systemClock } from '../shared/clock.js';

/** Probes that start programs or write to the store run at most this often, however often /ready is asked. */
const PROBE_CACHE_MS = 5_000;

export interface ReadinessDependencies {
  config: Config;
  db: Db;
  blobs: BlobStore;
  worker: { isRunning(): boolean };
  /** The text models this process loads itself (llama-cpp): not ready while one loads or cannot. */
  localText?: { status(): { ok: boolean; text: string }[] } | undefined;
  /** The transcription settings of the moment, when a whisper model pulled or removed while the service runs changes them. */
  currentAsr?: (() => Config['asr']) | undefined;
  /** Dates the blob store's probe; the system clock when absent. */
  clock?: Clock | undefined;
}

/** What /ready reports: the database, the blob store, free disk space, the job workers and each kind of engine that is configured. */
export function buildReadiness({
  config,
  db,
  blobs,
  worker,
  localText,
  currentAsr,
  clock = systemClock,
}: ReadinessDependencies): Readiness {
  const probes: ReadinessProbes = { program: programCheck() };
  /** What every provider says for one kind, in the providers' order. */
  const partsOf = (
    kind: (provider: Provider) => ProviderReadiness | undefined,
    providers: readonly Provider[] = PROVIDERS,
    current: Config = config,
  ): Part[] => providers.flatMap((provider) => kind(provider)?.(current, probes) ?? []);
  const checks: Record<string, ReadinessCheck> = {
    database: async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok', detail: 'answers queries' };
    },
    blob_store: cachedFor(PROBE_CACHE_MS, () => blobProbe(blobs, clock)),
    disk_space: () => diskSpaceCheck([config.dataDir, config.tempDir]),
    workers: async () => workersCheck(config, worker),
    text: async () =>
      engineParts(
        localText
          ? localText.status().map((part) => Promise.resolve(part))
          : partsOf((p) => p.text?.readiness, [providerNamed(config.text.provider)]),
      ),
    speech: async () => {
      const local = partsOf((p) => p.speech?.readiness, config.tts.localProviders.map(providerNamed));
      const remote = partsOf((p) => (p.speech?.local === false ? p.speech.readiness : undefined));
      // lame makes the MP3 of every voice, local or remote.
      const lame = local.length > 0 || remote.length > 0 ? [probes.program('lame (MP3)', config.tts.lamePath)] : [];
      return engineParts([...local, ...lame, ...remote]);
    },
    transcription: async () =>
      engineParts([
        probes.program('ffmpeg (decoding)', config.asr.ffmpegPath),
        ...partsOf(
          (p) => p.transcription?.readiness,
          PROVIDERS,
          currentAsr ? { ...config, asr: currentAsr() } : config,
        ),
      ]),
    images: async () => engineParts([...partsOf((p) => p.image?.readiness), ...partsOf((p) => p.imageEdit?.readiness)]),
    video: async () => engineParts(partsOf((p) => p.video?.readiness)),
    sound: async () => engineParts(partsOf((p) => p.sound?.readiness, [providerNamed(config.sound.engine)])),
  };
  // Without an embedding provider bots search by words alone: that is no missing engine, so no check at all.
  if (partsOf((p) => p.embedding?.readiness).length > 0)
    checks.embeddings = async () => engineParts(partsOf((p) => p.embedding?.readiness));
  return new Readiness(checks);
}

type Part = Promise<ReadinessPart>;

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

function workersCheck(config: Config, worker: { isRunning(): boolean }): CheckResult {
  if (config.role === 'api') return { status: 'disabled', detail: 'role api: jobs run in worker processes' };
  if (!config.jobs.enabled) return { status: 'disabled', detail: 'ATELIER_WORKERS=false: jobs run in other processes' };
  return worker.isRunning()
    ? { status: 'ok', detail: `running (role ${config.role}, up to ${config.jobs.concurrency} jobs at once)` }
    : { status: 'failed', detail: 'not running (not started yet, or shutting down)' };
}

/** A tiny blob written, read back and removed: the store is reachable and writable. */
async function blobProbe(blobs: BlobStore, clock: Clock): Promise<CheckResult> {
  const key = `readiness/probe-${newId()}.txt`;
  const data = Buffer.from(`atelier readiness probe ${clock.now().toISOString()}`);
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
