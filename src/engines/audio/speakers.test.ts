import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE, SENTENCES as RECORDED_SENTENCES } from '../../../bench/speaker-recordings.mjs';
import { detectSpeakers } from './speakers.js';
import { parseWav } from './wav.js';

// The first twelve sentences of the speaker bench's recordings (the longer ones; it adds two short answers).
const SENTENCES = RECORDED_SENTENCES.slice(0, 12);
const GAP_SECONDS = 0.4;

type Recording = {
  audio: { pcm: Buffer; sampleRate: number };
  segments: { start: number; end: number }[];
  truth: number[];
};

const VOICES = ['slt', 'rms', 'awb'];
const run = promisify(execFile);
let dir: string;
const utterances = new Map<string, Buffer>();

/**
 * Sentence i in a flite voice, as 16 kHz mono PCM made the way the service would get it: flite speaks mono, and
 * these voices at 16 kHz already, which ffmpeg's decoding to 16 kHz mono leaves byte for byte as it is (compared
 * here), so ffmpeg only runs for a voice at another rate.
 */
async function makeUtterance(voice: string, i: number): Promise<void> {
  const raw = join(dir, `${voice}-${i}-raw.wav`);
  await run('flite', ['-voice', voice, '-t', SENTENCES[i] as string, '-o', raw]);
  let audio = parseWav(readFileSync(raw));
  if (audio.sampleRate !== RATE) {
    const wav = join(dir, `${voice}-${i}.wav`);
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', raw, '-ar', String(RATE), '-ac', '1', wav]);
    audio = parseWav(readFileSync(wav));
  }
  expect(audio.sampleRate).toBe(RATE);
  utterances.set(`${voice}-${i}`, audio.pcm);
}

function utterance(voice: string, i: number): Buffer {
  const pcm = utterances.get(`${voice}-${i}`);
  if (!pcm) throw new Error(`no utterance ${voice}-${i}: add the voice to VOICES`);
  return pcm;
}

/** The sentences in turn, sentence i spoken by voices[i % voices.length], with silence between. */
function conversation(voices: string[]): Recording {
  const gap = Buffer.alloc(Math.round(GAP_SECONDS * RATE) * 2);
  const parts: Buffer[] = [];
  const segments: { start: number; end: number }[] = [];
  let at = 0;
  SENTENCES.forEach((_, i) => {
    const pcm = utterance(voices[i % voices.length] as string, i);
    const seconds = pcm.length / 2 / RATE;
    segments.push({ start: at, end: at + seconds });
    parts.push(pcm, gap);
    at += seconds + GAP_SECONDS;
  });
  return {
    audio: { pcm: Buffer.concat(parts), sampleRate: RATE },
    segments,
    truth: SENTENCES.map((_, i) => i % voices.length),
  };
}

/** Share of segments labelled right under the best one-to-one renaming of the detected speakers. */
function accuracy(labels: number[], truth: number[]): number {
  const names = Math.max(...labels, ...truth) + 1;
  const permutations = (items: number[]): number[][] =>
    items.length <= 1
      ? [items]
      : items.flatMap((item, i) => permutations(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));
  const correct = permutations([...Array(names).keys()]).map(
    (rename) => labels.filter((label, i) => rename[label] === truth[i]).length,
  );
  return Math.max(...correct) / truth.length;
}

function timed(recording: Recording): { labels: number[]; speakers: number; ms: number } {
  const started = performance.now();
  const result = detectSpeakers(recording.audio, recording.segments);
  return { ...result, ms: performance.now() - started };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-speakers-'));
  // Two at a time, waited for: a synchronous run blocked the test worker for each of the 36 (20 s in all).
  const wanted = VOICES.flatMap((voice) => SENTENCES.map((_, i) => () => makeUtterance(voice, i)));
  const next = async (): Promise<void> => {
    for (let job = wanted.shift(); job; job = wanted.shift()) await job();
  };
  await Promise.all([next(), next()]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('detectSpeakers', () => {
  it('tells a female voice from a male one (flite slt / rms)', () => {
    const recording = conversation(['slt', 'rms']);
    const result = timed(recording);
    const share = accuracy(result.labels, recording.truth);
    const seconds = recording.audio.pcm.length / 2 / RATE;
    console.log(
      `slt/rms: ${result.speakers} speakers, ${(share * 100).toFixed(0)}% of segments right, ${seconds.toFixed(1)} s of audio in ${result.ms.toFixed(0)} ms`,
    );
    expect(result.speakers).toBe(2);
    expect(share).toBeGreaterThanOrEqual(0.9);
    expect(result.labels[0]).toBe(0);
    expect(detectSpeakers(recording.audio, recording.segments)).toEqual({
      labels: result.labels,
      speakers: result.speakers,
    });
  });

  it('tells two male voices apart well enough (flite rms / awb)', () => {
    const recording = conversation(['rms', 'awb']);
    const result = timed(recording);
    const share = accuracy(result.labels, recording.truth);
    console.log(
      `rms/awb: ${result.speakers} speakers, ${(share * 100).toFixed(0)}% of segments right in ${result.ms.toFixed(0)} ms`,
    );
    expect(share).toBeGreaterThanOrEqual(0.6);
  });

  it('finds three speakers in a three-voice recording', () => {
    const recording = conversation(['slt', 'rms', 'awb']);
    const result = timed(recording);
    const share = accuracy(result.labels, recording.truth);
    console.log(`slt/rms/awb: ${result.speakers} speakers, ${(share * 100).toFixed(0)}% of segments right`);
    expect(result.speakers).toBe(3);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps one voice as one speaker', () => {
    for (const voice of ['slt', 'rms']) {
      const recording = conversation([voice]);
      expect(detectSpeakers(recording.audio, recording.segments), voice).toEqual({
        labels: recording.segments.map(() => 0),
        speakers: 1,
      });
    }
  });

  it('honours maxSpeakers', () => {
    const recording = conversation(['slt', 'rms']);
    expect(detectSpeakers(recording.audio, recording.segments, { maxSpeakers: 1 }).speakers).toBe(1);
  });

  it('gives very short and silent segments the label of the nearest segment in time', () => {
    const recording = conversation(['slt', 'rms']);
    type Span = { start: number; end: number };
    const [first, second, third] = recording.segments as [Span, Span, Span];
    const segments = [
      first,
      { start: second.start - 0.3, end: second.start - 0.02 }, // silence, nearer the second utterance
      second,
      { start: second.end - 0.2, end: second.end }, // 0.2 s, the end of the second utterance
      { start: third.start, end: third.start + 0.25 }, // 0.25 s, the start of the third
      ...recording.segments.slice(2),
    ];
    const result = detectSpeakers(recording.audio, segments);
    expect(result.speakers).toBe(2);
    expect(result.labels.slice(0, 6)).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it('returns no labels for no segments', () => {
    expect(detectSpeakers({ pcm: Buffer.alloc(RATE * 2), sampleRate: RATE }, [])).toEqual({ labels: [], speakers: 0 });
  });

  it('copes with segments that hold only silence, or lie outside the audio', () => {
    const audio = { pcm: Buffer.alloc(5 * RATE * 2), sampleRate: RATE };
    const segments = [
      { start: 0, end: 1.5 },
      { start: 1.6, end: 1.7 },
      { start: 2, end: 4.5 },
      { start: 4.8, end: 9 },
      { start: 12, end: 13 },
    ];
    expect(detectSpeakers(audio, segments)).toEqual({ labels: [0, 0, 0, 0, 0], speakers: 1 });
  });
});
