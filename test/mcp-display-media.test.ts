import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_MEDIA_VIEW, MCP_APPS_EXTENSION, MCP_APP_MIME_TYPE } from '../src/mcp/display-media.js';
import { type DashboardApp, launchBrowser, startDashboardApp } from './helpers/browser.js';
import { type ToolResult, callTool, textOf } from './helpers/mcp-client.js';
import { withKey } from './helpers/test-app.js';

interface Shown {
  images: { id: number; status: string; image_url: string | null }[];
  videos: { id: number; status: string; url: string | null }[];
  not_found?: { type: string; id: number; error: string }[];
  hint?: string;
}

let t: DashboardApp;
let browser: Browser;
let base: string;
let key: string;
let plain: Client;
let apps: Client;
let imageId: number;
let videoId: number;

/** A client as a host without MCP Apps connects, or (`withApps`) one that declares the extension. */
async function connect(apiKey: string, withApps: boolean): Promise<Client> {
  const client = new Client(
    { name: withApps ? 'apps-host' : 'plain-host', version: '1.0.0' },
    withApps
      ? { capabilities: { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } } }
      : undefined,
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: withKey(apiKey) } }),
  );
  return client;
}

const display = (client: Client, args: Record<string, unknown>) => callTool(client, 'display_media', args);
const shown = (result: ToolResult) => result.structuredContent as unknown as Shown;

