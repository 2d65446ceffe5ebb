import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Config } from '../../config.js';
import type { SwappableTextModels } from '../../engines/swapping/swappable-text-models.js';
import type { CatalogueEntry, ModelKind } from '../../models/catalogue.js';
import {
  PullCancelledError,
  PullInProgressError,
  type PullStatus,
  isLive,
  readPullStatus,
  requestCancel,
  statusPath,
  trackedPull,
} from '../../models/pull-status.js';
import type { FollowerLog, PulledModelsFollower } from '../../models/pulled-models-follower.js';
import { isPulled, modelPath, partPath, partialBytes } from '../../models/pulled-models.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { AuditService } from './audit.service.js';
import type { Clock } from '../../shared/clock.js';

/** The small language model the first-run notice offers to pull. */
export const RECOMMENDED_TEXT_MODEL = 'qwen3-0.6b';

export interface PullProgress {
  received: number;
  total: number;
  bytes_per_second: number;
  eta_seconds: number | null;
  started_at: string;
  /** Whether this process pulls it, or another one (another service process, `atelier models pull`). */
  by_this_process: boolean;
}

export interface ModelView {
  name: string;
  kind: ModelKind;
  description: string;
  bytes: number;
  file: string;
  state: 'absent' | 'pulling' | 'pulled';
  /** What the service does with it once pulled. */
  serves: string;
  in_use: boolean;
  recommended: boolean;
  progress: PullProgress | null;
  /** Bytes of an unfinished download kept for a resume. */
  partial_bytes: number | null;
  /** Why the last pull failed, until the next one. */
  last_error: string | null;
}

export interface ModelsOverview {
  models: ModelView[];
  /** The text provider serving now: builtin until a language model is pulled (when nothing else is configured). */
  text_provider: string;
  /** Whether pulled language models are used at once (no ATELIER_TEXT_PROVIDER nor model path configured). */
  follows_pulled_models: boolean;
  /** The file of the whisper model transcriptions start on now; null when there is none. */
  whisper_model: string | null;
  /** Whether a pulled whisper model is used at once (no ATELIER_WHISPER_MODEL_PATH configured). */
  follows_pulled_whisper_models: boolean;
}

const SERVES = {
  llm: 'text: presets, chat, bots, derived fields',
  whisper: 'transcription (whisper-cpp)',
  embedding: "embeddings: /v1/embeddings and the bots' search by meaning (llama-cpp)",
} as const;

const notFound = <T>() => fail<T>('not_found', 'Model not found');

export interface AdminModelsServiceOptions {
  config: Config;
  catalogue: readonly CatalogueEntry[];
  textModels: SwappableTextModels;
  follower: PulledModelsFollower;
  audit: AuditService;
  log: FollowerLog;
  clock: Clock;
}

/** The local model catalogue for administrators: what is pulled, pulls with progress, cancel and remove. */
export class AdminModelsService {
  private readonly pulls = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Why this process's last pull of a model failed, until its next pull. */
  private readonly failures = new Map<string, string>();

  constructor(private readonly deps: AdminModelsServiceOptions) {}

  list(): ModelsOverview {
    this.deps.follower.refresh();
    const whisper = this.deps.follower.whisperModelPath();
    return {
      models: this.deps.catalogue.map((entry) => this.view(entry)),
      text_provider: this.deps.textModels.provider,
      follows_pulled_models: this.deps.follower.enabled,
      whisper_model: whisper === undefined ? null : basename(whisper),
      follows_pulled_whisper_models: this.deps.follower.followsWhisper,
    };
  }

  /** Whether text is served by the builtin engine only, and the small model an admin could pull for it (first run). */
  builtinTextOnly(): { builtin: boolean; recommended: ModelView | undefined } {
    // Asked by every presets and bots page: no look at the folder here (the follower watches it), and none at all
    // once a model serves text.
    if (!this.deps.textModels.standard.offline) return { builtin: false, recommended: undefined };
    const entry = this.entry(RECOMMENDED_TEXT_MODEL);
    return { builtin: true, recommended: this.deps.follower.enabled && entry ? this.view(entry) : undefined };
  }

  async pull(caller: Caller, name: string): Promise<Outcome<ModelView>> {
    const entry = this.entry(name);
    if (!entry) return notFound();
    const before = this.view(entry);
    if (before.state === 'pulling') return fail('conflict', 'Model is already being pulled');
    if (before.state === 'pulled') return fail('conflict', 'Model is already pulled');
    // The claim is the status file, created exclusively in the models folder that every process and the command
    // line share: of pulls started at once anywhere, one holds it and the others answer 409, with no audit row.
    const { claim } = this.start(entry);
    const claimed = await claim;
    if (claimed === 'taken') return fail('conflict', 'Model is already being pulled');
    const after = this.view(entry);
    await this.deps.audit.record(caller, {
      ...target(entry, 'model.pull'),
      before: auditState(before),
      after: auditState(after),
    });
    return ok(after);
  }

  async cancel(caller: Caller, name: string): Promise<Outcome<ModelView>> {
    const entry = this.entry(name);
    if (!entry) return notFound();
    const before = this.view(entry);
    if (before.state !== 'pulling') return fail('conflict', 'Model is not being pulled');
    // The cancel file stops the pull wherever it runs; this process's own stops at once.
    await requestCancel(this.deps.config.modelsDir, entry);
    const own = this.pulls.get(entry.name);
    if (own) {
      own.controller.abort(new PullCancelledError(`the pull of ${entry.name} was cancelled`));
      await own.done;
    }
    const after = this.view(entry);
    await this.deps.audit.record(caller, {
      ...target(entry, 'model.cancel'),
      before: auditState(before),
      after: auditState(after),
    });
    return ok(after);
  }

