import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BLOB_KEY,
  type BlobReadRequest,
  IMMUTABLE_CACHE_CONTROL,
  type RemoteBlobStore,
  type ServedBlobStore,
} from '../../storage/blob/blob-store.js';

/**
 * Produced files (MP3s...) under unguessable names, public like the hosted service's URLs: range requests
 * so players can seek, and a year of caching since a file never changes once written.
 */
export async function fileRoutes(app: FastifyInstance, blobs: ServedBlobStore): Promise<void> {
  if (blobs.kind === 'local') await localFiles(app, blobs.root);
  else remoteFiles(app, blobs);
}

async function localFiles(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    setHeaders: (res, path) => {
      if (path.endsWith('.mp3')) res.setHeader('content-type', 'audio/mpeg');
    },
  });
}

/**
 * One range from a given byte (what players ask for when seeking). Anything else, several ranges or a suffix
 * (`bytes=-500`, which not every S3-compatible server supports), gets the whole file: always a correct answer.
 */
const SINGLE_RANGE = /^bytes=\d+-\d*$/;

/** Blobs in an object store, streamed through the service with the same headers as local files. */
function remoteFiles(app: FastifyInstance, blobs: RemoteBlobStore): void {
  // GET and HEAD together: Fastify's own HEAD route would fetch the whole object to drop it.
  app.route({ method: ['GET', 'HEAD'], url: '/files/:folder/:name', schema: { hide: true }, handler: serve });

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const { folder, name } = request.params as { folder: string; name: string };
    const key = `${folder}/${name}`;
    if (!BLOB_KEY.test(key)) return reply.callNotFound();
    const read = await blobs.open(key, readRequest(request));
    if (read.status === 'missing') return reply.callNotFound();
    void reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).header('accept-ranges', 'bytes');
    if (read.status === 'not-modified') return reply.code(304).send();
    if (read.status === 'unsatisfiable-range') return reply.code(416).send({ error: 'Range Not Satisfiable' });
    void reply.header('content-type', read.contentType);
    if (read.contentLength !== undefined) void reply.header('content-length', read.contentLength);
    if (read.etag) void reply.header('etag', read.etag);
    if (read.lastModified) void reply.header('last-modified', read.lastModified.toUTCString());
    if (read.contentRange) void reply.code(206).header('content-range', read.contentRange);
    return read.body ? reply.send(read.body) : reply.send();
  }
}

function readRequest(request: FastifyRequest): BlobReadRequest {
  const {
    range,
    'if-range': ifRange,
    'if-none-match': ifNoneMatch,
    'if-modified-since': ifModifiedSince,
  } = request.headers;
  const since = ifModifiedSince ? new Date(ifModifiedSince) : undefined;
  return {
    headersOnly: request.method === 'HEAD',
    // The object store cannot check If-Range: without that check a range could splice two versions, so send it all.
    range: typeof range === 'string' && SINGLE_RANGE.test(range) && ifRange === undefined ? range : undefined,
    ifNoneMatch: ifNoneMatch || undefined,
    ifModifiedSince: since && !Number.isNaN(since.getTime()) ? since : undefined,
  };
}
