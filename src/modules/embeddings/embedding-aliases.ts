/**
 * OpenAI's embedding model names, as aliases of the one embedding engine configured here. Pure settings work
 * (no engines): config.ts reads ATELIER_EMBEDDINGS_MODEL_ALIASES with it.
 */

/** The names OpenAI clients send by default (LangChain, the Vercel AI SDK, Open WebUI, AnythingLLM...). */
export const DEFAULT_EMBEDDING_ALIASES: readonly string[] = [
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
];

const ALIAS_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;
const VARIABLE = 'ATELIER_EMBEDDINGS_MODEL_ALIASES';

/**
 * `name,name,...` (`none`: no alias; unset: OpenAI's names), checked: `fail` is called with a sentence naming
 * the variable and the fault.
 */
export function embeddingAliases(value: string | undefined, fail: (problem: string) => never): string[] {
  if (value === undefined) return [...DEFAULT_EMBEDDING_ALIASES];
  if (value.trim().toLowerCase() === 'none') return [];
  const aliases: string[] = [];
  for (const name of value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)) {
    if (!ALIAS_NAME.test(name))
      fail(`${VARIABLE}: '${name}' is not a usable model name (letters, digits, . _ : / - only, at most 100)`);
    if (aliases.some((a) => a.toLowerCase() === name.toLowerCase())) fail(`${VARIABLE}: '${name}' is given twice`);
    aliases.push(name);
  }
  if (aliases.length === 0) fail(`${VARIABLE}: give names separated by commas, or none`);
  return aliases;
}
