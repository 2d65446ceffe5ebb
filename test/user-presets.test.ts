import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, jsonOf, mcpClient, textOf } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let key: string;
let otherKey: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  key = (await t.account({ plan: 'free', credits: 1000 })).key;
  otherKey = (await t.account({ plan: 'free', credits: 1000 })).key;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: string, payload?: Json) =>
  t.server.inject({ method, url, headers: withKey(as), ...(payload && { payload }) });
/** What a refused preset changes of a valid one. */
type Change = { fields?: ({ name: string } & Json)[]; title?: string; output?: string };
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

const newsletter = (slug: string): Json => ({
  slug,
  title: 'Club newsletter',
  description: 'A monthly note to the members',
  category: ['Marketing'],
  fields: [
    { name: 'keywords', label: 'News', type: 'textarea', required: true, maxLength: 300 },
    { name: 'extra7', label: 'Club name', type: 'text', default: 'The Club' },
    { name: 'extra12', label: 'Mood', type: 'select', options: ['calm', 'excited'], default: 'calm' },
    { name: 'extra5', label: 'Add a quiz', type: 'checkbox' },
  ],
  prompt:
    'Write a {{extra12}} newsletter for {{extra7}} in {{language}}.\nNews: {{keywords}}\n{{#extra5}}End with a quiz.{{/extra5}}{{^extra5}}No quiz.{{/extra5}}',
});

