import {
  type Rng,
  addInto,
  bandpass,
  between,
  brown,
  decay,
  drift,
  highpass,
  lowpass,
  pink,
  poissonTimes,
  regularTimes,
  saw,
  scatter,
  shape,
  sine,
  square,
  white,
} from './dsp.js';

/** What a family's recipe is given: the length, a random source of its own, and what the prompt's modifiers ask. */
export interface Layer {
  /** Samples to make. */
  n: number;
  sampleRate: number;
  seconds: number;
  random: Rng;
  /** 1 is normal; "heavy", "loud", "fast" raise it (up to 2), "light", "gentle", "slow" lower it (down to 0.4). */
  intensity: number;
}

export interface SoundFamily {
  name: string;
  /** Words of the prompt that call for this family (whole words, any case). */
  pattern: RegExp;
  make(layer: Layer): Float32Array;
}

const ms = (layer: Layer, milliseconds: number) => Math.max(1, Math.round((milliseconds / 1000) * layer.sampleRate));

/** A short filtered noise burst: the grain of drops, claps, steps, crackles and keys. */
function burst(layer: Layer, milliseconds: number, centre: number, q: number, decaySeconds: number): Float32Array {
  const grain = white(ms(layer, milliseconds), layer.random);
  return decay(bandpass(grain, layer.sampleRate, centre, q), layer.sampleRate, decaySeconds, 0.0005);
}

/** A struck, inharmonic tone (bells, glass): partials with their own decays. */
function struck(layer: Layer, fundamental: number, ratios: number[], seconds: number): Float32Array {
  const n = ms(layer, seconds * 1000);
  const out = new Float32Array(n);
  ratios.forEach((ratio, k) => {
    const partial = sine(n, layer.sampleRate, fundamental * ratio);
    addInto(out, decay(partial, layer.sampleRate, seconds / (1 + k * 0.6), 0.001), 0, 1 / (1 + k * 0.5));
  });
  return out;
}

const rate = (layer: Layer, perSecond: number) => perSecond * layer.intensity;

