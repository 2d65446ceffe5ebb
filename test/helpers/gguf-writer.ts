import { writeFile } from 'node:fs/promises';

/** GGUF metadata value types (gguf.h). */
const TYPE = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;
type ScalarType = Exclude<keyof typeof TYPE, 'array'>;

/** A metadata value with its GGUF type; arrays hold values of one scalar type. */
export type GgufValue =
  | { type: Exclude<ScalarType, 'string' | 'bool' | 'uint64' | 'int64'>; value: number }
  | { type: 'uint64' | 'int64'; value: bigint }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'array'; of: Exclude<ScalarType, 'string' | 'bool' | 'uint64' | 'int64'>; value: number[] }
  | { type: 'array'; of: 'string'; value: string[] }
  | { type: 'array'; of: 'bool'; value: boolean[] };

export interface GgufTensor {
  name: string;
  /** In ggml order: the first dimension is the one that varies fastest. */
  dims: number[];
  data: Float32Array;
}

export const gguf = {
  u32: (value: number): GgufValue => ({ type: 'uint32', value }),
  i32: (value: number): GgufValue => ({ type: 'int32', value }),
  f32: (value: number): GgufValue => ({ type: 'float32', value }),
  bool: (value: boolean): GgufValue => ({ type: 'bool', value }),
  str: (value: string): GgufValue => ({ type: 'string', value }),
  strings: (value: string[]): GgufValue => ({ type: 'array', of: 'string', value }),
  i32s: (value: number[]): GgufValue => ({ type: 'array', of: 'int32', value }),
  f32s: (value: number[]): GgufValue => ({ type: 'array', of: 'float32', value }),
};

const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

/** A growing little-endian byte buffer. */
class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;

  bytes(data: Buffer): void {
    this.chunks.push(data);
    this.length += data.length;
  }

  private fixed(size: number, write: (b: Buffer) => void): void {
    const b = Buffer.alloc(size);
    write(b);
    this.bytes(b);
  }

  u8 = (v: number) => this.fixed(1, (b) => b.writeUInt8(v));
  i8 = (v: number) => this.fixed(1, (b) => b.writeInt8(v));
  u16 = (v: number) => this.fixed(2, (b) => b.writeUInt16LE(v));
  i16 = (v: number) => this.fixed(2, (b) => b.writeInt16LE(v));
  u32 = (v: number) => this.fixed(4, (b) => b.writeUInt32LE(v));
  i32 = (v: number) => this.fixed(4, (b) => b.writeInt32LE(v));
  f32 = (v: number) => this.fixed(4, (b) => b.writeFloatLE(v));
  f64 = (v: number) => this.fixed(8, (b) => b.writeDoubleLE(v));
  u64 = (v: bigint | number) => this.fixed(8, (b) => b.writeBigUInt64LE(BigInt(v)));
  i64 = (v: bigint) => this.fixed(8, (b) => b.writeBigInt64LE(v));

  string(s: string): void {
    const data = Buffer.from(s, 'utf8');
    this.u64(data.length);
    this.bytes(data);
  }

  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad) this.bytes(Buffer.alloc(pad));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeScalar(w: ByteWriter, type: ScalarType, value: number | bigint | boolean | string): void {
  switch (type) {
    case 'uint8':
      w.u8(value as number);
      return;
    case 'int8':
      w.i8(value as number);
      return;
    case 'uint16':
      w.u16(value as number);
      return;
    case 'int16':
      w.i16(value as number);
      return;
    case 'uint32':
      w.u32(value as number);
      return;
    case 'int32':
      w.i32(value as number);
      return;
    case 'float32':
      w.f32(value as number);
      return;
    case 'float64':
      w.f64(value as number);
      return;
    case 'uint64':
      w.u64(value as bigint);
      return;
    case 'int64':
      w.i64(value as bigint);
      return;
    case 'bool':
      w.u8(value ? 1 : 0);
      return;
    case 'string':
      w.string(value as string);
      return;
  }
}

function writeValue(w: ByteWriter, v: GgufValue): void {
  w.u32(TYPE[v.type]);
  if (v.type !== 'array') {
    writeScalar(w, v.type, v.value);
    return;
  }
  w.u32(TYPE[v.of]);
  w.u64(v.value.length);
  for (const item of v.value) writeScalar(w, v.of, item);
}

/** A GGUF v3 file: the metadata in the given order, then F32 tensors aligned to 32 bytes. */
export function encodeGguf(metadata: Record<string, GgufValue>, tensors: GgufTensor[]): Buffer {
  const w = new ByteWriter();
  w.bytes(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  const entries = Object.entries({ 'general.alignment': gguf.u32(ALIGNMENT), ...metadata });
  w.u64(entries.length);
  for (const [key, value] of entries) {
    w.string(key);
    writeValue(w, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    const elements = tensor.dims.reduce((a, b) => a * b, 1);
    if (elements !== tensor.data.length)
      throw new Error(`${tensor.name}: ${tensor.data.length} values for dims ${tensor.dims.join('x')}`);
    w.string(tensor.name);
    w.u32(tensor.dims.length);
    for (const d of tensor.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  w.padTo(ALIGNMENT);
  for (const tensor of tensors) {
    w.bytes(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    w.padTo(ALIGNMENT);
  }
  return w.toBuffer();
}

export async function writeGguf(
  path: string,
  metadata: Record<string, GgufValue>,
  tensors: GgufTensor[],
): Promise<void> {
  await writeFile(path, encodeGguf(metadata, tensors));
}
