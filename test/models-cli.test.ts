import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { type RequestListener, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findEntry } from '../src/models/catalogue.js';
import { ROOT, atelier } from './helpers/processes.js';

// Runs the built command (bin/atelier.mjs over dist/): build first with `npm run build`.

const TINY = findEntry('whisper-tiny');
const QWEN = findEntry('qwen3-0.6b');
if (!TINY || !QWEN) throw new Error('the catalogue lost whisper-tiny or qwen3-0.6b');
const TINY_PATH = new URL(TINY.url).pathname;

let dataDir: string;
let modelsDir: string;
let env: Record<string, string>;
const servers: Server[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-models-cli-'));
  modelsDir = join(dataDir, 'models');
  env = {
    ATELIER_DATA_DIR: dataDir,
    ATELIER_TEXT_PROVIDER: '',
    ATELIER_LLM_MODEL_PATH: '',
    ATELIER_WHISPER_MODEL_PATH: '',
    ATELIER_MODELS_DIR: '',
  };
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(listener: RequestListener): Promise<{ url: string; ranges: (string | undefined)[] }> {
  const ranges: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    ranges.push(req.headers.range);
    if (req.url !== TINY_PATH) return void res.writeHead(404).end();
    listener(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ranges };
}

/** A file of the entry's size where a pull leaves it (sparse: nothing is written or read). */
function placePulled(file: string, bytes: number): string {
  mkdirSync(modelsDir, { recursive: true });
  const path = join(modelsDir, file);
  writeFileSync(path, '');
  truncateSync(path, bytes);
  return path;
}

interface Listed {
  models_dir: string;
  models: { name: string; kind: string; pulled: boolean; in_use: boolean; partial_bytes?: number; file: string }[];
  service: {
    text_provider: string | null;
    llm_model: string | null;
    llm_advanced_model: string | null;
    whisper_model: string | null;
    embedding_model: string | null;
    would_not_start?: string;
  };
}

describe('atelier models', () => {
  it('lists the catalogue, what is pulled, what is half-downloaded and what the service would use', async () => {
    const empty = await atelier(['models', 'list'], env);
    expect(empty.code).toBe(0);
    const before = JSON.parse(empty.stdout) as Listed;
    expect(before.models_dir).toBe(modelsDir);
    expect(before.models.map((m) => [m.name, m.kind, m.pulled])).toEqual([
      ['qwen2.5-1.5b-instruct', 'llm', false],
      ['qwen3-0.6b', 'llm', false],
      ['whisper-small', 'whisper', false],
      ['whisper-base', 'whisper', false],
      ['whisper-tiny', 'whisper', false],
      ['nomic-embed-text-v1.5', 'embedding', false],
      ['bge-small-en-v1.5', 'embedding', false],
    ]);
    expect(before.service).toEqual({
      text_provider: 'builtin',
      llm_model: null,
      llm_advanced_model: null,
      whisper_model: null,
      embedding_model: null,
    });

    const qwen = placePulled(QWEN.file, QWEN.bytes);
    const tiny = placePulled(TINY.file, TINY.bytes);
    writeFileSync(join(modelsDir, 'ggml-base.bin.part'), Buffer.alloc(1_000));
    const after = JSON.parse((await atelier(['models', 'list'], env)).stdout) as Listed;
    const byName = Object.fromEntries(after.models.map((m) => [m.name, m]));
    expect(byName['qwen3-0.6b']).toMatchObject({ pulled: true, in_use: true, file: qwen });
    expect(byName['whisper-tiny']).toMatchObject({ pulled: true, in_use: true, file: tiny });
    expect(byName['whisper-base']).toMatchObject({ pulled: false, in_use: false, partial_bytes: 1_000 });
    expect(after.service).toEqual({
      text_provider: 'llama-cpp',
      llm_model: qwen,
      llm_advanced_model: qwen,
      whisper_model: tiny,
      embedding_model: null,
    });

    // Another text provider named explicitly: the pulled GGUF stays on disk, unused.
    const remote = JSON.parse(
      (
        await atelier(['models', 'list'], {
          ...env,
          ATELIER_TEXT_PROVIDER: 'openai-compatible',
          ATELIER_TEXT_BASE_URL: 'http://127.0.0.1:9',
        })
      ).stdout,
    ) as Listed;
    expect(remote.models.find((m) => m.name === 'qwen3-0.6b')).toMatchObject({ pulled: true, in_use: false });
    expect(remote.service.llm_model).toBeNull();
  });

  it('still runs when the service would refuse to start for want of a model, and says why', async () => {
    const listed = await atelier(['models', 'list'], { ...env, ATELIER_TEXT_PROVIDER: 'llama-cpp' });
    expect(listed.code).toBe(0);
    const { service } = JSON.parse(listed.stdout) as Listed;
    expect(service.text_provider).toBeNull();
    expect(service.would_not_start).toContain(
      'ATELIER_LLM_MODEL_PATH: required when ATELIER_TEXT_PROVIDER is llama-cpp',
    );
  });

  it('removes a pulled model and its partial download', async () => {
    const tiny = placePulled(TINY.file, TINY.bytes);
    writeFileSync(`${tiny}.part`, 'x');
    const removed = await atelier(['models', 'remove', 'whisper-tiny'], env);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ name: 'whisper-tiny', removed: [tiny, `${tiny}.part`] });
    expect(removed.stderr).toContain('the service uses no whisper model (a running one at once)');
    expect(readdirSync(modelsDir)).toEqual([]);

    const again = await atelier(['models', 'remove', 'whisper-tiny'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('error: whisper-tiny is not pulled');
  });

  it('answers wrong use with exit code 2 and the usage', async () => {
    const uses = [
      ['models'],
      ['models', 'pull', 'gpt-5'],
      ['models', 'pull', 'whisper-tiny', '--base-url', 'ftp://x'],
      ['keys', 'list', '--base-url', 'http://x'],
    ];
    const results = await Promise.all(uses.map((args) => atelier(args, env)));
    for (const [i, result] of results.entries()) {
      expect(result.code, uses[i]?.join(' ')).toBe(2);
      expect(result.stderr, uses[i]?.join(' ')).toMatch(/^error: .+\n\nUsage: atelier/);
    }
    expect(results[1]?.stderr).toContain(
      'Unknown model: gpt-5 (known: qwen2.5-1.5b-instruct, qwen3-0.6b, whisper-small',
    );
    expect(results[3]?.stderr).toContain('--base-url only goes with models pull');
  });

  it('pulls from --base-url with progress, and deletes a file whose SHA-256 is not the catalogue one', async () => {
    // The right size but not the right bytes: downloaded whole, then refused.
    const { url, ranges } = await serve((_req, res) =>
      res.writeHead(200, { 'content-length': TINY.bytes }).end(Buffer.alloc(TINY.bytes)),
    );
    const pulled = await atelier(['models', 'pull', 'whisper-tiny', '--base-url', url], env);
    expect(pulled.code).toBe(1);
    expect(pulled.stdout).toBe('');
    // Standard error is not a terminal here: a plain line every 10%.
    expect(pulled.stderr.match(/^whisper-tiny: +\d+(\.\d)?% +[\d.]+\/77\.7 MB/gm)).toHaveLength(11);
    expect(pulled.stderr).toMatch(
      /error: whisper-tiny: the download has SHA-256 [0-9a-f]{64} instead of be07e048e1e599ad\w+; it was deleted/,
    );
    expect(ranges).toEqual([undefined]);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('refuses a file of another size without downloading it', async () => {
    const { url } = await serve((_req, res) => res.writeHead(200, { 'content-length': 1_024 }).end(randomBytes(1_024)));
    const pulled = await atelier(['models', 'pull', 'whisper-tiny', '--base-url', url], env);
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain(
      `error: whisper-tiny: the server offers 1024 bytes, the catalogue expects ${TINY.bytes}`,
    );
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('keeps the partial download on Ctrl+C and says how to resume', async () => {
    const { url } = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-length': TINY.bytes });
      for (let sent = 0; sent < TINY.bytes && !res.destroyed; sent += 65_536) {
        res.write(Buffer.alloc(65_536));
        await sleep(20);
      }
    });
    const child = spawn(process.execPath, ['bin/atelier.mjs', 'models', 'pull', 'whisper-tiny', '--base-url', url], {
      cwd: ROOT,
      env: { ...process.env, ...env, ATELIER_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const part = join(modelsDir, `${TINY.file}.part`);
    const deadline = Date.now() + 15_000;
    while (!(existsSync(part) && statSync(part).size >= 262_144) && Date.now() < deadline) await sleep(20);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(
      /interrupted: \d+ MB kept in .+ggml-tiny\.bin\.part; run `atelier models pull whisper-tiny` again to resume/,
    );
    expect(statSync(part).size).toBeGreaterThanOrEqual(262_144);
    expect(existsSync(join(modelsDir, TINY.file))).toBe(false);
  });
});
