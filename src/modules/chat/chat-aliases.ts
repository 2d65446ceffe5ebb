/**
 * The hosted service's chat model names, as aliases of the models served here. Pure settings work (no
 * engines): config.ts reads ATELIER_CHAT_MODEL_ALIASES and ATELIER_CHAT_DEFAULT_MODEL with it.
 */

/** What an alias points at: the configured standard or advanced text model, or the offline engine. */
export type ChatModelRole = 'standard' | 'advanced' | 'builtin';

export interface ChatAliasEntry {
  name: string;
  target: ChatModelRole;
}

const ROLES: readonly ChatModelRole[] = ['standard', 'advanced', 'builtin'];

/**
 * The hosted reference's model names (its ChatCompletionsRequest.model enum): the fast, small ones are
 * served by the standard model, the others by the advanced one (so plans without it cannot use them).
 */
export const DEFAULT_CHAT_ALIASES: readonly ChatAliasEntry[] = [
  { name: 'gemini-3-flash', target: 'standard' },
  { name: 'gemini-3-pro', target: 'advanced' },
  { name: 'gemini-3.1-pro', target: 'advanced' },
  { name: 'claude-opus-4-6', target: 'advanced' },
  { name: 'claude-sonnet-4-6', target: 'advanced' },
  { name: 'claude-haiku-4-5', target: 'standard' },
  { name: 'gpt-5', target: 'advanced' },
  { name: 'gpt-5-mini', target: 'standard' },
  { name: 'gpt-5.4-instant', target: 'standard' },
  { name: 'gpt-5.4-thinking', target: 'advanced' },
  { name: 'gpt-5.4-pro', target: 'advanced' },
  { name: 'deepseek-v3', target: 'standard' },
  { name: 'kimi-k2.5', target: 'standard' },
  { name: 'glm-5', target: 'standard' },
  { name: 'minimax-m2p5', target: 'standard' },
  { name: 'grok-4', target: 'advanced' },
];

/** The reference's default model, used when a request names none. */
export const DEFAULT_CHAT_MODEL = 'gemini-3-flash';

const ALIAS_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export interface ChatNamesInput {
  /** ATELIER_CHAT_MODEL_ALIASES: `name=target,...`; absent: the default table. */
  aliases: string | undefined;
  /** ATELIER_CHAT_DEFAULT_MODEL; absent: gemini-3-flash when it is a name here, the standard model otherwise. */
  defaultModel: string | undefined;
  /** The chat names of the standard and advanced models (ATELIER_TEXT_MODEL, ATELIER_TEXT_ADVANCED_MODEL). */
  standardModel: string;
  advancedModel: string;
}

export interface ChatNames {
  aliases: ChatAliasEntry[];
  /** The name (model or alias) that answers a request without `model`. */
  defaultModel: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The alias table and the default model, checked: `fail` is called with a sentence naming the variable
 * and the fault (a bad pair, an unknown target, a duplicate, a name that is already a model's).
 */
export function chatNames(input: ChatNamesInput, fail: (problem: string) => never): ChatNames {
  const modelIds = [input.standardModel, input.advancedModel, 'builtin'];
  const isModel = (name: string) => modelIds.some((id) => same(id, name));
  const aliases =
    input.aliases === undefined
      ? DEFAULT_CHAT_ALIASES.filter((a) => !isModel(a.name))
      : parseAliases(input, isModel, fail);
  const known = (name: string) => isModel(name) || aliases.some((a) => same(a.name, name));
  let defaultModel: string;
  if (input.defaultModel !== undefined) {
    defaultModel = input.defaultModel.trim();
    if (!known(defaultModel)) {
      fail(
        `ATELIER_CHAT_DEFAULT_MODEL: '${defaultModel}' is neither a model nor an alias here (models: ${modelIds.join(', ')}; aliases: ${aliases.map((a) => a.name).join(', ') || 'none'})`,
      );
    }
  } else defaultModel = known(DEFAULT_CHAT_MODEL) ? DEFAULT_CHAT_MODEL : input.standardModel;
  return { aliases, defaultModel };
}

function parseAliases(
  input: ChatNamesInput,
  isModel: (name: string) => boolean,
  fail: (problem: string) => never,
): ChatAliasEntry[] {
  const variable = 'ATELIER_CHAT_MODEL_ALIASES';
  const targets = `standard, advanced, builtin, ${input.standardModel} or ${input.advancedModel}`;
  const aliases: ChatAliasEntry[] = [];
  for (const pair of (input.aliases ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(pair);
    if (!match) fail(`${variable}: '${pair}' is not name=target (e.g. gemini-3-flash=standard,gpt-5=advanced)`);
    const [, name = '', targetName = ''] = match;
    if (!ALIAS_NAME.test(name))
      fail(`${variable}: '${name}' is not a usable model name (letters, digits, . _ : - only, at most 100)`);
    if (isModel(name)) fail(`${variable}: '${name}' is already the name of a model`);
    if (aliases.some((a) => same(a.name, name))) fail(`${variable}: '${name}' is given twice`);
    const target = resolveTarget(targetName, input);
    if (!target) fail(`${variable}: '${pair}' has an unknown target '${targetName}' (use ${targets})`);
    aliases.push({ name, target });
  }
  if (aliases.length === 0)
    fail(`${variable}: give at least one name=target pair (or leave it unset for the default table)`);
  return aliases;
}

/** A keyword (standard, advanced, builtin) or the name of a configured model, in any case. */
function resolveTarget(name: string, input: ChatNamesInput): ChatModelRole | undefined {
  const role = ROLES.find((r) => same(r, name));
  if (role) return role;
  if (same(name, input.standardModel)) return 'standard';
  if (same(name, input.advancedModel)) return 'advanced';
  return undefined;
}
