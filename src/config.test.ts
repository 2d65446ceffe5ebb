import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const noFile = join(tmpdir(), 'atelier-no-such.env');

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({}, noFile);
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.text.provider).toBe('builtin');
    expect(config.plans.map((p) => p.name)).toEqual(['free', 'pro', 'business']);
    expect(Object.isFrozen(config.text)).toBe(true);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, noFile)).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' }, noFile)).toThrow(/PORT/);
    expect(() => loadConfig({ ATELIER_PUBLIC_URL: 'ftp://x' }, noFile)).toThrow(/ATELIER_PUBLIC_URL/);
    expect(() => loadConfig({ ATELIER_TEXT_PROVIDER: 'magic' }, noFile)).toThrow(/ATELIER_TEXT_PROVIDER/);
    expect(() => loadConfig({ ATELIER_TEXT_PROVIDER: 'openai-compatible' }, noFile)).toThrow(/ATELIER_TEXT_BASE_URL/);
    expect(() => loadConfig({ ATELIER_PLANS: '[{"name": "x"}]' }, noFile)).toThrow(/ATELIER_PLANS/);
    expect(() => loadConfig({ ATELIER_PLANS: 'not json' }, noFile)).toThrow(ConfigError);
  });

  it('chooses the sound engine: offline by default, ElevenLabs when its key is set, and refuses one not configured', () => {
    expect(loadConfig({}, noFile).sound).toEqual({ engine: 'procedural-sound', workers: 2 });
    const withKey = { ATELIER_ELEVENLABS_API_KEY: 'xi-key' };
    expect(loadConfig(withKey, noFile).sound.engine).toBe('elevenlabs');
    expect(loadConfig({ ...withKey, ATELIER_SOUND_ENGINE: 'procedural-sound' }, noFile).sound.engine).toBe(
      'procedural-sound',
    );
    expect(loadConfig({ ATELIER_SOUND_WORKERS: '4' }, noFile).sound.workers).toBe(4);
    expect(() => loadConfig({ ATELIER_SOUND_ENGINE: 'elevenlabs' }, noFile)).toThrow(
      /ATELIER_SOUND_ENGINE: elevenlabs needs ATELIER_ELEVENLABS_API_KEY/,
    );
    expect(() => loadConfig({ ATELIER_SOUND_ENGINE: 'foley' }, noFile)).toThrow(/ATELIER_SOUND_ENGINE/);
    expect(() => loadConfig({ ATELIER_SOUND_WORKERS: '0' }, noFile)).toThrow(/ATELIER_SOUND_WORKERS/);
  });

  it('reads .env under the process environment, which wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'PORT=9000\nHOST=0.0.0.0\nATELIER_PUBLIC_URL=https://atelier.example.com/\n');
    const fromFile = loadConfig({}, file);
    expect(fromFile.port).toBe(9000);
    expect(fromFile.publicUrl).toBe('https://atelier.example.com');
    expect(loadConfig({ PORT: '9100' }, file).port).toBe(9100);
  });

  it('takes plans from ATELIER_PLANS', () => {
    const plans = [
      {
        name: 'solo',
        monthlyCredits: 5,
        monthlyTtsWords: 10,
        advancedModel: false,
        premiumPresets: false,
        rateLimitPerMinute: 60,
      },
    ];
    // Limits left out take the defaults (those of a default plan of the same name, else generous ones).
    expect(loadConfig({ ATELIER_PLANS: JSON.stringify(plans) }, noFile).plans).toEqual([
      { ...plans[0], maxApiKeys: 25, maxBots: 25, maxDocumentsPerBot: 200 },
    ]);
  });
});
