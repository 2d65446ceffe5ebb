import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { getDocumentProxy } from 'unpdf';

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** The part of pdf.js used here (unpdf's own declaration of its bundle does not resolve under NodeNext). */
export interface PdfJs {
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; useSystemFonts: boolean; verbosity: number }): {
    promise: Promise<PdfDocument>;
  };
}

/**
 * pdf.js inflates a stream (FlateDecode, LZW, RunLength, ...) into one growing buffer, with no limit and
 * outside the V8 heap, so a worker's heap limit does not bound it: 3 MB of PDF can become gigabytes. Every
 * decoding stream grows through `DecodeStream.ensureBuffer`, which is not reachable from outside the
 * bundle; the bundle is loaded with one call added there that charges each growth against a budget and
 * throws once it is spent. If an update of unpdf changes that function, loading fails loudly here
 * (and the deflate-bomb test) rather than running unbounded.
 */
const ENSURE_BUFFER =
  /ensureBuffer\((\w+)\)\{const (\w+)=this\.buffer;if\(\1<=\2\.byteLength\)return \2;let (\w+)=this\.minBufferLength;for\(;\3<\1;\)\3\*=2;/g;
const CHARGE = Symbol.for('atelier.pdfDecodeCharge');

export class DecodeBudgetError extends Error {
  constructor() {
    super('decoded stream budget spent');
    this.name = 'DecodeBudgetError';
  }
}

interface Budget {
  left: number;
  exceeded: boolean;
}

/** One document at a time per thread (a worker runs one task at a time), so one budget is enough. */
let current: Budget | undefined;

(globalThis as Record<symbol, unknown>)[CHARGE] = (bytes: number) => {
  if (!current) return;
  current.left -= bytes;
  if (current.left < 0) {
    current.exceeded = true;
    throw new DecodeBudgetError();
  }
};

/** Runs `work` with `maxBytes` of stream decoding; `exceeded` says whether pdf.js tried to decode more. */
export async function withDecodeBudget<T>(
  maxBytes: number,
  work: (budget: { readonly exceeded: boolean }) => Promise<T>,
): Promise<T> {
  const budget: Budget = { left: maxBytes, exceeded: false };
  current = budget;
  try {
    return await work(budget);
  } finally {
    if (current === budget) current = undefined;
  }
}

export function patchPdfjs(source: string): string {
  let count = 0;
  const patched = source.replace(ENSURE_BUFFER, (match, _requested: string, buffer: string, size: string) => {
    count += 1;
    return `${match}globalThis[Symbol.for('atelier.pdfDecodeCharge')](${size}-${buffer}.byteLength);`;
  });
  if (count !== 1)
    throw new Error(
      `unpdf's pdf.js bundle changed (DecodeStream.ensureBuffer found ${count} times): update bounded-pdfjs.ts`,
    );
  return patched;
}

let loaded: Promise<PdfJs> | undefined;

/** pdf.js with bounded stream decoding, loaded once per thread. */
export function boundedPdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    // unpdf exports its bundle for `import` only; its CommonJS entry sits beside it.
    const bundle = join(dirname(createRequire(import.meta.url).resolve('unpdf')), 'pdfjs.mjs');
    const source = patchPdfjs(readFileSync(bundle, 'utf8'));
    // pdf.js prints "Please use the `legacy` build in Node.js environments" with console.log when its module
    // loads, whatever the verbosity: that one line is dropped, anything else printed meanwhile passes.
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('legacy` build')) return;
      log(...args);
    };
    try {
      return (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as PdfJs;
    } finally {
      console.log = log;
    }
  })();
  return loaded;
}
