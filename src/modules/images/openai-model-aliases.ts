/**
 * OpenAI's model names (dall-e-3, gpt-image-1, sora-2...) as configurable aliases of catalogue models. The
 * catalogues already answer to OpenAI's names; ATELIER_OPENAI_IMAGE_ALIASES / ATELIER_OPENAI_VIDEO_ALIASES send
 * a name to another model (`dall-e-3=FLUX.1,sora-2=Kling 1.0`). Pure settings work: config.ts parses with it.
 */
import { normalizeModelName } from '../../engines/media/model-catalogue.js';

/** An alias (by its normalised spelling) and the catalogue name it stands for. */
export type ModelAliases = ReadonlyMap<string, string>;

const PAIR = /^([A-Za-z0-9][A-Za-z0-9._:-]{0,99})\s*=\s*([^=,]{1,100})$/;

/** `name=catalogue name,...`; a malformed pair is reported with `problem` (a configuration error at start). */
export function parseModelAliases(
  text: string | undefined,
  variable: string,
  problem: (message: string) => never,
): ModelAliases {
  const aliases = new Map<string, string>();
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const match = PAIR.exec(entry);
    if (!match?.[1] || !match[2]?.trim())
      problem(`${variable}: "${entry.slice(0, 120)}" is not name=model (e.g. dall-e-3=FLUX.1)`);
    aliases.set(normalizeModelName(match[1]), match[2].trim());
  }
  return aliases;
}

/** The catalogue name a request's model stands for: its configured alias, else the name itself. */
export const aliasTarget = (aliases: ModelAliases, name: string): string =>
  aliases.get(normalizeModelName(name)) ?? name;
