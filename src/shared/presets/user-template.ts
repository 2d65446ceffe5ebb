import Mustache from 'mustache';
import { type Outcome, fail, ok } from '../errors.js';
import type { PresetInputs } from './preset-template.js';
import type { FieldDefinition, PresetDefinition } from './preset-types.js';

/** The longest prompt template a user preset may have, in characters. */
export const USER_TEMPLATE_MAX = 10_000;
/** How deep sections may nest in a user template. */
export const USER_TEMPLATE_MAX_DEPTH = 3;

/**
 * A user template, parsed and checked: text, `{{name}}` and sections `{{#name}}...{{/name}}` /
 * `{{^name}}...{{/name}}` on the names it was checked against. Nothing else exists in it, so rendering it
 * needs no Mustache context stack: a name is looked up in the view alone, never in a section's value.
 */
export type UserTemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'name'; name: string }
  | { kind: 'section'; name: string; inverted: boolean; children: UserTemplateNode[] };

export interface CheckedTemplate {
  nodes: UserTemplateNode[];
  /** Every name the template reads (placeholders and sections). */
  names: Set<string>;
}

/**
 * Parses `template` with the mustache package's parser (a fresh Writer: its cache goes with it) and allows only
 * text, `{{name}}` and sections on `allowed` names, nested at most USER_TEMPLATE_MAX_DEPTH deep. The error names
 * the first token refused: a partial, an unescaped value, a delimiter change, a comment, a dotted or unknown name.
 */
export function checkUserTemplate(template: string, allowed: ReadonlySet<string>): Outcome<CheckedTemplate> {
  if (template.length > USER_TEMPLATE_MAX) {
    return fail('invalid_input', `prompt: must be at most ${USER_TEMPLATE_MAX} characters`);
  }
  let tokens: unknown;
  try {
    tokens = new Mustache.Writer().parse(template);
  } catch (error) {
    return fail('invalid_input', `prompt: ${error instanceof Error ? error.message : 'not a valid template'}`);
  }
  const names = new Set<string>();
  const nodes = convert(tokens, template, allowed, names, 1);
  return nodes.ok ? ok({ nodes: nodes.value, names }) : nodes;
}

function convert(
  tokens: unknown,
  template: string,
  allowed: ReadonlySet<string>,
  names: Set<string>,
  depth: number,
): Outcome<UserTemplateNode[]> {
  if (!Array.isArray(tokens)) return fail('invalid_input', 'prompt: not a valid template');
  const nodes: UserTemplateNode[] = [];
  for (const token of tokens) {
    if (!Array.isArray(token)) return fail('invalid_input', 'prompt: not a valid template');
    const [type, value, start, end, children] = token;
    if (typeof type !== 'string' || typeof value !== 'string') {
      return fail('invalid_input', 'prompt: not a valid template');
    }
    if (type === 'text') {
      nodes.push({ kind: 'text', text: value });
      continue;
    }
    const written = typeof start === 'number' && typeof end === 'number' ? template.slice(start, end) : value;
    if (type !== 'name' && type !== '#' && type !== '^') {
      return fail(
        'invalid_input',
        `prompt: ${written} is not allowed: only {{name}}, {{#name}}...{{/name}} and {{^name}}...{{/name}}`,
      );
    }
    if (!allowed.has(value)) {
      return fail(
        'invalid_input',
        `prompt: ${written} names no field of this preset (the names are ${[...allowed].join(', ')})`,
      );
    }
    names.add(value);
    if (type === 'name') {
      nodes.push({ kind: 'name', name: value });
      continue;
    }
    if (depth > USER_TEMPLATE_MAX_DEPTH) {
      return fail('invalid_input', `prompt: ${written} nests sections more than ${USER_TEMPLATE_MAX_DEPTH} deep`);
    }
    const inner = convert(children, template, allowed, names, depth + 1);
    if (!inner.ok) return inner;
    nodes.push({ kind: 'section', name: value, inverted: type === '^', children: inner.value });
  }
  return ok(nodes);
}

/**
 * Renders checked nodes with `view` (field name → value): values go in as they are (no HTML escaping: the result
 * is a prompt); a section shows when its value is not empty (inverted: when it is). Blank lines are tidied as
 * renderTemplate does.
 */
export function renderUserTemplate(nodes: readonly UserTemplateNode[], view: Readonly<Record<string, string>>): string {
  return render(nodes, view)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function render(nodes: readonly UserTemplateNode[], view: Readonly<Record<string, string>>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'name') out += Object.hasOwn(view, node.name) ? (view[node.name] ?? '') : '';
    else {
      const present = Object.hasOwn(view, node.name) && (view[node.name] ?? '') !== '';
      if (present !== node.inverted) out += render(node.children, view);
    }
  }
  return out;
}

/** The names a user preset's template may read: its fields' and `language`. */
export function templateNames(fields: readonly Pick<FieldDefinition, 'name'>[]): Set<string> {
  return new Set<string>([...fields.map((f) => f.name), 'language']);
}

/**
 * What a user preset's template reads: each field's value (a checkbox's "true", or nothing when unchecked, so that
 * a section on it shows when it is checked) and the language.
 */
export function userTemplateView(preset: PresetDefinition, inputs: PresetInputs): Record<string, string> {
  const view: Record<string, string> = { language: inputs.language };
  for (const field of preset.fields) {
    const value = inputs[field.name] ?? '';
    view[field.name] = field.type === 'checkbox' && value !== 'true' ? '' : value;
  }
  return view;
}

/** The prompt of a user preset (its template was checked when it was saved; a stored one that fails is a bug). */
export function renderUserPrompt(preset: PresetDefinition, inputs: PresetInputs): string {
  const checked = checkUserTemplate(preset.prompt, templateNames(preset.fields));
  if (!checked.ok)
    throw new Error(`the stored template of preset "${preset.slug}" is invalid: ${checked.error.message}`);
  return renderUserTemplate(checked.value.nodes, userTemplateView(preset, inputs));
}
