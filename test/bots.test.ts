import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotRecord } from '../src/modules/bots/bots.service.js';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { tinyPdf } from './helpers/tiny-pdf.js';

type Bot = BotRecord;
type BotDocument = {
  id: string;
  title: string;
  kind: string;
  characters: number;
  chunks: number;
  created_at: string;
  warnings?: string[];
};
type FilePart = { name: string; filename: string; type: string; data: Buffer | string };

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  key = (await t.account()).key;
});
afterAll(async () => {
  await t.close();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  apiKey = key,
  app: TestApp = t,
) {
  return app.server.inject({
    method,
    url,
    headers: withKey(apiKey),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function createBot(payload: Record<string, unknown> = {}, apiKey = key, app: TestApp = t): Promise<Bot> {
  const res = await request('POST', '/api/bots', { name: 'Harbour guide', ...payload }, apiKey, app);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Bot>();
}

/** A multipart/form-data body as a browser would send it, built by the platform's own FormData. */
async function upload(
  botId: string,
  files: FilePart[],
  fields: Record<string, string> = {},
  apiKey = key,
  app: TestApp = t,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.name, new Blob([f.data], { type: f.type }), f.filename);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.server.inject({
    method: 'POST',
    url: `/api/bots/${botId}/documents`,
    headers: { ...withKey(apiKey), 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const addText = (botId: string, title: string, content: string, extra: Record<string, unknown> = {}, apiKey = key) =>
  request('POST', `/api/bots/${botId}/documents`, { title, content, ...extra }, apiKey);

describe('bots: create, list, read, change, delete', () => {
  it('creates a bot with defaults and an unguessable public_url', async () => {
    const bot = await createBot({ instructions: 'Answer briefly.', welcome_message: 'Ask me about the harbour.' });
    expect(bot).toMatchObject({
      name: 'Harbour guide',
      instructions: 'Answer briefly.',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      welcome_message: 'Ask me about the harbour.',
      documents: 0,
    });
    expect(bot.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bot.public_url).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(bot.api_url).toBe(`http://127.0.0.1:8080/bot/${bot.public_url}/api`);
    expect(bot.created_at).toBe(bot.updated_at);
    const other = await createBot({ model: 'my-local-llama', temperature: 0, welcome_message: '' });
    expect(other).toMatchObject({ model: 'my-local-llama', temperature: 0, welcome_message: null, instructions: '' });
    expect(other.public_url).not.toBe(bot.public_url);
  });

  it('lists, reads, changes and deletes', async () => {
    const { key: own } = await t.account();
    const first = await createBot({ name: 'First' }, own);
    const second = await createBot({ name: 'Second' }, own);
    const list = (await request('GET', '/api/bots', undefined, own)).json<{ bots: Bot[] }>();
    expect(list.bots.map((b) => b.name).sort()).toEqual(['First', 'Second']);

    expect((await request('GET', `/api/bots/${first.id}`, undefined, own)).json<Bot>()).toEqual(first);
    expect((await request('GET', `/api/bots/${first.id.toUpperCase()}`, undefined, own)).json<Bot>().id).toBe(first.id);

    const patched = await request(
      'PATCH',
      `/api/bots/${first.id}`,
      { name: '  Renamed  ', temperature: 1.5, welcome_message: null, instructions: 'Be kind.' },
      own,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Bot>()).toMatchObject({
      id: first.id,
      name: 'Renamed',
      temperature: 1.5,
      welcome_message: null,
      instructions: 'Be kind.',
      model: first.model,
      public_url: first.public_url,
    });
    expect(patched.json<Bot>().updated_at >= first.updated_at).toBe(true);

    const removed = await request('DELETE', `/api/bots/${second.id}`, undefined, own);
    expect(removed.json()).toEqual({ id: second.id, deleted: true });
    expect((await request('GET', `/api/bots/${second.id}`, undefined, own)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/bots/${second.id}`, undefined, own)).json()).toEqual({
      error: 'Bot not found',
    });
    expect((await request('GET', '/api/bots', undefined, own)).json<{ bots: Bot[] }>().bots.map((b) => b.id)).toEqual([
      first.id,
    ]);
  });

  it('finds a bot by its public_url for the chat side, whoever owns it', async () => {
    const bot = await createBot();
    const found = await t.app.services.bots.findByPublicUrl(bot.public_url);
    expect(found).toMatchObject({ id: bot.id, name: bot.name, public_url: bot.public_url });
    expect(found?.account_id).toBeTruthy();
    expect(await t.app.services.bots.findByPublicUrl('x'.repeat(32))).toBeUndefined();
    expect(await t.app.services.bots.findByPublicUrl("' or 1=1 --")).toBeUndefined();
  });

  it("refuses a bot over the plan's limit with 409 (free: 3)", async () => {
    const { key: own } = await t.account({ plan: 'free' });
    for (let i = 0; i < 3; i++) await createBot({ name: `Bot ${i}` }, own);
    const res = await request('POST', '/api/bots', { name: 'One too many' }, own);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'The free plan allows at most 3 bots: delete one first' });
  });
});

describe('bots: validation', () => {
  it('answers 400 naming the field', async () => {
    const bot = await createBot();
    const cases: [string, 'POST' | 'PATCH', string, unknown, string][] = [
      ['no name', 'POST', '/api/bots', {}, 'name: is required'],
      ['blank name', 'POST', '/api/bots', { name: '   ' }, 'name: must not be empty'],
      ['long name', 'POST', '/api/bots', { name: 'n'.repeat(101) }, 'name: must be at most 100 characters'],
      [
        'long instructions',
        'POST',
        '/api/bots',
        { name: 'x', instructions: 'i'.repeat(8_001) },
        'instructions: must be at most 8000 characters',
      ],
      [
        'long welcome',
        'POST',
        '/api/bots',
        { name: 'x', welcome_message: 'w'.repeat(1_001) },
        'welcome_message: must be at most 1000 characters',
      ],
      ['hot', 'POST', '/api/bots', { name: 'x', temperature: 2.5 }, 'temperature: must be at most 2'],
      ['cold', 'POST', '/api/bots', { name: 'x', temperature: -0.1 }, 'temperature: must be at least 0'],
      ['not a number', 'POST', '/api/bots', { name: 'x', temperature: 'warm' }, 'temperature: must be a number'],
      ['empty model', 'POST', '/api/bots', { name: 'x', model: '' }, 'model: must not be empty'],
      [
        'long model',
        'POST',
        '/api/bots',
        { name: 'x', model: 'm'.repeat(101) },
        'model: must be at most 100 characters',
      ],
      ['unknown field', 'POST', '/api/bots', { name: 'x', colour: 'red' }, 'body: unknown field "colour"'],
      ['empty change', 'PATCH', `/api/bots/${bot.id}`, {}, 'body: send at least one field to change'],
      ['bad change', 'PATCH', `/api/bots/${bot.id}`, { temperature: 9 }, 'temperature: must be at most 2'],
      [
        'public_url is not writable',
        'PATCH',
        `/api/bots/${bot.id}`,
        { public_url: 'mine' },
        'body: unknown field "public_url"',
      ],
      ['bad id', 'PATCH', '/api/bots/123', { name: 'x' }, 'id: must be a bot id (a UUID)'],
      ['no title', 'POST', `/api/bots/${bot.id}/documents`, { content: 'x' }, 'title: is required'],
      [
        'long title',
        'POST',
        `/api/bots/${bot.id}/documents`,
        { title: 't'.repeat(201), content: 'x' },
        'title: must be at most 200 characters',
      ],
      ['no content', 'POST', `/api/bots/${bot.id}/documents`, { title: 'x' }, 'content: is required'],
      [
        'pdf as JSON',
        'POST',
        `/api/bots/${bot.id}/documents`,
        { title: 'x', content: 'x', kind: 'pdf' },
        'kind: must be one of text, markdown, html',
      ],
      [
        'blank content',
        'POST',
        `/api/bots/${bot.id}/documents`,
        { title: 'x', content: ' \n ' },
        'content: holds no text',
      ],
    ];
    for (const [what, method, url, payload, error] of cases) {
      const res = await request(method, url, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ error });
    }
    for (const url of ['/api/bots/nope', '/api/bots/nope/documents', `/api/bots/${bot.id}/documents/nope`]) {
      const res = await request(url.endsWith('/documents/nope') ? 'DELETE' : 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: string }>().error, url).toMatch(
        /^(id: must be a bot id|documentId: must be a document id) \(a UUID\)$/,
      );
    }
    const noBody = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: withKey(key),
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({
      error: 'body: send JSON {"title", "content"} or a multipart/form-data upload with a file',
    });
  });

  it('refuses a document text over 1 MB with 413, and a multi-byte text is measured in bytes', async () => {
    const bot = await createBot();
    const big = await addText(bot.id, 'Big', 'a'.repeat(1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'content: the text of a document can be at most 1 MB (1048576 bytes); this one has 1048577 bytes',
    });
    const wide = await addText(bot.id, 'Wide', 'é'.repeat(600_000));
    expect(wide.statusCode).toBe(413);
    const fits = await addText(bot.id, 'Fits', `${'word '.repeat(209_000)}end`);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json<BotDocument>().chunks).toBeGreaterThan(1_000);
  });

  it('refuses a 201st document with 409', async () => {
    const bot = await createBot();
    for (let i = 0; i < 200; i++) expect((await addText(bot.id, `Doc ${i}`, `Fact number ${i}.`)).statusCode).toBe(201);
    const res = await addText(bot.id, 'One too many', 'x');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A bot can have at most 200 documents: delete one first' });
    expect((await request('GET', `/api/bots/${bot.id}`)).json<Bot>().documents).toBe(200);
  });
});

describe("bots: another account's bot is a 404 on every route", () => {
  it('never shows, changes or deletes it', async () => {
    const owner = await t.account();
    const stranger = await t.account();
    const bot = await createBot({ name: 'Private' }, owner.key);
    const doc = (await addText(bot.id, 'Secret', 'The vault code is 1234.', {}, owner.key)).json<BotDocument>();
    const attempts: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['GET', `/api/bots/${bot.id}`, undefined],
      ['PATCH', `/api/bots/${bot.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/bots/${bot.id}`, undefined],
      ['POST', `/api/bots/${bot.id}/documents`, { title: 'Planted', content: 'Planted text.' }],
      ['GET', `/api/bots/${bot.id}/documents`, undefined],
      ['DELETE', `/api/bots/${bot.id}/documents/${doc.id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      for (const apiKey of [stranger.key, owner.key]) {
        const target = apiKey === owner.key ? url.replace(bot.id, MISSING) : url;
        const res = await request(method, target, payload, apiKey);
        expect(res.statusCode, `${method} ${target}`).toBe(404);
        expect(res.json(), `${method} ${target}`).toEqual({ error: 'Bot not found' });
      }
    }
    const upload404 = await upload(
      bot.id,
      [{ name: 'file', filename: 'planted.txt', type: 'text/plain', data: 'Planted.' }],
      {},
      stranger.key,
    );
    expect(upload404.statusCode).toBe(404);
    expect((await request('GET', '/api/bots', undefined, stranger.key)).json()).toEqual({ bots: [] });

    const unchanged = (await request('GET', `/api/bots/${bot.id}`, undefined, owner.key)).json<Bot>();
    expect(unchanged).toMatchObject({ name: 'Private', documents: 1 });
    const missingDoc = await request('DELETE', `/api/bots/${bot.id}/documents/${MISSING}`, undefined, owner.key);
    expect(missingDoc.statusCode).toBe(404);
    expect(missingDoc.json()).toEqual({ error: 'Document not found' });
  });
});

describe('bots: knowledge documents', () => {
  it('takes JSON text, Markdown and HTML, and lists them newest first', async () => {
    const bot = await createBot();
    const text = await addText(bot.id, 'Hours', 'The museum opens at 9am.');
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json<BotDocument>()).toMatchObject({
      title: 'Hours',
      kind: 'text',
      characters: 24,
      chunks: 1,
      warnings: [],
    });
    const md = (
      await addText(bot.id, 'Guide', '# Tickets\n\nAdults pay **5 euros**.', { kind: 'markdown' })
    ).json<BotDocument>();
    expect(md).toMatchObject({ kind: 'markdown', chunks: 1 });
    const html = (
      await addText(bot.id, 'Page', '<h1>Parking</h1><p>Free parking behind the office.</p><script>x()</script>', {
        kind: 'html',
      })
    ).json<BotDocument>();
    expect(html).toMatchObject({ kind: 'html', characters: 'Parking\n\nFree parking behind the office.'.length });

    const list = (await request('GET', `/api/bots/${bot.id}/documents`)).json<{ documents: BotDocument[] }>();
    expect(list.documents.map((d) => d.title).sort()).toEqual(['Guide', 'Hours', 'Page']);
    expect(Object.keys(list.documents[0] ?? {}).sort()).toEqual([
      'characters',
      'chunks',
      'created_at',
      'id',
      'kind',
      'title',
    ]);
    expect((await request('GET', `/api/bots/${bot.id}`)).json<Bot>().documents).toBe(3);
    const hits = await t.app.services.bots.search(bot.id, 'parking', 5);
    expect(hits.map((h) => h.title)).toEqual(['Page']);
    expect(hits[0]?.passage).toBe('Parking\n\nFree parking behind the office.');
  });

  it('takes uploads of .txt, .md, .html and .pdf, titled by the file name or the title field', async () => {
    const bot = await createBot();
    const files: [FilePart, string, string][] = [
      [
        { name: 'file', filename: 'hours.txt', type: 'text/plain', data: 'Winter opening hours are 10am to 4pm.' },
        'text',
        'winter',
      ],
      [
        {
          name: 'file',
          filename: 'tickets.md',
          type: 'text/markdown',
          data: '# Tickets\n\nChildren under twelve enter for free.',
        },
        'markdown',
        'children',
      ],
      [
        {
          name: 'file',
          filename: 'parking.html',
          type: 'text/html',
          data: '<html><body><p>Bicycles can be parked at the <b>north gate</b>.</p></body></html>',
        },
        'html',
        'bicycles',
      ],
      [
        {
          name: 'document',
          filename: 'history.pdf',
          type: 'application/pdf',
          data: tinyPdf(['The tower was built in 1874.', 'Its lamp was electrified in 1926.']),
        },
        'pdf',
        'electrified',
      ],
    ];
    for (const [file, kind, word] of files) {
      const res = await upload(bot.id, [file]);
      expect(res.statusCode, `${file.filename}: ${res.body}`).toBe(201);
      expect(res.json<BotDocument>()).toMatchObject({ title: file.filename, kind, chunks: 1, warnings: [] });
      const hits = await t.app.services.bots.search(bot.id, word, 5);
      expect(
        hits.map((h) => h.title),
        word,
      ).toEqual([file.filename]);
    }
    const pdfHit = (await t.app.services.bots.search(bot.id, 'tower lamp', 5))[0];
    expect(pdfHit?.passage).toContain('The tower was built in 1874.');
    expect(pdfHit?.passage).toContain('Its lamp was electrified in 1926.');

    const titled = await upload(
      bot.id,
      [{ name: 'file', filename: 'C:\\Users\\me\\notes.txt', type: 'application/octet-stream', data: 'Notes.' }],
      { title: '  Staff notes ' },
    );
    expect(titled.json<BotDocument>()).toMatchObject({ title: 'Staff notes', kind: 'text' });
    const byType = await upload(bot.id, [
      { name: 'file', filename: 'README', type: 'text/markdown', data: 'Read me.' },
    ]);
    expect(byType.json<BotDocument>()).toMatchObject({ title: 'README', kind: 'markdown' });
  });

  it('refuses other files with 415, and malformed or oversized uploads clearly', async () => {
    const bot = await createBot();
    const exe = await upload(bot.id, [
      {
        name: 'file',
        filename: 'setup.exe',
        type: 'application/octet-stream',
        data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({
      error:
        'Unsupported file type "setup.exe": upload plain text, Markdown, HTML or PDF (.txt, .md, .markdown, .html, .htm, .pdf)',
    });
    const png = await upload(bot.id, [
      { name: 'file', filename: 'photo.png', type: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    expect(png.statusCode).toBe(415);
    const disguised = await upload(bot.id, [
      {
        name: 'file',
        filename: 'setup.txt',
        type: 'text/plain',
        data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0xff, 0xfe]),
      },
    ]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toEqual({
      error: 'file "setup.txt": is not UTF-8 text; upload plain text, Markdown, HTML or PDF',
    });
    const fakePdf = await upload(bot.id, [
      { name: 'file', filename: 'fake.pdf', type: 'application/pdf', data: 'not a pdf at all' },
    ]);
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json()).toEqual({ error: 'file: is not a readable PDF' });

    const two = await upload(bot.id, [
      { name: 'file', filename: 'a.txt', type: 'text/plain', data: 'A.' },
      { name: 'file', filename: 'b.txt', type: 'text/plain', data: 'B.' },
    ]);
    expect(two.statusCode).toBe(413);
    expect(two.json()).toEqual({ error: 'file: send one file per request' });
    const none = await upload(bot.id, [], { title: 'Nothing' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'file: is required: send the document as a file part of the multipart form' });
    const unknown = await upload(bot.id, [{ name: 'file', filename: 'a.txt', type: 'text/plain', data: 'A.' }], {
      colour: 'red',
    });
    expect(unknown.statusCode).toBe(400);
    const longTitle = await upload(bot.id, [{ name: 'file', filename: 'a.txt', type: 'text/plain', data: 'A.' }], {
      title: 't'.repeat(201),
    });
    expect(longTitle.json()).toEqual({ error: 'title: must be at most 200 characters' });
    const huge = await upload(bot.id, [
      { name: 'file', filename: 'huge.txt', type: 'text/plain', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'file: can be at most 10 MB (10485760 bytes)' });
    const bigText = await upload(bot.id, [
      { name: 'file', filename: 'big.txt', type: 'text/plain', data: Buffer.alloc(2 * 1024 * 1024, 'a') },
    ]);
    expect(bigText.statusCode).toBe(413);
    expect(bigText.json<{ error: string }>().error).toMatch(/^file: the text of a document can be at most 1 MB/);
    const broken = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: { ...withKey(key), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await request('GET', `/api/bots/${bot.id}`)).json<Bot>().documents).toBe(0);
  });

  it('takes a deleted document out of search results', async () => {
    const bot = await createBot();
    const keep = (
      await addText(bot.id, 'Penguins', 'Penguins nest on the northern cliffs of the island.')
    ).json<BotDocument>();
    const drop = (
      await addText(bot.id, 'Walruses', 'Walruses sleep on the southern beach of the island.')
    ).json<BotDocument>();
    expect((await t.app.services.bots.search(bot.id, 'island', 5)).map((h) => h.documentId).sort()).toEqual(
      [keep.id, drop.id].sort(),
    );
    const res = await request('DELETE', `/api/bots/${bot.id}/documents/${drop.id}`);
    expect(res.json()).toEqual({ id: drop.id, deleted: true });
    expect((await t.app.services.bots.search(bot.id, 'island walruses', 5)).map((h) => h.documentId)).toEqual([
      keep.id,
    ]);
    expect(await t.app.services.bots.search(bot.id, 'walruses', 5)).toEqual([]);
    expect((await request('DELETE', `/api/bots/${bot.id}/documents/${drop.id}`)).statusCode).toBe(404);
    expect(
      (await request('GET', `/api/bots/${bot.id}/documents`))
        .json<{ documents: BotDocument[] }>()
        .documents.map((d) => d.id),
    ).toEqual([keep.id]);
  });

  it('deletes a bot with everything it holds', async () => {
    const bot = await createBot();
    await addText(bot.id, 'Otters', 'Otters juggle pebbles in the bay.');
    await upload(bot.id, [
      { name: 'file', filename: 'seals.txt', type: 'text/plain', data: 'Seals bask on the rocks.' },
    ]);
    const { db } = t.app.services;
    expect((await db.selectFrom('bot_chunks').select('id').where('bot_id', '=', bot.id).execute()).length).toBe(2);
    expect((await request('DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(200);
    expect(await db.selectFrom('bot_documents').select('id').where('bot_id', '=', bot.id).execute()).toEqual([]);
    expect(await db.selectFrom('bot_chunks').select('id').where('bot_id', '=', bot.id).execute()).toEqual([]);
    expect(await t.app.services.bots.search(bot.id, 'otters seals', 5)).toEqual([]);
    expect(await t.app.services.bots.findByPublicUrl(bot.public_url)).toBeUndefined();
  });
});

describe('bots: the OpenAPI document', () => {
  it('documents every bot route with its security', async () => {
    const doc = (await t.server.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; summary?: string }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/bots', 'post'],
      ['/api/bots', 'get'],
      ['/api/bots/{id}', 'get'],
      ['/api/bots/{id}', 'patch'],
      ['/api/bots/{id}', 'delete'],
      ['/api/bots/{id}/documents', 'post'],
      ['/api/bots/{id}/documents', 'get'],
      ['/api/bots/{id}/documents/{documentId}', 'delete'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.security?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});

describe('bots: retrieval with an embedding model', () => {
  /** Words of one meaning share a dimension: a deterministic stand-in for a real embedding model. */
  const CONCEPTS = [
    ['car', 'cars', 'automobile', 'vehicle', 'vehicles'],
    ['bread', 'loaf', 'bakery', 'baker'],
    ['boat', 'ship', 'ferry', 'vessel'],
  ];
  const vectorOf = (text: string) => {
    const vector = [0.05, 0, 0, 0];
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      const at = CONCEPTS.findIndex((words) => words.includes(word));
      if (at >= 0) vector[at + 1] = (vector[at + 1] ?? 0) + 1;
    }
    return vector;
  };
  let upstream: FakeUpstream;
  let e: TestApp;
  let eKey: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.handle((call, res) => {
      const input = call.body.input as string[];
      if (call.path !== '/v1/embeddings' || input.some((s) => s.includes('FAIL')))
        return replyJson(res, 500, { error: 'embedding failed' });
      replyJson(res, 200, { data: input.map((text, index) => ({ index, embedding: vectorOf(text) })) });
    });
    e = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_EMBEDDINGS_BASE_URL: upstream.baseUrl,
      ATELIER_EMBEDDINGS_API_KEY: 'sk-embed',
      ATELIER_UPSTREAM_RETRIES: '0',
    });
    eKey = (await e.account()).key;
  });
  afterAll(async () => {
    await e.close();
    await upstream.close();
  });

  it('embeds each document and finds passages by meaning as well as by words', async () => {
    const bot = await createBot({}, eKey, e);
    const add = async (title: string, content: string) => {
      const res = await e.server.inject({
        method: 'POST',
        url: `/api/bots/${bot.id}/documents`,
        headers: withKey(eKey),
        payload: { title, content },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<BotDocument>();
    };
    const garage = await add('Garage', 'Vehicles must leave bay three by midnight.');
    await add('Bakery', 'Fresh bread from the baker every morning.');
    await add('Harbour', 'The ferry leaves at noon from pier two.');
    expect(upstream.calls.at(-1)?.body).toEqual({
      model: 'text-embedding-3-small',
      input: ['The ferry leaves at noon from pier two.'],
    });
    expect(upstream.calls.at(-1)?.headers.authorization).toBe('Bearer sk-embed');

    // "automobile" is nowhere in the text: only the embeddings connect it to the garage.
    const [byMeaning] = await e.app.services.bots.search(bot.id, 'automobile', 3);
    expect(byMeaning).toMatchObject({
      documentId: garage.id,
      title: 'Garage',
      passage: 'Vehicles must leave bay three by midnight.',
    });
    // Keywords and meaning agree: the harbour passage is first in both rankings.
    const [both] = await e.app.services.bots.search(bot.id, 'ferry pier', 3);
    expect(both?.title).toBe('Harbour');
    expect(both?.score).toBeCloseTo(2 / 61);
  });

  it('stores a document whose embedding fails, searchable by keywords, and says so', async () => {
    const bot = await createBot({}, eKey, e);
    const res = await e.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: withKey(eKey),
      payload: { title: 'Flaky', content: 'FAIL: the kiosk sells maps.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BotDocument>().warnings).toEqual([
      'Embeddings could not be computed (The embedding provider answered 500); the document is searchable by keywords only',
    ]);
    const hits = await e.app.services.bots.search(bot.id, 'kiosk maps', 3);
    expect(hits.map((h) => h.title)).toEqual(['Flaky']);
  });
});