describe('POST /api/presets', () => {
  it('creates a preset, with its slug made from the title when none is given, and reads it back', async () => {
    const res = await send('POST', '/api/presets', key, newsletter('club-news'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'club-news', custom: true, version: 1, output: 'text', isFree: true });
    const untitled = await send('POST', '/api/presets', key, {
      ...newsletter('x'),
      slug: undefined,
      title: 'Café Notes!',
    });
    expect(untitled.statusCode).toBe(201);
    expect(untitled.json<{ slug: string }>().slug).toBe('cafe-notes');
    const again = await send('POST', '/api/presets', key, {
      ...newsletter('x'),
      slug: undefined,
      title: 'Café Notes!',
    });
    expect(again.json<{ slug: string }>().slug).toBe('cafe-notes-2');

    const detail = await send('GET', '/api/presets/club-news', key);
    expect(detail.statusCode).toBe(200);
    const body = detail.json<{ custom: boolean; version: number; fields: Json[] }>();
    expect(body).toMatchObject({ slug: 'club-news', custom: true, version: 1 });
    expect(body.fields.map((f) => f.name)).toEqual(['keywords', 'extra7', 'extra12', 'extra5']);
    expect(body.fields[2]).toMatchObject({
      type: 'select',
      radioOptions: [
        { value: 'calm', default: true },
        { value: 'excited', default: false },
      ],
    });
  });

  it('refuses slugs of the catalogue (and its aliases) and of another account, with a 409', async () => {
    const catalogue = await send('POST', '/api/presets', key, newsletter('blog-post'));
    expect(catalogue.statusCode).toBe(409);
    expect(errorOf(catalogue)).toContain('catalogue');
    const reserved = await send('POST', '/api/presets', key, newsletter('new'));
    expect(reserved.statusCode).toBe(409);
    expect(errorOf(reserved)).toContain('reserved');
    await send('POST', '/api/presets', key, newsletter('taken-slug'));
    const other = await send('POST', '/api/presets', otherKey, newsletter('taken-slug'));
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toContain('"taken-slug" is taken');
  });

  it.each([
    ['a partial', 'Hi {{keywords}} {{> secrets}}', '{{> secrets}}'],
    ['an unescaped value', 'Hi {{{keywords}}}', '{{{keywords}}}'],
    ['an ampersand value', 'Hi {{& keywords}} {{keywords}}', '{{& keywords}}'],
    ['a delimiter change', '{{=<% %>=}} <% keywords %>', '{{=<% %>=}}'],
    ['a dotted name', '{{keywords}} {{constructor.name}}', '{{constructor.name}}'],
    ['a name no field fills', '{{keywords}} {{extra3}}', '{{extra3}}'],
    ['the current context', '{{keywords}} {{.}}', '{{.}}'],
    ["a name of the catalogue's view", '{{keywords}} {{topic}}', '{{topic}}'],
    ["an object's own property", '{{keywords}} {{#constructor}}x{{/constructor}}', '{{#constructor}}'],
    ['a comment', '{{keywords}} {{! note }}', '{{! note }}'],
    ['an unclosed section', '{{#keywords}} open', 'Unclosed section'],
    [
      'sections nested four deep',
      '{{#keywords}}{{#keywords}}{{#keywords}}{{#keywords}}x{{/keywords}}{{/keywords}}{{/keywords}}{{/keywords}}',
      '{{#keywords}} nests sections',
    ],
  ])('refuses a template with %s, naming the token', async (_name, prompt, named) => {
    const res = await send('POST', '/api/presets', key, {
      title: 'Hostile',
      fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
      prompt,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain(named);
  });

  it('takes sections nested three deep', async () => {
    const res = await send('POST', '/api/presets', key, {
      title: 'Deep enough',
      fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
      prompt: '{{#keywords}}{{#keywords}}{{#keywords}}{{keywords}}{{/keywords}}{{/keywords}}{{/keywords}}',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a field the template does not use, naming it, and a huge template', async () => {
    const unused = await send('POST', '/api/presets', key, {
      title: 'Unused',
      fields: [
        { name: 'keywords', label: 'Topic', type: 'text' },
        { name: 'extra2', label: 'Audience', type: 'text' },
      ],
      prompt: 'About {{keywords}}',
    });
    expect(unused.statusCode).toBe(400);
    expect(errorOf(unused)).toContain('extra2 (Audience) is not used');
    const huge = await send('POST', '/api/presets', key, {
      title: 'Huge',
      fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
      prompt: `{{keywords}}${'x'.repeat(10_001)}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge)).toContain('prompt');
  });

  it.each<[string, Change, string]>([
    [
      'ten fields',
      { fields: Array.from({ length: 10 }, (_, i) => ({ name: `extra${i + 1}`, label: 'x', type: 'text' })) },
      'fields',
    ],
    [
      'a maxLength above the parameter',
      { fields: [{ name: 'extra4', label: 'x', type: 'text', maxLength: 501 }] },
      'extra4: maxLength must be at most 500',
    ],
    ['a select without options', { fields: [{ name: 'extra1', label: 'x', type: 'select' }] }, 'extra1: options'],
    [
      'a default outside the options',
      { fields: [{ name: 'extra1', label: 'x', type: 'radio', options: ['a'], default: 'b' }] },
      'default must be one of',
    ],
    [
      'twenty-one options',
      {
        fields: [{ name: 'extra1', label: 'x', type: 'radio', options: Array.from({ length: 21 }, (_, i) => `o${i}`) }],
      },
      'options',
    ],
    [
      'a field named twice',
      {
        fields: [
          { name: 'extra1', label: 'x', type: 'text' },
          { name: 'extra1', label: 'y', type: 'text' },
        ],
      },
      'extra1 is given twice',
    ],
    ['an unknown parameter', { fields: [{ name: 'extra15', label: 'x', type: 'text' }] }, 'name'],
    [
      'an image field written out in the template',
      { fields: [{ name: 'extra5', label: 'x', type: 'image' }] },
      '{{extra5}} is an image field',
    ],
    [
      'a length field with other options',
      { fields: [{ name: 'length', label: 'x', type: 'select', options: ['Huge'] }] },
      'length: must be',
    ],
    ['a long title', { title: 'x'.repeat(101) }, 'title'],
    ['an output kind there is none of', { output: 'video' }, 'output'],
  ])('refuses %s', async (_name, change, named) => {
    const fields = change.fields ?? [{ name: 'extra1', label: 'x', type: 'text' }];
    const prompt = fields.map((f) => `{{${f.name}}}`).join(' ');
    const res = await send('POST', '/api/presets', key, { title: 'Bad', prompt, ...change, fields });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain(named);
  });

  it('keeps at most 200 presets per account', async () => {
    const { key: busy } = await t.account({ plan: 'free' });
    const body = { title: 'Many', fields: [{ name: 'keywords', label: 'x', type: 'text' }], prompt: '{{keywords}}' };
    for (let i = 0; i < 200; i += 1) {
      expect((await send('POST', '/api/presets', busy, body)).statusCode).toBe(201);
    }
    const over = await send('POST', '/api/presets', busy, body);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toContain('at most 200 presets');
  }, 60_000);
});

describe("one account's presets", () => {
  it("appear after the catalogue in its own lists, marked custom, and in no one else's", async () => {
    await send('POST', '/api/presets', key, newsletter('listed-one'));
    const mine = (await send('GET', '/api/presets', key)).json<{ presets: Json[]; total: number }>();
    const theirs = (await send('GET', '/api/presets', otherKey)).json<{ presets: Json[]; total: number }>();
    const own = mine.presets.filter((p) => p.custom === true).map((p) => p.slug);
    expect(own).toContain('listed-one');
    expect(mine.presets.slice(-own.length).every((p) => p.custom === true)).toBe(true);
    expect(mine.total).toBe(mine.presets.length);
    expect(theirs.presets.some((p) => p.slug === 'listed-one')).toBe(false);
    // Marketing only: the category filter applies to one's own too; Education has none of them.
    const marketing = (await send('GET', '/api/presets?category=Marketing', key)).json<{ presets: Json[] }>();
    expect(marketing.presets.map((p) => p.slug)).toContain('listed-one');
    const education = (await send('GET', '/api/presets?category=Education', key)).json<{ presets: Json[] }>();
    expect(education.presets.some((p) => p.custom)).toBe(false);
  });

  it('are "Preset not found" to another account on every route, generate and MCP', async () => {
    await send('POST', '/api/presets', key, newsletter('private-one'));
    const routes = [
      await send('GET', '/api/presets/private-one', otherKey),
      await send('GET', '/api/presets/private-one/versions', otherKey),
      await send('PATCH', '/api/presets/private-one', otherKey, { title: 'Mine now' }),
      await send('DELETE', '/api/presets/private-one', otherKey),
      await send('POST', '/api/generate', otherKey, { preset: 'private-one', keywords: 'x' }),
    ];
    for (const res of routes) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Preset not found');
    }
    const client = await mcpClient(t, otherKey);
    try {
      for (const [tool, args] of [
        ['get_template', { slug: 'private-one' }],
        ['update_template', { slug: 'private-one', title: 'x' }],
        ['delete_template', { slug: 'private-one' }],
        ['generate_text', { preset: 'private-one', keywords: 'x' }],
      ] as const) {
        const result = await callTool(client, tool, args);
        expect(result.isError, tool).toBe(true);
        expect(textOf(result), tool).toContain('Preset not found');
      }
      const listed = jsonOf<{ templates: Json[] }>(
        await callTool(client, 'list_templates', { limit: 50, offset: 200 }),
      );
      expect(listed.templates.some((p) => p.slug === 'private-one')).toBe(false);
    } finally {
      await client.close();
    }
    // Still there for its owner.
    expect((await send('GET', '/api/presets/private-one', key)).statusCode).toBe(200);
  });
});

describe('generating with a user preset', () => {
  it('answers as a catalogue preset does; the builtin engine uses every input; outputs keep their version', async () => {
    await send('POST', '/api/presets', key, newsletter('gen-news'));
    const catalogue = await send('POST', '/api/generate', key, { preset: 'blog-post', keywords: 'spring fair' });
    const own = await send('POST', '/api/generate', key, {
      preset: 'gen-news',
      keywords: 'The spring fair moves to May',
      extra12: 'excited',
      extra5: 'true',
      outputs: 2,
    });
    expect(own.statusCode).toBe(200);
    const outputs = own.json<{ id: number; name: string; text: string }[]>();
    const shape = (list: Json[]) => list.map((o) => Object.keys(o).sort());
    expect(shape(outputs)).toEqual([shape(catalogue.json<Json[]>())[0], shape(catalogue.json<Json[]>())[0]]);
    const [first] = outputs;
    expect(first?.text.split('\n')[0]).toContain("offline by Atelier's builtin engine");
    for (const input of [
      'Club newsletter',
      'The spring fair moves to May',
      'The Club',
      'excited',
      'Add a quiz',
      'English',
    ]) {
      expect(first?.text).toContain(input);
    }
    const stored = await send('GET', `/api/outputs/${first?.id}`, key);
    expect(stored.json()).toMatchObject({ preset: 'gen-news', preset_version: 1 });

    const edited = await send('PATCH', '/api/presets/gen-news', key, {
      title: 'Club letter',
      prompt: 'Letter for {{extra7}} ({{extra12}}{{#extra5}}, quiz{{/extra5}}): {{keywords}}',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      version: 2,
      title: 'Club letter',
      description: 'A monthly note to the members',
    });
    const after = await send('POST', '/api/generate', key, { preset: 'gen-news', keywords: 'Autumn' });
    const [later] = after.json<{ id: number }[]>();
    expect((await send('GET', `/api/outputs/${later?.id}`, key)).json()).toMatchObject({ preset_version: 2 });
    expect((await send('GET', `/api/outputs/${first?.id}`, key)).json()).toMatchObject({ preset_version: 1 });
    const catalogueStored = await send('GET', `/api/outputs/${catalogue.json<{ id: number }[]>()[0]?.id}`, key);
    expect(catalogueStored.json()).not.toHaveProperty('preset_version');

    const empty = await send('PATCH', '/api/presets/gen-news', key, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toContain('Give at least one of');
    const broken = await send('PATCH', '/api/presets/gen-news', key, { prompt: 'Only {{keywords}}' });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken)).toContain('extra7 (Club name) is not used');
    const versions = await send('GET', '/api/presets/gen-news/versions', key);
    expect(versions.json<{ versions: { version: number; prompt: string }[] }>().versions.map((v) => v.version)).toEqual(
      [2, 1],
    );
  });

  it("enforces required fields, limits and options with the catalogue's error texts", async () => {
    await send('POST', '/api/presets', key, newsletter('strict-news'));
    const missing = await send('POST', '/api/generate', key, { preset: 'strict-news', keywords: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toContain('keywords (News) is required for preset "strict-news"');
    const long = await send('POST', '/api/generate', key, { preset: 'strict-news', keywords: 'x'.repeat(301) });
    expect(errorOf(long)).toContain('keywords (News) must be at most 300 characters for preset "strict-news"');
    const option = await send('POST', '/api/generate', key, { preset: 'strict-news', keywords: 'x', extra12: 'angry' });
    expect(errorOf(option)).toContain('extra12: must be one of calm, excited');
    const box = await send('POST', '/api/generate', key, { preset: 'strict-news', keywords: 'x', extra5: 'maybe' });
    expect(errorOf(box)).toContain('extra5: must be true or false');
  });

  it('is gone once deleted, and its old outputs stay', async () => {
    await send('POST', '/api/presets', key, newsletter('short-lived'));
    const [made] = (await send('POST', '/api/generate', key, { preset: 'short-lived', keywords: 'x' })).json<
      { id: number }[]
    >();
    expect((await send('DELETE', '/api/presets/short-lived', key)).json()).toEqual({
      deleted: true,
      slug: 'short-lived',
    });
    expect((await send('GET', '/api/presets/short-lived', key)).statusCode).toBe(404);
    expect((await send('POST', '/api/generate', key, { preset: 'short-lived', keywords: 'x' })).statusCode).toBe(404);
    expect((await send('GET', `/api/outputs/${made?.id}`, key)).json()).toMatchObject({ preset_version: 1 });
    // The slug is free again.
    expect((await send('POST', '/api/presets', otherKey, newsletter('short-lived'))).statusCode).toBe(201);
  });
});

describe('MCP', () => {
  let client: Client;
  beforeAll(async () => {
    client = await mcpClient(t, key);
  });
  afterAll(() => client.close());

  it('create_template, then get_template and generate_text with it', async () => {
    const created = await callTool(client, 'create_template', {
      title: 'Haiku maker',
      fields: [
        { name: 'keywords', label: 'Subject', type: 'text', required: true },
        { name: 'extra9', label: 'Season', type: 'radio', options: ['spring', 'winter'] },
      ],
      prompt: 'A haiku about {{keywords}} in {{extra9}}',
    });
    expect(created.isError).toBeFalsy();
    const { slug } = jsonOf<{ slug: string }>(created);
    expect(slug).toBe('haiku-maker');
    const template = jsonOf<{ fields: { name: string }[]; custom: boolean }>(
      await callTool(client, 'get_template', { slug }),
    );
    expect(template.custom).toBe(true);
    expect(template.fields.map((f) => f.name)).toEqual(['keywords', 'extra9']);
    const [output] = jsonOf<{ text: string }[]>(
      await callTool(client, 'generate_text', {
        preset: slug,
        keywords: 'cold tea',
        extra_fields: { extra9: 'winter' },
      }),
    );
    expect(output?.text).toContain('cold tea');
    expect(output?.text).toContain('winter');
    const updated = await callTool(client, 'update_template', { slug, description: 'Seventeen syllables' });
    expect(jsonOf<{ version: number }>(updated).version).toBe(2);
    expect(jsonOf(await callTool(client, 'delete_template', { slug }))).toEqual({ deleted: true, slug });
  });
});
