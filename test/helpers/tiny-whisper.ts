import { writeFileSync } from 'node:fs';
import { mulberry32 } from '../../src/shared/seeded-random.js';

/**
 * A random-weight whisper model in the legacy ggml format whisper.cpp loads (what its
 * convert-pt-to-ggml.py writes): magic, hyper-parameters, mel filters, vocabulary, then the tensors.
 * Its transcripts are noise, but loading, the mel spectrogram, the encoder, language detection, the
 * decoder and the timestamp rules all run for real. About 1 MB, written in ~0.1 s, loaded in ~0.06 s;
 * a few seconds of speech transcribe in ~0.2 s.
 *
 * What whisper.cpp will not let shrink: the vocabulary size. Its special tokens sit at fixed ids from
 * 50256 up, followed by 1501 timestamp tokens, so n_vocab must be 51864 (English-only) or 51865 and up
 * (multilingual, which language detection needs). The file may list fewer words (the loader names the
 * rest `[_extra_token_N]`), but it lists every text token so that noise decodes to made-up words, and
 * it must hold " ", which the decoder looks up by its text. The rest is as small as it goes: one
 * encoder and one decoder layer (two decoder layers would pass for a "distilled" model and lose
 * timestamps) and a width of 4 (whisper.cpp takes 1, but layer norms over one or two values leave
 * nothing of the audio).
 */
export interface TinyWhisperOptions {
  /** Same seed, same file. */
  seed?: number;
  /** English-only (n_vocab 51864, like the `.en` models) or multilingual (51865, like tiny/base/small). */
  multilingual?: boolean;
  /** n_audio_state = n_text_state. */
  width?: number;
  /** Decoder positions: bounds the tokens decoded per 30 s window (half of it). */
  textContext?: number;
}

export interface TinyWhisper {
  bytes: number;
  nVocab: number;
}

const MAGIC = 0x67676d6c;
const N_MELS = 80;
const N_FFT_BINS = 201;
const AUDIO_CONTEXT = 1500;
const EOT_ENGLISH = 50256;
/** GPT-2's id for " ": whisper.cpp looks the token up by its text (to keep it from starting a transcript). */
const SPACE = 220;
const F32 = 0;
const F16 = 1;

interface Tensor {
  name: string;
  /** ggml order: the fastest-moving dimension first. */
  ne: number[];
  type: typeof F32 | typeof F16;
  values: () => number;
}

export function writeTinyWhisper(path: string, options: TinyWhisperOptions = {}): TinyWhisper {
  const { seed = 1, multilingual = true, width = 4, textContext = 64 } = options;
  const heads = width >= 8 ? 2 : 1;
  const nVocab = multilingual ? 51_865 : 51_864;
  const random = mulberry32(seed);
  const noise = (scale: number) => () => (random() * 2 - 1) * scale;

  const parts: Buffer[] = [];
  const ints = (...values: number[]) => {
    const b = Buffer.alloc(values.length * 4);
    for (const [i, v] of values.entries()) b.writeInt32LE(v, i * 4);
    parts.push(b);
  };
  ints(MAGIC, nVocab, AUDIO_CONTEXT, width, heads, 1, textContext, width, heads, 1, N_MELS, F16);

  ints(N_MELS, N_FFT_BINS);
  parts.push(floats(melFilters()));

  // The text tokens; the special, language and timestamp tokens after them are named by the loader.
  const nText = multilingual ? EOT_ENGLISH + 1 : EOT_ENGLISH;
  ints(nText);
  const vocab = Buffer.alloc(nText * 16);
  let at = 0;
  for (let id = 0; id < nText; id++) {
    const word = id === SPACE ? ' ' : syllables(id);
    at = vocab.writeUInt32LE(word.length, at);
    at += vocab.write(word, at, 'ascii');
  }
  parts.push(vocab.subarray(0, at));

  for (const tensor of tensors(width, nVocab, textContext, noise)) parts.push(encodeTensor(tensor));
  const file = Buffer.concat(parts);
  writeFileSync(path, file);
  return { bytes: file.length, nVocab };
}

