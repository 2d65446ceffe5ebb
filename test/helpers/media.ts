import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withScratchDir } from './scratch-dir.js';

const run = promisify(execFile);

export interface ProbedAudio {
  codec: string;
  sampleRate: number;
  channels: number;
  durationSeconds: number;
}

/** What ffprobe says of an audio file. */
export function probeAudio(data: Buffer): Promise<ProbedAudio> {
  return withScratchDir('atelier-probe', (dir) => probeAudioIn(dir, data));
}

async function probeAudioIn(dir: string, data: Buffer): Promise<ProbedAudio> {
  const file = join(dir, 'audio');
  writeFileSync(file, data);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,sample_rate,channels:format=duration',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_name: string; sample_rate: string; channels: number }[];
    format: { duration: string };
  };
  const stream = parsed.streams[0];
  return {
    codec: stream?.codec_name ?? '',
    sampleRate: Number(stream?.sample_rate),
    channels: stream?.channels ?? 0,
    durationSeconds: Number(parsed.format.duration),
  };
}

/** Decodes any audio to 16 kHz mono WAV and transcribes it with pocketsphinx (lower-case words). */
export function transcribe(data: Buffer): Promise<string[]> {
  return withScratchDir('atelier-asr', (dir) => transcribeIn(dir, data));
}

async function transcribeIn(dir: string, data: Buffer): Promise<string[]> {
  const input = join(dir, 'input');
  const wav = join(dir, 'speech.wav');
  writeFileSync(input, data);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', input, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav]);
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'], {
    maxBuffer: 10 * 1024 * 1024,
  });
  return stdout
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/\(\d+\)$/, ''))
    .filter((w) => /^[a-z']+$/.test(w));
}

export interface ProbedVideo {
  durationSeconds: number;
  streams: { type: string; codec: string; width?: number; height?: number; pixelFormat?: string }[];
}

/** What ffprobe says of a video file: its duration and each stream. */
export function probeVideo(data: Buffer): Promise<ProbedVideo> {
  return withScratchDir('atelier-probe', (dir) => probeVideoIn(dir, data));
}

async function probeVideoIn(dir: string, data: Buffer): Promise<ProbedVideo> {
  const file = join(dir, 'video.mp4');
  writeFileSync(file, data);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height,pix_fmt:format=duration',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
    format: { duration: string };
  };
  return {
    durationSeconds: Number(parsed.format.duration),
    streams: parsed.streams.map((s) => ({
      type: s.codec_type,
      codec: s.codec_name,
      width: s.width,
      height: s.height,
      pixelFormat: s.pix_fmt,
    })),
  };
}
