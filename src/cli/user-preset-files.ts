import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AtelierClient } from '@atelier/client';
import { stringify as toYaml } from 'yaml';
import type { PresetFileBody, UserContext } from './user-context.js';
import { EXIT, UsageError, errorLine, required } from './user-output.js';

/** `presets export DIR`: the caller's own presets, one file each, in the folder's schema. */
export async function exportPresets(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const dir = required(args[1], 'DIR');
  if (args.length > 2) throw new UsageError(`presets export takes one folder, not "${args.slice(2).join(' ')}"`);
  const format = flags.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'json') throw new UsageError(`--format must be yaml or json, not "${format}"`);
  const own = await ownSlugs(client);
  const wanted = flags.slug ?? [...own];
  const unknown = wanted.filter((slug) => !own.has(slug));
  if (unknown.length > 0) {
    console.error(`error: not presets of yours: ${unknown.join(', ')}`);
    return EXIT.notFound;
  }
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const slug of wanted) {
    const file = join(dir, `${slug}.${format}`);
    const preset = await presetFileOf(client, slug);
    const text = format === 'json' ? `${JSON.stringify(preset, null, 2)}\n` : toYaml(preset, { lineWidth: 0 });
    try {
      await writeFile(file, text, { flag: flags.force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      throw new UsageError(`${file} already exists: choose another folder, or --force to write over it`);
    }
    written.push(file);
  }
  const human = written.length === 0 ? 'You have no presets of your own.' : written.map((f) => `wrote ${f}`).join('\n');
  out.result(human, { written });
  return EXIT.ok;
}

type ImportResult = {
  file: string;
  slug?: string;
  result: 'created' | 'updated' | 'unchanged' | 'failed';
  error?: string;
};

/** `presets import FILE|DIR...`: each file's preset created, or a new version of yours with that slug; reported per file. */
export async function importPresets(ctx: UserContext): Promise<number> {
  const { client, args, out, checkPresetFiles: checkFiles } = ctx;
  ctx.requireKey();
  const paths = args.slice(1);
  if (paths.length === 0) throw new UsageError('Missing FILE or DIR');
  if (!checkFiles) throw new UsageError('presets import needs the atelier command');
  const checked = await checkFiles(paths);
  const results: ImportResult[] = [
    ...checked.errors.map(({ file, message }) => ({ file, result: 'failed' as const, error: message })),
    ...checked.hidden.map(({ file, slug }) => ({
      file,
      slug,
      result: 'failed' as const,
      error: 'hides a catalogue preset: that is for ATELIER_PRESETS_DIR, not for an account',
    })),
  ];
  const own = await ownSlugs(client);
  for (const { file, preset } of checked.presets) {
    try {
      results.push({ file, slug: preset.slug, result: await importOne(client, preset, own.has(preset.slug)) });
    } catch (error) {
      results.push({ file, slug: preset.slug, result: 'failed', error: errorLine(error).replace(/^error: /, '') });
    }
  }
  const lines = results.map((r) => (r.error ? `${r.file}: ${r.error}` : `${r.file}: ${r.result} ${r.slug}`));
  const failed = results.filter((r) => r.result === 'failed');
  for (const line of lines.filter((_, i) => results[i]?.result === 'failed')) console.error(line);
  out.result(
    [
      ...lines.filter((_, i) => results[i]?.result !== 'failed'),
      `${results.length - failed.length} imported, ${failed.length} failed`,
    ].join('\n'),
    { results },
  );
  return failed.length === 0 ? EXIT.ok : EXIT.other;
}

async function importOne(
  client: AtelierClient,
  preset: PresetFileBody,
  isOwn: boolean,
): Promise<ImportResult['result']> {
  if (!isOwn) {
    await client.presets.create(preset);
    return 'created';
  }
  if (canonical(await presetFileOf(client, preset.slug)) === canonical(preset)) return 'unchanged';
  const { slug, ...changes } = preset;
  await client.presets.update(slug, changes);
  return 'updated';
}

async function ownSlugs(client: AtelierClient): Promise<Set<string>> {
  const { presets } = await client.presets.list();
  return new Set(presets.filter((p) => p.custom).map((p) => p.slug));
}

/** One of the caller's presets at its current version, as a file holds it (the fields as written, the prompt). */
async function presetFileOf(client: AtelierClient, slug: string): Promise<PresetFileBody> {
  const [detail, { versions }] = await Promise.all([client.presets.get(slug), client.presets.versions(slug)]);
  const current = versions.find((v) => v.version === detail.version) ?? versions[0];
  if (!current) throw new Error(`${slug}: the service gave no version of it`);
  const { title, description, category } = detail;
  return { slug, title, description, category, output: current.output, fields: current.fields, prompt: current.prompt };
}

/** JSON with its keys sorted at every level: two presets are the same when their canonical texts are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
