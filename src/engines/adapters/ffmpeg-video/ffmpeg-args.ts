/** The ffmpeg command line of a slideshow clip: sizes, timing, pan/zoom moves, captions. Pure functions. */
import type { AspectRatio } from '../../spec/video-model.js';

/** The video encoding of every clip the ffmpeg engines make: H.264, quick to encode, good quality. */
export const H264_VIDEO = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'] as const;

export const FPS = 25;
/** Seconds two neighbouring scenes blend; shorter when scenes are very short. */
export const CROSSFADE_SECONDS = 0.5;
/** Keyframes are rendered this much larger than the frame so a pan or a zoom never shows an edge. */
export const KEYFRAME_MARGIN = 1.25;

export interface Size {
  width: number;
  height: number;
}

const even = (value: number): number => 2 * Math.round(value / 2);

/** The long side of a frame at each resolution the engine makes: as 16:9 has them (480p: 854x480). */
export const LONG_SIDES = { '360p': 640, '480p': 854, '720p': 1280, '768p': 1366, '1080p': 1920 } as const;
export type FrameResolution = keyof typeof LONG_SIDES;

/**
 * The frame of an aspect ratio: the long side 640 (360p) to 1920 (1080p), the other side in proportion, both even
 * (H.264 in 4:2:0). A square is the resolution's number a side.
 */
export function frameSize(aspectRatio: AspectRatio, resolution: FrameResolution = '720p'): Size {
  const [w = 1, h = 1] = aspectRatio.split(':').map(Number);
  if (w === h) {
    const side = Number.parseInt(resolution, 10);
    return { width: side, height: side };
  }
  const long = LONG_SIDES[resolution];
  return w > h ? { width: long, height: even((long * h) / w) } : { width: even((long * w) / h), height: long };
}

export const keyframeSize = ({ width, height }: Size): Size => ({
  width: even(width * KEYFRAME_MARGIN),
  height: even(height * KEYFRAME_MARGIN),
});

export interface SceneTiming {
  /** Where the scene starts in the clip (it fades in from there when it is not the first). */
  start: number;
  /** Frames the scene's own stream has: its share plus a little slack, which the crossfade or `-t` cuts. */
  frames: number;
  /** When its caption shows: from the middle of the crossfade in to the middle of the crossfade out. */
  captionStart: number;
  captionEnd: number;
}

export interface Timeline {
  durationSeconds: number;
  fps: number;
  /** Every scene's length, crossfades included: n * sceneSeconds - (n - 1) * crossfadeSeconds = duration. */
  sceneSeconds: number;
  crossfadeSeconds: number;
  scenes: SceneTiming[];
}

export function timeline(durationSeconds: number, sceneCount: number, fps: number = FPS): Timeline {
  const n = Math.max(1, Math.floor(sceneCount));
  const crossfadeSeconds = n > 1 ? Math.min(CROSSFADE_SECONDS, durationSeconds / n / 3) : 0;
  const sceneSeconds = (durationSeconds + (n - 1) * crossfadeSeconds) / n;
  const stride = sceneSeconds - crossfadeSeconds;
  const scenes = Array.from({ length: n }, (_, i): SceneTiming => {
    const start = i * stride;
    const last = i === n - 1;
    return {
      start,
      frames: Math.ceil((sceneSeconds + (last ? 0.5 : 0)) * fps) + 1,
      captionStart: i === 0 ? 0 : start + crossfadeSeconds / 2,
      captionEnd: last ? durationSeconds : start + sceneSeconds - crossfadeSeconds / 2,
    };
  });
  return { durationSeconds, fps, sceneSeconds, crossfadeSeconds, scenes };
}

/**
 * A Ken Burns move: the zoom (1 = the keyframe scaled to just cover the frame, at most KEYFRAME_MARGIN)
 * and the position of the frame within the zoomed picture (0 = left/top edge, 1 = right/bottom edge),
 * from the scene's start to its end.
 */
export interface Motion {
  name: string;
  zoom: [number, number];
  x: [number, number];
  y: [number, number];
}

