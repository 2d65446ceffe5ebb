import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGGING_FACE, findEntry } from '../src/models/catalogue.js';
import { type RoleProcess, startRole } from './helpers/roles.js';
import { databaseEnvFor } from './helpers/test-database.js';

/**
 * Ten pulls of one model at once against `atelier serve` with two HTTP processes: the claim must hold across
 * processes (each has its own memory), so exactly one answers 200 and writes its audit row, the others 409.
 * The mirror sends the first bytes and then holds the download, so the pull is still running while they arrive.
 */
const NAME = 'whisper-tiny';
let folder: string;
let service: RoleProcess;
let adminKey: string;
let held: ServerResponse[] = [];
let mirror: ReturnType<typeof createServer>;

function call(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own each, which the cluster hands to its processes in turn.
    const req = httpRequest(
      new URL(path, service.baseUrl),
      { method, agent: false, headers: { 'x-api-key': adminKey, connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const entry = findEntry(NAME);
  if (!entry) throw new Error('no entry');
  mirror = createServer((req, res) => {
    if (req.url !== entry.url.slice(HUGGING_FACE.length)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': entry.bytes });
    res.write(Buffer.alloc(1024));
    held.push(res);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  folder = mkdtempSync(join(tmpdir(), 'atelier-pull-race-'));
  service = await startRole(
    'api',
    {
      ...(await databaseEnvFor(folder)),
      ATELIER_DATA_DIR: folder,
      ATELIER_API_PROCESSES: '2',
      // The primary hands the connections round, so that the pulls surely reach both processes.
      ATELIER_CLUSTER_ACCEPT: 'primary',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_MODELS_BASE_URL: `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`,
      ATELIER_ADMIN_EMAIL: 'admin@pull-race.test',
    },
    60_000,
  );
  adminKey = readFileSync(join(folder, 'admin-key'), 'utf8').trim();
}, 90_000);

afterAll(async () => {
  for (const res of held) res.destroy();
  held = [];
  mirror?.closeAllConnections();
  await new Promise((resolve) => mirror?.close(resolve));
  await service?.stop('SIGTERM');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('ten pulls of one model at once, across HTTP processes', () => {
  it('start it once: one 200 and one audit row, nine 409', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/admin/models/${NAME}/pull`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(JSON.parse(answer.body)).toEqual({ error: 'Model is already being pulled' });
    const audit = JSON.parse((await call('GET', '/api/admin/audit?action=model.pull')).body) as { entries: unknown[] };
    expect(audit.entries).toHaveLength(1);
    const listed = JSON.parse((await call('GET', '/api/admin/models')).body) as {
      models: { name: string; state: string }[];
    };
    expect(listed.models.find((m) => m.name === NAME)?.state).toBe('pulling');
  });
});
