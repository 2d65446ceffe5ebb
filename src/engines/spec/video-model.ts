/** The video engine interface: one clip per call. */
import type { ReferenceImage } from './image-model.js';
import type { Warning } from './warnings.js';

/** The hosted reference's aspect ratios. */
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', '9:21', '3:2', '2:3'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The hosted reference's resolutions; an engine makes the nearest it can and says so. */
export const VIDEO_RESOLUTIONS = ['720p', '1080p', '4k'] as const;
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
