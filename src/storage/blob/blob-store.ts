import type { Readable } from 'node:stream';

/** Where produced files (audio, images, videos) live. Keys are relative paths such as `tts/<uuid>.mp3`. */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** The public URL of a blob: the service's `/files/<key>`, or the configured CDN base. */
  publicUrl(key: string): string;
  /** The key of a blob from its public URL; undefined for any other URL. */
  keyOf(url: string): string | undefined;
}

/** Blobs as files in a local folder, which the service serves as static files. */
export interface LocalBlobStore extends BlobStore {
  readonly kind: 'local';
  readonly root: string;
}

/** Blobs elsewhere (an object store), which the service streams: one byte range, or the whole blob. */
export interface RemoteBlobStore extends BlobStore {
  readonly kind: 'remote';
  open(key: string, request: BlobReadRequest): Promise<BlobRead>;
  /** Whether the store answers (for readiness checks). */
  isReachable(): Promise<boolean>;
  /** Lets go of connections, on shutdown. */
  close(): void;
}

/** What the composition root hands the HTTP layer: a store it knows how to serve under `/files/`. */
export type ServedBlobStore = LocalBlobStore | RemoteBlobStore;

export interface BlobReadRequest {
  /** Only the headers (for HEAD requests): no body is fetched. */
  headersOnly?: boolean;
  /** A single `bytes=start-end` range, passed through as given. */
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: Date;
}

export type BlobRead =
  | { status: 'missing' }
  | { status: 'not-modified' }
  | { status: 'unsatisfiable-range' }
  | {
      status: 'found';
      /** Absent when only the headers were asked for. */
      body?: Readable;
      contentType: string;
      contentLength?: number;
      /** Present for a partial answer: `bytes start-end/size`. */
      contentRange?: string;
      etag?: string;
      lastModified?: Date;
    };

export const BLOB_KEY = /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/;

/** A blob is written once and never changes: whoever serves it (the service, a CDN) may cache it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The media type a blob is stored and served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) ?? 'application/octet-stream';
}

/**
 * Public URLs of blobs. `publicBase` is where clients fetch them (the service's `/files` or a CDN);
 * `serviceBase` is the service's own `/files`, whose URLs stay recognised when a CDN is configured.
 */
export class BlobUrls {
  private readonly publicBase: string;
  private readonly serviceBase: string;

  constructor(bases: { publicBase: string; serviceBase: string }) {
    this.publicBase = bases.publicBase.replace(/\/+$/, '');
    this.serviceBase = bases.serviceBase.replace(/\/+$/, '');
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  keyOf(url: string): string | undefined {
    for (const base of [this.publicBase, this.serviceBase]) {
      const prefix = `${base}/`;
      const key = url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
      if (key !== undefined && BLOB_KEY.test(key)) return key;
    }
    return undefined;
  }
}
