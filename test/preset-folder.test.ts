import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../src/modules/presets/catalogue/index.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Json = Record<string, unknown>;
type FolderStatus = { dir: string; loaded_at: string | null; presets: string[]; hidden: string[]; errors: Json[] };

const letter = (title = 'Club letter') => `slug: club-letter
title: ${title}
description: A note to the members
category: [Marketing]
fields:
  - {name: keywords, label: News, type: textarea, required: true}
  - {name: extra12, label: Mood, type: select, options: [calm, excited], default: calm}
  - {name: extra5, label: Add a quiz, type: checkbox}
prompt: "Write a {{extra12}} letter in {{language}} about {{keywords}}.{{#extra5}} End with a quiz.{{/extra5}}"
`;
const blogOverride = {
  slug: 'blog-post',
  title: 'House blog post',
  category: ['Tools'],
  fields: [{ name: 'keywords', label: 'Subject', type: 'text', required: true }],
  prompt: 'Write our house blog post about {{keywords}}.',
};

let dir: string;
let t: TestApp;
let key: string;
let admin: string;

/** Writes a file as editors that save by replacing do: a new file renamed over the old one. */
function save(name: string, text: string): void {
  const temporary = join(dir, `.${name}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, join(dir, name));
}

const get = (url: string, as = key) => t.server.inject({ method: 'GET', url, headers: withKey(as) });
const folder = async () => (await get('/api/admin/presets/folder', admin)).json<FolderStatus>();

/** Polls until `check` holds: the folder is read again a moment after a change, never at a known instant. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still not: ${what}`);
}
const titleOf = async (slug: string) => {
  const res = await get(`/api/presets/${slug}`);
  return res.statusCode === 200 ? res.json<{ title: string }>().title : res.statusCode;
};

