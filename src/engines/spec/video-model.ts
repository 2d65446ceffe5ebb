/** The video engine interface: one clip per call. */
import type { ReferenceImage } from './image-model.js';

export type AspectRatio = '16:9' | '9:16' | '1:1';

export interface VideoCallOptions {
  prompt: string;
  durationSeconds: number;
  aspectRatio: AspectRatio;
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
  warnings: string[];
}

export interface VideoModel {
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: VideoCallOptions): Promise<VideoResult>;
}
