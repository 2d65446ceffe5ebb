import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  BLOB_KEY,
  type BlobRead,
  type BlobReadRequest,
  type BlobUrls,
  IMMUTABLE_CACHE_CONTROL,
  type RemoteBlobStore,
  contentTypeOf,
} from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, Garage, R2...); AWS itself when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** The SDK's default chain (environment, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Put before every key (`atelier/` -> `atelier/tts/<uuid>.mp3`), so a bucket can be shared. */
  prefix: string;
}

/** Blobs as objects in an S3-compatible bucket (AWS SDK v3), so every API process and worker sees the same files. */
export class S3BlobStore implements RemoteBlobStore {
  readonly kind = 'remote';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    options: S3BlobStoreOptions,
    private readonly urls: BlobUrls,
  ) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // A copy: the SDK marks the object it is given, and configuration is frozen.
      credentials: options.credentials && { ...options.credentials },
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 10_000 },
      // Checksums only where S3 requires them: many S3-compatible servers reject the ones newer SDKs add by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const read = await this.open(key, {});
    if (read.status !== 'found' || !read.body) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  publicUrl(key: string): string {
    return this.urls.publicUrl(key);
  }

  keyOf(url: string): string | undefined {
    return this.urls.keyOf(url);
  }

  async open(key: string, request: BlobReadRequest): Promise<BlobRead> {
    const input = {
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Range: request.range,
      IfNoneMatch: request.ifNoneMatch,
      IfModifiedSince: request.ifModifiedSince,
    };
    let output: HeadObjectCommandOutput & { Body?: unknown };
    try {
      output = await this.client.send(request.headersOnly ? new HeadObjectCommand(input) : new GetObjectCommand(input));
    } catch (error) {
      const status = statusOf(error);
      // A missing bucket is a configuration error, not a missing file.
      if (status === 404 && (error as Error).name !== 'NoSuchBucket') return { status: 'missing' };
      if (status === 304) return { status: 'not-modified' };
      if (status === 416) return { status: 'unsatisfiable-range' };
      throw error;
    }
    if (!request.headersOnly && !(output.Body instanceof Readable))
      throw new Error('S3 answered without a readable body');
    return {
      status: 'found',
      body: output.Body instanceof Readable ? output.Body : undefined,
      contentType: output.ContentType ?? contentTypeOf(key),
      contentLength: output.ContentLength,
      contentRange: output.ContentRange,
      etag: output.ETag,
      lastModified: output.LastModified,
    };
  }

  /** Whether the bucket answers with these credentials (for readiness checks). */
  async isReachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!BLOB_KEY.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return `${this.prefix}${key}`;
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}
