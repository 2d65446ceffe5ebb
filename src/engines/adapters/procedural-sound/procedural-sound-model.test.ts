import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bandShare,
  centroid,
  dbfs,
  decodeSamples,
  flatness,
  peakOf,
  rmsOf,
  spectrum,
} from '../../../../test/helpers/audio-analysis.js';
import { FAMILIES } from './families.js';
import { ProceduralSoundModel } from './procedural-sound-model.js';
import { FAMILY_NAMES, SAMPLE_RATE, synthesize } from './synthesize.js';
import { warningTexts } from '../../spec/warning-text.js';

// Needs `npm run build`: the synthesis runs on a worker thread, which loads the compiled module.
const engine = new ProceduralSoundModel({
  lamePath: 'lame',
  bitrateKbps: 64,
  timeoutMs: 30_000,
  workers: 2,
  workDir: join(tmpdir(), 'atelier-sfx-test'),
});
afterAll(() => engine.close());

const make = (prompt: string, durationSeconds = 3, promptInfluence = 0.3) =>
  engine.doGenerate({ prompt, durationSeconds, promptInfluence });
const samplesOf = async (prompt: string, durationSeconds = 3) =>
  decodeSamples((await make(prompt, durationSeconds)).audio.data, SAMPLE_RATE);

async function probedSeconds(mp3: Buffer): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-sfx-'));
  try {
    writeFileSync(join(dir, 'a.mp3'), mp3);
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      join(dir, 'a.mp3'),
    ]);
    return Number(stdout.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the procedural sound engine', () => {
  it('knows at least 25 families, each named by its own words', () => {
    expect(FAMILY_NAMES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FAMILY_NAMES).size).toBe(FAMILY_NAMES.length);
    for (const family of FAMILIES) {
      const made = synthesize({ prompt: `the sound of ${family.name}`, durationSeconds: 1, promptInfluence: 0.3 });
      expect(made.families[0], family.name).toBe(family.name);
      expect(made.warnings, family.name).toEqual([]);
    }
  });

  it('makes an MP3 of exactly the asked duration (decoded with ffmpeg, read by ffprobe)', async () => {
    for (const seconds of [0.5, 5, 22]) {
      const result = await make('rain on a tin roof', seconds);
      expect(result.durationSeconds).toBeCloseTo(seconds, 3);
      expect(result.audio.mediaType).toBe('audio/mpeg');
      const decoded = await decodeSamples(result.audio.data, SAMPLE_RATE);
      // lame's encoder delay and padding are in its LAME tag, which ffmpeg honours: every sample, no more.
      expect(decoded.length, `${seconds} s decoded`).toBe(Math.round(seconds * SAMPLE_RATE));
      // ffprobe estimates from the bitrate and leaves the padding in: within 0.1 s.
      expect(Math.abs((await probedSeconds(result.audio.data)) - seconds), `${seconds} s probed`).toBeLessThan(0.1);
    }
  }, 60_000);

  it('keeps every family at a normal loudness without clipping', async () => {
    for (const name of FAMILY_NAMES) {
      const made = synthesize({ prompt: name, durationSeconds: 4, promptInfluence: 0.3 });
      const level = dbfs(rmsOf(made.samples));
      expect(level, name).toBeGreaterThan(-40);
      expect(level, name).toBeLessThan(-12);
      expect(peakOf(made.samples), name).toBeLessThanOrEqual(0.9);
    }
    // And after MP3 encoding and decoding, for a few.
    for (const prompt of ['heavy rain', 'church bell', 'footsteps on gravel', 'applause']) {
      const decoded = await samplesOf(prompt);
      expect(dbfs(rmsOf(decoded)), prompt).toBeGreaterThan(-40);
      expect(peakOf(decoded), prompt).toBeLessThan(0.99);
    }
  }, 60_000);

  it('makes families that sound different: their spectra differ', async () => {
    const rain = spectrum(await samplesOf('rain'), SAMPLE_RATE);
    const bell = spectrum(await samplesOf('a bell'), SAMPLE_RATE);
    const thunder = spectrum(await samplesOf('thunder'), SAMPLE_RATE);
    const engineHum = spectrum(await samplesOf('an idling engine'), SAMPLE_RATE);
    // Rain is bright noise; thunder and an engine live in the low end; a bell is a few tones.
    expect(centroid(rain)).toBeGreaterThan(2500);
    expect(centroid(thunder)).toBeLessThan(500);
    expect(centroid(engineHum)).toBeLessThan(500);
    expect(centroid(rain)).toBeGreaterThan(4 * centroid(thunder));
    expect(flatness(rain)).toBeGreaterThan(5 * flatness(bell));
    expect(bandShare(thunder, 0, 300)).toBeGreaterThan(0.8);
    expect(bandShare(rain, 0, 300)).toBeLessThan(0.1);
  }, 60_000);

  it('mixes the families a prompt names, the first named loudest', async () => {
    const mixed = synthesize({ prompt: 'rain with thunder and birds', durationSeconds: 4, promptInfluence: 0.3 });
    expect(mixed.families).toEqual(['rain', 'thunder', 'birds']);
    expect(mixed.warnings).toEqual([]);
    const mix = spectrum(await samplesOf('rain with thunder and birds', 4), SAMPLE_RATE);
    const rainOnly = spectrum(await samplesOf('rain', 4), SAMPLE_RATE);
    const thunderOnly = spectrum(await samplesOf('thunder', 4), SAMPLE_RATE);
    // Thunder's low end and rain's highs both there.
    expect(bandShare(mix, 0, 300)).toBeGreaterThan(5 * bandShare(rainOnly, 0, 300));
    expect(bandShare(mix, 2000, 16000)).toBeGreaterThan(5 * bandShare(thunderOnly, 2000, 16000));
  }, 60_000);

  it('mixes at most five layers and says which it left out', () => {
    const made = synthesize({
      prompt: 'rain, wind, waves, fire, birds, a bell and a dog',
      durationSeconds: 1,
      promptInfluence: 0.3,
    });
    expect(made.families).toEqual(['rain', 'wind', 'waves', 'fire', 'birds']);
    expect(warningTexts(made.warnings)).toEqual([
      'The prompt names 7 kinds of sound; the first 5 were mixed (bell, dog left out)',
    ]);
  });

  it('gives an unknown prompt a quiet labelled ambient bed and a warning', async () => {
    const result = await make('the smell of quantum lemons', 2);
    expect(result.warnings).toHaveLength(1);
    expect(warningTexts(result.warnings)[0]).toMatch(
      /^No sound this engine knows was named in the prompt: made a neutral ambient bed/,
    );
    expect(warningTexts(result.warnings)[0]).toContain('rain, wind, waves');
    const decoded = await decodeSamples(result.audio.data, SAMPLE_RATE);
    expect(dbfs(rmsOf(decoded))).toBeGreaterThan(-40);
    expect(centroid(spectrum(decoded, SAMPLE_RATE))).toBeLessThan(1000);
  });

  it('is deterministic: the same request makes the same bytes, another prompt other samples', async () => {
    const a = await make('wind through pine trees', 2);
    const b = await make('wind through pine trees', 2);
    expect(a.audio.data.equals(b.audio.data)).toBe(true);
    const c = synthesize({ prompt: 'wind through oak trees', durationSeconds: 2, promptInfluence: 0.3 });
    const d = synthesize({ prompt: 'wind through pine trees', durationSeconds: 2, promptInfluence: 0.3 });
    expect(Buffer.from(c.samples.buffer).equals(Buffer.from(d.samples.buffer))).toBe(false);
  });

  it('reads modifiers as far as prompt_influence says: "distant" darkens and quiets a sound', () => {
    const near = synthesize({ prompt: 'rain', durationSeconds: 3, promptInfluence: 0.8 });
    const far = synthesize({ prompt: 'distant rain', durationSeconds: 3, promptInfluence: 0.8 });
    expect(centroid(spectrum(far.samples, SAMPLE_RATE))).toBeLessThan(
      centroid(spectrum(near.samples, SAMPLE_RATE)) / 2,
    );
    expect(rmsOf(far.samples)).toBeLessThan(rmsOf(near.samples));
  });
});
