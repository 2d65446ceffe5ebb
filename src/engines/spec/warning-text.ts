import type { Warning } from './warnings.js';

/** The text of a warning, as the API returns it and records store it: the only place warnings become strings. */
export function warningText(warning: Warning): string {
  switch (warning.type) {
    case 'unsupported-setting':
    case 'adjusted-setting':
      return warning.message ?? `${warning.setting}: ${warning.details}`;
    case 'from-part':
      return `${warning.part}: ${warningText(warning.warning)}`;
    case 'unsupported-tool':
    case 'other':
      return warning.message;
  }
}

export const warningTexts = (warnings: readonly Warning[]): string[] => warnings.map(warningText);

/** Adds a warning unless one with the same text is there already. */
export function addWarning(warnings: Warning[], warning: Warning): void {
  const text = warningText(warning);
  if (!warnings.some((w) => warningText(w) === text)) warnings.push(warning);
}

/**
 * A record's warnings column: a JSON array of texts (records store strings), each text once; `stored`, the
 * column as it was, comes first.
 */
export function storedWarnings(warnings: readonly Warning[], stored = '[]'): string {
  return JSON.stringify([...new Set([...(JSON.parse(stored) as string[]), ...warningTexts(warnings)])]);
}