  async remove(caller: Caller, name: string): Promise<Outcome<ModelView>> {
    const entry = this.entry(name);
    if (!entry) return notFound();
    const before = this.view(entry);
    if (before.state === 'pulling') return fail('conflict', 'Model is being pulled: cancel the pull first');
    if (before.state === 'absent' && before.partial_bytes === null) return fail('conflict', 'Model is not pulled');
    const dir = this.deps.config.modelsDir;
    await Promise.all(
      [modelPath(dir, entry), partPath(dir, entry), statusPath(dir, entry)].map((path) => rm(path, { force: true })),
    );
    this.deps.follower.refresh();
    const after = this.view(entry);
    await this.deps.audit.record(caller, {
      ...target(entry, 'model.remove'),
      before: auditState(before),
      after: auditState(after),
    });
    return ok(after);
  }

  /** Pulls, one after the other in the background, those of `names` that are neither pulled nor being pulled. */
  async preload(names: readonly string[]): Promise<void> {
    for (const name of names) {
      const entry = this.entry(name);
      if (!entry || this.view(entry).state !== 'absent') continue;
      this.deps.log.info?.({ model: name }, 'pulling a preloaded model in the background');
      await this.start(entry).done;
    }
  }

  /** Stops this process's pulls (their parts stay for a resume), at shutdown. */
  async close(): Promise<void> {
    const running = [...this.pulls.values()];
    for (const pull of running) pull.controller.abort(new PullCancelledError('the service is stopping'));
    await Promise.all(running.map((pull) => pull.done));
  }

  private entry(name: string): CatalogueEntry | undefined {
    return this.deps.catalogue.find((entry) => entry.name === name);
  }

  /** Starts a pull; `claim` settles once it holds the entry's claim (or another pull does, or it failed before). */
  private start(entry: CatalogueEntry): { claim: Promise<'claimed' | 'taken' | 'failed'>; done: Promise<void> } {
    const controller = new AbortController();
    this.failures.delete(entry.name);
    let settle: (outcome: 'claimed' | 'taken' | 'failed') => void = () => undefined;
    const claim = new Promise<'claimed' | 'taken' | 'failed'>((resolve) => (settle = resolve));
    const done = trackedPull(entry, {
      dir: this.deps.config.modelsDir,
      baseUrl: this.deps.config.models.baseUrl,
      signal: controller.signal,
      onClaimed: () => settle('claimed'),
    })
      .then(() => {
        this.deps.log.info?.({ model: entry.name }, 'model pulled');
        this.deps.follower.refresh();
      })
      .catch((error: unknown) => {
        if (error instanceof PullInProgressError) return settle('taken');
        settle('failed');
        if (error instanceof PullCancelledError) return;
        this.failures.set(entry.name, (error as Error).message);
        this.deps.log.error({ model: entry.name, err: error }, 'model pull failed');
      })
      .finally(() => this.pulls.delete(entry.name));
    this.pulls.set(entry.name, { controller, done });
    return { claim, done };
  }

  private view(entry: CatalogueEntry): ModelView {
    const dir = this.deps.config.modelsDir;
    const status = readPullStatus(dir, entry);
    const own = this.pulls.has(entry.name);
    // The file is renamed into place only once verified, a moment before its pull's status is removed: whole is pulled.
    const pulled = isPulled(dir, entry);
    const live = !pulled && (own || (status !== undefined && isLive(status)));
    return {
      name: entry.name,
      kind: entry.kind,
      description: entry.description,
      bytes: entry.bytes,
      file: entry.file,
      state: live ? 'pulling' : pulled ? 'pulled' : 'absent',
      serves: SERVES[entry.kind],
      in_use: pulled && this.inUse(entry),
      recommended: entry.name === RECOMMENDED_TEXT_MODEL,
      progress: live ? progressOf(entry, status, own, this.deps.clock) : null,
      partial_bytes: live ? null : (partialBytes(dir, entry) ?? null),
      last_error: live ? null : (this.failures.get(entry.name) ?? null),
    };
  }

  private inUse(entry: CatalogueEntry): boolean {
    const path = modelPath(this.deps.config.modelsDir, entry);
    if (entry.kind === 'whisper') return this.deps.follower.whisperModelPath() === path;
    if (entry.kind === 'embedding') return this.deps.follower.embeddingModelPath() === path;
    return this.deps.textModels.provider === 'llama-cpp' && this.deps.follower.textModelPaths().includes(path);
  }
}

function progressOf(entry: CatalogueEntry, status: PullStatus | undefined, own: boolean, clock: Clock): PullProgress {
  return {
    received: status?.received ?? 0,
    total: status?.total ?? entry.bytes,
    bytes_per_second: status?.bytes_per_second ?? 0,
    eta_seconds: status?.eta_seconds ?? null,
    started_at: status?.started_at ?? clock.now().toISOString(),
    by_this_process: own,
  };
}

const target = (entry: CatalogueEntry, action: string) => ({ action, targetType: 'model', targetId: entry.name });

/** What the audit log keeps of a model: its state and bytes on disk, nothing else. */
const auditState = (view: ModelView) => ({
  state: view.state,
  in_use: view.in_use,
  ...(view.partial_bytes === null ? {} : { partial_bytes: view.partial_bytes }),
});
