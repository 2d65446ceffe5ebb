import { once } from 'node:events';
import { createDeflate } from 'node:zlib';

/**
 * Hostile documents, made small by the tests that use them: the attacks a public upload must survive.
 */

/** A PDF whose objects are `bodies` (object n is bodies[n - 1]; 1 is the catalog), with a true cross-reference table. */
function assemblePdf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * `pages` pages that all show one small content stream: a few bytes per page on disk, and a reader that
 * walks every page does the same work `pages` times (40,000 pages is ~4 MB).
 */
export function manyPagesPdf(pages: number): Buffer {
  const stream = 'BT /F1 12 Tf 72 720 Td (The same words on every page.) Tj ET';
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  const page =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>';
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    FONT,
    ...Array.from({ length: pages }, () => page),
  ]);
}

/**
 * A one-page PDF whose content stream is `inflatedMb` MB of spaces, deflated: about a thousandth of that on
 * disk (1,024 MB is ~1 MB). Spaces show nothing, so a reader that inflates it all finds almost no text.
 */
export async function deflateBombPdf(inflatedMb: number): Promise<Buffer> {
  // Deflated a megabyte at a time: the whole inflated text never exists here either.
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(deflate, 'end');
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  for (let i = 0; i < inflatedMb; i++) if (!deflate.write(spaces)) await once(deflate, 'drain');
  deflate.end();
  await done;
  const compressed = Buffer.concat(chunks);
  const head = Buffer.from(`<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([head, compressed, Buffer.from('\nendstream', 'latin1')]),
    FONT,
  ]);
}

/** `<div>` nested `depth` deep around one sentence. */
export function deeplyNestedHtml(depth: number): string {
  return `<html><body>${'<div>'.repeat(depth)}Deep inside.${'</div>'.repeat(depth)}</body></html>`;
}

/** One table row of `cells` cells. */
export function wideTableHtml(cells: number): string {
  return `<html><body><table><tr>${'<td>x</td>'.repeat(cells)}</tr></table></body></html>`;
}