/** The families, in no particular order; the prompt's words choose among them. */
export const FAMILIES: readonly SoundFamily[] = [
  {
    name: 'rain',
    pattern: /\b(rain\w*|drizzl\w*|downpour|showers?|raindrops?)\b/,
    make: (layer) => {
      const bed = highpass(pink(layer.n, layer.random), layer.sampleRate, 1200);
      return scatter(
        bed,
        layer.sampleRate,
        poissonTimes(layer.random, rate(layer, 90), layer.seconds),
        () => burst(layer, 12, between(layer.random, 2500, 6500), 4, 0.006),
        () => between(layer.random, 0.4, 1.6),
      );
    },
  },
  {
    name: 'wind',
    pattern: /\b(wind\w*|gust\w*|breeze\w*|gale|howl\w*|blizzard|storm\w*)\b/,
    make: (layer) => {
      const gusts = drift(layer.n, layer.sampleRate, layer.random, 1.6);
      const noise = bandpass(pink(layer.n, layer.random), layer.sampleRate, (i) => 250 + 700 * gusts(i), 2.5);
      return shape(noise, (i) => 0.3 + gusts(i));
    },
  },
  {
    name: 'waves',
    pattern: /\b(waves?|ocean|sea|surf|shore|beach|tide)\b/,
    make: (layer) => {
      const period = between(layer.random, 5, 8);
      const noise = lowpass(pink(layer.n, layer.random), layer.sampleRate, 1800);
      return shape(noise, (i) => {
        const phase = ((i / layer.sampleRate) % period) / period;
        return 0.12 + Math.sin(Math.PI * phase) ** 3;
      });
    },
  },
  {
    name: 'fire',
    pattern: /\b(fire\w*|crackl\w*|campfire|flames?|burn\w*|fireplace)\b/,
    make: (layer) => {
      const roar = lowpass(brown(layer.n, layer.random), layer.sampleRate, 400);
      return scatter(
        roar,
        layer.sampleRate,
        poissonTimes(layer.random, rate(layer, 14), layer.seconds),
        () => burst(layer, 6, between(layer.random, 1500, 5000), 1.5, 0.003),
        () => between(layer.random, 1.5, 5),
      );
    },
  },
  {
    name: 'footsteps',
    pattern: /\b(foot\s?steps?|steps|walk\w*|running|stomp\w*|stairs)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(
        out,
        layer.sampleRate,
        regularTimes(layer.random, 0.55 / layer.intensity, layer.seconds, 0.06),
        () => {
          const thud = decay(
            lowpass(white(ms(layer, 90), layer.random), layer.sampleRate, 500),
            layer.sampleRate,
            0.06,
          );
          addInto(thud, burst(layer, 30, 2500, 2, 0.015), ms(layer, 5), 0.25);
          return thud;
        },
        (k) => (k % 2 === 0 ? 1 : 0.8),
      );
    },
  },
  {
    name: 'door',
    pattern: /\b(doors?|creak\w*|squeak\w*|hinges?|slam\w*)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const creakSeconds = Math.min(layer.seconds * 0.7, 2.5);
      const wobble = drift(layer.n, layer.sampleRate, layer.random, 0.15);
      const creak = bandpass(
        saw(ms(layer, creakSeconds * 1000), layer.sampleRate, (i) => 60 + 90 * wobble(i)),
        layer.sampleRate,
        1100,
        3,
      );
      addInto(
        out,
        shape(creak, (i) => Math.sin((Math.PI * i) / creak.length)),
        0.05 * layer.sampleRate,
      );
      const slam = decay(lowpass(white(ms(layer, 400), layer.random), layer.sampleRate, 300), layer.sampleRate, 0.25);
      addInto(out, slam, Math.min(creakSeconds + 0.1, layer.seconds - 0.4) * layer.sampleRate, 2);
      return out;
    },
  },
  {
    name: 'knock',
    pattern: /\b(knock\w*|tap(s|ping)?|rap(s|ping)?)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const times = regularTimes(layer.random, 1.6, layer.seconds, 0, 0.1).flatMap((t) => [t, t + 0.18, t + 0.36]);
      return scatter(out, layer.sampleRate, times, () => {
        const knock = decay(sine(ms(layer, 120), layer.sampleRate, 190), layer.sampleRate, 0.05);
        addInto(knock, burst(layer, 40, 1200, 2, 0.02), 0, 0.6);
        return knock;
      });
    },
  },
  {
    name: 'bell',
    pattern: /\b(bells?|chimes?|chiming|gong|ding\w*|church)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const fundamental = between(layer.random, 330, 660);
      return scatter(
        out,
        layer.sampleRate,
        regularTimes(layer.random, 2.2 / layer.intensity, layer.seconds, 0.02),
        () => struck(layer, fundamental, [1, 2, 2.76, 5.4, 8.93], 2.5),
      );
    },
  },
  {
    name: 'alarm',
    pattern: /\b(beep\w*|alarm\w*|buzzer|bleep\w*|warning|timer)\b/,
    make: (layer) => {
      const tone = square(layer.n, layer.sampleRate, 1000);
      const period = 0.5 / layer.intensity;
      return lowpass(
        shape(tone, (i) => (((i / layer.sampleRate) % period) / period < 0.5 ? 0.5 : 0)),
        layer.sampleRate,
        5000,
      );
    },
  },
  {
    name: 'engine',
    pattern: /\b(engines?|motors?|hum\w*|car|cars|truck|idl\w*|generator|machine\w*|drone)\b/,
    make: (layer) => {
      const wobble = drift(layer.n, layer.sampleRate, layer.random, 0.8);
      const base = between(layer.random, 38, 55);
      const body = lowpass(
        saw(layer.n, layer.sampleRate, (i) => base * (1 + 0.05 * wobble(i))),
        layer.sampleRate,
        350,
      );
      addInto(body, lowpass(brown(layer.n, layer.random), layer.sampleRate, 200), 0, 0.6);
      return body;
    },
  },
  {
    name: 'crowd',
    pattern: /\b(crowds?|chatter\w*|people|murmur\w*|talk\w*|voices|restaurant|cafe|party|market)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      // Six voices: each a formant band of one shared noise, opened and closed at its own syllable rate.
      const noise = pink(layer.n, layer.random);
      for (let v = 0; v < 6; v += 1) {
        const syllables = sine(layer.n, layer.sampleRate, between(layer.random, 3, 6), layer.random() * 10);
        const voice = bandpass(Float32Array.from(noise), layer.sampleRate, between(layer.random, 400, 1800), 4);
        addInto(
          out,
          shape(voice, (i) => Math.max(0, syllables[i] ?? 0) ** 2),
          0,
          0.5,
        );
      }
      return out;
    },
  },
  {
    name: 'birds',
    pattern: /\b(birds?|chirp\w*|tweet\w*|songbirds?|sparrows?|robins?|forest|dawn)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(out, layer.sampleRate, poissonTimes(layer.random, rate(layer, 3), layer.seconds), () => {
        const notes = Math.floor(between(layer.random, 2, 6));
        const start = between(layer.random, 2500, 4500);
        const sweep = between(layer.random, -2000, 2500);
        const call = new Float32Array(ms(layer, notes * 110));
        for (let k = 0; k < notes; k += 1) {
          const n = ms(layer, 80);
          const chirp = sine(n, layer.sampleRate, (i) => start + (sweep * i) / n);
          addInto(
            call,
            shape(chirp, (i) => Math.sin((Math.PI * i) / n) ** 2),
            k * ms(layer, 110),
          );
        }
        return call;
      });
    },
  },
  {
    name: 'thunder',
    pattern: /\b(thunder\w*|rumbl\w*|lightning|earthquake)\b/,
    make: (layer) => {
      const out = lowpass(brown(layer.n, layer.random), layer.sampleRate, 150);
      const swell = drift(layer.n, layer.sampleRate, layer.random, 0.7);
      const times = poissonTimes(layer.random, 0.25, Math.max(0.5, layer.seconds - 1));
      const strikes = times.length > 0 ? times : [layer.seconds * 0.2];
      scatter(
        out,
        layer.sampleRate,
        strikes,
        () => {
          const clap = white(ms(layer, 3500), layer.random);
          return decay(lowpass(clap, layer.sampleRate, 250), layer.sampleRate, 3, 0.05);
        },
        () => 6,
      );
      return shape(out, (i) => 0.4 + swell(i));
    },
  },
  {
    name: 'clock',
    pattern: /\b(clocks?|tick\w*|tock\w*|metronome|watch)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(out, layer.sampleRate, regularTimes(layer.random, 0.5, layer.seconds, 0), (k) =>
        burst(layer, 15, k % 2 === 0 ? 3800 : 2600, 8, 0.006),
      );
    },
  },
  {
    name: 'typing',
    pattern: /\b(typ\w*|keyboards?|keys|typewriter|clicking|office)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(
        out,
        layer.sampleRate,
        poissonTimes(layer.random, rate(layer, 9), layer.seconds),
        () => burst(layer, 25, between(layer.random, 1800, 3500), 3, 0.01),
        () => between(layer.random, 0.6, 1),
      );
    },
  },
  {
    name: 'water',
    pattern: /\b(water|stream|river|brook|creek|bubbl\w*|babbl\w*|fountain|pour\w*|splash\w*)\b/,
    make: (layer) => {
      const flow = bandpass(pink(layer.n, layer.random), layer.sampleRate, 700, 1);
      return scatter(
        flow,
        layer.sampleRate,
        poissonTimes(layer.random, rate(layer, 25), layer.seconds),
        () => {
          const n = ms(layer, between(layer.random, 20, 60));
          const from = between(layer.random, 400, 1200);
          return decay(
            sine(n, layer.sampleRate, (i) => from * (1 + (2 * i) / n)),
            layer.sampleRate,
            n / layer.sampleRate,
          );
        },
        () => 0.6,
      );
    },
  },
  {
    name: 'applause',
    pattern: /\b(applau\w*|clap\w*|cheer\w*|ovation)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(
        out,
        layer.sampleRate,
        poissonTimes(layer.random, rate(layer, 60), layer.seconds),
        () => burst(layer, 20, between(layer.random, 900, 2500), 1.5, 0.012),
        () => between(layer.random, 0.5, 1),
      );
    },
  },
  {
    name: 'whoosh',
    pattern: /\b(whoosh\w*|swoosh\w*|swish\w*|woosh\w*|swoop\w*|fly\s?by|passing)\b/,
    make: (layer) => {
      const period = Math.min(layer.seconds, 1.2);
      const noise = pink(layer.n, layer.random);
      const position = (i: number) => ((i / layer.sampleRate) % period) / period;
      bandpass(noise, layer.sampleRate, (i) => 300 + 3000 * Math.sin(Math.PI * position(i)), 2);
      return shape(noise, (i) => Math.sin(Math.PI * position(i)) ** 4);
    },
  },
  {
    name: 'explosion',
    pattern: /\b(explo\w*|boom\w*|blast\w*|bomb\w*|detonat\w*|cannon)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const length = Math.min(layer.seconds, 4);
      const blast = decay(
        lowpass(white(ms(layer, length * 1000), layer.random), layer.sampleRate, 600),
        layer.sampleRate,
        length * 0.8,
        0.003,
      );
      const drop = decay(
        sine(ms(layer, length * 1000), layer.sampleRate, (i) => 30 + 60 * Math.exp(-i / layer.sampleRate / 0.3)),
        layer.sampleRate,
        length * 0.6,
      );
      addInto(out, blast, 0.05 * layer.sampleRate);
      addInto(out, drop, 0.05 * layer.sampleRate, 0.8);
      return out;
    },
  },
  {
    name: 'dog',
    pattern: /\b(dogs?|bark\w*|woof\w*|puppy|hound)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const times = regularTimes(layer.random, 1.4, layer.seconds, 0.2, 0.1).flatMap((t) => [t, t + 0.28]);
      return scatter(out, layer.sampleRate, times, () => {
        const n = ms(layer, 180);
        const from = between(layer.random, 450, 650);
        const bark = saw(n, layer.sampleRate, (i) => from * (1 - (0.4 * i) / n));
        return decay(bandpass(bark, layer.sampleRate, 1000, 1.2), layer.sampleRate, 0.15, 0.01);
      });
    },
  },
  {
    name: 'siren',
    pattern: /\b(sirens?|police|ambulance|emergency|fire\s?truck)\b/,
    make: (layer) =>
      lowpass(
        saw(
          layer.n,
          layer.sampleRate,
          (i) => 950 + 400 * Math.sin((2 * Math.PI * 0.25 * layer.intensity * i) / layer.sampleRate),
        ),
        layer.sampleRate,
        2500,
      ),
  },
  {
    name: 'phone',
    pattern: /\b(phones?|ring\w*|telephone|ringtone|call\w*)\b/,
    make: (layer) => {
      const tone = sine(layer.n, layer.sampleRate, 440);
      addInto(tone, sine(layer.n, layer.sampleRate, 480), 0);
      return shape(tone, (i) => {
        const t = i / layer.sampleRate;
        return (t % 3 < 1.2 ? 0.5 : 0) * (Math.sin(2 * Math.PI * 20 * t) > 0 ? 1 : 0.3);
      });
    },
  },
  {
    name: 'heartbeat',
    pattern: /\b(heart\w*|pulse|pulsing)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      const times = regularTimes(layer.random, 0.85 / layer.intensity, layer.seconds, 0.02).flatMap((t) => [
        t,
        t + 0.22,
      ]);
      return scatter(
        out,
        layer.sampleRate,
        times,
        () =>
          decay(
            sine(ms(layer, 200), layer.sampleRate, (i) => 60 - (i / layer.sampleRate) * 60),
            layer.sampleRate,
            0.12,
            0.01,
          ),
        (k) => (k % 2 === 0 ? 1 : 0.7),
      );
    },
  },
  {
    name: 'laser',
    pattern: /\b(lasers?|zap\w*|sci-?fi|blaster|pew|ray\s?gun|spaceship|robot\w*)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(
        out,
        layer.sampleRate,
        regularTimes(layer.random, 0.7 / layer.intensity, layer.seconds, 0.3),
        () => {
          const n = ms(layer, 250);
          const from = between(layer.random, 2000, 3500);
          return decay(
            sine(n, layer.sampleRate, (i) => from * Math.exp((-3 * i) / n)),
            layer.sampleRate,
            0.25,
            0.001,
          );
        },
      );
    },
  },
  {
    name: 'glass',
    pattern: /\b(glass\w*|shatter\w*|smash\w*|break\w*|tinkl\w*|crash\w*)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      addInto(out, burst(layer, 300, 4000, 0.7, 0.15), 0.05 * layer.sampleRate, 2);
      const shards = poissonTimes(layer.random, 12, Math.min(layer.seconds, 2)).map((t) => t + 0.08);
      return scatter(
        out,
        layer.sampleRate,
        shards,
        () => struck(layer, between(layer.random, 2500, 5500), [1, 1.47, 2.09], 0.25),
        () => between(layer.random, 0.2, 0.6),
      );
    },
  },
  {
    name: 'insects',
    pattern: /\b(crickets?|insects?|cicadas?|bugs?|night|buzz\w*|bees?|mosquito\w*)\b/,
    make: (layer) => {
      const carrier = sine(layer.n, layer.sampleRate, between(layer.random, 4200, 5200));
      const trill = between(layer.random, 25, 40);
      const group = between(layer.random, 1, 1.6);
      return shape(carrier, (i) => {
        const t = i / layer.sampleRate;
        return (t % group < 0.45 ? 0.6 : 0) * (Math.sin(2 * Math.PI * trill * t) > 0 ? 1 : 0);
      });
    },
  },
  {
    name: 'helicopter',
    pattern: /\b(helicopters?|chopper|rotor\w*|blades?)\b/,
    make: (layer) => {
      const chop = between(layer.random, 10, 14);
      const noise = lowpass(pink(layer.n, layer.random), layer.sampleRate, 900);
      addInto(noise, lowpass(brown(layer.n, layer.random), layer.sampleRate, 120), 0, 0.8);
      return shape(noise, (i) => 0.2 + Math.max(0, Math.sin((2 * Math.PI * chop * i) / layer.sampleRate)) ** 6);
    },
  },
  {
    name: 'train',
    pattern: /\b(trains?|railway|rails?|locomotive|subway|tram)\b/,
    make: (layer) => {
      const out = lowpass(brown(layer.n, layer.random), layer.sampleRate, 250);
      const times = regularTimes(layer.random, 1.1 / layer.intensity, layer.seconds, 0.01).flatMap((t) => [
        t,
        t + 0.12,
      ]);
      return scatter(
        out,
        layer.sampleRate,
        times,
        () => burst(layer, 60, 900, 2, 0.03),
        () => 3,
      );
    },
  },
  {
    name: 'drip',
    pattern: /\b(drips?|dripping|drops?|droplets?|faucet|tap\s?water|leak\w*|cave)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(
        out,
        layer.sampleRate,
        regularTimes(layer.random, 0.9 / layer.intensity, layer.seconds, 0.3),
        () => {
          const n = ms(layer, 60);
          const from = between(layer.random, 700, 1100);
          return decay(
            sine(n, layer.sampleRate, (i) => from * (1 + (1.5 * i) / n)),
            layer.sampleRate,
            0.05,
            0.001,
          );
        },
      );
    },
  },
  {
    name: 'static',
    pattern: /\b(static|hiss\w*|radio|white\s?noise|tv|interference)\b/,
    make: (layer) => highpass(white(layer.n, layer.random), layer.sampleRate, 2000),
  },
  {
    name: 'cat',
    pattern: /\b(cats?|meow\w*|kitten\w*|purr\w*)\b/,
    make: (layer) => {
      const out = new Float32Array(layer.n);
      return scatter(out, layer.sampleRate, regularTimes(layer.random, 2, layer.seconds, 0.2, 0.2), () => {
        const n = ms(layer, 700);
        const base = between(layer.random, 500, 700);
        const meow = saw(n, layer.sampleRate, (i) => base * (1 + 0.5 * Math.sin((Math.PI * i) / n)));
        const formed = bandpass(meow, layer.sampleRate, (i) => 800 + 1200 * Math.sin((Math.PI * i) / n), 2);
        return shape(formed, (i) => Math.sin((Math.PI * i) / n));
      });
    },
  },
];

/** The neutral room tone for prompts no family recognises: soft low pink noise and a faint drone. */
export function ambientBed(layer: Layer): Float32Array {
  const bed = lowpass(pink(layer.n, layer.random), layer.sampleRate, 600);
  const swell = drift(layer.n, layer.sampleRate, layer.random, 3);
  addInto(bed, sine(layer.n, layer.sampleRate, 110), 0, 0.03);
  return shape(bed, (i) => 0.6 + 0.4 * swell(i));
}
