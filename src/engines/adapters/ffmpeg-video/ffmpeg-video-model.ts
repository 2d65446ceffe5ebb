import { access, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTempDir } from '../../../storage/temp-dir.js';
import { durationSeconds as audioSeconds, encodeWav } from '../../audio/wav.js';
import { runProgram } from '../../processes/run-program.js';
import { IMAGE_EXTENSIONS, type ImageModel, type ReferenceImage } from '../../spec/image-model.js';
import type { SpeechAudio } from '../../spec/tts-model.js';
import type { VideoCallOptions, VideoModel, VideoResolution, VideoResult } from '../../spec/video-model.js';
import { captionFont } from './caption-font.js';
import {
  buildFfmpegArgs,
  type Caption,
  captionLayout,
  type FrameResolution,
  frameSize,
  keyframeSize,
  type Size,
  type Timeline,
  timeline,
} from './ffmpeg-args.js';
import { splitScenes, wrapCaption } from './scenes.js';
import { addWarning } from '../../spec/warning-text.js';
import type { Warning } from '../../spec/warnings.js';

export interface FfmpegVideoConfig {
  ffmpegPath: string;
  /** For the ffmpeg run only; the image engine and the narrator have their own limits. */
  timeoutMs: number;
  /** Draws one keyframe per scene. */
  images: ImageModel;
  /** Speaks the whole prompt; without it the clip has a silent audio track. */
  narrate?: ((text: string, signal?: AbortSignal) => Promise<SpeechAudio>) | undefined;
  /** Where the per-call temporary directory goes (the service's temporary folder); os.tmpdir() when absent. */
  workDir?: string | undefined;
  /** A font file for the captions, or false for none; by default fontconfig's DejaVu Sans or a usual path. */
  captionFont?: string | false | undefined;
}

/** The most scenes a clip gets to show the caller's pictures. */
const MAX_PICTURE_SCENES = 12;

/** The frame size a resolution is made at: 2k and 4k at 1080p. */
const frameResolution = (resolution: VideoResolution | undefined): FrameResolution =>
  resolution === undefined ? '720p' : resolution === '2k' || resolution === '4k' ? '1080p' : resolution;

/** Keyframes asked of the image engine at once. */
const KEYFRAME_CONCURRENCY = 3;

