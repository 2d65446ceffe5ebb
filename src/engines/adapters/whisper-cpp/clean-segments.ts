import type { TranscriptSegment } from '../../spec/asr-model.js';

/** A segment as the binding gives it: text and times in milliseconds (whisper.cpp's 10 ms units, times 10). */
export interface RawSegment {
  text: string;
  t0: number;
  t1: number;
}

/**
 * Whisper's marks for what is not speech: [BLANK_AUDIO], [MUSIC], (upbeat music), [SPEAKER_TURN], ♪...
 * Whisper learnt them from subtitles; they are not words anyone said.
 */
const NON_SPEECH = /\[[^\]]*\]|\([^)]*\)|[♪♫]+/g;
/** A letter or a digit: a segment of dots or dashes alone is how whisper fills a pause. */
const SPOKEN = /[\p{L}\p{N}]/u;

/**
 * Binding segments -> transcript segments in seconds: markers removed, whitespace tidied, those left
 * without a word dropped. Whisper pads the audio to 30 s windows and its timestamps can run past the
 * end of a short clip: times are clamped to the audio, and what starts after it (made up over the
 * padding) is dropped.
 */
export function cleanSegments(segments: readonly RawSegment[], durationSeconds: number): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const segment of segments) {
    const text = segment.text.replace(NON_SPEECH, ' ').replace(/\s+/g, ' ').trim();
    const start = Math.max(0, segment.t0 / 1000);
    if (!SPOKEN.test(text) || start >= durationSeconds) continue;
    const end = Math.min(Math.max(segment.t1 / 1000, start), durationSeconds);
    out.push({ start: round(start), end: round(end), text });
  }
  return out;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
