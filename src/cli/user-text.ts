import type { GenerateRequest, PresetCategory, PresetDetail } from '@atelier/client';
import type { UserCommand, UserContext } from './user-context.js';
import { exportPresets, importPresets } from './user-preset-files.js';
import { UsageError, required, table, wholeNumber } from './user-output.js';

/** presets, generate, voices, chat and bot chat. */
export const textCommands: Record<string, UserCommand> = { presets, generate, voices, chat, bot };

async function presets(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  if (args[0] === 'export') return exportPresets(ctx);
  if (args[0] === 'import') return importPresets(ctx);
  if (args[0] === 'validate')
    throw new UsageError('presets validate takes no flags: atelier presets validate FILE|DIR...');
  ctx.requireKey();
  if (args[0] === 'show') {
    const detail = await client.presets.get(required(args[1], 'SLUG'));
    out.result(describePreset(detail), detail);
    return 0;
  }
  if (args.length > 0)
    throw new UsageError(`Unknown presets action: ${args[0]} (try: presets show SLUG, export, import or validate)`);
  const list = await client.presets.list(
    flags.category === undefined ? {} : { category: flags.category as PresetCategory },
  );
  const needle = flags.search?.toLowerCase();
  const found = needle
    ? list.presets.filter((p) => `${p.slug} ${p.title} ${p.description}`.toLowerCase().includes(needle))
    : list.presets;
  const rows = found.map((p) => [p.slug, p.title, p.category.join(', ')]);
  const human =
    found.length === 0
      ? 'No presets match.'
      : `${table([['SLUG', 'TITLE', 'CATEGORIES'], ...rows])}\n\n${found.length} presets`;
  out.result(human, { ...list, presets: found, total: found.length });
  return 0;
}

function describePreset(p: PresetDetail): string {
  const rows = p.fields.map((f) => {
    const facts = [
      f.type,
      f.required ? 'required' : 'optional',
      ...(f.maxLength === undefined ? [] : [`max ${f.maxLength}`]),
    ];
    const options = f.radioOptions ? `; one of ${f.radioOptions.map((o) => o.value).join(' | ')}` : '';
    const flag = f.name === 'keywords' || f.name === 'tone' ? `--${f.name} TEXT` : `--field ${f.name}=...`;
    return [`  ${flag}`, `${f.label} (${facts.join(', ')})${options}`];
  });
  return `${p.title} (${p.slug})\n${p.description}\nCategories: ${p.category.join(', ')}${p.isFree ? '; free plan' : ''}\n\nFields:\n${table(rows)}`;
}

async function generate(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const fields: Record<string, string> = {};
  for (const pair of flags.field ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--field takes NAME=VALUE, not "${pair}"`);
    fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  // Unknown field names are the service's to refuse (400, exit 2): it knows each preset's fields.
  const body = {
    preset: required(args[0], 'SLUG'),
    ...fields,
    ...(flags.keywords !== undefined && { keywords: flags.keywords }),
    ...(flags.tone !== undefined && { tone: flags.tone }),
    ...(flags.length !== undefined && { length: flags.length }),
    ...(flags.language !== undefined && { language: flags.language }),
    ...(flags.outputs !== undefined && { outputs: wholeNumber(flags.outputs, '--outputs') }),
  } as GenerateRequest;
  const outputs = await client.text.generate(body);
  const human = outputs
    .map((o, i) => (outputs.length > 1 ? `--- output ${i + 1} (id ${o.id}) ---\n${o.name}` : o.name))
    .join('\n\n');
  out.result(human, outputs);
  return 0;
}

async function voices(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  if (args[0] === 'filters') {
    const filters = await client.voices.filters(flags.language);
    const count = filters.filtered_voices_count ?? filters.total_voices;
    out.result(
      `Languages: ${filters.languages.join(', ')}\nAccents${flags.language ? ` (${flags.language})` : ''}: ${filters.accents.join(', ') || 'none'}\n\n${count} voices`,
      filters,
    );
    return 0;
  }
  const list = await client.voices.list({
    ...(flags.language !== undefined && { language: flags.language }),
    ...(flags.accent !== undefined && { accent: flags.accent }),
  });
  const rows = list.voices.map((v) => [v.id, v.name, v.language, v.accent ?? '', v.gender ?? '']);
  out.result(
    list.total === 0
      ? 'No voices match.'
      : `${table([['ID', 'NAME', 'LANGUAGE', 'ACCENT', 'GENDER'], ...rows])}\n\n${list.total} voices`,
    list,
  );
  return 0;
}

async function chat(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const message = required(args.join(' '), 'MESSAGE');
  const model = flags.model ?? (await client.chat.models.list()).data[0]?.id ?? 'builtin';
  const messages = [
    ...(flags.system === undefined ? [] : [{ role: 'system' as const, content: flags.system }]),
    { role: 'user' as const, content: message },
  ];
  if (!flags.stream || out.json) {
    const completion = await client.chat.completions.create({ model, messages });
    out.result(completion.choices[0]?.message.content ?? '', completion);
    return 0;
  }
  for await (const event of client.chat.completions.stream({ model, messages })) {
    if (event.type === 'text' && event.index === 0) process.stdout.write(event.text);
  }
  process.stdout.write('\n');
  return 0;
}

async function bot(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  if (args[0] !== 'chat')
    throw new UsageError(`Unknown bot action: ${args[0] ?? '(none)'} (try: bot chat PUBLIC_URL MESSAGE)`);
  ctx.requireKey();
  const publicUrl = required(args[1], 'PUBLIC_URL');
  const body = { message: required(args.slice(2).join(' '), 'MESSAGE'), include_sources: flags.sources === true };
  if (out.json) {
    out.result('', await client.bots.chat(publicUrl, body));
    return 0;
  }
  for await (const event of client.bots.chatStream(publicUrl, body)) {
    if (event.type === 'text') process.stdout.write(event.text);
    else if (event.sources.length > 0)
      process.stdout.write(`\n\nSources:\n${event.sources.map((s) => `  [${s.index}] ${s.title}`).join('\n')}`);
  }
  process.stdout.write('\n');
  return 0;
}
