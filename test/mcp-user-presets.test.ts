import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type AtelierClient, createClient } from '@atelier/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, jsonOf, mcpClient, textOf } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let key: string;
let mcp: Client;
let stranger: Client;
let typed: AtelierClient;

/** A preset with no keywords field: what it needs is in extra fields only. */
const LETTER = {
  title: 'Thank-you letter',
  description: 'A short letter of thanks',
  category: ['Business'],
  fields: [
    { name: 'extra5', label: 'Recipient', type: 'text', required: true },
    { name: 'extra6', label: 'Gift', type: 'text' },
  ],
  prompt: 'Thank {{extra5}}{{#extra6}} for {{extra6}}{{/extra6}}, in {{language}}.',
};

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  key = (await t.account({ credits: 500 })).key;
  mcp = await mcpClient(t, key);
  stranger = await mcpClient(t, (await t.account()).key);
  typed = createClient({ baseUrl: `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`, apiKey: key });
});
afterAll(async () => {
  await mcp?.close();
  await stranger?.close();
  await t?.close();
});

const contentOf = (read: { contents: ({ text: string } | { blob: string })[] }) => {
  const [first] = read.contents;
  return JSON.parse(first && 'text' in first ? first.text : '{}') as Record<string, unknown>;
};

describe('MCP: presets of your own', () => {
  it('creates one, lists it as custom, reads it as a tool and as a resource, and generates from extra fields only', async () => {
    const created = await callTool(mcp, 'create_template', LETTER);
    expect(created.isError, textOf(created)).toBeFalsy();
    expect(jsonOf(created)).toMatchObject({ slug: 'thank-you-letter', version: 1, custom: true, brand_voice: null });

    const listed = jsonOf<{ templates: { slug: string; custom?: true }[]; total: number }>(
      await callTool(mcp, 'list_templates', { limit: 50, offset: 0, category: 'Business' }),
    );
    const lastPage = jsonOf<{ templates: { slug: string; custom?: true }[] }>(
      await callTool(mcp, 'list_templates', { limit: 50, offset: listed.total - 1, category: 'Business' }),
    );
    expect(lastPage.templates).toEqual([expect.objectContaining({ slug: 'thank-you-letter', custom: true })]);

    const template = jsonOf<{ custom: true; version: number; fields: { name: string }[] }>(
      await callTool(mcp, 'get_template', { slug: 'thank-you-letter' }),
    );
    expect(template).toMatchObject({ custom: true, version: 1 });
    expect(template.fields.map((f) => f.name)).toEqual(['extra5', 'extra6']);

    const { resources } = await mcp.listResources();
    expect(resources.at(-1)).toMatchObject({ uri: 'atelier://presets/thank-you-letter', title: 'Thank-you letter' });
    expect(resources.some((r) => r.uri === 'atelier://presets/blog-post')).toBe(true);
    expect(contentOf(await mcp.readResource({ uri: 'atelier://presets/thank-you-letter' }))).toEqual(template);

    const generated = await callTool(mcp, 'generate_text', {
      preset: 'thank-you-letter',
      extra_fields: { extra5: 'Aunt May', extra6: 'the honey' },
    });
    expect(generated.isError, textOf(generated)).toBeFalsy();
    const [output] = jsonOf<{ id: number; name: string; text: string }[]>(generated);
    expect(output?.text).toContain('Aunt May');
    expect(output?.text).toContain('the honey');

    const missing = await callTool(mcp, 'generate_text', { preset: 'thank-you-letter', extra6: 'jam' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('extra5 (Recipient) is required for preset "thank-you-letter"');

    const prompt = await mcp.getPrompt({
      name: 'write_with_preset',
      arguments: { preset: 'thank-you-letter', topic: 'a jar of honey from Aunt May' },
    });
    const [message] = prompt.messages;
    const said = message?.content.type === 'text' ? message.content.text : '';
    expect(said).toContain('"thank-you-letter" (Thank-you letter)');
    expect(said).toContain('extra5 (Recipient, required), extra6 (Gift)');
    expect(said).toContain('generate_text');
  });

  it('is not found to another account: tools, resources, the prompt and generate_text', async () => {
    await callTool(mcp, 'create_template', { ...LETTER, title: 'Private letter' });
    const notFound = 'Preset not found';
    expect(textOf(await callTool(stranger, 'get_template', { slug: 'private-letter' }))).toBe(notFound);
    const generated = await callTool(stranger, 'generate_text', { preset: 'private-letter', extra5: 'x' });
    expect([generated.isError, textOf(generated)]).toEqual([true, notFound]);
    const { resources } = await stranger.listResources();
    expect(resources.some((r) => /private-letter|thank-you-letter/.test(r.uri))).toBe(false);
    await expect(stranger.readResource({ uri: 'atelier://presets/private-letter' })).rejects.toThrow(notFound);
    await expect(
      stranger.getPrompt({ name: 'write_with_preset', arguments: { preset: 'private-letter', topic: 'x' } }),
    ).rejects.toThrow(notFound);
  });

  it('keeps the clear error of a catalogue preset called without keywords, and the hosted calls with them', async () => {
    const api = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'blog-post' },
    });
    expect(api.statusCode).toBe(400);
    const viaTool = await callTool(mcp, 'generate_text', { preset: 'blog-post' });
    expect(viaTool.isError).toBe(true);
    expect(textOf(viaTool)).toBe(api.json<{ error: string }>().error);
    expect(textOf(viaTool)).toMatch(/^keywords \(.+\) is required for preset "blog-post"$/);
    const hosted = await callTool(mcp, 'generate_text', {
      preset: 'paragraph-writer',
      keywords: 'bees',
      extra_fields: { extra1: 'wax moths' },
    });
    expect(hosted.isError, textOf(hosted)).toBeFalsy();
    expect(jsonOf<{ text: string }[]>(hosted)[0]?.text).toContain('wax moths');
  });

  it('gives outputs of the same shape for a catalogue and a user preset through /api/generate, MCP and the typed client', async () => {
    await callTool(mcp, 'create_template', { ...LETTER, title: 'Shape letter' });
    const catalogue = { preset: 'paragraph-writer', keywords: 'bees' };
    const own = { preset: 'shape-letter', extra5: 'Aunt May' };
    const shapes: string[] = [];
    for (const body of [catalogue, own]) {
      const api = await t.server.inject({ method: 'POST', url: '/api/generate', headers: withKey(key), payload: body });
      expect(api.statusCode, api.body).toBe(200);
      const tool = await callTool(mcp, 'generate_text', body);
      expect(tool.isError, textOf(tool)).toBeFalsy();
      const client = await typed.text.generate(body);
      for (const outputs of [api.json<object[]>(), jsonOf<object[]>(tool), client]) {
        expect(outputs).toHaveLength(1);
        expect(outputs[0]).toEqual({ id: expect.any(Number), name: expect.any(String), text: expect.any(String) });
        shapes.push(
          Object.keys(outputs[0] ?? {})
            .sort()
            .join(','),
        );
      }
    }
    expect(new Set(shapes)).toEqual(new Set(['id,name,text']));
  });
});
