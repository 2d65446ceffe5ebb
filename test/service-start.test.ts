import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from './helpers/processes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('starting the service (node dist/main.js)', () => {
  it('creates an admin on the top plan on the first start, prints its key once and keeps it in a 0600 file', async () => {
    const service = await startService({ ATELIER_DATA_DIR: dataDir });
    try {
      const keyFile = join(dataDir, 'admin-key');
      const key = readFileSync(keyFile, 'utf8').trim();
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(service.output()).toContain(key);
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
      const account = await fetch(`${service.baseUrl}/api/account`, { headers: { 'x-api-key': key } });
      expect(await account.json()).toMatchObject({ plan: { name: 'business' }, account: { is_admin: true } });
      const presets = await fetch(`${service.baseUrl}/api/presets`, { headers: { authorization: `Bearer ${key}` } });
      expect(presets.status).toBe(200);
      expect(presets.headers.get('x-request-id')).toBeTruthy();
    } finally {
      expect(await service.stop()).toBe(0);
    }

    const again = await startService({ ATELIER_DATA_DIR: dataDir });
    try {
      expect(again.output()).not.toContain('atl_');
    } finally {
      await again.stop();
    }
  });

  it('refuses to start on a wrong setting and names the variable', async () => {
    await expect(startService({ ATELIER_DATA_DIR: dataDir, ATELIER_TEXT_PROVIDER: 'telepathy' })).rejects.toThrow(
      /ATELIER_TEXT_PROVIDER/,
    );
  });
});
