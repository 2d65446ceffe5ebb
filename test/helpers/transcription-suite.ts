import { afterAll, beforeAll } from 'vitest';
import { type FileServer, startFileServer } from './file-server.js';
import { MEETING_SCRIPT, makeRecording } from './recordings.js';
import { type TestApp, startTestApp, withKey } from './test-app.js';

export type Audio = {
  uuid: string;
  status: string;
  content: string;
  segments: { start: number; end: number; text: string; speaker?: string }[];
  audio_type: string;
  error?: string;
  duration: number | null;
  progress: number;
  webhook?: { deliveries: { status: string; attempts: { status?: number }[] }[] };
} & Record<string, unknown>;

export interface TranscriptionSuite {
  files: FileServer;
  t: TestApp;
  key: string;
  post(url: string, payload: Record<string, unknown>, apiKey?: string): ReturnType<TestApp['server']['inject']>;
  read(uuid: string, apiKey?: string): Promise<Audio>;
  waitFor(uuid: string, done: (a: Audio) => boolean, timeoutMs?: number): Promise<Audio>;
}

export const settled = (a: Audio) => a.status === 'completed' || a.status === 'failed';

/**
 * A test file's service with its worker running, and a file server with short recordings: /line.mp3 (one line of
 * the meeting: where what was said does not matter, as the whole meeting costs pocketsphinx ~8 s of CPU each
 * time), /two-voices.mp3 (its first four lines) and /not-audio.mp3.
 */
export function transcriptionSuite(): TranscriptionSuite {
  const suite = {
    post: (url, payload, apiKey = suite.key) =>
      suite.t.server.inject({ method: 'POST', url, headers: withKey(apiKey), payload }),
    read: async (uuid, apiKey = suite.key) =>
      (await suite.post('/api/audios', { audio_id: uuid }, apiKey)).json<{ audio: Audio }>().audio,
    async waitFor(uuid, done, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const audio = await suite.read(uuid);
        if (done(audio) || Date.now() > deadline) return audio;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  } as TranscriptionSuite;
  beforeAll(async () => {
    suite.files = await startFileServer();
    suite.files.serve('/line.mp3', makeRecording(MEETING_SCRIPT.slice(0, 1)).mp3, 'audio/mpeg');
    suite.files.serve('/two-voices.mp3', makeRecording(MEETING_SCRIPT.slice(0, 4)).mp3, 'audio/mpeg');
    suite.files.serve('/not-audio.mp3', Buffer.from('<html>this is not audio</html>'), 'audio/mpeg');
    suite.t = await startTestApp({
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_JOB_POLL_MS: '50',
      ATELIER_JOB_RETRY_BASE_MS: '50',
    });
    suite.t.app.services.worker.start();
    suite.key = (await suite.t.account({ credits: 100 })).key;
  }, 60_000);
  afterAll(async () => {
    await suite.t?.close();
    await suite.files?.close();
  });
  return suite;
}
