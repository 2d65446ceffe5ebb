import type { TranscriptSegment } from '../spec/asr-model.js';
import type { SpeakerTurn } from './speaker-turns.js';

/** A recognised word and when it was said (seconds from the start of the recording). */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

/**
 * The segments with speakers: each word goes to the turn that holds its middle (else the nearest turn), and a
 * segment is split where the speaker changes. Words come from the engine when it times them (`words`); otherwise
 * they are spread over the segment by their length in characters, an estimate that puts a split within a word or
 * two of the change.
 */
export function splitAtTurns(
  segments: readonly (TranscriptSegment & { words?: readonly TimedWord[] })[],
  turns: readonly SpeakerTurn[],
): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  const label = (speaker: number): string => `Speaker ${speaker + 1}`;
  for (const segment of segments) {
    const words = segment.words?.length ? segment.words : spreadWords(segment);
    // Nothing voiced anywhere: one speaker, as there is no telling anyone apart.
    if (turns.length === 0) {
      out.push(plain(segment, label(0)));
      continue;
    }
    if (words.length === 0) {
      out.push(plain(segment, label(speakerAt(turns, (segment.start + segment.end) / 2))));
      continue;
    }
    const groups: { speaker: number; words: TimedWord[] }[] = [];
    for (const word of words) {
      const speaker = speakerAt(turns, (word.start + word.end) / 2);
      const last = groups.at(-1);
      if (last && last.speaker === speaker) last.words.push(word);
      else groups.push({ speaker, words: [word] });
    }
    if (groups.length === 1) {
      out.push(plain(segment, label((groups[0] as (typeof groups)[number]).speaker)));
      continue;
    }
    for (const group of groups) {
      out.push({
        start: round((group.words[0] as TimedWord).start),
        end: round((group.words.at(-1) as TimedWord).end),
        text: group.words.map((w) => w.text).join(' '),
        speaker: label(group.speaker),
      });
    }
  }
  return out;
}

function plain(segment: TranscriptSegment, speaker: string): TranscriptSegment {
  return { start: segment.start, end: segment.end, text: segment.text, speaker };
}

/** The speaker of the turn holding t, else of the nearest turn. */
function speakerAt(turns: readonly SpeakerTurn[], t: number): number {
  let best = turns[0] as SpeakerTurn;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const turn of turns) {
    const gap = Math.max(0, turn.start - t, t - turn.end);
    if (gap < bestGap) [best, bestGap] = [turn, gap];
  }
  return best.speaker;
}

function spreadWords(segment: TranscriptSegment): TimedWord[] {
  const texts = segment.text.split(/\s+/).filter(Boolean);
  const total = texts.reduce((sum, w) => sum + w.length + 1, 0);
  const span = segment.end - segment.start;
  let at = 0;
  return texts.map((text) => {
    const start = segment.start + (span * at) / total;
    at += text.length + 1;
    return { text, start, end: segment.start + (span * at) / total };
  });
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
