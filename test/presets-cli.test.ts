import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type CliHost, atelier, startCliHost } from './helpers/processes.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Json = Record<string, unknown>;

let scratch: string;
let cli: CliHost;
/** Two instances, each with an account: presets go from the first to the second over real HTTP. */
let from: { t: TestApp; key: string; env: Record<string, string> };
let to: { t: TestApp; key: string; env: Record<string, string> };

const newsletter = (slug: string, title = 'Club newsletter'): Json => ({
  slug,
  title,
  description: 'A monthly note to the members',
  category: ['Marketing'],
  fields: [
    { name: 'keywords', label: 'News', type: 'textarea', required: true, maxLength: 300, placeholder: 'What happened' },
    { name: 'extra7', label: 'Club name', type: 'text', default: 'The Club' },
    { name: 'extra12', label: 'Mood', type: 'radio', options: ['calm', 'excited'], default: 'excited' },
    { name: 'extra5', label: 'Add a quiz', type: 'checkbox', default: 'true' },
  ],
  prompt:
    'Write a {{extra12}} newsletter for {{extra7}} in {{language}}.\nNews: {{keywords}}{{#extra5}} Quiz.{{/extra5}}',
});

async function instance() {
  const t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  const { key } = await t.account({ plan: 'free' });
  const { port } = t.server.server.address() as AddressInfo;
  return { t, key, env: { ATELIER_URL: `http://127.0.0.1:${port}`, ATELIER_API_KEY: key } };
}

const call = async (side: typeof from, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json) => {
  const res = await fetch(`${side.env.ATELIER_URL}${url}`, {
    method,
    headers: { ...withKey(side.key), ...(payload && { 'content-type': 'application/json' }) },
    ...(payload && { body: JSON.stringify(payload) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
};
/** A preset as anyone reads it back: its detail and its current version's fields and prompt (not its number). */
const readBack = async (side: typeof from, slug: string) => {
  const { version: _number, ...detail } = (await call(side, 'GET', `/api/presets/${slug}`)).body;
  const [current] = (await call(side, 'GET', `/api/presets/${slug}/versions`)).body.versions as Json[];
  const { version: _same, created_at: _when, ...definition } = current ?? {};
  return { detail, definition };
};

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'atelier-presets-cli-'));
  cli = startCliHost();
  [from, to] = await Promise.all([instance(), instance()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([cli?.close(), from?.t.close(), to?.t.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

describe('atelier presets validate', () => {
  it('passes good files and names each bad one with its field, offline', async () => {
    const dir = join(scratch, 'validate');
    const bad = join(scratch, 'bad.yaml');
    mkdirSync(dir);
    writeFileSync(join(dir, 'letter.yaml'), JSON.stringify(newsletter('club-letter')));
    writeFileSync(join(dir, 'hide.json'), JSON.stringify({ slug: 'blog-post', hidden: true }));
    const good = await cli.run(['presets', 'validate', dir], {});
    expect(good.stderr).toBe('');
    expect(good.stdout).toContain('letter.yaml: ok, preset club-letter');
    expect(good.stdout).toContain('hide.json: ok, hides blog-post');
    expect(good.code).toBe(0);

    const wrong = newsletter('club-letter');
    (wrong.fields as Json[])[2] = { name: 'extra12', label: 'Mood', type: 'radio', options: 'calm' };
    writeFileSync(bad, `# a comment\n${JSON.stringify(wrong)}`);
    // The real binary: it sends the commands that read preset files past its shortcut for user commands.
    const refused = await atelier(['presets', 'validate', bad, join(dir, 'letter.yaml')], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^${bad}: fields\\[2\\]\\.options: `));
    expect(refused.stdout).toContain('1 good, 1 wrong');
  });
});

describe('atelier presets export and import', () => {
  it('export then import gives the same presets on another instance', async () => {
    expect((await call(from, 'POST', '/api/presets', newsletter('club-news'))).status).toBe(201);
    expect((await call(from, 'POST', '/api/presets', newsletter('short-news', 'Short news'))).status).toBe(201);
    const edited = await call(from, 'PATCH', '/api/presets/short-news', {
      prompt: 'Only: {{keywords}} {{extra7}} {{extra12}} {{extra5}}',
    });
    expect(edited.body.version).toBe(2);

    const dir = join(scratch, 'exported');
    const exported = await cli.run(['presets', 'export', dir], from.env);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['club-news.yaml', 'short-news.yaml']);
    expect(parseYaml(readFileSync(join(dir, 'short-news.yaml'), 'utf8'))).toMatchObject({
      slug: 'short-news',
      prompt: 'Only: {{keywords}} {{extra7}} {{extra12}} {{extra5}}',
    });
    // What export writes is what the folder and validate take.
    expect((await cli.run(['presets', 'validate', dir], {})).code).toBe(0);

    const imported = await cli.run(['presets', 'import', dir], to.env);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('club-news.yaml: created club-news');
    expect(imported.code).toBe(0);
    for (const slug of ['club-news', 'short-news']) {
      expect(await readBack(to, slug)).toEqual(await readBack(from, slug));
    }

    const again = await cli.run(['presets', 'import', dir], to.env);
    expect(again.stdout).toContain('short-news.yaml: unchanged short-news');
    const json = join(scratch, 'json');
    expect((await cli.run(['presets', 'export', json, '--slug', 'club-news', '--format', 'json'], from.env)).code).toBe(
      0,
    );
    expect(readdirSync(json)).toEqual(['club-news.json']);
    const changed = { ...JSON.parse(readFileSync(join(json, 'club-news.json'), 'utf8')), title: 'Renamed news' };
    writeFileSync(join(json, 'club-news.json'), JSON.stringify(changed));
    const update = await cli.run(['presets', 'import', join(json, 'club-news.json')], to.env);
    expect(update.stdout).toContain('updated club-news');
    expect((await call(to, 'GET', '/api/presets/club-news')).body).toMatchObject({ title: 'Renamed news', version: 2 });
    expect((await cli.run(['presets', 'export', dir], from.env)).stderr).toContain('already exists');
  });

  it('reports each file the service or the schema refuses, and imports the others', async () => {
    const dir = join(scratch, 'mixed');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a-catalogue.yaml'), JSON.stringify(newsletter('blog-post')));
    writeFileSync(
      join(dir, 'b-unused.json'),
      JSON.stringify({ ...newsletter('unused-field'), prompt: '{{keywords}}' }),
    );
    writeFileSync(join(dir, 'c-hide.yaml'), 'slug: content-rewriter\nhidden: true\n');
    writeFileSync(join(dir, 'd-good.yaml'), JSON.stringify(newsletter('good-one')));
    const result = await cli.run(['presets', 'import', dir], to.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('a-catalogue.yaml: The slug "blog-post" is a catalogue preset\'s');
    expect(result.stderr).toContain('b-unused.json: fields: extra7 (Club name) is not used by the prompt template');
    expect(result.stderr).toContain('c-hide.yaml: hides a catalogue preset');
    expect(result.stdout).toContain('d-good.yaml: created good-one');
    expect(result.stdout).toContain('1 imported, 3 failed');
    expect((await call(to, 'GET', '/api/presets/good-one')).status).toBe(200);
  });
});
