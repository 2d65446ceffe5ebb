import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SPEECH_OUTPUT_FORMATS } from '../src/modules/speech/speech.schemas.js';
import { withScratchDir } from './helpers/scratch-dir.js';
import { appWithAccount, withKey } from './helpers/test-app.js';

// output_format, made for real: each format's file as ffprobe reads it (container, codec, sample rate, an MP3's
// bitrate), its URL, content type and record; the default answer without it is the service's 64 kb/s MP3 as before.
const suite = appWithAccount();
const run = promisify(execFile);

type SpeechResult = { uuid: string; url: string; used_characters: number; status: string };
const TEXT = 'Every format here says the same thing, one sentence long.';
const speak = (payload: Record<string, unknown>) =>
  suite.t.server.inject({ method: 'POST', url: '/api/generate-text-to-speech', headers: withKey(suite.key), payload });
const download = (url: string) => suite.t.server.inject({ url: new URL(url).pathname });
const record = async (uuid: string) =>
  (await suite.t.server.inject({ url: `/api/text-to-speech/${uuid}`, headers: withKey(suite.key) })).json<{
    output_format: string | null;
    duration_seconds: number;
    used_characters: number;
  }>();

interface Probed {
  container: string;
  codec: string;
  sampleRate: number;
  channels: number;
  bitRate: number;
  bitsPerSample: number;
}

function probe(data: Buffer): Promise<Probed> {
  return withScratchDir('atelier-format-probe', async (dir) => {
    const file = join(dir, 'audio');
    writeFileSync(file, data);
    const fields = 'stream=codec_name,sample_rate,channels,bit_rate,bits_per_sample:format=format_name';
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', fields, '-of', 'json', file]);
    const parsed = JSON.parse(stdout) as {
      streams: {
        codec_name: string;
        sample_rate: string;
        channels: number;
        bit_rate: string;
        bits_per_sample: number;
      }[];
      format: { format_name: string };
    };
    const stream = parsed.streams[0];
    return {
      container: parsed.format.format_name,
      codec: stream?.codec_name ?? '',
      sampleRate: Number(stream?.sample_rate),
      channels: stream?.channels ?? 0,
      bitRate: Number(stream?.bit_rate),
      bitsPerSample: stream?.bits_per_sample ?? 0,
    };
  });
}

describe('output_format on POST /api/generate-text-to-speech', () => {
  it("without it, answers as before: the 64 kb/s MP3 at the voice's own rate, a record with no format", async () => {
    const res = await speak({ voiceID: 'espeak-ng:en-us', text: TEXT });
    expect(res.statusCode).toBe(200);
    const body = res.json<SpeechResult>();
    expect(Object.keys(body)).toEqual(['uuid', 'url', 'used_characters', 'status']);
    expect(body.url).toMatch(new RegExp(`/files/tts/${body.uuid}\\.mp3$`));
    const file = await download(body.url);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(await probe(file.rawPayload)).toMatchObject({
      container: 'mp3',
      codec: 'mp3',
      sampleRate: 22050,
      channels: 1,
      bitRate: 64000,
    });
    expect(await record(body.uuid)).toMatchObject({ output_format: null, used_characters: 10 });
  });

  const expected: Record<(typeof SPEECH_OUTPUT_FORMATS)[number], Partial<Probed>> = {
    mp3_22050_32: { codec: 'mp3', sampleRate: 22050, bitRate: 32000 },
    mp3_44100_32: { codec: 'mp3', sampleRate: 44100, bitRate: 32000 },
    mp3_44100_64: { codec: 'mp3', sampleRate: 44100, bitRate: 64000 },
    mp3_44100_96: { codec: 'mp3', sampleRate: 44100, bitRate: 96000 },
    mp3_44100_128: { codec: 'mp3', sampleRate: 44100, bitRate: 128000 },
    mp3_44100_192: { codec: 'mp3', sampleRate: 44100, bitRate: 192000 },
    // espeak-ng speaks at 22050 Hz: `wav` keeps the voice's own rate.
    wav: { container: 'wav', codec: 'pcm_s16le', sampleRate: 22050, bitsPerSample: 16 },
    pcm_16000: { container: 'wav', codec: 'pcm_s16le', sampleRate: 16000, bitsPerSample: 16 },
    pcm_22050: { container: 'wav', codec: 'pcm_s16le', sampleRate: 22050, bitsPerSample: 16 },
    pcm_24000: { container: 'wav', codec: 'pcm_s16le', sampleRate: 24000, bitsPerSample: 16 },
    pcm_44100: { container: 'wav', codec: 'pcm_s16le', sampleRate: 44100, bitsPerSample: 16 },
  };

  it('offers exactly the formats tested here', () => {
    expect(Object.keys(expected).sort()).toEqual([...SPEECH_OUTPUT_FORMATS].sort());
  });

  it.each(SPEECH_OUTPUT_FORMATS)('%s: the file, its URL, content type and record match', async (format) => {
    const reference = await record((await speak({ voiceID: 'espeak-ng:en-us', text: TEXT })).json<SpeechResult>().uuid);
    const res = await speak({ voiceID: 'espeak-ng:en-us', text: TEXT, output_format: format });
    expect(res.statusCode).toBe(200);
    const body = res.json<SpeechResult>();
    const extension = format.startsWith('mp3') ? 'mp3' : 'wav';
    expect(body.url).toMatch(new RegExp(`/files/tts/${body.uuid}_${format}\\.${extension}$`));
    const file = await download(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(extension === 'mp3' ? 'audio/mpeg' : 'audio/wav');
    const probed = await probe(file.rawPayload);
    expect(probed).toMatchObject({ channels: 1, ...expected[format] });
    if (extension === 'mp3') expect(probed.container).toBe('mp3');
    // Duration and billing are the speech's, whatever the file.
    expect(await record(body.uuid)).toMatchObject({
      output_format: format,
      used_characters: 10,
      duration_seconds: reference.duration_seconds,
    });
  });

  it('applies the volume setting to a WAV too', async () => {
    const peak = async (volume: number) => {
      const res = await speak({
        voiceID: 'flite:slt',
        text: 'loud and quiet',
        output_format: 'wav',
        voiceSettings: { volume },
      });
      const wav = (await download(res.json<SpeechResult>().url)).rawPayload;
      let max = 0;
      for (let i = 44; i + 1 < wav.length; i += 2) max = Math.max(max, Math.abs(wav.readInt16LE(i)));
      return max;
    };
    const quiet = await peak(0.25);
    const normal = await peak(1);
    expect(quiet / normal).toBeGreaterThan(0.2);
    expect(quiet / normal).toBeLessThan(0.3);
  });

  it('refuses a format it does not make with a 400 that lists the ones it does, and charges nothing', async () => {
    for (const format of ['ogg', 'mp3_44100_320', 'ulaw_8000', 'MP3_44100_128', 7]) {
      const res = await speak({ voiceID: 'espeak-ng:en-us', text: 'hello', output_format: format });
      expect(res.statusCode, String(format)).toBe(400);
      const { error } = res.json<{ error: string }>();
      expect(error).toContain('output_format');
      for (const allowed of SPEECH_OUTPUT_FORMATS) expect(error).toContain(allowed);
    }
  });
});