/** Different moves for neighbouring scenes: zoom in, pan, zoom out, pan back, then off-centre zooms. */
export function motionFor(index: number, { width, height }: Size): Motion {
  const across = (from: number, to: number) =>
    height > width
      ? { x: [0.5, 0.5] as [number, number], y: [from, to] as [number, number] }
      : { x: [from, to] as [number, number], y: [0.5, 0.5] as [number, number] };
  const moves: Motion[] = [
    { name: 'zoom-in', zoom: [1, 1.2], x: [0.5, 0.5], y: [0.5, 0.5] },
    { name: 'pan-forward', zoom: [1.16, 1.16], ...across(0, 1) },
    { name: 'zoom-out', zoom: [1.2, 1], x: [0.5, 0.5], y: [0.5, 0.5] },
    { name: 'pan-back', zoom: [1.16, 1.16], ...across(1, 0) },
    { name: 'zoom-in-corner', zoom: [1, 1.2], x: [0.5, 0.15], y: [0.5, 0.2] },
    { name: 'zoom-out-corner', zoom: [1.2, 1], x: [0.85, 0.5], y: [0.8, 0.5] },
  ];
  return moves[index % moves.length] as Motion;
}

export interface CaptionLayout {
  fontSize: number;
  lineSpacing: number;
  boxBorder: number;
  bottomMargin: number;
  /** Characters a line holds (DejaVu Sans averages a little over half an em per character). */
  maxChars: number;
  maxLines: number;
}

export function captionLayout({ width, height }: Size): CaptionLayout {
  const fontSize = Math.round(Math.min(width, height) / 19);
  const boxBorder = Math.round(fontSize * 0.4);
  const usable = width * 0.9 - 2 * boxBorder;
  return {
    fontSize,
    lineSpacing: Math.round(fontSize * 0.25),
    boxBorder,
    bottomMargin: Math.round(height * (height > width ? 0.1 : 0.07)),
    maxChars: Math.floor(usable / (fontSize * 0.58)),
    maxLines: height > width ? 4 : 3,
  };
}

/**
 * A file name or other literal as a filter option value inside a filter graph: escaped once for the
 * option parser and once more for the graph parser ("Notes on filtergraph escaping" in ffmpeg-filters),
 * so no character of a path can end the value or the filter.
 */
export function filterValue(value: string): string {
  const escapeOnce = (text: string) => text.replace(/[^A-Za-z0-9/_.\-\u0080-\uFFFF]/g, (c) => `\\${c}`);
  return escapeOnce(escapeOnce(value));
}

/** A number for a filter graph: short, no exponent. */
export const num = (value: number): string => {
  const fixed = value.toFixed(4).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
};

const lerp = ([from, to]: [number, number], progress: string): string =>
  from === to ? num(from) : `(${num(from)}${to > from ? '+' : '-'}${num(Math.abs(to - from))}*${progress})`;

/**
 * A pan/zoom as scale + crop with time expressions, much faster than zoompan on large pictures: `still`
 * goes before the frame is repeated (a fixed zoom is scaled once), `moving` after it (a changing zoom is
 * scaled per frame, bilinear, which is plenty for shrinking by at most 1.25; the crop is free).
 */
export function kenBurnsFilter(
  motion: Motion,
  frame: Size,
  sceneSeconds: number,
): { still: string | undefined; moving: string } {
  const progress = `min(t/${num(sceneSeconds)},1)`;
  const zooming = motion.zoom[0] !== motion.zoom[1];
  const zoom = lerp(motion.zoom, progress);
  const scaledWidth = `2*trunc(${frame.width}*${zoom}/2)`;
  const scaledHeight = `2*trunc(${frame.height}*${zoom}/2)`;
  const x = `(${scaledWidth}-${frame.width})*${lerp(motion.x, progress)}`;
  const y = `(${scaledHeight}-${frame.height})*${lerp(motion.y, progress)}`;
  const crop = `crop=w=${frame.width}:h=${frame.height}:x='${x}':y='${y}'`;
  if (!zooming) return { still: `scale=w='${scaledWidth}':h='${scaledHeight}'`, moving: crop };
  return { still: undefined, moving: `scale=w='${scaledWidth}':h='${scaledHeight}':eval=frame:flags=bilinear,${crop}` };
}

export interface Caption {
  /** A UTF-8 file holding the caption's lines (drawtext `textfile`, so no text can break the graph). */
  file: string;
  start: number;
  end: number;
  /** Whether it fades in and out (not at the very start or end of the clip). */
  fadeIn: boolean;
  fadeOut: boolean;
}

const CAPTION_FADE_SECONDS = 0.2;

