/** The ffmpeg command line of a talking video: frame size, the face's motion, word-by-word captions. Pure functions. */
import type { TalkingResolution, WordTiming } from '../../spec/talking-video-model.js';
import { FPS, H264_VIDEO, type Size, filterValue } from './ffmpeg-args.js';

const even = (value: number): number => 2 * Math.round(value / 2);

/**
 * The frame for a source of this shape: its short side 480 or 720, its orientation kept: landscape 16:9,
 * portrait 9:16, near-square (within 10 %) square.
 */
export function talkingFrame(source: Size, resolution: TalkingResolution): Size {
  const short = resolution === '720p' ? 720 : 480;
  const ratio = source.width / Math.max(1, source.height);
  if (ratio > 1.1) return { width: even((short * 16) / 9), height: short };
  if (ratio < 1 / 1.1) return { width: short, height: even((short * 16) / 9) };
  return { width: short, height: short };
}

/** A picture (one input frame) made to breathe for `seconds`: scaled to cover the frame, then a slow zoom in with a gentle pulse and drift. */
export function breathingFilter(frame: Size, seconds: number): string {
  const frames = Math.max(1, Math.round(seconds * FPS));
  // Twice the frame, so zoompan's whole-pixel steps are half a pixel on screen.
  const w = frame.width * 2;
  const h = frame.height * 2;
  const zoom = `1.04+0.04*on/${frames}+0.008*sin(2*PI*on/${FPS * 4})`;
  const x = `iw/2-(iw/zoom/2)+${(frame.width * 0.004).toFixed(2)}*sin(2*PI*on/${FPS * 7})`;
  const y = `ih/2-(ih/zoom/2)+${(frame.height * 0.003).toFixed(2)}*sin(2*PI*on/${FPS * 5})`;
  return [
    `scale=${w}:${h}:force_original_aspect_ratio=increase`,
    `crop=${w}:${h}`,
    `zoompan=z='${zoom}':x='${x}':y='${y}':d=${frames}:s=${frame.width}x${frame.height}:fps=${FPS}`,
    'setsar=1',
  ].join(',');
}

/** A clip fitted to the frame: scaled to cover it and cut to it, at the engine's frame rate. */
export function coverFilter(frame: Size): string {
  return [
    `scale=${frame.width}:${frame.height}:force_original_aspect_ratio=increase`,
    `crop=${frame.width}:${frame.height}`,
    `fps=${FPS}`,
    'setsar=1',
  ].join(',');
}

/** `#RRGGBB` (or `RRGGBB`, `#RGB`) as ASS writes colours: &HBBGGRR&. Anything else: yellow. */
export function assColour(hex: string): string {
  let digits = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(digits)) digits = [...digits].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(digits)) digits = 'FFD700';
  const [r, g, b] = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 6)];
  return `&H${b}${g}${r}&`.toUpperCase();
}

const assTime = (seconds: number) => {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

/** Text as ASS shows it literally: braces and backslashes would start override codes, newlines would break lines. */
const assText = (word: string) => word.replace(/[\\{}]/g, '').replace(/\s+/g, ' ');

/** Words in groups that fit a line or two of the frame; a sentence's end closes a group. */
export function captionGroups(words: WordTiming[], maxChars: number): WordTiming[][] {
  const groups: WordTiming[][] = [];
  let current: WordTiming[] = [];
  let length = 0;
  for (const word of words) {
    if (current.length > 0 && length + word.word.length + 1 > maxChars) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(word);
    length += word.word.length + 1;
    if (/[.!?]["')\]]*$/.test(word.word)) {
      groups.push(current);
      current = [];
      length = 0;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * An ASS subtitle file: the group of words being spoken at the bottom of the frame, white with a dark
 * outline, the word being heard in `colour`. One event per word, so the highlight moves with the speech.
 */
export function captionsAss(words: WordTiming[], colour: string, frame: Size, fontName: string): string {
  const fontSize = Math.round(Math.min(frame.width, frame.height) * 0.065);
  const maxChars = Math.max(12, Math.floor((frame.width * 0.86) / (fontSize * 0.55)));
  const highlight = assColour(colour);
  const events: string[] = [];
  for (const group of captionGroups(words, maxChars)) {
    for (const [i, word] of group.entries()) {
      const next = group[i + 1];
      const end = next ? next.start : word.end;
      const text = group
        .map((w, j) => (j === i ? `{\\c${highlight}}${assText(w.word)}{\\c&HFFFFFF&}` : assText(w.word)))
        .join(' ');
      events.push(
        `Dialogue: 0,${assTime(word.start)},${assTime(Math.max(end, word.start + 0.05))},Caption,,0,0,0,,${text}`,
      );
    }
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${fontName},${fontSize},&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,1,0,0,0,100,100,0,0,1,${Math.max(2, Math.round(fontSize / 12))},1,2,${Math.round(frame.width * 0.07)},${Math.round(frame.width * 0.07)},${Math.round(frame.height * 0.08)},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

export interface TalkingPlan {
  frame: Size;
  /** A picture (animated) or a clip (looped or cut to the speech). */
  face: { kind: 'image' | 'video'; file: string };
  speechFile: string;
  seconds: number;
  /** The ASS file and the folder of its font; no captions when absent. */
  captions?: { file: string; fontsDir: string } | undefined;
  output: string;
  threads: number;
}

export function buildTalkingArgs(plan: TalkingPlan): string[] {
  const { frame, face, seconds } = plan;
  const faceInput = face.kind === 'image' ? ['-i', face.file] : ['-stream_loop', '-1', '-i', face.file];
  let video = face.kind === 'image' ? breathingFilter(frame, seconds) : coverFilter(frame);
  if (plan.captions)
    video += `,subtitles=filename=${filterValue(plan.captions.file)}:fontsdir=${filterValue(plan.captions.fontsDir)}`;
  video += ',format=yuv420p';
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...faceInput,
    '-i',
    plan.speechFile,
    '-filter_complex',
    `[0:v]${video}[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-t',
    seconds.toFixed(3),
    ...H264_VIDEO,
    '-r',
    String(FPS),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '44100',
    '-ac',
    '1',
    '-threads',
    String(plan.threads),
    '-movflags',
    '+faststart',
    plan.output,
  ];
}
