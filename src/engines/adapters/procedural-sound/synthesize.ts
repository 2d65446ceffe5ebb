import { addInto, hash, lowpass, peak, rms, rng, scale } from './dsp.js';
import { FAMILIES, type Layer, ambientBed } from './families.js';
import type { Warning } from '../../spec/warnings.js';

export const SAMPLE_RATE = 32_000;
/** The mix is brought to this RMS (about -18 dBFS) and never above this peak (about -2 dBFS: MP3 encoding overshoots sharp transients by up to ~1 dB). */
const TARGET_RMS = 0.125;
const PEAK_LIMIT = 0.8;
const FADE_SECONDS = 0.01;

export interface SoundRequest {
  prompt: string;
  durationSeconds: number;
  /** 0..1: how strongly the prompt's modifiers (heavy, distant, slow...) and its word order shape the mix. */
  promptInfluence: number;
}

export interface SynthesizedSound {
  samples: Float32Array;
  sampleRate: number;
  /** The families heard, most prominent first; empty for the ambient bed. */
  families: string[];
  warnings: Warning[];
}

const MODIFIERS: { pattern: RegExp; intensity?: number; distant?: boolean }[] = [
  { pattern: /\b(heavy|loud|strong|intense|fast|rapid|violent|busy|pounding)\b/, intensity: 1.8 },
  { pattern: /\b(light|gentle|soft|quiet|slow|calm|sparse|faint|distant-?ish)\b/, intensity: 0.55 },
  { pattern: /\b(distant|far|far-?away|muffled|outside|next door|behind)\b/, distant: true },
];

/** The family names this engine knows, for the docs and the unknown-prompt warning. */
export const FAMILY_NAMES = FAMILIES.map((f) => f.name);

/**
 * Makes the sound a prompt describes, from the families its words name (mixed, the first named
 * loudest) or a neutral ambient bed when it names none. Deterministic: the same prompt, duration and
 * influence make the same samples.
 */
export function synthesize(request: SoundRequest): SynthesizedSound {
  const text = request.prompt.toLowerCase();
  const n = Math.round(request.durationSeconds * SAMPLE_RATE);
  const seed = hash(`${text}|${request.durationSeconds}|${request.promptInfluence}`);
  const influence = request.promptInfluence;
  const warnings: Warning[] = [];

  const found = FAMILIES.map((family) => ({ family, at: text.search(family.pattern) }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at);
  // More than a few layers at once is mud: the first named are kept.
  const MAX_LAYERS = 5;
  if (found.length > MAX_LAYERS)
    warnings.push({
      type: 'other',
      message: `The prompt names ${found.length} kinds of sound; the first ${MAX_LAYERS} were mixed (${found
        .slice(MAX_LAYERS)
        .map((f) => f.family.name)
        .join(', ')} left out)`,
    });
  const chosen = found.slice(0, MAX_LAYERS);

  // Modifiers move the intensity from 1 toward theirs as far as prompt_influence says.
  let intensity = 1;
  let distant = false;
  for (const modifier of MODIFIERS) {
    if (!modifier.pattern.test(text)) continue;
    if (modifier.intensity !== undefined) intensity *= 1 + (modifier.intensity - 1) * influence;
    if (modifier.distant) distant = influence > 0;
  }
  intensity = Math.min(2, Math.max(0.4, intensity));

  const layerFor = (name: string): Layer => ({
    n,
    sampleRate: SAMPLE_RATE,
    seconds: request.durationSeconds,
    random: rng(hash(name) ^ seed),
    intensity,
  });

  const mix = new Float32Array(n);
  if (chosen.length === 0) {
    addInto(mix, normalized(ambientBed(layerFor('ambient'))), 0);
    warnings.push({
      type: 'other',
      message: `No sound this engine knows was named in the prompt: made a neutral ambient bed (room tone). Known sounds: ${FAMILY_NAMES.join(', ')}`,
    });
  } else {
    chosen.forEach(({ family }, k) => {
      // The first named leads; later ones sit under it, further under with a literal reading (high influence).
      const gain = k === 0 ? 1 : 0.75 - 0.25 * influence;
      addInto(mix, normalized(family.make(layerFor(family.name))), 0, gain);
    });
  }
  // "Distant" sounds are darker and quieter: high frequencies fall off with distance.
  if (distant) lowpass(mix, SAMPLE_RATE, 900 + 1500 * (1 - influence));
  level(mix, distant ? TARGET_RMS * 0.6 : TARGET_RMS);
  fadeEdges(mix);
  return { samples: mix, sampleRate: SAMPLE_RATE, families: chosen.map((f) => f.family.name), warnings };
}

/** Each layer at the same RMS before mixing, so a family's gain in the mix means what it says. */
function normalized(layer: Float32Array): Float32Array {
  const level = rms(layer);
  return level > 1e-9 ? scale(layer, TARGET_RMS / level) : layer;
}

/**
 * To the target RMS; a sound whose peaks would then pass the limit (clicks, knocks: peaks far above their
 * RMS) has up to 6 dB of its peaks squashed by a soft knee and the rest taken off by gain, so nothing clips.
 */
function level(mix: Float32Array, target: number): void {
  const current = rms(mix);
  if (current > 1e-9) scale(mix, target / current);
  const top = peak(mix);
  if (top <= PEAK_LIMIT) return;
  const squash = Math.min(2, top / PEAK_LIMIT);
  scale(mix, (squash * PEAK_LIMIT) / top);
  const knee = PEAK_LIMIT / 2;
  const room = PEAK_LIMIT - knee;
  for (let i = 0; i < mix.length; i += 1) {
    const x = mix[i] ?? 0;
    const magnitude = Math.abs(x);
    if (magnitude > knee) mix[i] = Math.sign(x) * (knee + room * Math.tanh((magnitude - knee) / room));
  }
}

/** A 10 ms fade at each end, so the sound starts and stops without a click. */
function fadeEdges(x: Float32Array): void {
  const fade = Math.min(Math.round(FADE_SECONDS * SAMPLE_RATE), Math.floor(x.length / 2));
  for (let i = 0; i < fade; i += 1) {
    const g = i / fade;
    x[i] = (x[i] ?? 0) * g;
    const j = x.length - 1 - i;
    x[j] = (x[j] ?? 0) * g;
  }
}

/**
 * 16-bit signed little-endian PCM, as the MP3 encoder takes it, with triangular dither of one step: the
 * usual way to quantise, and it keeps lame fast (sparse sounds that decay to near silence took it ~6 times
 * longer to encode without it: 0.8 s of CPU for 22 s of footsteps). Seeded, so still deterministic.
 */
export function toPcm16(samples: Float32Array): Buffer {
  const pcm = Buffer.alloc(samples.length * 2);
  const random = rng(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    const dithered = Math.round(s * 32766 + random() - random());
    pcm.writeInt16LE(dithered, i * 2);
  }
  return pcm;
}