export function drawtextFilter(caption: Caption, fontFile: string, layout: CaptionLayout): string {
  const start = num(caption.start);
  const end = num(caption.end);
  const fade = num(CAPTION_FADE_SECONDS);
  // ffmpeg's min() and max() take two arguments.
  const fades = [caption.fadeIn ? `(t-${start})/${fade}` : '', caption.fadeOut ? `(${end}-t)/${fade}` : ''].filter(
    (f) => f !== '',
  );
  const alpha = fades.reduce((expr, f) => `min(${expr},${f})`, '1');
  return [
    `drawtext=fontfile=${filterValue(fontFile)}`,
    `textfile=${filterValue(caption.file)}`,
    'expansion=none',
    `fontsize=${layout.fontSize}`,
    'fontcolor=white',
    `line_spacing=${layout.lineSpacing}`,
    'box=1',
    'boxcolor=black@0.6',
    `boxborderw=${layout.boxBorder}`,
    'x=(w-text_w)/2',
    `y=h-text_h-${layout.bottomMargin}`,
    `enable='between(t,${start},${end})'`,
    ...(fades.length > 0 ? [`alpha='max(0,${alpha})'`] : []),
  ].join(':');
}

export interface RenderPlan {
  frame: Size;
  keyframe: Size;
  timeline: Timeline;
  /** One picture per scene, or a single picture every scene uses (image-to-video). */
  keyframes: string[];
  captions: Caption[];
  /** No font, no captions. */
  fontFile: string | undefined;
  /** A WAV file, padded with silence or cut to the clip's length; without it the clip has a silent track. */
  narration: string | undefined;
  /** false: no audio track at all (the narration is then ignored); a track by default. */
  audioTrack?: boolean | undefined;
  output: string;
  threads: number;
}

/** The arguments of the one ffmpeg run that renders a clip. */
export function buildFfmpegArgs(plan: RenderPlan): string[] {
  const { frame, keyframe, timeline: time } = plan;
  const n = time.scenes.length;
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  for (const file of plan.keyframes) args.push('-framerate', String(time.fps), '-i', file);
  const audioInput = plan.keyframes.length;
  const withAudio = plan.audioTrack !== false;
  const narration = withAudio ? plan.narration : undefined;
  if (narration) args.push('-i', narration);
  else if (withAudio) args.push('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo');

  // Each keyframe is scaled to cover the keyframe size and converted to YUV once, before it is repeated.
  const cover =
    `scale=${keyframe.width}:${keyframe.height}:force_original_aspect_ratio=increase:out_color_matrix=bt709:out_range=tv,` +
    `crop=${keyframe.width}:${keyframe.height},setsar=1,format=yuv420p`;
  const graph: string[] = [];
  const sources: string[] = [];
  if (plan.keyframes.length === 1 && n > 1) {
    const labels = time.scenes.map((_, i) => `[k${i}]`);
    graph.push(`[0:v]${cover},split=${n}${labels.join('')}`);
    sources.push(...labels);
  } else {
    time.scenes.forEach((_, i) => {
      graph.push(`[${Math.min(i, plan.keyframes.length - 1)}:v]${cover}[k${i}]`);
      sources.push(`[k${i}]`);
    });
  }
  time.scenes.forEach((scene, i) => {
    const { still, moving } = kenBurnsFilter(motionFor(i, frame), frame, time.sceneSeconds);
    graph.push(
      `${sources[i]}${still ? `${still},` : ''}loop=loop=${scene.frames - 1}:size=1:start=0,settb=1/${time.fps},setpts=N,${moving}[s${i}]`,
    );
  });
  let joined = '[s0]';
  for (let i = 1; i < n; i++) {
    const offset = time.scenes[i]?.start ?? 0;
    graph.push(
      `${joined}[s${i}]xfade=transition=fade:duration=${num(time.crossfadeSeconds)}:offset=${num(offset)}[x${i}]`,
    );
    joined = `[x${i}]`;
  }
  const finish: string[] = [];
  if (plan.fontFile) {
    const layout = captionLayout(frame);
    for (const caption of plan.captions) finish.push(drawtextFilter(caption, plan.fontFile, layout));
  }
  finish.push('format=yuv420p');
  graph.push(`${joined}${finish.join(',')}[v]`);
  if (narration) graph.push(`[${audioInput}:a]aresample=48000,apad[a]`);

  args.push('-filter_complex', graph.join(';'));
  args.push('-map', '[v]');
  if (withAudio) args.push('-map', narration ? '[a]' : `${audioInput}:a`);
  args.push(
    ...H264_VIDEO,
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(time.fps),
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-colorspace',
    'bt709',
    ...(withAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'] : ['-an']),
    '-t',
    num(time.durationSeconds),
    '-threads',
    String(plan.threads),
    '-movflags',
    '+faststart',
    plan.output,
  );
  return args;
}
