import { open, readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { PresetDefinition } from '../../shared/presets/preset-types.js';
import { PRESETS } from './catalogue/index.js';
import { checkDefinition, toPresetDefinition } from './user-preset-definition.js';
import { type CreateUserPreset, createUserPresetSchema } from './user-preset.schemas.js';

/** A preset file larger than this is refused unread: a preset is a few kilobytes. */
export const PRESET_FILE_MAX_BYTES = 256 * 1024;
/** A folder holding more preset files than this is refused whole. */
export const PRESET_FOLDER_MAX_FILES = 1_000;
export const PRESET_FILE_EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

/**
 * A preset as a file holds it: the body of POST /api/presets, with its slug required and without `brand_voice`:
 * a brand voice id belongs to one account of one instance, and a file travels between them.
 */
export const presetFileSchema = createUserPresetSchema.omit({ brand_voice: true }).required({ slug: true });
export type PresetFile = Omit<CreateUserPreset, 'brand_voice'> & { slug: string };

/** A file that takes a preset out of the catalogue: only its slug and `hidden: true`. */
const hideFileSchema = z.strictObject({ slug: z.string().min(1).max(100), hidden: z.literal(true) });

export interface PresetFileError {
  /** The file's name (its path when given one by one). */
  file: string;
  message: string;
}

/** What the files say, every one checked: presets to add, slugs to hide, and what is wrong (nothing when all are good). */
export interface CheckedPresetFiles {
  presets: { file: string; preset: PresetFile }[];
  hidden: { file: string; slug: string }[];
  errors: PresetFileError[];
}

/**
 * Reads and checks preset files: each of `paths` a file or a folder (its *.yaml, *.yml and *.json files, not its
 * subfolders), with the API's schema and checks, so that an error is the API's, after the file's name and the field.
 * `isCatalogueSlug` says which slugs a hiding file may name.
 */
export async function checkPresetFiles(
  paths: readonly string[],
  isCatalogueSlug: (slug: string) => boolean,
): Promise<CheckedPresetFiles> {
  const result: CheckedPresetFiles = { presets: [], hidden: [], errors: [] };
  const files: { path: string; name: string }[] = [];
  for (const path of paths) {
    const listed = await listPresetFiles(path);
    if (!listed.ok) result.errors.push({ file: path, message: listed.message });
    else files.push(...listed.files.map((file) => ({ path: file, name: paths.length === 1 ? basename(file) : file })));
  }
  const bySlug = new Map<string, string>();
  for (const { path, name } of files) {
    const read = await readPresetFile(path);
    const checked = read.ok ? checkPresetDocument(read.value, isCatalogueSlug) : read;
    if (!checked.ok) {
      result.errors.push({ file: name, message: checked.message });
      continue;
    }
    const slug = 'hide' in checked ? checked.hide : checked.preset.slug;
    const other = bySlug.get(slug);
    if (other !== undefined) {
      result.errors.push({ file: name, message: `slug: "${slug}" is also the slug of ${other}: one file a preset` });
      continue;
    }
    bySlug.set(slug, name);
    if ('hide' in checked) result.hidden.push({ file: name, slug });
    else result.presets.push({ file: name, preset: checked.preset });
  }
  return result;
}

/** The files checked with no service at hand (`atelier presets validate` and `import`): hiding files may name the code's presets. */
export function checkPresetFilesOffline(paths: readonly string[]): Promise<CheckedPresetFiles> {
  return checkPresetFiles(paths, (slug) => PRESETS.some((p) => p.slug === slug || p.aliases?.includes(slug)));
}

type Checked<T> = ({ ok: true } & T) | { ok: false; message: string };

async function listPresetFiles(path: string): Promise<Checked<{ files: string[] }>> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    return { ok: false, message: fileProblem(error) };
  }
  if (!info.isDirectory()) return { ok: true, files: [path] };
  const names = (await readdir(path, { withFileTypes: true }))
    .filter((entry) => !entry.isDirectory() && isPresetFileName(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (names.length > PRESET_FOLDER_MAX_FILES) {
    return { ok: false, message: `holds ${names.length} preset files: at most ${PRESET_FOLDER_MAX_FILES}` };
  }
  return { ok: true, files: names.map((name) => join(path, name)) };
}

/** Whether a name is a preset file's; editors' hidden and backup files (.x.yaml.swp, .#x.yaml) are not. */
export const isPresetFileName = (name: string): boolean =>
  !name.startsWith('.') && (PRESET_FILE_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());

async function readPresetFile(path: string): Promise<Checked<{ value: unknown }>> {
  const extension = extname(path).toLowerCase();
  if (!(PRESET_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return { ok: false, message: `not a preset file: name it *.yaml, *.yml or *.json` };
  }
  let text: string;
  try {
    const info = await stat(path);
    // A device or a pipe under a preset's name would be read for ever (or block the open itself).
    if (!info.isFile()) return { ok: false, message: 'not a regular file' };
    const tooBig = (size: number) => `${size} bytes: a preset file may hold at most ${PRESET_FILE_MAX_BYTES}`;
    if (info.size > PRESET_FILE_MAX_BYTES) return { ok: false, message: tooBig(info.size) };
    // Read with the limit itself, not the size seen a moment before: a file still being written may have grown.
    const file = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(PRESET_FILE_MAX_BYTES + 1);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      if (bytesRead > PRESET_FILE_MAX_BYTES) return { ok: false, message: tooBig(bytesRead) };
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await file.close();
    }
  } catch (error) {
    return { ok: false, message: fileProblem(error) };
  }
  try {
    // Aliases are YAML's way to a document far larger than its file: none are needed in a preset.
    return { ok: true, value: extension === '.json' ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 0 }) };
  } catch (error) {
    return { ok: false, message: `not valid ${extension === '.json' ? 'JSON' : 'YAML'}: ${firstLine(error)}` };
  }
}

/** One file's content checked as the API checks a new preset (or as a hiding entry). */
export function checkPresetDocument(
  value: unknown,
  isCatalogueSlug: (slug: string) => boolean,
): Checked<{ preset: PresetFile } | { hide: string }> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'hidden' in value) {
    const hide = hideFileSchema.safeParse(value);
    if (!hide.success) return { ok: false, message: zodProblem(hide.error) };
    if (!isCatalogueSlug(hide.data.slug)) {
      return { ok: false, message: `slug: no catalogue preset is called "${hide.data.slug}"` };
    }
    return { ok: true, hide: hide.data.slug };
  }
  const parsed = presetFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: zodProblem(parsed.error) };
  const { slug, title, description, category, ...definition } = parsed.data;
  const checked = checkDefinition({ ...definition, brand_voice: null });
  if (!checked.ok) return { ok: false, message: checked.error.message };
  const { brand_voice: _none, ...written } = checked.value;
  return { ok: true, preset: { slug, title, description, category, ...written } };
}

/**
 * A preset of the operator's folder as the catalogue holds it. It is written like a user preset (a user template,
 * no builtin compositions) but is the catalogue's, so it is not marked `custom`.
 */
export function operatorPreset(file: PresetFile): PresetDefinition {
  const { slug, title, description, category, ...definition } = file;
  const { custom: _notAnAccounts, ...preset } = toPresetDefinition({ slug, title, description, category }, 1, {
    ...definition,
    brand_voice: null,
  });
  return preset;
}

/** Every problem of a zod error, each after its field's path (fields[1].options). */
function zodProblem(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path
        .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
        .join('');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

function fileProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a folder';
  return firstLine(error);
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