function tensors(width: number, nVocab: number, textContext: number, noise: (scale: number) => () => number): Tensor[] {
  const one = () => 1;
  const zero = () => 0;
  const weight = (name: string, rows: number, columns: number): Tensor => ({
    name,
    ne: [columns, rows],
    type: F16,
    values: noise(1 / Math.sqrt(columns)),
  });
  const vector = (name: string, n: number, values = noise(0.1)): Tensor => ({ name, ne: [n], type: F32, values });
  const norm = (prefix: string) => [vector(`${prefix}.weight`, width, one), vector(`${prefix}.bias`, width, zero)];
  const attention = (prefix: string) => [
    weight(`${prefix}.query.weight`, width, width),
    vector(`${prefix}.query.bias`, width),
    weight(`${prefix}.key.weight`, width, width),
    weight(`${prefix}.value.weight`, width, width),
    vector(`${prefix}.value.bias`, width),
    weight(`${prefix}.out.weight`, width, width),
    vector(`${prefix}.out.bias`, width),
  ];
  const mlp = (prefix: string) => [
    ...norm(`${prefix}.mlp_ln`),
    weight(`${prefix}.mlp.0.weight`, 4 * width, width),
    vector(`${prefix}.mlp.0.bias`, 4 * width),
    weight(`${prefix}.mlp.2.weight`, width, 4 * width),
    vector(`${prefix}.mlp.2.bias`, width),
  ];
  return [
    { name: 'encoder.positional_embedding', ne: [width, AUDIO_CONTEXT], type: F32, values: noise(0.5) },
    { name: 'encoder.conv1.weight', ne: [3, N_MELS, width], type: F16, values: noise(1 / Math.sqrt(3 * N_MELS)) },
    { name: 'encoder.conv1.bias', ne: [1, width], type: F32, values: noise(0.1) },
    { name: 'encoder.conv2.weight', ne: [3, width, width], type: F16, values: noise(1 / Math.sqrt(3 * width)) },
    { name: 'encoder.conv2.bias', ne: [1, width], type: F32, values: noise(0.1) },
    ...norm('encoder.blocks.0.attn_ln'),
    ...attention('encoder.blocks.0.attn'),
    ...mlp('encoder.blocks.0'),
    ...norm('encoder.ln_post'),
    { name: 'decoder.positional_embedding', ne: [width, textContext], type: F32, values: noise(0.5) },
    { name: 'decoder.token_embedding.weight', ne: [width, nVocab], type: F16, values: noise(1) },
    ...norm('decoder.blocks.0.attn_ln'),
    ...attention('decoder.blocks.0.attn'),
    ...norm('decoder.blocks.0.cross_attn_ln'),
    ...attention('decoder.blocks.0.cross_attn'),
    ...mlp('decoder.blocks.0'),
    ...norm('decoder.ln'),
  ];
}

/** n_dims, name length, type, the dimensions, the name, then the data (no padding in this format). */
function encodeTensor({ name, ne, type, values }: Tensor): Buffer {
  const count = ne.reduce((a, b) => a * b, 1);
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(12 + ne.length * 4);
  header.writeInt32LE(ne.length, 0);
  header.writeInt32LE(nameBytes.length, 4);
  header.writeInt32LE(type, 8);
  for (const [i, n] of ne.entries()) header.writeInt32LE(n, 12 + i * 4);
  // Typed arrays are in the machine's byte order: little-endian on x64 and arm64, as ggml files are.
  const data = type === F16 ? new Uint16Array(count) : new Float32Array(count);
  for (let i = 0; i < count; i++) data[i] = type === F16 ? toHalf(values()) : values();
  return Buffer.concat([header, nameBytes, new Uint8Array(data.buffer)]);
}

/** Triangular filters evenly spaced on the mel scale over 0-8 kHz, as whisper's own are. */
function melFilters(): number[] {
  const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
  const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);
  const edges = Array.from({ length: N_MELS + 2 }, (_, i) => hz((mel(8000) * i) / (N_MELS + 1)));
  const out: number[] = [];
  for (let m = 0; m < N_MELS; m++) {
    const [low = 0, mid = 0, high = 0] = edges.slice(m, m + 3);
    for (let bin = 0; bin < N_FFT_BINS; bin++) {
      const f = (bin * 8000) / (N_FFT_BINS - 1);
      out.push(Math.max(0, Math.min((f - low) / (mid - low), (high - f) / (high - mid))));
    }
  }
  return out;
}

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/** Token id -> a readable made-up word (" ka", " teli"...), like GPT-2's space-led word tokens. */
function syllables(id: number): string {
  let word = '';
  let rest = id;
  do {
    const s = rest % (CONSONANTS.length * VOWELS.length);
    word += `${CONSONANTS[Math.floor(s / VOWELS.length)]}${VOWELS[s % VOWELS.length]}`;
    rest = Math.floor(rest / (CONSONANTS.length * VOWELS.length));
  } while (rest > 0);
  return ` ${word}`;
}

function floats(values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) b.writeFloatLE(v, i * 4);
  return b;
}

/** IEEE 754 binary16, round to nearest; the weights here are small and never overflow. */
const halfScratch = new Float32Array(1);
const halfBits = new Uint32Array(halfScratch.buffer);
function toHalf(value: number): number {
  halfScratch[0] = value;
  const bits = halfBits[0] ?? 0;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  return sign | ((exponent << 10) + ((mantissa + 0x1000) >>> 13));
}
