/** Where produced files (audio, images) live. Keys are relative paths such as `tts/<uuid>.mp3`. */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** The public URL the service serves the blob under. */
  publicUrl(key: string): string;
  /** The key of a blob from its public URL; undefined for any other URL. */
  keyOf(url: string): string | undefined;
}

export const BLOB_KEY = /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/;
