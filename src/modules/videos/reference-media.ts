/**
 * A clip's reference media (1.0.5): fetched through the SSRF guard within the model's size limit, probed with
 * ffprobe (a child process, off the event loop) within its length limits before anything decodes them.
 */
import { checkMedia, probeVideo } from '../../engines/audio/probe-media.js';
import type { ReferenceClipLimits } from '../../engines/media/video-limits.js';
import type { SpeechAudio } from '../../engines/spec/tts-model.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import { decodeAudioFile, download, inTempFile, probing, refused, seconds } from './talking-inputs.js';

export interface ReferenceMediaConfig {
  guard: GuardOptions;
  ffmpegPath: string;
  ffprobePath: string;
  timeoutMs: number;
  tempDir: string;
}

const MIB = 1024 * 1024;
/** The longest reference audio decoded when a model states no limit. */
const MAX_AUDIO_SECONDS = 300;

/** The file type of audio by its first bytes: WAV (RIFF....WAVE) or MP3 (an ID3 tag or a frame sync). */
export function audioFormat(data: Buffer): 'wav' | 'mp3' | undefined {
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE')
    return 'wav';
  if (data.length >= 3 && data.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (data.length >= 2 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  return undefined;
}

export class ReferenceMedia {
  constructor(private readonly config: ReferenceMediaConfig) {}

  /** Each reference clip downloaded and probed: a video stream, within the model's lengths. Nothing is decoded. */
  async checkClips(urls: readonly string[], limits: ReferenceClipLimits): Promise<void> {
    const lengths: number[] = [];
    for (const [i, url] of urls.entries()) {
      const what = `reference video ${i + 1}`;
      const body = await this.download(what, url, limits);
      const facts = await this.inTemp(body, (file) => probing(what, () => probeVideo(file, this.config.ffprobePath)));
      if (!facts.size) throw refused(`The ${what} has no picture (no video stream)`);
      if (facts.durationSeconds === undefined)
        throw refused(`The ${what} does not say how long it is; send an MP4 or a MOV file`);
      lengths.push(checkLength(what, facts.durationSeconds, limits));
    }
    checkTotal('reference videos', lengths, limits);
  }

  /** The reference audio, each checked (type, length) and decoded, joined end to end: the clip's soundtrack. */
  async soundtrack(urls: readonly string[], limits: ReferenceClipLimits): Promise<SpeechAudio> {
    const parts: SpeechAudio[] = [];
    const lengths: number[] = [];
    for (const [i, url] of urls.entries()) {
      const what = `reference audio ${i + 1}`;
      const body = await this.download(what, url, limits);
      const format = audioFormat(body);
      if (limits.formats && !(format && limits.formats.includes(format)))
        throw refused(`The ${what} must be ${limits.formats.join(' or ')}`);
      const maxSeconds = limits.maxSeconds ?? MAX_AUDIO_SECONDS;
      parts.push(
        await this.inTemp(body, async (file) => {
          const { durationSeconds: length } = await probing(what, () =>
            checkMedia(file, { ffprobePath: this.config.ffprobePath, maxSeconds, maxStreams: 4 }),
          );
          const audio = await decodeAudioFile(file, this.config, maxSeconds);
          lengths.push(checkLength(what, length ?? audio.pcm.length / 2 / audio.sampleRate, limits));
          return audio;
        }),
      );
    }
    checkTotal('reference audio', lengths, limits);
    const [first] = parts;
    if (!first) throw refused('No reference audio was given');
    return { sampleRate: first.sampleRate, pcm: Buffer.concat(parts.map((p) => p.pcm)) };
  }

  private download(what: string, url: string, limits: ReferenceClipLimits): Promise<Buffer> {
    const maxBytes = limits.maxMiB ? Math.floor(limits.maxMiB * MIB) : this.config.guard.maxBytes;
    return download(what, url, { ...this.config.guard, maxBytes });
  }

  private inTemp<T>(body: Buffer, work: (file: string) => Promise<T>): Promise<T> {
    return inTempFile(this.config.tempDir, 'video-reference', body, work);
  }
}

function checkLength(what: string, length: number, limits: ReferenceClipLimits): number {
  if (limits.minSeconds !== undefined && length < limits.minSeconds)
    throw refused(`The ${what} is ${seconds(length)} long; it must be at least ${limits.minSeconds} s`);
  if (limits.maxSeconds !== undefined && length > limits.maxSeconds)
    throw refused(`The ${what} is ${seconds(length)} long; it must be at most ${limits.maxSeconds} s`);
  return length;
}

function checkTotal(what: string, lengths: number[], limits: ReferenceClipLimits): void {
  const total = lengths.reduce((a, b) => a + b, 0);
  if (limits.totalSeconds !== undefined && total > limits.totalSeconds)
    throw refused(`The ${what} last ${seconds(total)} in all; at most ${limits.totalSeconds} s is taken`);
}
