import { rm } from 'node:fs/promises';
import { type Config, ConfigError } from '../config.js';
import { loadStartConfig } from './start-config.js';
import { llamaCppEnv } from '../engines/adapters/llama-cpp/settings.js';
import { type CatalogueEntry, MODEL_CATALOGUE, type ModelKind, findEntry } from './catalogue.js';
import { DownloadError } from './download.js';
import { progressReporter } from './progress-bar.js';
import { PullCancelledError, PullInProgressError, isLive, readPullStatus, trackedPull } from './pull-status.js';
import { findPulledModel, isPulled, modelPath, partPath, partialBytes } from './pulled-models.js';

export const MODELS_USAGE = `  models list                                   the recommended local models: size, pulled or not,
                                                which ones the service uses
  models pull <name> [--base-url URL]           download one into ATELIER_MODELS_DIR (resumable, checked
                                                against its SHA-256); --base-url replaces
                                                https://huggingface.co, e.g. with a mirror
  models remove <name>                          delete a pulled model and any partial download`;

const PATH_VARIABLE: Record<ModelKind, string> = {
  llm: 'ATELIER_LLM_MODEL_PATH',
  whisper: 'ATELIER_WHISPER_MODEL_PATH',
  embedding: 'ATELIER_EMBEDDINGS_MODEL_PATH',
};

class ModelsUsageError extends Error {}

export interface ServiceConfig {
  config: Config;
  /** Why the service would refuse this configuration, if it would. */
  problem?: string;
}

/** `atelier models list|pull|remove`: results as JSON on standard output, progress and advice on standard error. */
export async function runModelsCommand(
  action: string | undefined,
  args: string[],
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    if (baseUrl !== undefined && action !== 'pull') throw new ModelsUsageError('--base-url only goes with models pull');
    if (action === 'list' && args.length === 0) return list(env);
    if (action === 'pull' && args.length === 1) return await pull(entryNamed(args[0]), baseUrl, env);
    if (action === 'remove' && args.length === 1) return await remove(entryNamed(args[0]), env);
    throw new ModelsUsageError(
      action && ['list', 'pull', 'remove'].includes(action)
        ? `Wrong arguments for models ${action}`
        : `Unknown command: models ${action ?? ''}`.trim(),
    );
  } catch (error) {
    if (!(error instanceof ModelsUsageError)) throw error;
    console.error(`error: ${error.message}\n\nUsage: atelier models <command>\n\n${MODELS_USAGE}`);
    return 2;
  }
}

function entryNamed(name: string | undefined): CatalogueEntry {
  const entry = findEntry(name ?? '');
  if (!entry)
    throw new ModelsUsageError(`Unknown model: ${name} (known: ${MODEL_CATALOGUE.map((e) => e.name).join(', ')})`);
  return entry;
}

/**
 * The configuration the service would start with. A configuration the service refuses (a text provider
 * `llama-cpp` with no model yet) must not stop the command that fetches the model: then the one without
 * ATELIER_TEXT_PROVIDER, and the reason the service would not start.
 */
