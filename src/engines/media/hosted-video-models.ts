import type { AspectRatio, VideoResolution } from '../spec/video-model.js';
import type { VideoModelEntry } from './media-entries.js';
import type { ReferenceClipLimits, VideoLimits } from './video-limits.js';

/**
 * The hosted service's video catalogue (interface 1.0.5): its 94 names, each with its input, durations,
 * resolutions, aspect ratios and reference limits, as its video-models page lists them. One entry per model, as
 * data. Prices are ours (the hosted page states only MiniMax H3 Max's: 4 credits a second).
 */
const A6: AspectRatio[] = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'];
const G7: AspectRatio[] = ['16:9', '4:3', '1:1', '9:16', '3:4', '3:2', '2:3'];
const W5: AspectRatio[] = ['16:9', '9:16', '1:1', '4:3', '3:4'];
const K3: AspectRatio[] = ['16:9', '9:16', '1:1'];
const V2: AspectRatio[] = ['16:9', '9:16'];
const S6: AspectRatio[] = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'];
const S6b: AspectRatio[] = ['1:1', '3:4', '9:16', '16:9', '4:3', '21:9'];
const P5: AspectRatio[] = ['16:9', '4:3', '1:1', '3:4', '9:16'];
const WIDE: AspectRatio[] = ['16:9'];
const INPUT = 'input' as const;

/** Every whole second from `from` to `to`. */
const span = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const D10 = [4, 5, 6, 8, 10, 12, 15, 20, 25, 30];
const WAN3 = [5, 8, 10, 12, 15, 20, 25, 30];
const FLUX3 = [5, 6, 8, 10, 12, 15, 20];

const VEO: VideoResolution[] = ['720p', '1080p', '4k'];
const OMNI: VideoResolution[] = ['360p', '720p', '1080p', '4k'];
const SEEDANCE_2: VideoResolution[] = ['480p', '720p', '1080p', '4k'];

const clips = (limits: ReferenceClipLimits): ReferenceClipLimits => limits;

type Hosted = Omit<VideoModelEntry, 'family'>;
const model = (name: string, credits: number, limits: VideoLimits, aliases?: string[]): Hosted => ({
  name,
  ...(aliases && { aliases }),
  creditsPerSecond: credits,
  limits,
});

const VEO_REFERENCES = { referenceImages: 3 };
const VEO_FREE = { freePlan: { resolution: '720p' } } as const;
const MINI_FREE = { freePlan: { resolution: '480p', maxSeconds: 5 } } as const;
const SEEDANCE_2_5_REFS = {
  referenceImages: 30,
  referenceVideos: clips({ max: 3, minSeconds: 2, maxSeconds: 30, totalSeconds: 30, maxMiB: 50 }),
  referenceAudios: clips({
    max: 10,
    minSeconds: 2,
    maxSeconds: 30,
    totalSeconds: 30,
    maxMiB: 15,
    formats: ['wav', 'mp3'],
  }),
};
const SEEDANCE_2_0_REFS = {
  referenceImages: 9,
  referenceVideos: clips({ max: 3, minSeconds: 2, maxSeconds: 15, totalSeconds: 15, maxMiB: 30 }),
  referenceAudios: clips({ max: 3, totalSeconds: 15 }),
};

