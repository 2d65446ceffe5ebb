import { type AtelierClient, type ClientOptions, createClient } from '@atelier/client';
import { type FileServer, startFileServer } from './file-server.js';
import { freePort } from './ports.js';
import { makeRecording } from './recordings.js';
import { type TestApp, startTestApp } from './test-app.js';

/** Quick job turns and audio on 127.0.0.1: what the client and command tests need of a service. */
export const CLIENT_TEST_ENV = {
  ATELIER_ALLOW_PRIVATE_URLS: 'true',
  ATELIER_RATE_LIMIT_ENABLED: 'false',
  ATELIER_JOB_POLL_MS: '50',
  ATELIER_JOB_RETRY_BASE_MS: '50',
};

/** Polling options for tests only: the service runs on this machine, so checks may come faster than 15 s (for up to 30 s). */
export const FAST = { intervalMs: 50, allowFastPolling: true, maxAttempts: 600 } as const;

export interface ClientService {
  t: TestApp;
  files: FileServer;
  baseUrl: string;
  key: string;
  client: AtelierClient;
  clientWith(options: Partial<ClientOptions>): AtelierClient;
  close(): Promise<void>;
}

/**
 * A whole service listening on a real port (its public URL is that port, so the URLs it hands out work),
 * its job worker running, and a file server holding a short spoken WAV at /hello.wav.
 */
export async function startClientService(): Promise<ClientService> {
  const files = await startFileServer();
  files.serve(
    '/hello.wav',
    makeRecording([{ voice: 'slt', text: 'Hello and welcome to the weekly meeting.' }]).wav,
    'audio/wav',
  );
  const port = await freePort();
  const t = await startTestApp({ ...CLIENT_TEST_ENV, HOST: '127.0.0.1', PORT: String(port) });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port });
  const baseUrl = `http://127.0.0.1:${port}`;
  const key = (await t.account({ credits: 1_000 })).key;
  const clientWith = (options: Partial<ClientOptions>) => createClient({ baseUrl, apiKey: key, ...options });
  return {
    t,
    files,
    baseUrl,
    key,
    client: clientWith({}),
    clientWith,
    async close() {
      await t.close();
      await files.close();
    },
  };
}

/** Where the first MPEG audio frame starts (after an ID3v2 tag, if any), or -1 if there is no frame sync. */
export function mp3FrameStart(bytes: Uint8Array): number {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    at = 10 + (((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0));
  }
  return bytes[at] === 0xff && ((bytes[at + 1] ?? 0) & 0xe0) === 0xe0 ? at : -1;
}
