import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ROOT } from './processes.js';

/** s3rver accepts this key pair by default (it checks the key id; it does not verify v4 signatures). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point Atelier at this server. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** An object's bytes and stored headers, straight from the bucket. */
  object(key: string): Promise<{ data: Buffer; contentType: string | undefined; cacheControl: string | undefined }>;
  exists(key: string): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, an npm dev dependency) in a child process on a free loopback port,
 * storing under a temporary folder, with one bucket.
 */
export async function startS3Server(bucket = 'atelier-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--no-vhost-buckets',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await listeningPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: (extra = {}) => ({
      ATELIER_BLOB_STORE: 's3',
      ATELIER_S3_BUCKET: bucket,
      ATELIER_S3_ENDPOINT: endpoint,
      ATELIER_S3_REGION: 'us-east-1',
      ATELIER_S3_FORCE_PATH_STYLE: 'true',
      ATELIER_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      ATELIER_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      ...extra,
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
    },
    async object(key) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const data = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
      return { data, contentType: got.ContentType, cacheControl: got.CacheControl };
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`s3rver did not start in time:\n${output}`)), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const exited = (code: number | null) => fail(new Error(`s3rver exited with code ${code}:\n${output}`));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on [\d.]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve(Number(port));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', exited);
  });
}
