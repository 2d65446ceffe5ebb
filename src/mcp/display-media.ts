import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';
import type { AnyOperation, OperationContext, ParsedInput } from '../operations/operation.js';
import { recordId } from '../shared/media-fields.js';
import { AppError } from '../shared/errors.js';
import type { DirectToolCalls } from './direct-tool-calls.js';
import { type McpCall, callOf } from './mcp-call.js';
import type { McpServices } from './mcp-services.js';
import { mediaAppHtml } from './media-app.js';
import { errorResult, guarded, inlinePictures } from './tool-results.js';
import { newId } from '../shared/ids.js';

/** The MCP Apps extension (SEP-1865): its id in capabilities, its HTML profile, and display_media's view. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const DISPLAY_MEDIA_VIEW = 'ui://atelier/display-media';

const MAX_IMAGES = 20;
const MAX_VIDEOS = 10;
/** With no ids: the account's newest ones. */
const RECENT_IMAGES = 6;
const RECENT_VIDEOS = 3;
/** Completed pictures up to this many also go back as image content, as generate_image does. */
const INLINE_IMAGES = 4;

const displayMediaInput = z.strictObject({
  image_ids: z
    .array(recordId('an image id'))
    .max(MAX_IMAGES)
    .optional()
    .describe(`Ids of images to show (from generate_image or get_image), up to ${MAX_IMAGES}`),
  video_ids: z
    .array(recordId('a video id'))
    .max(MAX_VIDEOS)
    .optional()
    .describe(`Ids of videos to show (from generate_video or get_video), up to ${MAX_VIDEOS}`),
});
type DisplayMediaInput = z.output<typeof displayMediaInput>;

const DESCRIPTION =
  "Show existing images and videos of this account by id: image_ids (from generate_image / get_image) and/or video_ids (from generate_video / get_video); with no ids, the newest ones. Free: it costs no credits and never starts a generation. Returns each item's link and status; in clients with MCP Apps it renders an inline gallery and a video player that keeps checking a processing video. A video still processing: check again in 15 to 30 seconds with get_video or display_media, do not generate it again.";

/** What display_media reads of the REST records (GET /api/get-image, GET /api/get-video). */
const imageRecord = z.object({
  id: z.number(),
  status: z.string(),
  image_url: z.string().nullable(),
  prompt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  error: z.string().optional(),
});
const videoRecord = z.object({
  id: z.number(),
  status: z.string(),
  url: z.string(),
  prompt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  error: z.string().optional(),
});
type ImageItem = z.output<typeof imageRecord>;
type VideoItem = Omit<z.output<typeof videoRecord>, 'url'> & { url: string | null };
interface NotFound {
  type: 'image' | 'video';
  id: number;
  error: string;
}

/** The REST operations display_media runs for its caller: the get routes (same owner check, same "not found") and the lists. */
interface MediaReads {
  image(caller: Caller, id: number): Promise<unknown>;
  video(caller: Caller, id: number): Promise<unknown>;
  recentImages(caller: Caller, limit: number): Promise<unknown>;
  recentVideos(caller: Caller, limit: number): Promise<unknown>;
}

/**
 * display_media: shows the caller's images and videos by id, free, through the REST get routes' own operations
 * (GET /api/get-image, GET /api/get-video: another account's id is "not found" exactly as there). Every client gets
 * text with each link and status (a processing video says to check again, which starts no job), structuredContent,
 * and small finished pictures as image content. The tool's `_meta.ui.resourceUri` points hosts that implement MCP
 * Apps at the view registered here (ui://atelier/display-media, text/html;profile=mcp-app).
 *
 * The pointer is on the tool for every client. This server is stateless: the client's capabilities arrive with
 * `initialize`, one POST, and no later request carries them, so tools/list cannot depend on them. The extension
 * makes that harmless: a host without MCP Apps ignores `_meta` and uses the text (the fallback every result has);
 * one with it reads the resource and renders the result in its sandbox.
 */
export function registerDisplayMedia(
  server: McpServer,
  services: McpServices,
  operations: readonly AnyOperation[],
  direct: DirectToolCalls,
): RegisteredTool {
  const reads = mediaReads(operations);
  const origin = mediaOrigin(services);
  const html = mediaAppHtml(origin);
  const uiMeta = {
    csp: { resourceDomains: origin ? [origin] : [], connectDomains: [] },
    prefersBorder: true,
  };
  server.registerResource(
    'display_media_view',
    DISPLAY_MEDIA_VIEW,
    {
      title: 'Atelier media viewer',
      description: 'The MCP App of display_media: an image gallery and a video player that checks a processing video',
      mimeType: MCP_APP_MIME_TYPE,
      _meta: { ui: uiMeta },
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: html, _meta: { ui: uiMeta } }] }),
  );

  const run = (input: ParsedInput, { caller, log }: McpCall): Promise<CallToolResult> =>
    guarded(async () => {
      const parsed = displayMediaInput.parse(input);
      return present(await gather(reads, caller, parsed), services);
    }, log);
  type Callback = Parameters<typeof server.registerTool>[2];
  const callback = (input: ParsedInput, extra: Parameters<typeof callOf>[0]) => run(input, callOf(extra));
  const tool = server.registerTool(
    'display_media',
    {
      title: 'Display images and videos',
      description: DESCRIPTION,
      inputSchema: displayMediaInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      _meta: {
        ui: { resourceUri: DISPLAY_MEDIA_VIEW, visibility: ['model', 'app'] },
        // The key of MCP Apps before `ui.resourceUri`, still read by hosts of that time.
        'ui/resourceUri': DISPLAY_MEDIA_VIEW,
      },
    },
    callback as Callback,
  );
  direct.add('display_media', { input: displayMediaInput, run });
  return tool;
}

