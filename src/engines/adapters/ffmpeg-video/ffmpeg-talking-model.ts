import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { withTempDir } from '../../../storage/temp-dir.js';
import { UpstreamError } from '../../../shared/errors.js';
import { probeVideo } from '../../audio/probe-media.js';
import { imageSize } from '../../media/image-size.js';
import { runProgram } from '../../processes/run-program.js';
import { IMAGE_EXTENSIONS } from '../../spec/image-model.js';
import {
  AVATAR_MODEL_FOR_A_PICTURE,
  type TalkingVideoCallOptions,
  type TalkingVideoModel,
  type TalkingVideoResult,
} from '../../spec/talking-video-model.js';
import type { Warning } from '../../spec/warnings.js';
import { captionFont } from './caption-font.js';
import { buildTalkingArgs, captionsAss, talkingFrame } from './talking-args.js';

export interface FfmpegTalkingConfig {
  ffmpegPath: string;
  /** Reads the size of a clip given without one (a lip-sync engine's answer). */
  ffprobePath: string;
  timeoutMs: number;
  workDir?: string | undefined;
  /** A font file for the captions, or false for none; by default fontconfig's DejaVu Sans or a usual path. */
  captionFont?: string | false | undefined;
}

export const NO_MOUTH_WARNING: Warning = {
  type: 'other',
  message:
    'the offline engine moves the picture (a slow zoom and a gentle breathing motion) but does not animate the mouth: no face-landmark model is installed here; a lip-sync engine can (ATELIER_LIPSYNC_COG_URL)',
};

/**
 * The offline talking-video engine: ffmpeg makes the picture breathe (slow zoom, a gentle pulse and drift)
 * for as long as the speech lasts, or loops or cuts a clip to it, replaces the sound with the speech, burns
 * in word-by-word captions (ASS, through libass) and encodes H.264 + AAC at 480p or 720p.
 */
export class FfmpegTalkingModel implements TalkingVideoModel {
  readonly provider = 'ffmpeg';
  readonly modelId = 'builtin-talking';

  constructor(private readonly config: FfmpegTalkingConfig) {}

  async doGenerate(options: TalkingVideoCallOptions): Promise<TalkingVideoResult> {
    const { face, avatarModel } = options;
    const warnings: Warning[] = [];
    if (face.kind === 'image') {
      warnings.push(NO_MOUTH_WARNING);
      if (avatarModel)
        warnings.push({
          type: 'unsupported-setting',
          setting: 'avatarModel',
          details: `${avatarModel} has no meaning for the offline engine; the picture is animated the same way`,
        });
    } else {
      warnings.push({
        type: 'other',
        message:
          "the offline engine replaces the clip's sound with the speech but does not change its mouth movement; a lip-sync engine can (ATELIER_LIPSYNC_COG_URL)",
      });
      if (avatarModel) warnings.push(AVATAR_MODEL_FOR_A_PICTURE);
    }
    const result = await this.render(options);
    return { ...result, warnings: [...warnings, ...result.warnings] };
  }

  /**
   * The video itself: the face (moving picture, or the clip looped or cut to the speech) with the speech as
   * its sound and the captions burned in. A lip-sync engine's clip is finished here too.
   */
  async render({
    face,
    speechWav,
    speechSeconds,
    captions,
    resolution,
    abortSignal,
  }: TalkingVideoCallOptions): Promise<TalkingVideoResult> {
    const warnings: Warning[] = [];
    return withTempDir(this.config.workDir ?? tmpdir(), 'talking', async (dir) => {
      const faceFile =
        face.kind === 'image' ? join(dir, `face.${IMAGE_EXTENSIONS[face.image.mediaType]}`) : join(dir, 'face-video');
      await writeFile(faceFile, face.kind === 'image' ? face.image.data : face.data, { mode: 0o600 });
      const source =
        face.kind === 'image'
          ? imageSize(face.image.data)
          : (face.size ?? (await probeVideo(faceFile, this.config.ffprobePath)).size);
      if (!source) throw new UpstreamError('the face is neither a picture nor a video', { isRetryable: false });
      const frame = talkingFrame(source, resolution);
      const speechFile = join(dir, 'speech.wav');
      await writeFile(speechFile, speechWav, { mode: 0o600 });
      let captionFiles: { file: string; fontsDir: string } | undefined;
      if (captions && captions.words.length > 0) {
        const font = await this.font();
        if (!font)
          warnings.push({
            type: 'unsupported-setting',
            setting: 'generateCaptions',
            message: 'no font was found for the captions, so the video has none',
          });
        else {
          const file = join(dir, 'captions.ass');
          await writeFile(file, captionsAss(captions.words, captions.color, frame, fontFamily(font)), 'utf8');
          captionFiles = { file, fontsDir: dirname(font) };
        }
      }
      const output = join(dir, 'talking.mp4');
      await runProgram(
        this.config.ffmpegPath,
        buildTalkingArgs({
          frame,
          face: { kind: face.kind, file: faceFile },
          speechFile,
          seconds: speechSeconds,
          captions: captionFiles,
          output,
          threads: Math.max(1, Math.min(4, availableParallelism())),
        }),
        { timeoutMs: this.config.timeoutMs, signal: abortSignal, maxOutputBytes: 1024 * 1024 },
      );
      return {
        video: { data: await readFile(output), mediaType: 'video/mp4' as const },
        width: frame.width,
        height: frame.height,
        durationSeconds: speechSeconds,
        warnings,
      };
    });
  }

  private async font(): Promise<string | undefined> {
    if (this.config.captionFont === false) return undefined;
    return typeof this.config.captionFont === 'string' ? this.config.captionFont : captionFont();
  }
}

/** The family libass is to look for in the font's folder: DejaVuSans.ttf -> "DejaVu Sans", others by their file name. */
function fontFamily(file: string): string {
  const name = basename(file).replace(/\.(ttf|otf|ttc)$/i, '');
  const known: Record<string, string> = {
    DejaVuSans: 'DejaVu Sans',
    'LiberationSans-Regular': 'Liberation Sans',
    FreeSans: 'FreeSans',
    'NotoSans-Regular': 'Noto Sans',
    Arial: 'Arial',
  };
  return known[name] ?? name.replace(/-Regular$/, '');
}