/** The folder's files and a service reading it: the file's, and one of its own for each test that edits files. */
async function startFolder(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'atelier-preset-folder-'));
  writeFileSync(join(dir, 'club-letter.yaml'), letter());
  writeFileSync(join(dir, 'blog-post.json'), JSON.stringify(blogOverride));
  writeFileSync(join(dir, 'press.yml'), letter('Press note').replace('slug: club-letter', 'slug: press-release'));
  writeFileSync(join(dir, 'no-paragraphs.yaml'), 'slug: paragraph-writer\nhidden: true\n');
  writeFileSync(join(dir, 'notes.txt'), 'not a preset: other files are left alone');
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_PRESETS_DIR: dir });
  key = (await t.account({ plan: 'free', credits: 1000 })).key;
  admin = (await t.account({ admin: true })).key;
}
async function stopFolder(): Promise<void> {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Runs `test` on a folder and service of its own (the helpers above read them), then gives the file's back: a test
 * that edits files finds them as made, and leaves them so for the tests after it, in whatever order they run.
 */
async function onOwnFolder(test: () => Promise<void>): Promise<void> {
  const shared = { dir, t, key, admin };
  await startFolder();
  try {
    await test();
  } finally {
    await stopFolder();
    ({ dir, t, key, admin } = shared);
  }
}

beforeAll(startFolder);
afterAll(stopFolder);

describe('ATELIER_PRESETS_DIR at start', () => {
  it('adds, overrides (by slug or alias) and hides catalogue presets, in the lists and everywhere a slug is taken', async () => {
    const list = (await get('/api/presets')).json<{ presets: Json[]; total: number }>();
    const slugs = list.presets.map((p) => p.slug);
    expect(slugs).toContain('club-letter');
    expect(slugs).not.toContain('paragraph-writer');
    expect(list.total).toBe(PRESETS.filter((p) => p.fields.length > 0).length);
    expect(list.presets.find((p) => p.slug === 'blog-post')).toMatchObject({
      title: 'House blog post',
      category: ['Tools'],
    });
    // The override by alias keeps the slug it replaced, which still answers.
    expect(slugs).toContain('press-release');
    expect(await titleOf('press-release-generator')).toBe('Press note');
    expect(await titleOf('paragraph-writer')).toBe(404);
    const hidden = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'paragraph-writer', keywords: 'x' },
    });
    expect(hidden.statusCode).toBe(404);
    // A hidden slug stays the catalogue's: the operator may show it again.
    const taken = await t.server.inject({
      method: 'POST',
      url: '/api/presets',
      headers: withKey(key),
      payload: {
        slug: 'paragraph-writer',
        title: 'Mine',
        fields: [{ name: 'keywords', label: 'Topic', type: 'text' }],
        prompt: 'About {{keywords}}',
      },
    });
    expect(taken.statusCode).toBe(409);

    const detail = (await get('/api/presets/club-letter')).json<Json>();
    expect(detail).not.toHaveProperty('custom');
    expect(detail.fields).toEqual([
      { name: 'keywords', label: 'News', type: 'textarea', required: true, maxLength: expect.any(Number) },
      {
        name: 'extra12',
        label: 'Mood',
        type: 'select',
        required: false,
        radioOptions: [
          { value: 'calm', default: true },
          { value: 'excited', default: false },
        ],
      },
      { name: 'extra5', label: 'Add a quiz', type: 'checkbox', required: false, default: 'false' },
    ]);
  });

  it('generates from a folder preset offline with every input, in the shape of a catalogue preset', async () => {
    const generate = (payload: Json) =>
      t.server.inject({ method: 'POST', url: '/api/generate', headers: withKey(key), payload });
    const own = await generate({
      preset: 'club-letter',
      keywords: 'The fair moves to May',
      extra12: 'excited',
      extra5: 'true',
    });
    expect(own.statusCode).toBe(200);
    const [first] = own.json<{ text: string }[]>();
    expect(first?.text).toContain("offline by Atelier's builtin engine");
    for (const given of ['Club letter', 'The fair moves to May', 'excited', 'Add a quiz:\nyes']) {
      expect(first?.text).toContain(given);
    }
    const catalogue = await generate({ preset: 'content-rewriter', keywords: 'spring fair' });
    const shape = (res: typeof own) => Object.keys(res.json<Json[]>()[0] ?? {}).sort();
    expect(shape(own)).toEqual(shape(catalogue));
    const overridden = await generate({ preset: 'blog-post', keywords: 'our garden' });
    expect(overridden.json<{ text: string }[]>()[0]?.text).toContain('House blog post');
    expect((await generate({ preset: 'club-letter', extra12: 'calm' })).statusCode).toBe(400);
  });

  it('tells admins what the folder gave, and no one else', async () => {
    expect(await folder()).toMatchObject({
      dir,
      loaded_at: expect.any(String),
      presets: expect.arrayContaining(['club-letter', 'blog-post', 'press-release']),
      hidden: ['paragraph-writer'],
      errors: [],
    });
    expect((await get('/api/admin/presets/folder')).statusCode).toBe(404);
  });
});