/** Like Promise.all over `items` with at most `limit` at a time, but settles every started call before it rejects. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** Awaits every promise, then throws the first failure: nothing may still be writing when the work directory goes. */
async function allSettledOrThrow<T extends readonly unknown[]>(
  promises: { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

const seconds = (value: number) => `${Number(value.toFixed(1))} s`;

/**
 * The caller's pictures written out, one file a scene: one picture shows in every scene; more are spread over the
 * scenes, the first first and the last last.
 */
async function writePictures(dir: string, pictures: readonly ReferenceImage[], scenes: number): Promise<string[]> {
  const files = await Promise.all(
    pictures.map(async (picture, i) => {
      const file = join(dir, `picture-${i}.${IMAGE_EXTENSIONS[picture.mediaType]}`);
      await writeFile(file, picture.data);
      return file;
    }),
  );
  return files.length === 1
    ? files
    : Array.from({ length: scenes }, (_, i) => files[Math.floor((i * files.length) / scenes)] as string);
}

/**
 * The embedded video engine: a captioned slideshow. The prompt is split into scenes, each scene gets a
 * keyframe from the image engine (or the caller's pictures: first frame, reference pictures, last frame), ffmpeg
 * animates them with pan and zoom, joins them with crossfades, burns in each scene's text, and muxes the caller's
 * soundtrack, narration or silence as AAC in an H.264 MP4 (with no audio track at all when generateAudio is false and
 * no soundtrack is given). 360p to 1080p; 2k and 4k are made at 1080p.
 */
export class FfmpegVideoModel implements VideoModel {
  readonly provider = 'ffmpeg';
  readonly modelId = 'builtin-slideshow';

  constructor(private readonly config: FfmpegVideoConfig) {}

  async doGenerate({
    prompt,
    durationSeconds,
    aspectRatio,
    resolution,
    generateAudio,
    image,
    lastFrame,
    referencePictures = [],
    soundtrack,
    seed,
    abortSignal,
  }: VideoCallOptions): Promise<VideoResult> {
    if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
      throw new RangeError(`durationSeconds must be positive, got ${durationSeconds}`);
    const warnings: Warning[] = [];
    const warn = (warning: Warning) => addWarning(warnings, warning);
    // 2k and 4k on the CPU would take several times as long as 1080p for every second of clip.
    if (resolution === '4k' || resolution === '2k')
      warn({
        type: 'adjusted-setting',
        setting: 'resolution',
        details: `${resolution} is made at 1080p here (rendering ${resolution} on the CPU costs too much)`,
      });
    const frame = frameSize(aspectRatio, frameResolution(resolution));
    const keyframe = keyframeSize(frame);
    // The caller's pictures in order: first frame, reference pictures, last frame; one scene at least for each.
    const given = [image, ...referencePictures, lastFrame].filter((p): p is ReferenceImage => p !== undefined);
    const spoken = splitScenes(prompt, durationSeconds);
    const slots = Math.min(MAX_PICTURE_SCENES, Math.max(spoken.length, given.length));
    if (given.length > slots)
      warn({
        type: 'adjusted-setting',
        setting: 'referenceImages',
        details: `only ${slots - (image ? 1 : 0) - (lastFrame ? 1 : 0)} of the ${referencePictures.length} pictures fit in the clip; the rest were left out`,
      });
    const pictures = given.length > slots ? [...given.slice(0, slots - 1), given.at(-1) as ReferenceImage] : given;
    const scenes = [...spoken, ...Array.from({ length: slots - spoken.length }, () => ({ text: '' }))];
    const time = timeline(durationSeconds, scenes.length);
    const audioTrack = generateAudio !== false || soundtrack !== undefined;
    const narrate = audioTrack && !soundtrack ? this.config.narrate : undefined;
    if (generateAudio === true && !narrate && !soundtrack)
      warn({
        type: 'unsupported-setting',
        setting: 'generateAudio',
        details: 'no local voice is available to narrate here, so the clip has a silent audio track',
      });

    const dir = await makeTempDir(this.config.workDir ?? tmpdir(), 'atelier-video');
    try {
      const keyframesReady: Promise<string[]> =
        pictures.length > 0
          ? writePictures(dir, pictures, scenes.length)
          : mapLimited(scenes, KEYFRAME_CONCURRENCY, async (scene, i) => {
              const result = await this.config.images.doGenerate({
                prompt: scene.text || prompt,
                width: keyframe.width,
                height: keyframe.height,
                hd: false,
                seed: seed + i,
                abortSignal,
                providerOptions: { builtin: { caption: false } },
              });
              for (const warning of result.warnings) warn({ type: 'from-part', part: 'keyframe', warning });
              const file = join(dir, `keyframe-${i}.${IMAGE_EXTENSIONS[result.image.mediaType]}`);
              await writeFile(file, result.image.data);
              return file;
            });
      const narrationReady: Promise<string | undefined> = soundtrack
        ? this.writeSoundtrack(dir, soundtrack, durationSeconds, warn)
        : narrate
          ? this.writeNarration(dir, narrate, { prompt, durationSeconds, generateAudio, abortSignal }, warn)
          : Promise.resolve(undefined);
      const captionsReady = this.writeCaptions(dir, scenes, time, frame, warn);

      const [keyframes, narration, captions] = await allSettledOrThrow<
        [string[], string | undefined, { fontFile: string | undefined; captions: Caption[] }]
      >([keyframesReady, narrationReady, captionsReady]);

      const output = join(dir, 'clip.mp4');
      const args = buildFfmpegArgs({
        frame,
        keyframe,
        timeline: time,
        keyframes,
        captions: captions.captions,
        fontFile: captions.fontFile,
        narration,
        audioTrack,
        output,
        threads: Math.max(1, Math.min(4, availableParallelism())),
      });
      await runProgram(this.config.ffmpegPath, args, {
        timeoutMs: this.config.timeoutMs,
        signal: abortSignal,
        maxOutputBytes: 1024 * 1024,
      });
      const data = await readFile(output);
      return {
        video: { data, mediaType: 'video/mp4' },
        width: frame.width,
        height: frame.height,
        durationSeconds,
        warnings,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The prompt spoken by the local voice as the clip's track (none when it comes out empty), cut to its length. */
  private async writeNarration(
    dir: string,
    narrate: NonNullable<FfmpegVideoConfig['narrate']>,
    {
      prompt,
      durationSeconds,
      generateAudio,
      abortSignal,
    }: Pick<VideoCallOptions, 'prompt' | 'durationSeconds' | 'generateAudio' | 'abortSignal'>,
    warn: (warning: Warning) => void,
  ): Promise<string | undefined> {
    const audio = await narrate(prompt, abortSignal);
    if (audio.pcm.length < 2) {
      if (generateAudio === true)
        warn({
          type: 'unsupported-setting',
          setting: 'generateAudio',
          details: 'the narration came out empty, so the clip has a silent audio track',
        });
      return undefined;
    }
    const spoken = audioSeconds(audio);
    if (spoken > durationSeconds + 0.05) {
      const cut = `the narration is ${seconds(spoken)} long and was cut to the clip's ${seconds(durationSeconds)}`;
      warn({ type: 'other', message: cut });
    }
    const file = join(dir, 'narration.wav');
    await writeFile(file, encodeWav(audio));
    return file;
  }

  /** The caller's audio as the clip's track, cut to its length (with a warning) when longer. */
  private async writeSoundtrack(
    dir: string,
    audio: SpeechAudio,
    durationSeconds: number,
    warn: (warning: Warning) => void,
  ): Promise<string> {
    const length = audioSeconds(audio);
    if (length > durationSeconds + 0.05)
      warn({
        type: 'adjusted-setting',
        setting: 'referenceAudios',
        details: `the reference audio is ${seconds(length)} long and was cut to the clip's ${seconds(durationSeconds)}`,
      });
    const file = join(dir, 'soundtrack.wav');
    await writeFile(file, encodeWav(audio));
    return file;
  }

  /** One text file per scene with a caption, and the font to draw them with (none: no captions, and a warning). */
  private async writeCaptions(
    dir: string,
    scenes: { text: string }[],
    time: Timeline,
    frame: Size,
    warn: (warning: Warning) => void,
  ): Promise<{ fontFile: string | undefined; captions: Caption[] }> {
    if (this.config.captionFont === false) return { fontFile: undefined, captions: [] };
    let fontFile: string | undefined;
    if (typeof this.config.captionFont === 'string') {
      const configured = this.config.captionFont;
      fontFile = await access(configured).then(
        () => configured,
        () => undefined,
      );
    } else fontFile = await captionFont();
    if (!fontFile) {
      warn({ type: 'other', message: 'no font was found for the captions, so the clip has none' });
      return { fontFile: undefined, captions: [] };
    }
    const layout = captionLayout(frame);
    const captions: Caption[] = [];
    for (const [i, scene] of scenes.entries()) {
      const lines = wrapCaption(scene.text, layout.maxChars, layout.maxLines);
      const timing = time.scenes[i];
      if (lines.length === 0 || !timing) continue;
      const file = join(dir, `caption-${i}.txt`);
      await writeFile(file, lines.join('\n'), 'utf8');
      captions.push({
        file,
        start: timing.captionStart,
        end: timing.captionEnd,
        fadeIn: i > 0,
        fadeOut: i < scenes.length - 1,
      });
    }
    return { fontFile, captions };
  }
}
