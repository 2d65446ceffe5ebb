import { describe, expect, it } from 'vitest';
import { findCaptionFont } from './caption-font.js';
import { ASPECT_RATIOS } from '../../spec/video-model.js';
import {
  buildFfmpegArgs,
  captionLayout,
  filterValue,
  frameSize,
  keyframeSize,
  motionFor,
  num,
  type RenderPlan,
  timeline,
} from './ffmpeg-args.js';

describe('sizes', () => {
  it('follows the aspect ratio; keyframes are 1.25 times larger, in even numbers', () => {
    expect(frameSize('16:9')).toEqual({ width: 1280, height: 720 });
    expect(frameSize('9:16')).toEqual({ width: 720, height: 1280 });
    expect(frameSize('1:1')).toEqual({ width: 720, height: 720 });
    expect(keyframeSize(frameSize('16:9'))).toEqual({ width: 1600, height: 900 });
    expect(keyframeSize(frameSize('9:16'))).toEqual({ width: 900, height: 1600 });
    expect(keyframeSize({ width: 642, height: 362 })).toEqual({ width: 802, height: 452 });
  });

  it('has every ratio of the reference at 720p and 1080p: long side 1280 or 1920, even sides, a square 720 or 1080', () => {
    const sizes = Object.fromEntries(
      ASPECT_RATIOS.map((ratio) => [
        ratio,
        [frameSize(ratio), frameSize(ratio, '1080p')].map(({ width, height }) => `${width}x${height}`),
      ]),
    );
    expect(sizes).toEqual({
      '16:9': ['1280x720', '1920x1080'],
      '9:16': ['720x1280', '1080x1920'],
      '1:1': ['720x720', '1080x1080'],
      '4:3': ['1280x960', '1920x1440'],
      '3:4': ['960x1280', '1440x1920'],
      '21:9': ['1280x548', '1920x822'],
      '9:21': ['548x1280', '822x1920'],
      '3:2': ['1280x854', '1920x1280'],
      '2:3': ['854x1280', '1280x1920'],
    });
  });

  it("makes 1.0.5's lower resolutions at their own size: 360p, 480p and 768p as 16:9 has them, a square their number a side", () => {
    const sizes = (['360p', '480p', '768p'] as const).map((resolution) =>
      (['16:9', '9:16', '1:1', '4:3'] as const).map((ratio) => {
        const { width, height } = frameSize(ratio, resolution);
        return `${width}x${height}`;
      }),
    );
    expect(sizes).toEqual([
      ['640x360', '360x640', '360x360', '640x480'],
      ['854x480', '480x854', '480x480', '854x640'],
      ['1366x768', '768x1366', '768x768', '1366x1024'],
    ]);
  });
});

describe('timeline', () => {
  it.each([
    [5, 2],
    [10, 4],
    [3, 1],
    [15, 6],
    [1, 3],
  ])('%s s in %s scenes: crossfades overlap so the scenes add up to the duration exactly', (seconds, count) => {
    const time = timeline(seconds, count);
    expect(time.scenes).toHaveLength(count);
    expect(count * time.sceneSeconds - (count - 1) * time.crossfadeSeconds).toBeCloseTo(seconds, 9);
    expect(time.crossfadeSeconds).toBeLessThanOrEqual(0.5);
    time.scenes.forEach((scene, i) => {
      expect(scene.start).toBeCloseTo(i * (time.sceneSeconds - time.crossfadeSeconds), 9);
      // Each scene's stream lasts at least its share (the last one past the end of the clip).
      expect(scene.frames / time.fps).toBeGreaterThan(time.sceneSeconds);
      expect(scene.captionEnd).toBeGreaterThan(scene.captionStart);
    });
    const last = time.scenes[count - 1];
    expect(last && last.start + last.frames / time.fps).toBeGreaterThan(seconds);
    // Captions follow each other without a gap, from 0 to the end.
    expect(time.scenes[0]?.captionStart).toBe(0);
    expect(last?.captionEnd).toBe(seconds);
    for (let i = 1; i < count; i++)
      expect(time.scenes[i]?.captionStart).toBeCloseTo(time.scenes[i - 1]?.captionEnd ?? NaN, 9);
  });

  it('uses a 0.5 s crossfade, and none for one scene', () => {
    expect(timeline(5, 2).crossfadeSeconds).toBe(0.5);
    expect(timeline(5, 2).sceneSeconds).toBe(2.75);
    expect(timeline(5, 1)).toMatchObject({ crossfadeSeconds: 0, sceneSeconds: 5 });
  });
});

describe('motionFor', () => {
  it('moves neighbouring scenes differently, within the keyframe margin', () => {
    const frame = frameSize('16:9');
    const moves = Array.from({ length: 6 }, (_, i) => motionFor(i, frame));
    expect(new Set(moves.map((move) => move.name)).size).toBe(6);
    for (const move of moves) {
      expect(Math.min(...move.zoom)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...move.zoom)).toBeLessThanOrEqual(1.25);
      expect(Math.min(...move.x, ...move.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...move.x, ...move.y)).toBeLessThanOrEqual(1);
    }
    expect(motionFor(0, frame).zoom).toEqual([1, 1.2]);
    expect(motionFor(2, frame).zoom).toEqual([1.2, 1]);
  });
  it('pans across landscape frames and down portrait ones', () => {
    expect(motionFor(1, frameSize('16:9'))).toMatchObject({ x: [0, 1], y: [0.5, 0.5] });
    expect(motionFor(1, frameSize('9:16'))).toMatchObject({ x: [0.5, 0.5], y: [0, 1] });
  });
});

