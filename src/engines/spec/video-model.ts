/** The video engine interface: one clip per call. */
import type { ReferenceImage } from './image-model.js';
import type { SpeechAudio } from './tts-model.js';
import type { Warning } from './warnings.js';

/** The hosted reference's aspect ratios (1.0.5 dropped 9:21; it stays accepted for older clients). */
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', '9:21', '3:2', '2:3'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The aspect ratio nearest a width and height, by the logarithm of their ratio (16:9 on a tie with it). */
export function nearestAspectRatio(width: number, height: number): AspectRatio {
  const wanted = Math.log(width / height);
  let nearest: AspectRatio = '16:9';
  let distance = Number.POSITIVE_INFINITY;
  for (const ratio of ASPECT_RATIOS) {
    const [w = 16, h = 9] = ratio.split(':').map(Number);
    const d = Math.abs(Math.log(w / h) - wanted);
    if (d < distance) [distance, nearest] = [d, ratio];
  }
  return nearest;
}

/** The hosted reference's resolutions (1.0.5); an engine makes the nearest it can and says so. */
export const VIDEO_RESOLUTIONS = ['360p', '480p', '720p', '768p', '1080p', '2k', '4k'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export interface VideoCallOptions {
  prompt: string;
  durationSeconds: number;
  aspectRatio: AspectRatio;
  /** The engine's own default (720p) when absent. */
  resolution?: VideoResolution | undefined;
  /** true: a spoken track (a warning when the engine cannot speak); false: no audio track at all; absent: the engine's default. */
  generateAudio?: boolean | undefined;
  /** Image-to-video: the clip starts from (or is made of) this picture. */
  image?: ReferenceImage | undefined;
  /** The last frame (with `image`): the clip ends on this picture. */
  lastFrame?: ReferenceImage | undefined;
  /** Pictures the clip should show (the hosted referenceImages), in order, between the first and last frames. */
  referencePictures?: readonly ReferenceImage[] | undefined;
  /** A soundtrack to use as it is (the hosted referenceAudios, joined) instead of narrating the prompt. */
  soundtrack?: SpeechAudio | undefined;
  seed: number;
  abortSignal?: AbortSignal | undefined;
}

export interface VideoResult {
  video: { data: Buffer; mediaType: 'video/mp4' };
  width: number;
  height: number;
  durationSeconds: number;
  warnings: Warning[];
}

export interface VideoModel {
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: VideoCallOptions): Promise<VideoResult>;
}
