/** The sound-effect engine interface: one short sound (an MP3) from a text description per call. */
import type { Warning } from './warnings.js';

export interface SoundCallOptions {
  /** What the sound should be, in words: "rain on a tin roof with distant thunder". */
  prompt: string;
  /** The length asked, 0.5 to 22 s; the sound made has this length. */
  durationSeconds: number;
  /** 0..1: how literally the prompt is followed (0 = freer, 1 = closer to the words). */
  promptInfluence: number;
  abortSignal?: AbortSignal | undefined;
}

export interface SoundResult {
  audio: { data: Buffer; mediaType: 'audio/mpeg' };
  durationSeconds: number;
  /** What the engine could not honour or had to guess (an unknown sound, left-out layers...). */
  warnings: Warning[];
}

export interface SoundModel {
  /** `procedural-sound` (offline) or `elevenlabs`. */
  readonly provider: string;
  doGenerate(options: SoundCallOptions): Promise<SoundResult>;
  /** Ends what the engine holds (worker threads), at shutdown. */
  close?(): Promise<void>;
}
