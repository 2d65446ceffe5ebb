import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { callTool, jsonOf, mcpClient, pollTool, textOf } from './helpers/mcp-client.js';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * Tools that describe themselves: every listed tool is called with an input built from its advertised input
 * schema alone (its required properties and the alternatives its anyOf asks for, valued from the schema:
 * examples, const, enum, default, minimum, and for the fields that name a record or a file, the ids earlier
 * calls returned and the URLs of files served here), and must succeed; then, for each required property, the
 * same input without it must fail with an error naming it.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  default?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
};

let t: TestApp;
let files: FileServer;
let client: Client;
/** Values for the properties that name a record or a file: what earlier calls returned, files served here. */
const known: Record<string, unknown> = {};

/**
 * Tools that cannot succeed in this suite's environment or from their schema alone, with the error each gives
 * instead. generate_text: what it needs besides the preset depends on the preset (a user's may have no keywords
 * field), so the preset's own fields say it, naming the missing one.
 */
const CANNOT_SUCCEED_HERE: Record<string, RegExp> = {
  generate_text: /^keywords \(.+\) is required for preset "blog-post-intro"$/,
};

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/line.mp3', makeRecording(MEETING_SCRIPT.slice(0, 1)).mp3, 'audio/mpeg');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
  });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  const { key } = await t.account({ credits: 2000 });
  client = await mcpClient(t, key);

  // The records the get_ tools read, made by the tools that make them.
  const [picture] = jsonOf<{ images: { id: number; image_url: string }[] }>(
    await callTool(client, 'generate_image', { prompt: 'A face', model: 'builtin', dimensions: '512x512' }),
  ).images;
  const png = await t.server.inject({ url: new URL(picture?.image_url ?? '').pathname });
  files.serve('/face.png', png.rawPayload, 'image/png');
  const video = jsonOf<{ id: number }>(await callTool(client, 'generate_video', { prompt: 'x', duration: 1 }));
  const audio = jsonOf<{ uuid: string }>(await callTool(client, 'transcribe_audio', { url: files.url('/line.mp3') }));
  await pollTool<{ audio: { status: string } }>(
    client,
    'get_transcription',
    { audio_id: audio.uuid },
    (answer) => answer.audio.status === 'completed',
    25_000,
  );
  const bot = await t.server.inject({
    method: 'POST',
    url: '/api/bots',
    headers: withKey(key),
    payload: { name: 'Helper', model: 'builtin' },
  });
  const brandVoice = await t.server.inject({
    method: 'POST',
    url: '/api/brand-voices',
    headers: withKey(key),
    payload: { name: 'House', instructions: 'Plain words.' },
  });
  const voices = jsonOf<{ voices: { id: string }[] }>(await callTool(client, 'list_voices', { language: 'English' }));
  // A preset of the account's own: what update_template and delete_template name (get_template reads it too).
  const own = await t.server.inject({
    method: 'POST',
    url: '/api/presets',
    headers: withKey(key),
    payload: {
      title: 'Own preset',
      fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
      prompt: 'Write about {{keywords}}.',
    },
  });
  expect(own.statusCode).toBe(201);
  // A public link to it: what update_template_link and revoke_template_link name.
  const slug = own.json<{ slug: string }>().slug;
  const link = await t.server.inject({
    method: 'POST',
    url: `/api/presets/${slug}/links`,
    headers: withKey(key),
    payload: {},
  });
  expect(link.statusCode).toBe(201);
  Object.assign(known, {
    image_id: picture?.id,
    image_ids: [picture?.id],
    video_id: video.id,
    video_ids: [video.id],
    audio_id: audio.uuid,
    public_url: bot.json<{ public_url: string }>().public_url,
    // The brand voice tools' id (get, update, then delete: listed in that order).
    id: brandVoice.json<{ id: string }>().id,
    slug,
    link_id: link.json<{ id: string }>().id,
    voiceID: voices.voices[0]?.id,
    url: files.url('/line.mp3'),
    audio: files.url('/line.mp3'),
    image: files.url('/face.png'),
    source_images: [files.url('/face.png')],
  });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await t?.close();
  await files?.close();
});

/** The properties an input must have: the required ones, then the first alternative of each anyOf. */
function neededProperties(schema: JsonSchema): string[] {
  const needed = [...(schema.required ?? [])];
  const groups = [schema, ...(schema.allOf ?? [])].flatMap((part) => (part.anyOf ? [part.anyOf] : []));
  for (const group of groups) needed.push(...(group[0]?.required ?? []));
  return [...new Set(needed)];
}

function valueFor(name: string, schema: JsonSchema): unknown {
  if (name in known) return known[name];
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  // An object's anyOf says which of its properties it needs; anywhere else it lists the values it takes.
  if (type === 'object') return minimalInput(schema);
  const alternative = (schema.anyOf ?? schema.oneOf)?.[0];
  if (alternative) return valueFor(name, alternative);
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => valueFor(name, schema.items ?? {}));
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (schema.format === 'uri') throw new Error(`${name}: no URL for this property`);
  return 'Hello there';
}

function minimalInput(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    neededProperties(schema).map((name) => [name, valueFor(name, schema.properties?.[name] ?? {})]),
  );
}

describe('every listed tool, called from its advertised schema alone', () => {
  it('lists exactly the properties each takes, with what it needs, and succeeds with that', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const tool of tools) {
      const schema = tool.inputSchema as JsonSchema;
      expect(schema.type, tool.name).toBe('object');
      for (const name of neededProperties(schema)) expect(schema.properties, tool.name).toHaveProperty(name);
      const input = minimalInput(schema);
      const result = await callTool(client, tool.name, input);
      const expected = CANNOT_SUCCEED_HERE[tool.name];
      if (expected) expect(textOf(result), tool.name).toMatch(expected);
      else if (result.isError) failures.push(`${tool.name} ${JSON.stringify(input)}: ${textOf(result)}`);
    }
    expect(failures).toEqual([]);
  }, 30_000);

  it('refuses an input without one of its required properties, or with one it does not list, naming it', async () => {
    const { tools } = await client.listTools();
    const failures: string[] = [];
    for (const tool of tools) {
      const schema = tool.inputSchema as JsonSchema;
      const input = minimalInput(schema);
      for (const name of neededProperties(schema)) {
        const { [name]: _left, ...rest } = input;
        const result = await callTool(client, tool.name, rest);
        if (!(result.isError && textOf(result).includes(name)))
          failures.push(`${tool.name} without ${name}: ${textOf(result).slice(0, 200)}`);
      }
      // What the schema does not list is refused, named, never dropped without a word.
      expect(schema, tool.name).toMatchObject({ additionalProperties: false });
      const extra = await callTool(client, tool.name, { ...input, not_a_field: 1 });
      if (!(extra.isError && textOf(extra).includes('not_a_field')))
        failures.push(`${tool.name} with not_a_field: ${textOf(extra).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 30_000);
});
