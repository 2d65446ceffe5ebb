import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BLOB_KEY, type BlobUrls, type LocalBlobStore } from './blob-store.js';
import { newId } from '../../shared/ids.js';

/** Blobs as files under a folder, written to a temporary name first so a reader never sees half a file. */
export class FsBlobStore implements LocalBlobStore {
  readonly kind = 'local';

  constructor(
    readonly root: string,
    private readonly urls: BlobUrls,
  ) {}

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${newId()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return this.urls.publicUrl(key);
  }

  keyOf(url: string): string | undefined {
    return this.urls.keyOf(url);
  }

  private pathOf(key: string): string {
    if (!BLOB_KEY.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return join(this.root, key);
  }
}
