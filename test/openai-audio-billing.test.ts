import { execFileSync } from 'node:child_process';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecording } from './helpers/recordings.js';
import { withScratchDir } from './helpers/scratch-dir.js';
import { type TestApp, startTestApp, withKey, listening } from './helpers/test-app.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Uploads to /v1/audio/transcriptions are billed by audio duration (ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE): the
// duration ffprobe reads from the header is reserved before anything is decoded, the decoded duration is charged.
// A FLAC whose header claims 50 s but holds 4 s shows both: refused on what it claims, charged for what it holds.

const RATE = 30;
const CLAIMED_SECONDS = 50;
let t: TestApp;
let base: string;
let wav: Buffer;
let liar: Buffer;
const cost = (seconds: number) => Math.ceil((seconds * RATE) / 60);

/** The recording as FLAC, its STREAMINFO's total samples (the low 36 bits of bytes 18-25) set to `seconds`. */
function flacClaiming(source: Buffer, seconds: number): Buffer {
  const flac = withScratchDir('atelier-liar-flac', (dir) => {
    writeFileSync(join(dir, 'in.wav'), source);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'in.wav'), join(dir, 'out.flac')]);
    return readFileSync(join(dir, 'out.flac'));
  });
  if (flac.subarray(0, 4).toString('latin1') !== 'fLaC') throw new Error('not a FLAC file');
  const low36 = (1n << 36n) - 1n;
  const fields = flac.readBigUInt64BE(18);
  flac.writeBigUInt64BE((fields & ~low36) | BigInt(seconds * 16_000), 18);
  return flac;
}

beforeAll(async () => {
  wav = makeRecording([{ voice: 'slt', text: 'Good morning everyone. Let us start the weekly project meeting.' }]).wav;
  liar = flacClaiming(wav, CLAIMED_SECONDS);
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE: String(RATE),
  });
  base = await listening(t);
});
afterAll(() => t?.close());

const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });
const seconds = (audio: Buffer) => (audio.length - 44) / 32_000;

async function balance(apiKey: string): Promise<number> {
  const res = await t.server.inject({ url: '/api/account', headers: withKey(apiKey) });
  return res.json<{ credits: { balance: number } }>().credits.balance;
}

describe('transcriptions billed by audio duration', () => {
  it('charges the minutes of audio at the configured rate, rounded up to a whole credit', async () => {
    const apiKey = (await t.account({ plan: 'pro', credits: 10 })).key;
    const result = await client(apiKey).audio.transcriptions.create({
      file: await toFile(wav, 'meeting.wav'),
      model: 'whisper-1',
      response_format: 'verbose_json',
    });
    expect(result.duration).toBeCloseTo(seconds(wav), 1);
    expect(cost(seconds(wav))).toBe(3);
    expect(await balance(apiKey)).toBe(10 - cost(seconds(wav)));
  });

  it('reserves the duration the header claims before decoding: too few credits for it is a 402, nothing spent', async () => {
    const apiKey = (await t.account({ plan: 'pro', credits: cost(CLAIMED_SECONDS) - 1 })).key;
    const error = (await client(apiKey)
      .audio.transcriptions.create({ file: await toFile(liar, 'meeting.flac'), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(402);
    expect(error.type).toBe('insufficient_quota');
    expect(await balance(apiKey)).toBe(cost(CLAIMED_SECONDS) - 1);
  });

  it('settles on the decoded duration: the rest of the reservation comes back', async () => {
    const credits = cost(CLAIMED_SECONDS);
    const apiKey = (await t.account({ plan: 'pro', credits })).key;
    const result = await client(apiKey).audio.transcriptions.create({
      file: await toFile(liar, 'meeting.flac'),
      model: 'whisper-1',
      response_format: 'verbose_json',
    });
    expect(result.duration).toBeCloseTo(seconds(wav), 1);
    expect(await balance(apiKey)).toBe(credits - cost(seconds(wav)));
  });

  it('a file refused by the probe costs nothing', async () => {
    const apiKey = (await t.account({ plan: 'pro', credits: 10 })).key;
    const error = (await client(apiKey)
      .audio.transcriptions.create({ file: await toFile(Buffer.from('not audio at all'), 'x.mp3'), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(await balance(apiKey)).toBe(10);
  });
});
