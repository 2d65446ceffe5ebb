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
 * The hosted 1.0.5 chat model ids: the fast, small ones are served by the standard model, the others by the
 * advanced one (so plans without it cannot use them).
 */
const CURRENT_CHAT_ALIASES: readonly ChatAliasEntry[] = [
  ...named('standard', 'gemini-3.8-flash gemini-3.7-flash gemini-3.6-flash gemini-3.5-flash'),
  ...named('advanced', 'gemini-3.1-pro gemini-3-pro'),
  ...named('advanced', 'claude-opus-5 claude-sonnet-5 claude-fable-5 claude-fable-5-1'),
  ...named('advanced', 'claude-opus-4-8 claude-opus-4-7 claude-opus-4-6 claude-opus-4-5'),
  ...named('advanced', 'claude-sonnet-4-6 claude-sonnet-4-5'),
  ...named('standard', 'claude-haiku-4-5'),
  ...named('advanced', 'gpt-6-astra gpt-6-astra-max gpt-5.6-sol gpt-5.6-sol-max gpt-5.6-terra gpt-5.6-terra-max'),
  ...named('standard', 'gpt-5.6-luna'),
  ...named('advanced', 'gpt-5.6-luna-max'),
  ...named('standard', 'gpt-5.5-instant'),
  ...named('advanced', 'gpt-5.5-thinking gpt-5.5-pro'),
  ...named('standard', 'gpt-5.4-instant'),
  ...named('advanced', 'gpt-5.4-thinking gpt-5.4-pro gpt-5'),
  ...named('standard', 'gpt-5-mini'),
  ...named('advanced', 'deepseek-v4-pro'),
  ...named('standard', 'deepseek-v4-flash'),
  ...named('advanced', 'kimi-k3'),
  ...named('standard', 'kimi-k2.7-code kimi-k2.6'),
  ...named('standard', 'glm-5p3'),
  ...named('advanced', 'glm-5p3-max'),
  ...named('standard', 'glm-5p3-flash glm-5p2 glm-5p1 glm-5 minimax-m3 muse-spark-1.3'),
  ...named('advanced', 'muse-spark-1.3-max qwen3p8-max grok-4'),
];

/**
 * The ids the hosted service retired, each answered as the current id it now resolves to (its 1.0.5 table);
 * `gemini-3-flash` is its floating alias of the default. Each keeps the role it had in 1.0.4.
 */
export const LEGACY_CHAT_IDS: Readonly<Record<string, string>> = {
  'gemini-3-flash': 'gemini-3.8-flash',
  'deepseek-v3': 'deepseek-v4-flash',
  'deepseek-r1': 'deepseek-v4-flash',
  'deepseek-chat': 'deepseek-v4-flash',
  'deepseek-reasoner': 'deepseek-v4-flash',
  'minimax-m2': 'minimax-m3',
  'minimax-m2p5': 'minimax-m3',
  'minimax-m2p7': 'minimax-m3',
  'kimi-k2.5': 'kimi-k2.6',
  'kimi-k2-thinking': 'kimi-k2.6',
  'kimi-k2-instruct': 'kimi-k2.6',
  'meta-llama-3.3-70b': 'muse-spark-1.3',
  'llama4-maverick-instruct-basic': 'muse-spark-1.3',
  'qwen3p6-plus': 'qwen3p8-max',
  'qwen3p7-plus': 'qwen3p8-max',
};

/** The default table: the current ids, then the legacy ones with their targets' roles. */
export const DEFAULT_CHAT_ALIASES: readonly ChatAliasEntry[] = [
  ...CURRENT_CHAT_ALIASES,
  ...Object.entries(LEGACY_CHAT_IDS).map(([name, current]) => ({
    name,
    target: CURRENT_CHAT_ALIASES.find((a) => a.name === current)?.target ?? 'standard',
  })),
];

/** The hosted 1.0.5 default model, used when a request names none. */
export const DEFAULT_CHAT_MODEL = 'gemini-3.8-flash';

function named(target: ChatModelRole, names: string): ChatAliasEntry[] {
  return names.split(' ').map((name) => ({ name, target }));
}

const ALIAS_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export interface ChatNamesInput {
  /**
   * ATELIER_CHAT_MODEL_ALIASES: `name=target,...`, a target being standard, advanced, builtin, a model's name or an
   * alias given earlier in the list; absent: the default table.
   */
  aliases: string | undefined;
  /** ATELIER_CHAT_DEFAULT_MODEL; absent: gemini-3.8-flash when it is a name here, the standard model otherwise. */
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
    // An alias given earlier in the list is a target too (a legacy id answered as the current one).
    const target = resolveTarget(targetName, input) ?? aliases.find((a) => same(a.name, targetName))?.target;
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
