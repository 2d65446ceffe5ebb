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
import { assertBuilt, root, tableLines } from './lib.mjs';

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
/** @type {string[][]} */
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
    const score = result.ok ? iou(result.alpha, made.truth) : undefined;
    if (score === undefined) tally.refused++;
    else tally.cut.push(score);
    rows.push([
      `${spec.name} (${format})`,
      kind,
      `${Math.round(ms)} ms`,
      result.ok ? `IoU ${score?.toFixed(3)}` : `refused: ${result.reason}`,
    ]);
  }
}

for (const line of tableLines(['picture', 'kind', 'time', 'result'], rows, { alignLeft: [0, 1, 3] })) console.log(line);
console.log('');
const summary = [...byKind].map(([kind, { cut, refused }]) => [
  kind,
  String(cut.length),
  String(refused),
  cut.length ? Math.min(...cut).toFixed(3) : '-',
  cut.length ? (cut.reduce((a, b) => a + b, 0) / cut.length).toFixed(3) : '-',
]);
for (const line of tableLines(['kind', 'cut', 'refused', 'lowest IoU', 'mean IoU'], summary, { alignLeft: [0] }))
  console.log(line);
