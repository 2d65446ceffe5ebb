/** Word timings for captions, estimated from the speech: where it is heard, and each word's share by its length. */
import type { SpeechAudio } from '../../engines/spec/tts-model.js';
import type { WordTiming } from '../../engines/spec/talking-video-model.js';

/** Below this amplitude (of 32767) a 20 ms window is silence. */
const SILENCE = 500;

/** Where sound starts and ends in the recording, in seconds (the whole of it when it is all quiet). */
export function audibleSpan(audio: SpeechAudio): { start: number; end: number } {
  const samples = audio.pcm.length / 2;
  const window = Math.max(1, Math.floor(audio.sampleRate / 50));
  const loud = (from: number) => {
    for (let i = from; i < Math.min(samples, from + window); i++)
      if (Math.abs(audio.pcm.readInt16LE(i * 2)) > SILENCE) return true;
    return false;
  };
  let first = 0;
  while (first < samples && !loud(first)) first += window;
  let last = Math.max(0, samples - window);
  while (last > first && !loud(last)) last -= window;
  const seconds = samples / audio.sampleRate;
  if (first >= samples) return { start: 0, end: seconds };
  return { start: first / audio.sampleRate, end: Math.min(seconds, (last + window) / audio.sampleRate) };
}

/** A word's weight: its letters, plus a pause after a comma or a sentence's end. */
function weight(word: string): { speak: number; pause: number } {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, '').length;
  const pause = /[.!?…]["')\]]*$/.test(word) ? 6 : /[,;:—–-]["')\]]*$/.test(word) ? 3 : 0;
  return { speak: Math.max(1, letters) + 1.5, pause };
}

/**
 * Each word of `text` placed in the audible part of the speech in proportion to its length, with short
 * pauses after punctuation: an estimate, for engines that do not say when each word is spoken.
 */
export function estimateWordTimings(text: string, span: { start: number; end: number }): WordTiming[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  const weights = words.map(weight);
  // The last word's pause is the end of the speech, not a gap.
  const total = weights.reduce((sum, w, i) => sum + w.speak + (i < words.length - 1 ? w.pause : 0), 0);
  const perUnit = Math.max(0, span.end - span.start) / total;
  const timings: WordTiming[] = [];
  let at = span.start;
  for (const [i, word] of words.entries()) {
    const w = weights[i] ?? { speak: 1, pause: 0 };
    const end = at + w.speak * perUnit;
    timings.push({ word, start: at, end });
    at = end + (i < words.length - 1 ? w.pause * perUnit : 0);
  }
  return timings;
}
