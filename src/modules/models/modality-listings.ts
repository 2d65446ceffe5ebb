import type { Capability, ListedModel, ModelListing } from './model-directory.js';

/**
 * The listings of the modalities whose names the services already hold. Another modality (OpenAI's aliases such as
 * tts-1 or dall-e-3) adds its own ModelListing to the directory's list in app.ts.
 */

interface Named {
  name: string;
  aliases: readonly string[];
}

/** A media catalogue (images, videos): its names, then each alias with alias_of. */
export function catalogueListing(capability: Capability, catalogue: () => readonly Named[]): ModelListing {
  return () =>
    catalogue().flatMap((entry): ListedModel[] => [
      { id: entry.name, owned_by: 'atelier', capabilities: [capability] },
      ...entry.aliases.map((alias) => ({
        id: alias,
        owned_by: 'atelier',
        alias_of: entry.name,
        capabilities: [capability],
      })),
    ]);
}

/** Engines named by their model (transcription) or, without one, their provider (speech: espeak-ng, flite...). */
export function engineListing(
  capability: Capability,
  engines: () => readonly { provider: string; modelId?: string }[],
): ModelListing {
  return () =>
    engines().map((engine) => ({
      id: engine.modelId ?? engine.provider,
      owned_by: 'atelier',
      capabilities: [capability],
    }));
}

/** Names given by a service that knows its own aliases (chat, embeddings). */
export function namedListing(
  capability: Capability,
  names: () => readonly { id: string; ownedBy: string; aliasOf?: string }[],
): ModelListing {
  return () =>
    names().map((name) => ({
      id: name.id,
      owned_by: name.ownedBy,
      ...(name.aliasOf !== undefined && { alias_of: name.aliasOf }),
      capabilities: [capability],
    }));
}
