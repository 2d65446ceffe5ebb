// Remove Background offline (classical segmentation, src/engines/media/background-removal.ts) measured on pictures
// this makes (bench/background-scenes.mjs): shapes on plain, graded and textured backdrops, and hard cases (subjects
// near the backdrop's colour, contact shadows, heavy noise), each as a PNG and as a JPEG (quality 70). Prints, per
// picture, the mask IoU against the true shape (alpha >= 128) or why it was refused, and the time the segmentation
// took; then, per kind of backdrop, how many were cut, the lowest and mean IoU, and how many were refused.
// Usage: node bench/remove-background.mjs after a build (node scripts/build-service.mjs). Only prints.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { iou, scene, scenes } from './background-scenes.mjs';
import { assertBuilt, root } from './lib.mjs';

assertBuilt('node scripts/build-service.mjs');
const { segmentForeground } = /** @type {typeof import('../src/engines/media/background-removal.js')} */ (
  await import(join(root, 'dist/engines/media/background-removal.js'))
);

/** @param {{ data: Uint8Array, width: number, height: number }} picture */
async function asJpeg({ data, width, height }) {
  const jpeg = await sharp(Buffer.from(data), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 70 })
    .toBuffer();
  const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer();
  return { data: new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength), width, height };
}

/** @type {Map<string, { cut: number[], refused: number }>} */
const byKind = new Map();
const rows = [];
for (const spec of scenes()) {
  const made = scene(spec);
  /** @type {[string, { data: Uint8Array, width: number, height: number }][]} */
  const versions = [
    ['png', made],
    ['jpeg', await asJpeg(made)],
  ];
  for (const [format, picture] of versions) {
    const started = performance.now();
    const result = segmentForeground(picture);
    const ms = performance.now() - started;
    const hard = /pale|ghost|shadow|noise/.test(spec.name);
    const kind = hard ? `hard (${made.kind})` : made.kind;
    const tally = byKind.get(kind) ?? { cut: [], refused: 0 };
    byKind.set(kind, tally);
    if (result.ok) tally.cut.push(iou(result.alpha, made.truth));
    else tally.refused++;
    rows.push({
      picture: `${spec.name} (${format})`,
      kind,
      result: result.ok ? `IoU ${iou(result.alpha, made.truth).toFixed(3)}` : `refused: ${result.reason}`,
      ms: Math.round(ms),
    });
  }
}

for (const row of rows)
  console.log(`${row.picture.padEnd(56)} ${row.kind.padEnd(18)} ${String(row.ms).padStart(4)} ms  ${row.result}`);
console.log('\nkind               cut  refused  lowest IoU  mean IoU');
for (const [kind, { cut, refused }] of byKind) {
  const lowest = cut.length ? Math.min(...cut).toFixed(3) : '-';
  const mean = cut.length ? (cut.reduce((a, b) => a + b, 0) / cut.length).toFixed(3) : '-';
  console.log(
    `${kind.padEnd(18)} ${String(cut.length).padStart(3)}  ${String(refused).padStart(7)}  ${lowest.padStart(10)}  ${mean.padStart(8)}`,
  );
}