describe('filterValue', () => {
  it('escapes every special character twice (option level, then graph level)', () => {
    expect(filterValue('/tmp/a-b_c.txt')).toBe('/tmp/a-b_c.txt');
    expect(filterValue('a:b')).toBe('a\\\\\\:b');
    expect(filterValue("it's [x],y;z")).toBe("it\\\\\\'s\\\\\\ \\\\\\[x\\\\\\]\\\\\\,y\\\\\\;z");
  });
});

describe('num', () => {
  it('prints short decimals', () => {
    expect([1, 2.5, 0.1 + 0.2, -0, 2.87500001].map(num)).toEqual(['1', '2.5', '0.3', '0', '2.875']);
  });
});

describe('captionLayout', () => {
  it('sizes the text to the frame', () => {
    expect(captionLayout(frameSize('16:9'))).toMatchObject({ fontSize: 38, maxLines: 3 });
    expect(captionLayout(frameSize('9:16'))).toMatchObject({ fontSize: 38, maxLines: 4 });
    expect(captionLayout(frameSize('9:16')).maxChars).toBeLessThan(captionLayout(frameSize('16:9')).maxChars);
  });
});

describe('buildFfmpegArgs', () => {
  const plan = (overrides: Partial<RenderPlan> = {}): RenderPlan => ({
    frame: frameSize('16:9'),
    keyframe: keyframeSize(frameSize('16:9')),
    timeline: timeline(5, 2),
    keyframes: ['/w/keyframe-0.png', '/w/keyframe-1.png'],
    captions: [
      { file: '/w/caption-0.txt', start: 0, end: 2.5, fadeIn: false, fadeOut: true },
      { file: '/w/caption-1.txt', start: 2.5, end: 5, fadeIn: true, fadeOut: false },
    ],
    fontFile: '/fonts/DejaVuSans.ttf',
    narration: undefined,
    output: '/w/clip.mp4',
    threads: 2,
    ...overrides,
  });
  const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1] ?? '';

  it('runs quietly, encodes H.264 yuv420p + AAC of exactly the duration, fast-start', () => {
    const args = buildFfmpegArgs(plan());
    expect(args.slice(0, 6)).toEqual(['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-framerate']);
    const pairs = (flag: string) => args[args.indexOf(flag) + 1];
    expect(pairs('-c:v')).toBe('libx264');
    expect(pairs('-preset')).toBe('veryfast');
    expect(pairs('-pix_fmt')).toBe('yuv420p');
    expect(pairs('-c:a')).toBe('aac');
    expect(pairs('-t')).toBe('5');
    expect(pairs('-r')).toBe('25');
    expect(pairs('-movflags')).toBe('+faststart');
    expect(args[args.length - 1]).toBe('/w/clip.mp4');
  });

  it('animates each keyframe, joins them with a crossfade and draws a caption per scene', () => {
    const args = buildFfmpegArgs(plan());
    expect(args.filter((arg) => arg === '-i')).toHaveLength(3);
    expect(args).toContain('anullsrc=r=48000:cl=stereo');
    const graph = graphOf(args);
    expect(graph).toContain('xfade=transition=fade:duration=0.5:offset=2.25');
    expect(graph.match(/drawtext=/g)).toHaveLength(2);
    expect(graph).toContain('textfile=/w/caption-0.txt');
    expect(graph).toContain("enable='between(t,2.5,5)'");
    expect(graph).toContain('expansion=none');
    expect(graph).toContain(':eval=frame');
  });

  it('uses one picture for every scene (image-to-video), split after scaling', () => {
    const graph = graphOf(buildFfmpegArgs(plan({ keyframes: ['/w/source.jpg'] })));
    expect(graph).toMatch(/^\[0:v\]scale=1600:900:force_original_aspect_ratio=increase.*split=2\[k0\]\[k1\]/);
  });

  it('pads narration with silence; without a font there are no captions', () => {
    const args = buildFfmpegArgs(plan({ narration: '/w/narration.wav', fontFile: undefined }));
    expect(args).toContain('/w/narration.wav');
    expect(args).not.toContain('anullsrc=r=48000:cl=stereo');
    const graph = graphOf(args);
    expect(graph).toContain('[2:a]aresample=48000,apad[a]');
    expect(graph).not.toContain('drawtext');
    expect(args[args.indexOf('[v]') + 2]).toBe('[a]');
  });

  it('has no audio track at all when asked for none, narration or not', () => {
    for (const narration of [undefined, '/w/narration.wav']) {
      const args = buildFfmpegArgs(plan({ narration, audioTrack: false }));
      expect(args).not.toContain('anullsrc=r=48000:cl=stereo');
      expect(args).not.toContain('/w/narration.wav');
      expect(args).not.toContain('-c:a');
      expect(args).toContain('-an');
      expect(args.filter((arg) => arg === '-map')).toHaveLength(1);
      expect(graphOf(args)).not.toContain(':a]');
    }
  });

  it('has no crossfade for a single scene', () => {
    const graph = graphOf(buildFfmpegArgs(plan({ timeline: timeline(3, 1), keyframes: ['/w/k.png'], captions: [] })));
    expect(graph).not.toContain('xfade');
    expect(graph).not.toContain('split');
  });
});

describe('findCaptionFont', () => {
  it('falls back to the usual places without fontconfig, and to none', async () => {
    expect(
      await findCaptionFont({ fcMatchPath: '/nonexistent/fc-match', candidates: ['/nonexistent/font.ttf'] }),
    ).toBeUndefined();
    const found = await findCaptionFont();
    expect(found).toMatch(/\.(ttf|otf|ttc)$/);
    expect(
      await findCaptionFont({
        fcMatchPath: '/nonexistent/fc-match',
        candidates: ['/nonexistent/font.ttf', found ?? ''],
      }),
    ).toBe(found);
  });
});