describe('ATELIER_PRESETS_DIR while the service runs', () => {
  it('takes an edited, a new and a deleted file without a restart', () =>
    onOwnFolder(async () => {
      save('club-letter.yaml', letter('Members letter'));
      await until(async () => (await titleOf('club-letter')) === 'Members letter', 'the edited title');
      save('second.json', JSON.stringify({ ...blogOverride, slug: 'second-letter', title: 'Second letter' }));
      await until(async () => (await titleOf('second-letter')) === 'Second letter', 'the new file');
      // The cached list follows the catalogue's revision.
      const listed = (await get('/api/presets')).json<{ presets: Json[] }>().presets;
      expect(listed.find((p) => p.slug === 'second-letter')).toMatchObject({ title: 'Second letter' });
      expect(listed.find((p) => p.slug === 'club-letter')).toMatchObject({ title: 'Members letter' });
      unlinkSync(join(dir, 'no-paragraphs.yaml'));
      await until(async () => (await titleOf('paragraph-writer')) !== 404, 'the hidden preset back');
      unlinkSync(join(dir, 'blog-post.json'));
      await until(async () => (await titleOf('blog-post')) === 'Blog Post', "the code's blog-post back");
    }));

  it('keeps the last good catalogue while a file is broken, and names the file and the field', () =>
    onOwnFolder(async () => {
      const broken = {
        ...blogOverride,
        slug: 'broken-one',
        fields: [{ name: 'keywords', label: 'x', type: 'text', options: 'a' }],
      };
      save('broken.json', JSON.stringify(broken));
      save('club-letter.yaml', letter('Never seen'));
      await until(async () => (await folder()).errors.length > 0, 'the broken file reported');
      expect((await folder()).errors).toEqual([
        { file: 'broken.json', message: expect.stringMatching(/^fields\[0\]\.options: /) },
      ]);
      expect(await titleOf('club-letter')).toBe('Club letter');
      expect(await titleOf('broken-one')).toBe(404);

      // The API's own checks, after the schema's: a field the template does not use.
      save('broken.json', JSON.stringify({ ...blogOverride, slug: 'broken-one', prompt: 'Nothing' }));
      await until(
        async () => JSON.stringify((await folder()).errors).includes('not used by the prompt template'),
        'the unused field reported',
      );
      save('copy.yaml', letter('Copy'));
      await until(async () => (await folder()).errors.length === 2, 'the duplicate reported');
      expect((await folder()).errors).toContainEqual({
        file: expect.stringMatching(/^c/),
        message: expect.stringContaining('is also the slug of'),
      });

      // An image or speech preset is an account's: the catalogue runs its presets as text.
      save('broken.json', JSON.stringify({ ...blogOverride, slug: 'broken-one', output: 'speech' }));
      await until(
        async () => JSON.stringify((await folder()).errors).includes('the folder holds text presets'),
        'the speech preset refused',
      );
      expect((await folder()).errors).toContainEqual({
        file: 'broken.json',
        message: 'output: the folder holds text presets (this one makes speech)',
      });

      unlinkSync(join(dir, 'broken.json'));
      unlinkSync(join(dir, 'copy.yaml'));
      await until(async () => (await titleOf('club-letter')) === 'Never seen', 'the catalogue taken once fixed');
      expect((await folder()).errors).toEqual([]);
    }));

  it('refuses a file over the size limit by name, unread', () =>
    onOwnFolder(async () => {
      save('huge.yaml', `${letter().replace('club-letter', 'huge-one')}# ${'x'.repeat(300 * 1024)}\n`);
      await until(async () => (await folder()).errors.length > 0, 'the huge file reported');
      expect((await folder()).errors).toEqual([
        { file: 'huge.yaml', message: expect.stringContaining('a preset file may hold at most 262144') },
      ]);
      expect(await titleOf('huge-one')).toBe(404);
      unlinkSync(join(dir, 'huge.yaml'));
      await until(async () => (await folder()).errors.length === 0, 'the folder good again');
    }));
});

describe('ATELIER_PRESETS_DIR broken at start', () => {
  it("starts with the code's catalogue and says which file is wrong", async () => {
    const brokenDir = mkdtempSync(join(tmpdir(), 'atelier-preset-folder-broken-'));
    writeFileSync(join(brokenDir, 'good.yaml'), letter());
    writeFileSync(join(brokenDir, 'bad.yaml'), 'slug: [unclosed\n');
    writeFileSync(join(brokenDir, 'ghost.yaml'), 'slug: no-such-preset\nhidden: true\n');
    const other = await startTestApp({ ATELIER_PRESETS_DIR: brokenDir });
    try {
      const otherAdmin = (await other.account({ admin: true })).key;
      const status = (
        await other.server.inject({ method: 'GET', url: '/api/admin/presets/folder', headers: withKey(otherAdmin) })
      ).json<FolderStatus>();
      expect(status).toMatchObject({ loaded_at: null, presets: [] });
      expect(status.errors).toEqual([
        { file: 'bad.yaml', message: expect.stringContaining('not valid YAML') },
        { file: 'ghost.yaml', message: 'slug: no catalogue preset is called "no-such-preset"' },
      ]);
      const res = await other.server.inject({
        method: 'GET',
        url: '/api/presets/club-letter',
        headers: withKey(otherAdmin),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('leaves presets written in code to their compositions: every one has some', () => {
    expect(PRESETS.filter((p) => p.builtin.length === 0).map((p) => p.slug)).toEqual([]);
  });
});