const HOSTED: { family: string; models: Hosted[] }[] = [
  {
    family: 'veo',
    models: [
      model('Veo 3.1 Fast', 3, {
        input: 'text',
        durations: [4, 6, 8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
        ...VEO_FREE,
      }),
      model('Veo 3.1', 4, {
        input: 'text',
        durations: [4, 6, 8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
      }),
      model('Veo 3.1 Lite', 2, {
        input: 'text',
        durations: [4, 6, 8],
        resolutions: ['720p', '1080p'],
        aspectRatios: V2,
        ...VEO_FREE,
      }),
      model('Veo 3.1 Lite Image', 2, {
        input: 'first-frame',
        durations: [8],
        resolutions: ['720p', '1080p'],
        aspectRatios: V2,
        ...VEO_FREE,
      }),
      model('Veo 3.1 Image', 4, {
        input: 'first-frame',
        durations: [8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
      }),
      model('Veo 3.1 Fast Image', 3, {
        input: 'first-frame',
        durations: [8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
        ...VEO_FREE,
      }),
      model('Veo 3.1 First-Last Frame', 4, {
        input: 'first-last-frame',
        durations: [8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
      }),
      model('Veo 3.1 Fast First-Last Frame', 3, {
        input: 'first-last-frame',
        durations: [8],
        resolutions: VEO,
        aspectRatios: V2,
        nativeAudio: 'toggle',
        ...VEO_REFERENCES,
        ...VEO_FREE,
      }),
    ],
  },
  {
    family: 'gemini-omni',
    models: [
      model('Gemini Omni Flash', 3, { input: 'text', durations: span(4, 10), aspectRatios: V2 }),
      model('Gemini Omni Flash Reference', 3, {
        input: 'references-or-video',
        aspectRatios: INPUT,
        referenceImages: 5,
        referenceVideos: clips({ max: 1, minSeconds: 4, maxSeconds: 20, totalSeconds: 20, maxMiB: 20 }),
      }),
      model('Gemini Omni Flash Image', 3, { input: 'first-frame', durations: span(4, 10), aspectRatios: INPUT }),
      model('Gemini Omni Flash 1.1', 3, { input: 'text', durations: span(3, 10), resolutions: OMNI, aspectRatios: V2 }),
      model('Gemini Omni Flash 1.1 Reference', 3, {
        input: 'references-or-video',
        durations: span(3, 10),
        resolutions: OMNI,
        aspectRatios: INPUT,
        referenceImages: 5,
        referenceVideos: clips({ max: 1, minSeconds: 4, maxSeconds: 10, totalSeconds: 10, maxMiB: 20 }),
      }),
      model('Gemini Omni Flash 1.1 Image', 3, {
        input: 'first-frame',
        durations: span(3, 10),
        resolutions: OMNI,
        aspectRatios: INPUT,
      }),
      model('Gemini Omni Flash 1.1 First-Last Frame', 3, {
        input: 'first-last-frame',
        durations: span(3, 10),
        resolutions: OMNI,
        aspectRatios: INPUT,
      }),
    ],
  },
  {
    family: 'minimax',
    models: [
      model('MiniMax H3 Max', 4, {
        input: 'text',
        durations: span(5, 15),
        resolutions: ['768p', '480p'],
        aspectRatios: A6,
        nativeAudio: 'always',
      }),
      model('MiniMax H3 Max Reference', 4, {
        input: 'references-or-video',
        durations: span(5, 15),
        resolutions: ['768p', '480p'],
        aspectRatios: A6,
        nativeAudio: 'always',
        referenceImages: 9,
        referenceVideos: clips({ max: 3, minSeconds: 2, maxSeconds: 15, totalSeconds: 15, maxMiB: 20 }),
        referenceAudios: clips({ max: 3, minSeconds: 2, maxSeconds: 15, totalSeconds: 15 }),
      }),
      model('MiniMax H3 Max Image', 4, {
        input: 'first-last-frame',
        durations: span(5, 15),
        resolutions: ['768p', '480p'],
        aspectRatios: INPUT,
        nativeAudio: 'always',
      }),
      model('MiniMax H3', 3, {
        input: 'text',
        durations: span(4, 15),
        resolutions: ['768p', '2k'],
        aspectRatios: A6,
        nativeAudio: 'always',
      }),
      model('MiniMax H3 Reference', 3, {
        input: 'references-or-video',
        durations: span(4, 15),
        resolutions: ['768p', '2k'],
        aspectRatios: A6,
        nativeAudio: 'always',
        referenceImages: 9,
        referenceVideos: clips({ max: 3, minSeconds: 2, maxSeconds: 15, totalSeconds: 15, maxMiB: 20 }),
        referenceAudios: clips({
          max: 3,
          minSeconds: 2,
          maxSeconds: 15,
          totalSeconds: 15,
          maxMiB: 15,
          formats: ['wav', 'mp3'],
        }),
      }),
      model('MiniMax H3 Image', 3, {
        input: 'first-last-frame',
        durations: span(4, 15),
        resolutions: ['768p', '2k'],
        aspectRatios: WIDE,
        nativeAudio: 'always',
      }),
    ],
  },
  {
    family: 'grok-imagine',
    models: [
      model(
        'Grok Imagine',
        2,
        { input: 'text', durations: span(5, 15), resolutions: ['480p', '720p'], aspectRatios: G7 },
        ['grok-imagine-video'],
      ),
      model('Grok Imagine Reference', 2, {
        input: 'references',
        durations: span(5, 10),
        resolutions: ['480p', '720p'],
        aspectRatios: G7,
        referenceImages: 7,
      }),
      model('Grok Imagine Image', 2, {
        input: 'first-frame',
        durations: span(5, 15),
        resolutions: ['480p', '720p'],
        aspectRatios: INPUT,
      }),
      model('Grok Imagine 1.5 Text', 3, {
        input: 'text',
        durations: span(5, 15),
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: G7,
      }),
      model('Grok Imagine 1.5 Reference', 3, {
        input: 'references',
        durations: span(5, 10),
        resolutions: ['480p', '720p'],
        aspectRatios: G7,
        referenceImages: 7,
      }),
      model('Grok Imagine 1.5', 3, {
        input: 'first-frame',
        durations: span(5, 15),
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: INPUT,
      }),
    ],
  },
  {
    family: 'seedance',
    models: [
      model('Seedance 2.5', 4, {
        input: 'text',
        durations: D10,
        resolutions: ['480p', '720p'],
        aspectRatios: A6,
        nativeAudio: 'toggle',
      }),
      model('Seedance 2.5 Reference', 4, {
        input: 'references-or-video',
        durations: D10,
        resolutions: ['480p', '720p'],
        aspectRatios: A6,
        nativeAudio: 'toggle',
        ...SEEDANCE_2_5_REFS,
      }),
      model('Seedance 2.5 Image', 4, {
        input: 'first-last-frame',
        durations: D10,
        resolutions: ['480p', '720p'],
        aspectRatios: WIDE,
        nativeAudio: 'toggle',
      }),
      model('Seedance 2.5 Turbo', 3, {
        input: 'text',
        durations: D10,
        resolutions: ['720p', '1080p'],
        aspectRatios: A6,
        nativeAudio: 'toggle',
      }),
      model('Seedance 2.5 Turbo Reference', 3, {
        input: 'references-or-video',
        durations: D10,
        resolutions: ['720p', '1080p'],
        aspectRatios: A6,
        nativeAudio: 'toggle',
        ...SEEDANCE_2_5_REFS,
      }),
      model('Seedance 2.5 Turbo Image', 3, {
        input: 'first-last-frame',
        durations: D10,
        resolutions: ['720p', '1080p'],
        aspectRatios: WIDE,
        nativeAudio: 'toggle',
      }),
      model('Seedance 2.0', 4, { input: 'text', durations: span(4, 15), resolutions: SEEDANCE_2, aspectRatios: A6 }, [
        'seedance-2',
      ]),
      model('Seedance 2.0 Fast', 3, {
        input: 'text',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
      }),
      model('Seedance 2.0 Mini', 2, {
        input: 'text',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
        ...MINI_FREE,
      }),
      model('Seedance 2.0 Reference', 4, {
        input: 'references-or-video',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
        ...SEEDANCE_2_0_REFS,
      }),
      model('Seedance 2.0 Fast Reference', 3, {
        input: 'references-or-video',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
        ...SEEDANCE_2_0_REFS,
      }),
      model('Seedance 2.0 Mini Reference', 2, {
        input: 'references-or-video',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
        ...SEEDANCE_2_0_REFS,
        ...MINI_FREE,
      }),
      model('Seedance 2.0 Image', 4, {
        input: 'first-last-frame',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
      }),
      model('Seedance 2.0 Fast Image', 3, {
        input: 'first-last-frame',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
      }),
      model('Seedance 2.0 Mini Image', 2, {
        input: 'first-last-frame',
        durations: span(4, 15),
        resolutions: SEEDANCE_2,
        aspectRatios: A6,
        ...MINI_FREE,
      }),
      model('Seedance 2.0 Turbo', 3, {
        input: 'text',
        durations: span(4, 15),
        resolutions: ['720p', '1080p'],
        aspectRatios: A6,
      }),
      model('Seedance 2.0 Turbo Image', 3, {
        input: 'first-last-frame',
        durations: span(4, 15),
        resolutions: ['720p', '1080p'],
        aspectRatios: A6,
      }),
      model('Seedance 1.5 Pro', 3, {
        input: 'text',
        durations: span(4, 12),
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: S6,
      }),
      model('Seedance 1.5 Pro Image', 3, {
        input: 'first-frame',
        durations: span(4, 12),
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: S6,
      }),
      model('Seedance 1.5 Pro First-Last Frame', 3, {
        input: 'first-last-frame',
        durations: span(4, 12),
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: S6,
      }),
      model('Seedance v1 Pro Fast', 2, { input: 'text', durations: span(3, 12), aspectRatios: S6b }),
      model('Seedance 1.0 Pro Fast', 2, { input: 'first-frame', durations: span(3, 12), aspectRatios: S6b }),
    ],
  },
  {
    family: 'flux-video',
    models: [
      model('FLUX 3', 3, { input: 'text', durations: FLUX3, resolutions: ['720p', '1080p'], aspectRatios: A6 }),
      model('FLUX 3 Image', 3, {
        input: 'first-last-frame',
        durations: FLUX3,
        resolutions: ['720p', '1080p'],
        aspectRatios: A6,
      }),
    ],
  },
  {
    family: 'wan',
    models: [
      model('WAN 3.0', 3, { input: 'text', durations: WAN3, resolutions: ['480p', '720p', '1080p'], aspectRatios: W5 }),
      model('WAN 3.0 Reference', 3, {
        input: 'references',
        durations: WAN3,
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: W5,
        referenceImages: 9,
        referenceAudios: clips({
          max: 3,
          minSeconds: 2,
          maxSeconds: 30,
          totalSeconds: 30,
          maxMiB: 15,
          formats: ['wav', 'mp3'],
        }),
      }),
      model('WAN 3.0 Image', 3, {
        input: 'first-last-frame',
        durations: WAN3,
        resolutions: ['480p', '720p', '1080p'],
        aspectRatios: W5,
      }),
      model('Wan 2.5', 2, { input: 'text', aspectRatios: K3 }, ['wan v2.5', 'wan']),
      model('Wan 2.5 Image', 2, { input: 'first-frame', aspectRatios: K3 }, ['wan v2.5 image']),
      model('Wan v2.2', 1, { input: 'text', aspectRatios: V2 }, ['wan 2.2']),
      model('Wan v2.2 Turbo', 1, { input: 'text', aspectRatios: V2 }, ['wan 2.2 turbo']),
      model('Wan v2.2 Turbo Image', 1, { input: 'first-last-frame', aspectRatios: V2 }, ['wan 2.2 turbo image']),
      model('Wan-2.2 Image', 1, { input: 'first-last-frame', aspectRatios: ['1:1', '16:9', '9:16'] }, [
        'wan v2.2 image',
      ]),
    ],
  },
  {
    family: 'kling',
    models: [
      model('Kling 2.6 Pro', 3, { input: 'text', durations: [5, 10], aspectRatios: K3 }, ['kling-v2-6-pro']),
      model('Kling 2.6 Pro Image', 3, { input: 'first-last-frame', durations: [5, 10], aspectRatios: K3 }),
      model('Kling 3.0 Pro', 4, { input: 'text', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling 3.0 Standard', 3, { input: 'text', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling O3 Pro', 4, { input: 'text', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling O3 Standard', 3, { input: 'text', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling 3.0 Pro Image', 4, { input: 'first-last-frame', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling 3.0 Standard Image', 3, { input: 'first-last-frame', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling O3 Pro Image', 4, { input: 'first-last-frame', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling O3 Standard Image', 3, { input: 'first-last-frame', durations: span(3, 15), aspectRatios: K3 }),
      model('Kling O3 Reference', 4, {
        input: 'references',
        durations: span(3, 15),
        aspectRatios: K3,
        referenceImages: 4,
      }),
      model('Kling O1 Image', 3, { input: 'first-last-frame', durations: [5, 10], aspectRatios: ['1:1'] }),
      model('Kling O1 Reference', 3, {
        input: 'references',
        durations: [3, 5, 10],
        aspectRatios: K3,
        referenceImages: 4,
      }),
      model('Kling 2.5 Turbo Pro', 3, { input: 'text', durations: [5, 10], aspectRatios: K3 }),
      model('Kling 2.5 Turbo Pro Image', 3, { input: 'first-last-frame', durations: [5, 10], aspectRatios: WIDE }),
      model('Kling 2.5 Turbo Standard', 2, { input: 'first-frame', durations: [5, 10], aspectRatios: K3 }),
    ],
  },
  {
    family: 'happy-horse',
    models: [
      model('Happy Horse', 3, {
        input: 'text',
        durations: span(3, 15),
        resolutions: ['720p', '1080p'],
        aspectRatios: W5,
      }),
      model('Happy Horse Image', 3, {
        input: 'first-frame',
        durations: span(3, 15),
        resolutions: ['720p', '1080p'],
        aspectRatios: INPUT,
      }),
      model('Happy Horse Reference', 3, {
        input: 'references',
        durations: span(3, 15),
        resolutions: ['720p', '1080p'],
        aspectRatios: W5,
        referenceImages: 9,
      }),
    ],
  },
  {
    family: 'ltx',
    models: [
      model('LTX-2 Pro', 2, { input: 'text', durations: [6, 8, 10], aspectRatios: WIDE }, ['ltx-2', 'ltx']),
      model('LTX-2 Pro Image', 2, { input: 'first-frame', durations: [6, 8, 10], aspectRatios: WIDE }),
      model('LTX-2 Fast', 1, { input: 'text', durations: [6, 8, 10, 12, 14, 16, 18, 20], aspectRatios: WIDE }),
      model('LTX-2 Fast Image', 1, {
        input: 'first-frame',
        durations: [6, 8, 10, 12, 14, 16, 18, 20],
        aspectRatios: WIDE,
      }),
    ],
  },
  {
    family: 'hailuo',
    models: [
      model('Hailuo 2.0', 2, { input: 'text', durations: [6, 10], aspectRatios: WIDE }, ['hailuo-02', 'hailuo 02']),
      // The integrations' plain "Hailuo" (MiniMax's video model) is the current version.
      model('Hailuo 2.3', 2, { input: 'text', durations: [6, 10], aspectRatios: WIDE }, [
        'hailuo',
        'minimax',
        'minimax hailuo',
      ]),
      model('Hailuo 2.0 Pro', 3, { input: 'text', aspectRatios: WIDE }),
      model('Hailuo 2.3 Pro', 3, { input: 'text', durations: [5], aspectRatios: WIDE }),
      model('Hailuo 2.3 Image', 2, { input: 'first-frame', durations: [6, 10], aspectRatios: WIDE }),
      model('Hailuo 2.3 Pro Image', 3, { input: 'first-frame', durations: [5], aspectRatios: WIDE }),
      model('Hailuo 2.3-Fast Pro Image', 2, { input: 'first-frame', durations: [6], aspectRatios: WIDE }),
      model('Hailuo 2.0 Image', 2, { input: 'first-last-frame', durations: [6, 10], aspectRatios: WIDE }),
      model('Hailuo 2.0 Pro Image', 3, { input: 'first-last-frame', aspectRatios: WIDE }),
    ],
  },
  {
    family: 'pixverse',
    models: [
      model('Pixverse v5.5', 2, { input: 'text', durations: [5, 10], aspectRatios: P5 }, ['pixverse', 'pixverse 5.5']),
      model('Pixverse v5.5 Image', 2, { input: 'first-frame', durations: [5, 10], aspectRatios: P5 }, [
        'pixverse 5.5 image',
      ]),
    ],
  },
];

/** The hosted 1.0.5 catalogue as entries of the video catalogue, by family. */
export const HOSTED_VIDEO_MODELS: VideoModelEntry[] = HOSTED.flatMap(({ family, models }) =>
  models.map((entry) => ({ ...entry, family })),
);
