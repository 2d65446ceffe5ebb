/** Embedding vectors as stored: float32 little-endian blobs of unit length, so a dot product is the cosine. */

export function normalize(vector: readonly number[]): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / norm;
  return out;
}

export function encodeVector(vector: readonly number[]): Buffer {
  const unit = normalize(vector);
  const buffer = Buffer.alloc(unit.length * 4);
  for (const [i, x] of unit.entries()) buffer.writeFloatLE(x, i * 4);
  return buffer;
}

export function decodeVector(blob: Uint8Array): Float32Array {
  const length = Math.floor(blob.byteLength / 4);
  if (blob.byteOffset % 4 === 0 && isLittleEndian) return new Float32Array(blob.buffer, blob.byteOffset, length);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  return Float32Array.from({ length }, (_, i) => view.getFloat32(i * 4, true));
}

const isLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Cosine similarity of two unit vectors; 0 when their lengths differ. */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}
