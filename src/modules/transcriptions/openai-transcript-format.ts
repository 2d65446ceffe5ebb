import type { TranscriptSegment } from '../../engines/spec/asr-model.js';

export const TRANSCRIPT_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export interface Transcript {
  task: 'transcribe' | 'translate';
  /** The language heard, by English name (OpenAI's verbose_json writes it so too). */
  language: string;
  duration: number;
  segments: TranscriptSegment[];
}

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export const transcriptText = (segments: readonly TranscriptSegment[]): string =>
  segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The words of each segment, timed by sharing the segment's span among them by their length: the engines here
 * time segments, not words, so a word's time is an estimate within its segment (which is exact).
 */
export function timedWords(segments: readonly TranscriptSegment[]): TimedWord[] {
  return segments.flatMap((segment) => {
    const words = segment.text.trim().split(/\s+/).filter(Boolean);
    const letters = words.reduce((sum, word) => sum + word.length, 0);
    const span = segment.end - segment.start;
    let at = segment.start;
    return words.map((word) => {
      const end = at + (letters > 0 ? (span * word.length) / letters : 0);
      const timed = { word, start: round(at), end: round(end) };
      at = end;
      return timed;
    });
  });
}

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const part = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${part(Math.floor(ms / 3_600_000))}:${part(Math.floor(ms / 60_000) % 60)}:${part(Math.floor(ms / 1000) % 60)}${separator}${part(ms % 1000, 3)}`;
}

export function srt(segments: readonly TranscriptSegment[]): string {
  return segments
    .map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text.trim()}\n`)
    .join('\n');
}

export function vtt(segments: readonly TranscriptSegment[]): string {
  const cues = segments.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text.trim()}\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}

/** OpenAI's verbose_json: the text, the language, the duration, and segments and/or words as asked. */
export function verboseJson(transcript: Transcript, granularities: readonly ('segment' | 'word')[]) {
  const text = transcriptText(transcript.segments);
  const withSegments = granularities.length === 0 || granularities.includes('segment');
  return {
    task: transcript.task,
    language: transcript.language.toLowerCase(),
    duration: transcript.duration,
    text,
    ...(withSegments && {
      segments: transcript.segments.map((s, id) => ({
        id,
        seek: 0,
        start: s.start,
        end: s.end,
        text: s.text.trim(),
        tokens: [],
        temperature: 0,
        avg_logprob: 0,
        compression_ratio: 0,
        no_speech_prob: 0,
        ...(s.speaker && { speaker: s.speaker }),
      })),
    }),
    ...(granularities.includes('word') && { words: timedWords(transcript.segments) }),
    usage: { type: 'duration', seconds: Math.ceil(transcript.duration) },
  };
}

/** The answer's body and media type for a format. */
export function formatTranscript(
  transcript: Transcript,
  format: TranscriptFormat,
  granularities: readonly ('segment' | 'word')[],
): { type: string; body: string | object } {
  switch (format) {
    case 'text':
      return { type: 'text/plain; charset=utf-8', body: `${transcriptText(transcript.segments)}\n` };
    case 'srt':
      return { type: 'application/x-subrip; charset=utf-8', body: srt(transcript.segments) };
    case 'vtt':
      return { type: 'text/vtt; charset=utf-8', body: vtt(transcript.segments) };
    case 'verbose_json':
      return { type: 'application/json; charset=utf-8', body: verboseJson(transcript, granularities) };
    default:
      return {
        type: 'application/json; charset=utf-8',
        body: {
          text: transcriptText(transcript.segments),
          usage: { type: 'duration', seconds: Math.ceil(transcript.duration) },
        },
      };
  }
}
