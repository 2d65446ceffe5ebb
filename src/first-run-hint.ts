import type { Config } from './config.js';

const FIRST_RUN_HINT = [
  'Text is served by the builtin engine (deterministic, no language model). For real answers pull a small model:',
  '  atelier models pull qwen3-0.6b',
  '(or Admin > Models in the dashboard); the service uses it as soon as it is pulled, no restart needed.',
].join('\n');

/**
 * What the start-up log says after the listening line when text comes from the builtin engine and a pulled
 * model would take over at once: how to pull one. Nothing otherwise.
 */
export function firstRunHint(config: Config, textProvider: string): string | undefined {
  return config.text.followsPulledModels && textProvider === 'builtin' ? FIRST_RUN_HINT : undefined;
}
