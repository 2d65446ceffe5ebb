/**
 * GET /v1/models of every modality: each modality gives a listing (a function read at each request, since pulled
 * models come and go), and the directory puts them together, one entry per name, with what it serves.
 */

export const CAPABILITIES = ['chat', 'embeddings', 'speech', 'transcription', 'images', 'videos'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** A model name a client may send, as GET /v1/models lists it (OpenAI's fields, and Atelier's `capabilities`). */
export interface ListedModel {
  id: string;
  owned_by: string;
  /** On an alias: the model that answers it. */
  alias_of?: string;
  capabilities: Capability[];
}

/** The names one modality answers to, read at each listing. */
export type ModelListing = () => readonly ListedModel[];

const MODELS_CREATED = 1_700_000_000;

export interface ModelEntry extends ListedModel {
  object: 'model';
  created: number;
}

/** Every modality's listing in one list: a name served by several modalities is one entry with each capability. */
export class ModelDirectory {
  constructor(private readonly listings: readonly ModelListing[]) {}

  list(): { object: 'list'; data: ModelEntry[] } {
    const byId = new Map<string, ModelEntry>();
    for (const listing of this.listings)
      for (const model of listing()) {
        const known = byId.get(model.id);
        if (!known) {
          byId.set(model.id, {
            ...model,
            capabilities: [...model.capabilities],
            object: 'model',
            created: MODELS_CREATED,
          });
          continue;
        }
        for (const capability of model.capabilities)
          if (!known.capabilities.includes(capability)) known.capabilities.push(capability);
      }
    return { object: 'list', data: [...byId.values()] };
  }

  find(id: string): ModelEntry | undefined {
    return this.list().data.find((m) => m.id === id);
  }
}