export function serviceConfig(env: NodeJS.ProcessEnv, envFile?: string): ServiceConfig {
  try {
    return { config: loadStartConfig(env, envFile) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { config: loadStartConfig({ ...env, ATELIER_TEXT_PROVIDER: undefined }, envFile), problem: error.message };
  }
}

/** The model files the service loads for a kind: the whisper model; the standard and the advanced text model. */
function modelsInUse(config: Config, kind: ModelKind): string[] {
  if (kind === 'whisper') return config.asr.whisper ? [config.asr.whisper.modelPath] : [];
  if (kind === 'embedding') return config.localEmbeddings.modelPath ? [config.localEmbeddings.modelPath] : [];
  if (config.text.provider !== llamaCppEnv.name || !config.llm.modelPath) return [];
  return [...new Set([config.llm.modelPath, config.llm.advancedModelPath ?? config.llm.modelPath])];
}

const size = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`);

function list(env: NodeJS.ProcessEnv): number {
  const { config, problem } = serviceConfig(env);
  const dir = config.modelsDir;
  const models = MODEL_CATALOGUE.map((entry) => {
    const pulled = isPulled(dir, entry);
    const partial = partialBytes(dir, entry);
    return {
      name: entry.name,
      kind: entry.kind,
      description: entry.description,
      size: size(entry.bytes),
      bytes: entry.bytes,
      file: modelPath(dir, entry),
      pulled,
      ...(partial === undefined ? {} : { partial_bytes: partial }),
      in_use: pulled && modelsInUse(config, entry.kind).includes(modelPath(dir, entry)),
    };
  });
  const service = {
    // A configuration the service refuses says nothing of the provider it would use.
    text_provider: problem ? null : config.text.provider,
    llm_model: config.text.provider === llamaCppEnv.name ? (config.llm.modelPath ?? null) : null,
    llm_advanced_model:
      config.text.provider === llamaCppEnv.name ? (config.llm.advancedModelPath ?? config.llm.modelPath ?? null) : null,
    whisper_model: config.asr.whisper?.modelPath ?? null,
    embedding_model: config.localEmbeddings.modelPath ?? null,
    ...(problem ? { would_not_start: problem } : {}),
  };
  console.log(JSON.stringify({ models_dir: dir, models, service }, null, 2));
  return 0;
}

async function pull(entry: CatalogueEntry, baseUrl: string | undefined, env: NodeJS.ProcessEnv): Promise<number> {
  if (baseUrl !== undefined && !/^https?:\/\/[^/]/.test(baseUrl))
    throw new ModelsUsageError('--base-url must be an http(s) URL');
  const { modelsDir: dir, models } = serviceConfig(env).config;
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  const progress = progressReporter(entry.name, process.stderr);
  try {
    const result = await trackedPull(entry, {
      dir,
      baseUrl: baseUrl ?? models.baseUrl,
      signal: controller.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.finish();
    const note = pickupNote(serviceConfig(env), entry, result.path);
    console.error(
      result.alreadyPresent
        ? `${entry.name} was already pulled and verified: ${result.path}`
        : `${entry.name} verified and saved to ${result.path}`,
    );
    console.error(note);
    const { path, bytes, resumedFrom, alreadyPresent } = result;
    console.log(
      JSON.stringify(
        {
          name: entry.name,
          kind: entry.kind,
          path,
          bytes,
          sha256: entry.sha256,
          resumed_from: resumedFrom,
          already_present: alreadyPresent,
          note,
        },
        null,
        2,
      ),
    );
    return 0;
  } catch (error) {
    progress.finish();
    if (controller.signal.aborted || error instanceof PullCancelledError) {
      const kept = partialBytes(dir, entry) ?? 0;
      console.error(
        `${controller.signal.aborted ? 'interrupted' : 'cancelled'}: ${size(kept)} kept in ${partPath(dir, entry)}; run \`atelier models pull ${entry.name}\` again to resume`,
      );
      return 130;
    }
    if (
      error instanceof DownloadError ||
      error instanceof PullInProgressError ||
      (error as NodeJS.ErrnoException).syscall
    ) {
      console.error(`error: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
}

/** Whether a running service takes up the pulled models of this kind as they come and go. */
function followsPulled(config: Config, kind: ModelKind): boolean {
  if (kind === 'llm') return config.text.followsPulledModels;
  if (kind === 'whisper') return config.asr.followsPulledModels;
  return config.embeddingsApi.followsPulledModels;
}

/** What a running service does with a pulled file when no setting names the model files: it follows the folder. */
export const RUNNING_SERVICE_USES_IT =
  'A running service uses it at once, without a restart (a stopped one from its next start).';

/** Whether, and how, the service will load a pulled file. */
export function pickupNote({ config, problem }: ServiceConfig, entry: CatalogueEntry, path: string): string {
  const usedPaths = modelsInUse(config, entry.kind);
  const used = usedPaths[0];
  if (usedPaths.includes(path)) {
    return followsPulled(config, entry.kind)
      ? RUNNING_SERVICE_USES_IT
      : 'The service uses it from its next start (restart a running service).';
  }
  if (entry.kind === 'llm' && config.text.provider !== llamaCppEnv.name && !problem) {
    return `The service does not use it while ATELIER_TEXT_PROVIDER is ${config.text.provider}: unset it, or set it to llama-cpp.`;
  }
  if (entry.kind === 'embedding' && config.embeddings)
    return 'The service does not use it while ATELIER_EMBEDDINGS_BASE_URL names a remote embedding server: unset it to use this one.';
  const preferred = findPulledModel(config.modelsDir, entry.kind);
  if (preferred !== undefined && preferred !== path && preferred === used) {
    return `The service prefers ${preferred}, also pulled: remove that one, or set ${PATH_VARIABLE[entry.kind]}=${path}.`;
  }
  return `${PATH_VARIABLE[entry.kind]} names another file (${used ?? 'none'}): unset it to use this one, or set it to ${path}.`;
}

async function remove(entry: CatalogueEntry, env: NodeJS.ProcessEnv): Promise<number> {
  const dir = serviceConfig(env).config.modelsDir;
  const pulling = readPullStatus(dir, entry);
  if (pulling && isLive(pulling)) {
    console.error(`error: ${entry.name} is being pulled (process ${pulling.pid}): cancel that pull first`);
    return 1;
  }
  const removed: string[] = [];
  for (const path of [modelPath(dir, entry), partPath(dir, entry)]) {
    try {
      await rm(path);
      removed.push(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (removed.length === 0) {
    console.error(`error: ${entry.name} is not pulled (nothing in ${dir})`);
    return 1;
  }
  const after = serviceConfig(env);
  const now =
    modelsInUse(after.config, entry.kind).join(' and ') ||
    (entry.kind === 'llm' ? `the ${after.config.text.provider} text engine` : `no ${entry.kind} model`);
  const next = followsPulled(after.config, entry.kind)
    ? `the service uses ${now} (a running one at once)`
    : `at its next start the service uses ${now}`;
  console.error(
    `removed ${removed.join(' and ')}; ${after.problem ? `the service would not start: ${after.problem}` : next}`,
  );
  console.log(JSON.stringify({ name: entry.name, removed }, null, 2));
  return 0;
}
