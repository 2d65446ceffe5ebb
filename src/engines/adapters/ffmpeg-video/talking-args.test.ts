import { describe, expect, it } from 'vitest';
import { assColour, buildTalkingArgs, captionGroups, captionsAss, talkingFrame } from './talking-args.js';

describe('talking-video ffmpeg arguments', () => {
  it('keeps the face’s orientation at 480p and 720p, with even sides', () => {
    expect(talkingFrame({ width: 1920, height: 1080 }, '480p')).toEqual({ width: 854, height: 480 });
    expect(talkingFrame({ width: 512, height: 640 }, '720p')).toEqual({ width: 720, height: 1280 });
    expect(talkingFrame({ width: 600, height: 580 }, '480p')).toEqual({ width: 480, height: 480 });
  });

  it('writes hex colours as ASS does (&HBBGGRR&), and anything else as yellow', () => {
    expect(assColour('#FF8000')).toBe('&H0080FF&');
    expect(assColour('0f0')).toBe('&H00FF00&');
    expect(assColour('green')).toBe('&H00D7FF&');
  });

  it('groups words by line length and sentence, one event per word with that word highlighted', () => {
    const words = ['Hello', 'there.', 'A', 'longer', 'sentence', 'follows', 'here'].map((word, i) => ({
      word,
      start: i,
      end: i + 0.8,
    }));
    expect(captionGroups(words, 16).map((g) => g.map((w) => w.word).join(' '))).toEqual([
      'Hello there.',
      'A longer',
      'sentence',
      'follows here',
    ]);
    const ass = captionsAss(
      [
        { word: 'Hi{\\b1}', start: 0.1, end: 0.5 },
        { word: 'you.', start: 0.6, end: 1 },
      ],
      '#00FF00',
      { width: 480, height: 854 },
      'DejaVu Sans',
    );
    expect(ass).toContain('PlayResX: 480');
    expect(ass).toContain('Dialogue: 0,0:00:00.10,0:00:00.60,Caption,,0,0,0,,{\\c&H00FF00&}Hib1{\\c&HFFFFFF&} you.');
    expect(ass).toContain('Dialogue: 0,0:00:00.60,0:00:01.00,Caption,,0,0,0,,Hib1 {\\c&H00FF00&}you.{\\c&HFFFFFF&}');
  });

  it('loops a clip, animates a picture, maps the speech and encodes H.264 + AAC for the speech’s length', () => {
    const common = {
      frame: { width: 854, height: 480 },
      speechFile: '/w/s.wav',
      seconds: 4.25,
      output: '/w/o.mp4',
      threads: 2,
    };
    const clip = buildTalkingArgs({ ...common, face: { kind: 'video', file: '/w/f' } });
    expect(clip.join(' ')).toContain('-stream_loop -1 -i /w/f -i /w/s.wav');
    expect(clip.join(' ')).toContain('-map [v] -map 1:a -t 4.250 -c:v libx264');
    expect(clip).toContain('aac');
    const picture = buildTalkingArgs({
      ...common,
      face: { kind: 'image', file: '/w/f.png' },
      captions: { file: '/w/c.ass', fontsDir: '/fonts' },
    });
    const graph = picture[picture.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toMatch(/zoompan=z='[^']+':x='[^']+':y='[^']+':d=106:s=854x480/);
    expect(graph).toContain('subtitles=filename=/w/c.ass:fontsdir=/fonts');
  });
});
