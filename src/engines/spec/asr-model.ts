/** The speech-recognition engine interface. */
import type { Warning } from './warnings.js';

export interface TranscriptSegment {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  text: string;
  /** Set when speakers were detected: "Speaker 1", "Speaker 2"... */
  speaker?: string;
  /** The words with their times, from an engine that gives them: a change of speaker can then split the segment. */
  words?: { text: string; start: number; end: number }[];
}

export interface AsrCallOptions {
  /** 16 kHz mono 16-bit PCM WAV. */
  wav: Buffer;
  /** Language name as the API takes it: English, French... or `auto` for an engine that detects it. */
  language: string;
  detectSpeakers: boolean;
  /** Answer in English whatever the language spoken (OpenAI's translations); only for a model that `translates`. */
  translate?: boolean;
  abortSignal?: AbortSignal;
}

export interface AsrResult {
  segments: TranscriptSegment[];
  /** True when the engine labelled speakers itself. */
  diarized: boolean;
  warnings: Warning[];
  /** The language the engine heard (a name, as the API writes them), when it says: the one detected for `auto`. */
  language?: string;
}

export interface AsrModel {
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  readonly modelId: string;
  /** Language names it can transcribe; undefined means any. */
  readonly languages: readonly string[] | undefined;
  /** Longest audio one call takes, in seconds; the service splits longer audio at silences. */
  readonly maxChunkSeconds: number;
  /** Whether it works the language out itself when asked for `auto` (and says which in `AsrResult.language`). */
  readonly detectsLanguage?: boolean;
  /** Whether it can answer in English what was said in another language (AsrCallOptions.translate). */
  readonly translates?: boolean;
  doGenerate(options: AsrCallOptions): Promise<AsrResult>;
}
