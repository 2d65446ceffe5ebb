import { type GgufTensor, type GgufValue, gguf, writeGguf } from './gguf-writer.js';
import { mulberry32 } from '../../src/shared/seeded-random.js';

export interface TinyLlamaOptions {
  /** Seeds the weights: the same seed writes the same file. */
  seed?: number;
  /** The context the model says it was trained on (llama.context_length). */
  contextLength?: number;
  layers?: number;
  /** The model's name in its metadata. */
  name?: string;
}

/** ChatML, as Qwen and others use it: node-llama-cpp recognises it and picks its ChatML wrapper. */
export const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** A few byte-pair merges, so text is a little shorter than its bytes, as with real BPE vocabularies. */
const MERGES = ['Ġ t', 'Ġ a', 'h e', 'i n', 'r e', 'o n', 'Ġt he', 'e r', 'a n', 'Ġ s', 'o r', 'e n', 'Ġ w'];
const SPECIAL = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;

/** GPT-2's byte-level alphabet: every byte as a printable character, so any text tokenizes. */
function byteAlphabet(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  let extra = 0;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable(b) ? b : 256 + extra++));
}

/** The vocabulary: 256 byte tokens, the merged tokens, then the special ones (272 in all). */
export function tinyVocabulary(): { tokens: string[]; types: number[]; bos: number; eos: number } {
  const tokens = [...byteAlphabet(), ...MERGES.map((m) => m.replace(' ', '')), ...SPECIAL];
  const types = tokens.map((_, i) => (i < tokens.length - SPECIAL.length ? TOKEN_NORMAL : TOKEN_CONTROL));
  return { tokens, types, bos: tokens.indexOf('<|endoftext|>'), eos: tokens.indexOf('<|im_end|>') };
}

const EMBD = 64;
const HEADS = 4;
const KV_HEADS = 2;
const FF = 128;

/** Logits spread wide (a standard deviation near 3.5): sampling picks among a few likely tokens, as with a trained model. */
const OUTPUT_SCALE = 0.75;

/**
 * Only printable ASCII and the merged tokens have output weights; the rows of the special tokens, of
 * whitespace and control characters and of bytes above 0x7F are zero. Their logits stay at 0 while the
 * likeliest tokens score near 10, so the model all but never ends a turn by itself, never writes a blank
 * answer and writes text that is valid UTF-8 (stray bytes above 0x7F would not be). Tests decide where a
 * generation stops: token limits, stop sequences, grammars.
 */
function outputLayer(tensor: GgufTensor, vocab: ReturnType<typeof tinyVocabulary>): GgufTensor {
  // The first 256 tokens are the bytes in order; printable ASCII is 0x21 to 0x7E.
  const silent = vocab.tokens.flatMap((_, id) =>
    (id < 256 && (id < 0x21 || id > 0x7e)) || vocab.types[id] === TOKEN_CONTROL ? [id] : [],
  );
  for (const id of silent) tensor.data.fill(0, id * EMBD, (id + 1) * EMBD);
  return tensor;
}

/**
 * A llama-architecture GGUF with random weights (seeded): 272 tokens, 64-wide, two layers, ~0.5 MB. It
 * loads in well under a second and generates noise (printable ASCII), through the same code paths as a
 * real model: tokenizer, chat template, sampling, grammars.
 */
export async function writeTinyLlama(path: string, options: TinyLlamaOptions = {}): Promise<void> {
  const { seed = 42, contextLength = 4096, layers = 2, name = 'tiny-llama' } = options;
  const next = mulberry32(seed);
  const vocab = tinyVocabulary();
  const headDim = EMBD / HEADS;
  const kvDim = headDim * KV_HEADS;
  const matrix = (tensorName: string, inputs: number, outputs: number, scale = 1 / Math.sqrt(inputs)): GgufTensor => {
    const data = Float32Array.from({ length: inputs * outputs }, () => (next() * 2 - 1) * scale);
    return { name: tensorName, dims: [inputs, outputs], data };
  };
  const ones = (tensorName: string): GgufTensor => ({
    name: tensorName,
    dims: [EMBD],
    data: new Float32Array(EMBD).fill(1),
  });
  const n = vocab.tokens.length;
  const tensors: GgufTensor[] = [
    matrix('token_embd.weight', EMBD, n),
    ones('output_norm.weight'),
    outputLayer(matrix('output.weight', EMBD, n, OUTPUT_SCALE), vocab),
  ];
  for (let i = 0; i < layers; i++) {
    tensors.push(
      ones(`blk.${i}.attn_norm.weight`),
      matrix(`blk.${i}.attn_q.weight`, EMBD, EMBD),
      matrix(`blk.${i}.attn_k.weight`, EMBD, kvDim),
      matrix(`blk.${i}.attn_v.weight`, EMBD, kvDim),
      matrix(`blk.${i}.attn_output.weight`, EMBD, EMBD),
      ones(`blk.${i}.ffn_norm.weight`),
      matrix(`blk.${i}.ffn_gate.weight`, EMBD, FF),
      matrix(`blk.${i}.ffn_up.weight`, EMBD, FF),
      matrix(`blk.${i}.ffn_down.weight`, FF, EMBD),
    );
  }
  const metadata: Record<string, GgufValue> = {
    'general.architecture': gguf.str('llama'),
    'general.name': gguf.str(name),
    'general.file_type': gguf.u32(0),
    'llama.context_length': gguf.u32(contextLength),
    'llama.embedding_length': gguf.u32(EMBD),
    'llama.block_count': gguf.u32(layers),
    'llama.feed_forward_length': gguf.u32(FF),
    'llama.attention.head_count': gguf.u32(HEADS),
    'llama.attention.head_count_kv': gguf.u32(KV_HEADS),
    'llama.attention.layer_norm_rms_epsilon': gguf.f32(1e-5),
    'llama.rope.dimension_count': gguf.u32(headDim),
    'llama.rope.freq_base': gguf.f32(10_000),
    'llama.vocab_size': gguf.u32(n),
    'tokenizer.ggml.model': gguf.str('gpt2'),
    'tokenizer.ggml.pre': gguf.str('gpt-2'),
    'tokenizer.ggml.tokens': gguf.strings(vocab.tokens),
    'tokenizer.ggml.token_type': gguf.i32s(vocab.types),
    'tokenizer.ggml.merges': gguf.strings(MERGES),
    'tokenizer.ggml.bos_token_id': gguf.u32(vocab.bos),
    'tokenizer.ggml.eos_token_id': gguf.u32(vocab.eos),
    'tokenizer.ggml.padding_token_id': gguf.u32(vocab.bos),
    'tokenizer.ggml.add_bos_token': gguf.bool(false),
    'tokenizer.chat_template': gguf.str(CHATML_TEMPLATE),
  };
  await writeGguf(path, metadata, tensors);
}
