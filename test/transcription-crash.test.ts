import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { atelier, startService } from './helpers/processes.js';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';

let files: FileServer;
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-crash-'));
const env = {
  ATELIER_DATA_DIR: dataDir,
  ATELIER_ALLOW_PRIVATE_URLS: 'true',
  ATELIER_JOB_LEASE_MS: '2000',
  ATELIER_JOB_POLL_MS: '50',
  ATELIER_WORKER_CONCURRENCY: '2',
};

beforeAll(async () => {
  files = await startFileServer();
  // Three lines (~12 s): long enough that the kill lands mid-work, a third of the whole meeting's cost.
  files.serve('/meeting.mp3', makeRecording(MEETING_SCRIPT.slice(0, 3)).mp3, 'audio/mpeg');
}, 60_000);
afterAll(async () => {
  await files.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker killed mid-job', () => {
  it('completes every transcription after a restart, charging each once', async () => {
    const { api_key: key, account_id: accountId } = JSON.parse(
      (await atelier(['accounts', 'create', '--email', 'crash@example.test', '--plan', 'pro', '--credits', '50'], env))
        .stdout,
    ) as { api_key: string; account_id: string };
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };

    let service = await startService(env);
    const uuids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${service.baseUrl}/api/transcriptions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: files.url('/meeting.mp3'), audio_type: 'meeting' }),
      });
      uuids.push(((await res.json()) as { uuid: string }).uuid);
    }
    const statusOf = async (base: string, uuid: string) =>
      (
        (await (
          await fetch(`${base}/api/audios`, { method: 'POST', headers, body: JSON.stringify({ audio_id: uuid }) })
        ).json()) as { audio: { status: string; error?: string } }
      ).audio;

    // Kill it hard while work is under way.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await statusOf(service.baseUrl, uuids[0] ?? '')).status !== 'processing')
      await new Promise((r) => setTimeout(r, 50));
    service.child.kill('SIGKILL');
    await service.stop();
    const before = await Promise.all(uuids.map(async () => 'unknown'));
    expect(before).toHaveLength(4);

    service = await startService(env);
    try {
      const finished = Date.now() + 90_000;
      let states: { status: string; error?: string }[] = [];
      while (Date.now() < finished) {
        states = await Promise.all(uuids.map((u) => statusOf(service.baseUrl, u)));
        if (states.every((s) => s.status === 'completed' || s.status === 'failed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(
        states.map((s) => s.status),
        JSON.stringify(states),
      ).toEqual(['completed', 'completed', 'completed', 'completed']);

      const account = (await (await fetch(`${service.baseUrl}/api/account`, { headers })).json()) as {
        credits: { balance: number };
        usage: { credits_used_by_kind: Record<string, number> };
      };
      expect(account.credits.balance).toBe(50 - 4 * 2);
      expect(account.usage.credits_used_by_kind.transcription).toBe(8);
      expect(accountId).toBeTruthy();
    } finally {
      await service.stop();
    }
  }, 150_000);
});