/** The REST operations by their paths: fixed by the hosted interface, whatever the tools are called. */
function mediaReads(operations: readonly AnyOperation[]): MediaReads {
  const byPath = (path: string) => {
    const operation = operations.find((candidate) => candidate.http?.path === path);
    if (!operation) throw new Error(`display_media needs the operation of GET ${path}`);
    return (caller: Caller, input: Record<string, unknown>) => {
      const context: OperationContext = { caller, callerIfAny: caller, requestId: `mcp-${newId()}` };
      return Promise.resolve(operation.run(operation.input.parse(input) as ParsedInput, context));
    };
  };
  const image = byPath('/api/get-image');
  const video = byPath('/api/get-video');
  const images = byPath('/api/images');
  const videos = byPath('/api/videos');
  return {
    image: (caller, id) => image(caller, { imageId: id }),
    video: (caller, id) => video(caller, { video_id: id }),
    recentImages: (caller, limit) => images(caller, { limit }),
    recentVideos: (caller, limit) => videos(caller, { limit }),
  };
}

/** Where the stored files are served from (the service's /files or a CDN): the view may load media from there only. */
function mediaOrigin(services: McpServices): string | undefined {
  try {
    const origin = new URL(services.blobs.publicUrl('images/probe.png')).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

interface Gathered {
  images: ImageItem[];
  videos: VideoItem[];
  notFound: NotFound[];
}

async function gather(reads: MediaReads, caller: Caller, input: DisplayMediaInput): Promise<Gathered> {
  const imageIds = unique(input.image_ids ?? []);
  const videoIds = unique(input.video_ids ?? []);
  const notFound: NotFound[] = [];
  if (imageIds.length === 0 && videoIds.length === 0) {
    const [images, videos] = await Promise.all([
      reads.recentImages(caller, RECENT_IMAGES),
      reads.recentVideos(caller, RECENT_VIDEOS),
    ]);
    return {
      images: z.object({ images: z.array(imageRecord) }).parse(images).images,
      videos: z
        .object({ videos: z.array(videoRecord) })
        .parse(videos)
        .videos.map(videoItem),
      notFound,
    };
  }
  const found = async <T>(type: NotFound['type'], id: number, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      notFound.push({ type, id, error: error.message });
      return undefined;
    }
  };
  const [images, videos] = await Promise.all([
    Promise.all(imageIds.map((id) => found('image', id, async () => imageRecord.parse(await reads.image(caller, id))))),
    Promise.all(
      videoIds.map((id) =>
        found('video', id, async () =>
          videoItem(z.object({ video: videoRecord }).parse(await reads.video(caller, id)).video),
        ),
      ),
    ),
  ]);
  return { images: images.filter(isDefined), videos: videos.filter(isDefined), notFound };
}

function videoItem(video: z.output<typeof videoRecord>): VideoItem {
  return { ...video, url: video.status === 'completed' && video.url ? video.url : null };
}

/** Text with every link and status for any client, the same as structuredContent, and small pictures to look at. */
async function present(gathered: Gathered, services: McpServices): Promise<CallToolResult> {
  const { images, videos, notFound } = gathered;
  const lines = [...images.map(imageLine), ...videos.map(videoLine), ...notFound.map(withId)];
  if (images.length + videos.length === 0) {
    if (notFound.length > 0) return errorResult(notFound.map((m) => notFoundText(m, notFound.length)).join('\n'));
    lines.push('No images or videos yet: generate_image and generate_video make them.');
  }
  const processing = videos.some((video) => video.status === 'processing');
  const structured = {
    images,
    videos,
    ...(notFound.length > 0 && { not_found: notFound }),
    ...(processing && {
      hint: 'A video is still processing: check again in 15 to 30 seconds with get_video or display_media; that starts no new job and costs nothing.',
    }),
  };
  return {
    content: [
      { type: 'text', text: lines.join('\n') },
      ...(await inlinePictures(services.blobs, images, INLINE_IMAGES)),
    ],
    structuredContent: structured,
  };
}

/** Alone, the REST message as it is; among several, which id. */
const notFoundText = (missing: NotFound, count: number) => (count === 1 ? missing.error : withId(missing));

/** The REST message, and which id it is about. */
const withId = (missing: NotFound) => `${missing.error.replace(/\.$/, '')} (id ${missing.id})`;

function imageLine(image: ImageItem): string {
  const head = `Image ${image.id} (${image.status})`;
  if (image.status === 'completed' && image.image_url) return `${head}: ${image.image_url}`;
  if (image.status === 'failed') return `${head}: ${image.error ?? 'failed'}`;
  return `${head}: not ready yet; check again in 15 to 30 seconds with get_image or display_media.`;
}

function videoLine(video: VideoItem): string {
  const head = `Video ${video.id} (${video.status})`;
  if (video.url) return `${head}: ${video.url}`;
  if (video.status === 'failed') return `${head}: ${video.error ?? 'failed'}`;
  return `${head}: still processing. The viewer can check again in 15 to 30 seconds (get_video with video_id ${video.id}, or display_media) without starting a new job.`;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const isDefined = <T>(value: T | undefined): value is T => value !== undefined;
