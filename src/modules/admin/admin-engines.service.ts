import type { Config } from '../../config.js';
import type { AsrModels, TextModels } from '../../engines/providers/registry.js';
import type { CheckResult, ReadinessReport } from '../../readiness/readiness.js';
import { type Outcome, ok } from '../../shared/errors.js';
import { chatCatalogue } from '../chat/chat-models.js';

/** One model name a capability answers to, and what serves it. */
export interface ServedModel {
  name: string;
  aliases: string[];
  /** The engine (provider) that serves it: builtin, llama-cpp, openai-compatible, automatic1111... */
  engine: string;
  /** The engine's own model name (upstream for a remote provider). */
  model: string | null;
  /** A remote provider's base URL, without any user or password; null for engines in this process. */
  base_url: string | null;
}

export interface CapabilityEngines {
  capability: string;
  /** The /ready check of this capability, as /ready reports it. */
  ready: CheckResult;
  models: ServedModel[];
}

interface Engine {
  readonly provider: string;
  readonly modelId?: string;
  readonly baseUrl?: string;
}

interface CatalogueEntry {
  name: string;
  aliases: string[];
  engine: string;
  model: string;
}

export interface AdminEnginesDeps {
  config: Config;
  text: TextModels;
  images: { catalogue(): CatalogueEntry[]; baseUrlOf(name: string): string | undefined };
  videos: { catalogue(): CatalogueEntry[] };
  asr: AsrModels;
  speech: readonly Engine[];
  /** The embedding engine of the moment (a pulled model may come or go). */
  embedding: { current(): Engine | undefined };
  /** The service's own /ready checks: one set of probes and caches. */
  readiness: { report(): Promise<ReadinessReport> };
}

/** The /ready check that speaks for each capability. */
const READINESS_CHECK: Record<string, string> = {
  text: 'text',
  image: 'images',
  video: 'video',
  transcription: 'transcription',
  speech: 'speech',
  sound: 'sound',
  embedding: 'embeddings',
};

/** Which engine serves each model name of every capability, and whether it is ready; never a key. */
export class AdminEnginesService {
  constructor(private readonly deps: AdminEnginesDeps) {}

  async list(): Promise<Outcome<{ status: ReadinessReport['status']; capabilities: CapabilityEngines[] }>> {
    const report = await this.deps.readiness.report();
    const served = this.served();
    const capabilities = Object.entries(served).map(([capability, models]) => ({
      capability,
      ready: report.checks[READINESS_CHECK[capability] ?? capability] ?? {
        status: 'disabled' as const,
        detail: 'none configured',
      },
      models,
    }));
    return ok({ status: report.status, capabilities });
  }

  private served(): Record<string, ServedModel[]> {
    const { config, text, images, videos, asr, speech, embedding } = this.deps;
    // The names chat answers to (the standard and advanced models, builtin) with the aliases configured for each.
    const chat = chatCatalogue(config, text);
    return {
      text: chat.models.map((m) =>
        served(m.id, m.engine, {
          aliases: chat.aliases.filter((a) => a.target === m).map((a) => a.id),
        }),
      ),
      image: images.catalogue().map((m) => ({ ...pick(m), base_url: safeUrl(images.baseUrlOf(m.name)) })),
      video: videos.catalogue().map((m) => ({ ...pick(m), base_url: null })),
      transcription: asr.engines.map((engine) =>
        served(engine.modelId, engine, {
          aliases: engine === asr.enhanced ? ['enhanced'] : [],
        }),
      ),
      speech: speech.map((engine) => served(engine.provider, engine)),
      sound: [{ name: config.sound.engine, aliases: [], engine: config.sound.engine, model: null, base_url: null }],
      embedding: embeddingModels(embedding.current()),
    };
  }
}

const embeddingModels = (engine: Engine | undefined): ServedModel[] =>
  engine ? [served(engine.modelId ?? engine.provider, engine)] : [];

function served(name: string, engine: Engine, extra: { aliases?: string[] } = {}): ServedModel {
  return {
    name,
    aliases: extra.aliases ?? [],
    engine: engine.provider,
    model: engine.modelId ?? null,
    base_url: safeUrl(engine.baseUrl),
  };
}

const pick = (m: CatalogueEntry) => ({ name: m.name, aliases: [...m.aliases], engine: m.engine, model: m.model });

/** Scheme, host and path only: a base URL may carry a user, a password or a key in its query. */
function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
