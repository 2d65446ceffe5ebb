/** The talking-video engine interface: a face (a picture or a clip) made to speak a finished speech track. */
import type { ReferenceImage } from './image-model.js';
import type { Warning } from './warnings.js';

/** The hosted reference's resolutions for talking videos (the short side of the frame). */
export const TALKING_RESOLUTIONS = ['480p', '720p'] as const;
export type TalkingResolution = (typeof TALKING_RESOLUTIONS)[number];

/** The hosted reference's avatar models; they apply to a picture only. */
export const AVATAR_MODELS = ['premium', 'standard'] as const;
export type AvatarModel = (typeof AVATAR_MODELS)[number];

/** One spoken word and when it is heard, in seconds from the start of the speech. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

export type TalkingFace =
  | { kind: 'image'; image: ReferenceImage }
  | {
      kind: 'video';
      data: Buffer;
      /** Its frame size when known; the engine probes the clip when absent. */
      size?: { width: number; height: number } | undefined;
    };

export interface TalkingVideoCallOptions {
  face: TalkingFace;
  /** The whole speech as a 16-bit mono WAV file; the video lasts as long as it does. */
  speechWav: Buffer;
  speechSeconds: number;
  /** Burned-in captions, one word highlighted at a time; none when absent. */
  captions?: { words: WordTiming[]; color: string } | undefined;
  resolution: TalkingResolution;
  /** As asked; an engine that has no such choice says so in its warnings. */
  avatarModel?: AvatarModel | undefined;
  abortSignal?: AbortSignal | undefined;
}

export interface TalkingVideoResult {
  video: { data: Buffer; mediaType: 'video/mp4' };
  width: number;
  height: number;
  durationSeconds: number;
  warnings: Warning[];
}

/** A video face with an avatarModel, which only a picture can have: the engines that take both say so. */
export const AVATAR_MODEL_FOR_A_PICTURE: Warning = {
  type: 'unsupported-setting',
  setting: 'avatarModel',
  message: 'avatarModel applies to a picture only; it was ignored for the video',
};

export interface TalkingVideoModel {
  readonly provider: string;
  readonly modelId: string;
  /** An H.264 + AAC MP4 of the face speaking, at the asked resolution. */
  doGenerate(options: TalkingVideoCallOptions): Promise<TalkingVideoResult>;
  /**
   * The offline engine only: puts a finished face clip (another engine's) at the asked resolution with the
   * speech as its sound and the captions burned in, without warnings about motion it did not make.
   */
  render?(options: TalkingVideoCallOptions): Promise<TalkingVideoResult>;
}