async function rest<T>(method: 'GET' | 'POST', url: string, payload?: object, apiKey = key): Promise<T> {
  const response = await t.server.inject({ method, url, headers: withKey(apiKey), ...(payload && { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}
const balance = async () => (await rest<{ credits: { balance: number } }>('GET', '/api/account')).credits.balance;

async function videoDone(id: number): Promise<{ status: string; url: string }> {
  for (let i = 0; i < 300; i++) {
    const { video } = await rest<{ video: { status: string; url: string } }>('GET', `/api/get-video?video_id=${id}`);
    if (video.status !== 'processing') return video;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`video ${id} still processing`);
}

beforeAll(async () => {
  // Listening on a free port that is also its public URL, workers running: the view loads the files from there.
  t = await startDashboardApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_JOB_POLL_MS: '50' });
  base = t.base;
  key = (await t.account({ credits: 500 })).key;
  const [image] = await rest<{ id: number; status: string }[]>('POST', '/api/generate-image', {
    prompt: 'A lighthouse at dusk',
    model: 'builtin',
    dimensions: '256x256',
    waitForResult: true,
  });
  expect(image?.status).toBe('completed');
  imageId = image?.id ?? 0;
  videoId = (
    await rest<{ id: number }>('POST', '/api/generate-video', { prompt: 'A sunrise', model: 'builtin', duration: 1 })
  ).id;
  expect((await videoDone(videoId)).status).toBe('completed');
  plain = await connect(key, false);
  apps = await connect(key, true);
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await apps?.close();
  await browser?.close();
  await t?.close();
});

describe('display_media', () => {
  it('is listed with its ids, read-only, pointing MCP Apps hosts at its view', async () => {
    for (const client of [plain, apps]) {
      const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'display_media');
      expect(tool?.description).toMatch(/costs no credits/);
      expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(['image_ids', 'video_ids']);
      expect(tool?.inputSchema.required ?? []).toEqual([]);
      expect(tool?.annotations?.readOnlyHint).toBe(true);
      expect(tool?._meta).toMatchObject({ ui: { resourceUri: DISPLAY_MEDIA_VIEW } });
    }
  });

  it('serves its view by resources/read: one self-contained HTML page with the MCP App profile', async () => {
    const read = await apps.readResource({ uri: DISPLAY_MEDIA_VIEW });
    const [view] = read.contents;
    expect(view?.mimeType).toBe(MCP_APP_MIME_TYPE);
    const html = view && 'text' in view ? view.text : '';
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('ui/initialize');
    expect(html).toContain('ui/notifications/tool-result');
    expect(html).toContain("name: 'get_video'");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/);
    expect(html).toContain("connect-src 'none'");
    expect(html.length).toBeLessThan(20_000);
    // The files' origin is the only place the view may load media from, here and in what the host enforces.
    const origin = new URL((await rest<{ image_url: string }>('GET', `/api/get-image?imageId=${imageId}`)).image_url)
      .origin;
    expect(html).toContain(`media-src ${origin}`);
    expect(view?._meta).toMatchObject({ ui: { csp: { resourceDomains: [origin] } } });
    const { resources } = await apps.listResources();
    expect(resources.find((resource) => resource.uri === DISPLAY_MEDIA_VIEW)?.mimeType).toBe(MCP_APP_MIME_TYPE);
  });

  it('shows images and videos by id to every client: links as text, structured content, the picture, no credits', async () => {
    const before = await balance();
    const image = await rest<{ image_url: string }>('GET', `/api/get-image?imageId=${imageId}`);
    const video = await videoDone(videoId);
    for (const client of [plain, apps]) {
      const result = await display(client, { image_ids: [imageId], video_ids: [videoId] });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain(`Image ${imageId} (completed): ${image.image_url}`);
      expect(textOf(result)).toContain(`Video ${videoId} (completed): ${video.url}`);
      expect(shown(result)).toMatchObject({
        images: [{ id: imageId, status: 'completed', image_url: image.image_url }],
        videos: [{ id: videoId, status: 'completed', url: video.url }],
      });
      const picture = result.content.find((c) => c.type === 'image');
      expect(picture?.mimeType).toBe('image/png');
      expect(
        Buffer.from(picture?.data ?? '', 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    // Without ids: the newest ones.
    const recent = shown(await display(plain, {}));
    expect(recent.images.map((i) => i.id)).toContain(imageId);
    expect(recent.videos.map((v) => v.id)).toContain(videoId);
    expect(await balance()).toBe(before);
  });

  it('says a processing video is still processing, to check again without a new job, then shows it once made', async () => {
    await t.app.services.worker.stop();
    const { id } = await rest<{ id: number }>('POST', '/api/generate-video', {
      prompt: 'Waves',
      model: 'builtin',
      duration: 1,
    });
    const before = await balance();
    const waiting = await display(apps, { video_ids: [id] });
    expect(shown(waiting)).toMatchObject({ videos: [{ id, status: 'processing', url: null }] });
    expect(shown(waiting).hint).toMatch(/starts no new job/);
    expect(textOf(waiting)).toMatch(
      new RegExp(`Video ${id} \\(processing\\): still processing.*without starting a new job`),
    );
    // What the view calls through the host while it waits: get_video, which reads the record only.
    const polled = (await apps.callTool({ name: 'get_video', arguments: { video_id: id } })) as ToolResult;
    expect(polled.isError).toBeFalsy();
    t.app.services.worker.start();
    const made = await videoDone(id);
    expect(made.status).toBe('completed');
    const done = await display(plain, { video_ids: [id] });
    expect(textOf(done)).toContain(`Video ${id} (completed): ${made.url}`);
    expect(await balance()).toBe(before);
  });

  it("answers another account's ids and unknown ids with the REST routes' not found", async () => {
    const other = await t.account({ credits: 50 });
    const stranger = await connect(other.key, true);
    try {
      const image = await display(stranger, { image_ids: [imageId] });
      expect(image).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Image missing or not accessible to this account.' }],
      });
      const video = await display(stranger, { video_ids: [videoId] });
      expect(video).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Video not found' }] });
      const http = await t.server.inject({ url: `/api/get-image?imageId=${imageId}`, headers: withKey(other.key) });
      expect(http.statusCode).toBe(404);
      expect(http.json<{ error: string }>().error).toBe(textOf(image));
      // Its own newest media: none of the owner's.
      const recent = await display(stranger, {});
      expect(shown(recent)).toMatchObject({ images: [], videos: [] });
    } finally {
      await stranger.close();
    }
    // Some found, some not: the found ones are shown and the others named, as unknown ids are.
    const mixed = await display(plain, { image_ids: [imageId, 987654] });
    expect(mixed.isError).toBeFalsy();
    expect(shown(mixed)).toMatchObject({
      images: [{ id: imageId }],
      not_found: [{ type: 'image', id: 987654, error: 'Image missing or not accessible to this account.' }],
    });
    expect(textOf(mixed)).toContain('Image missing or not accessible to this account (id 987654)');
  });

  it('renders in a host as an MCP App: the gallery, and a player that checks a processing video through tools/call', async () => {
    const read = await apps.readResource({ uri: DISPLAY_MEDIA_VIEW });
    const [view] = read.contents;
    const html = view && 'text' in view ? view.text : '';
    await t.app.services.worker.stop();
    const { id } = await rest<{ id: number }>('POST', '/api/generate-video', {
      prompt: 'Rain',
      model: 'builtin',
      duration: 1,
    });
    const args = { image_ids: [imageId], video_ids: [id] };
    const result = await display(apps, args);
    const image = await rest<{ image_url: string }>('GET', `/api/get-image?imageId=${imageId}`);

    browser ??= await launchBrowser();
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The host's side: what the view asks through tools/call goes to the server with the host's MCP client.
    const calls: unknown[] = [];
    await page.exposeFunction('callServer', async (params: { name: string; arguments: Record<string, unknown> }) => {
      calls.push(params);
      return apps.callTool(params);
    });
    await page.setContent(HOST_PAGE);
    await page.evaluate(
      ([viewHtml, toolArgs, toolResult]) =>
        (globalThis as unknown as { load: (...values: unknown[]) => void }).load(viewHtml, toolArgs, toolResult),
      [html, args, result] as const,
    );
    const frame = page.frameLocator('#view');
    const picture = frame.locator('img');
    await expect.poll(() => picture.getAttribute('src')).toBe(image.image_url);
    // Loaded from the files' origin, which the view's CSP allows.
    await expect
      .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expect.poll(() => frame.locator('figure.video').textContent()).toMatch(/Still processing/);

    await frame.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => calls).toEqual([{ name: 'get_video', arguments: { video_id: id } }]);
    await expect.poll(() => frame.locator('figure.video').textContent()).toMatch(/Still processing/);
    t.app.services.worker.start();
    const made = await videoDone(id);
    await frame.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => frame.locator('video').getAttribute('src')).toBe(made.url);
    expect(calls).toHaveLength(2);

    const said = ((await page.evaluate('window.said')) as { method?: string }[]).map((message) => message.method);
    expect(said.slice(0, 2)).toEqual(['ui/initialize', 'ui/notifications/initialized']);
    expect(said).toContain('ui/notifications/size-changed');
    expect(problems).toEqual([]);
  });

  it('docs/mcp.md names every tool tools/list offers', async () => {
    const doc = readFileSync(new URL('../docs/mcp.md', import.meta.url), 'utf8');
    const missing = (await plain.listTools()).tools
      .map((tool) => tool.name)
      .filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('refuses arguments it does not take, naming them', async () => {
    const unknown = await display(plain, { media_id: 1 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/media_id/);
    const bad = await display(plain, { image_ids: [0] });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/image_ids/);
  });
});

/**
 * A host as MCP Apps describes it, in one page: the view in a sandboxed iframe, `ui/initialize` answered, the tool's
 * arguments and result handed over once the view says it is initialized, and its tools/call sent to the server.
 */
const HOST_PAGE = `<!doctype html><html><body>
<iframe id="view" sandbox="allow-scripts" style="width:640px;height:480px;border:0"></iframe>
<script>
  const frame = document.getElementById('view');
  window.said = [];
  window.load = (html, toolArgs, toolResult) => {
    Object.assign(window, { toolArgs, toolResult });
    frame.srcdoc = html;
  };
  const post = (message) => frame.contentWindow.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow) return;
    const message = event.data;
    window.said.push(message);
    if (message.method === 'ui/initialize')
      post({ id: message.id, result: {
        protocolVersion: '2026-01-26',
        hostCapabilities: { serverTools: {} },
        hostInfo: { name: 'test-host', version: '1.0.0' },
        hostContext: { theme: 'dark', displayMode: 'inline' },
      } });
    else if (message.method === 'ui/notifications/initialized') {
      post({ method: 'ui/notifications/tool-input', params: { arguments: window.toolArgs } });
      post({ method: 'ui/notifications/tool-result', params: window.toolResult });
    } else if (message.method === 'tools/call') post({ id: message.id, result: await window.callServer(message.params) });
  });
</script></body></html>`;
