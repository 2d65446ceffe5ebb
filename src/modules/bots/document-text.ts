import { compile } from 'html-to-text';
import { Parser } from 'htmlparser2';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { BotDocumentKind } from '../../storage/db/schema.js';
import { type PdfDocument, boundedPdfjs, withDecodeBudget } from './bounded-pdfjs.js';
import { DOCUMENT_LIMITS, type DocumentLimits } from './document-limits.js';

/** Turns what a bot owner uploads (plain text, Markdown, HTML, PDF) into the plain text that is indexed. */

export const DOCUMENT_KINDS = ['text', 'markdown', 'html', 'pdf'] as const satisfies readonly BotDocumentKind[];
export const FILE_EXTENSIONS = ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf'];

const BY_EXTENSION: Record<string, BotDocumentKind> = {
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
};
const BY_MEDIA_TYPE: Record<string, BotDocumentKind> = {
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
};

export interface UploadedFile {
  filename: string;
  mediaType: string;
  data: Buffer;
}

/** A known extension decides; otherwise a known media type; otherwise the file is not one we read. */
export function detectKind(filename: string, mediaType: string): BotDocumentKind | undefined {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase();
  const byExtension = extension === undefined ? undefined : BY_EXTENSION[extension];
  return byExtension ?? BY_MEDIA_TYPE[mediaType.split(';')[0]?.trim().toLowerCase() ?? ''];
}

export const unsupportedFile = (filename: string): Outcome<never> =>
  fail(
    'unsupported_media_type',
    `Unsupported file type${filename ? ` "${filename}"` : ''}: upload plain text, Markdown, HTML or PDF (${FILE_EXTENSIONS.join(', ')})`,
  );

/**
 * The text of a document of the given kind; a file that is not what its kind says is refused, and so is one
 * that goes over a limit (DOCUMENT_LIMITS), as soon as the limit is reached. This is the parsing itself:
 * the service runs it on a worker thread (DocumentReader), never on the event loop.
 */
export async function documentText(
  kind: BotDocumentKind,
  data: Buffer | string,
  filename = '',
  limits: DocumentLimits = DOCUMENT_LIMITS,
): Promise<Outcome<string>> {
  if (kind === 'pdf') {
    if (typeof data === 'string') return fail('invalid_input', 'content: a PDF must be uploaded as a file');
    return pdfText(data, limits);
  }
  const field = typeof data === 'string' ? 'content' : 'file';
  if (kind === 'html') {
    const tooLarge = htmlOverLimit(data, limits);
    if (tooLarge) return tooLarge;
  }
  const text = typeof data === 'string' ? data : decodeUtf8(data);
  if (text === undefined)
    return fail(
      'unsupported_media_type',
      `file${filename ? ` "${filename}"` : ''}: is not UTF-8 text; upload plain text, Markdown, HTML or PDF`,
    );
  if (kind !== 'html') return ok(cleanText(text));
  const shape = checkHtmlShape(text, limits);
  if (shape) return fail('payload_too_large', `${field}: ${shape}`);
  return ok(cleanText(htmlToText(text)));
}

const MB = 1024 * 1024;

/** HTML over its byte limit is refused before it is decoded or parsed (the reader checks it before a worker sees it). */
export function htmlOverLimit(data: Buffer | string, limits: DocumentLimits): Outcome<never> | undefined {
  const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length;
  if (bytes <= limits.htmlBytes) return undefined;
  return fail(
    'payload_too_large',
    `${typeof data === 'string' ? 'content' : 'file'}: an HTML document can be at most ${limits.htmlBytes / MB} MB (${limits.htmlBytes} bytes); this one has ${bytes} bytes`,
  );
}

function decodeUtf8(data: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    // Text files hold no NUL characters; a binary file that happens to be valid UTF-8 does.
    return text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Control characters out (tabs and line breaks stay), composed Unicode. */
const cleanText = (text: string): string =>
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '').normalize('NFC');

const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 200 } },
  ],
});

class HtmlLimitError extends Error {}

/**
 * html-to-text recurses once per nesting level and lays tables out in time that grows with the square of
 * their cells: the markup is walked first by a streaming tokenizer (flat, no tree) that stops at the first
 * limit it meets. Returns what is over the limit, or undefined.
 */
function checkHtmlShape(html: string, limits: DocumentLimits): string | undefined {
  let depth = 0;
  let elements = 0;
  /** Cells of each table being read, innermost last. */
  const tables: number[] = [];
  const over = (what: string) => {
    throw new HtmlLimitError(what);
  };
  const parser = new Parser({
    onopentag(name) {
      depth += 1;
      elements += 1;
      if (depth > limits.htmlDepth) over(`the HTML nests deeper than ${limits.htmlDepth} levels`);
      if (elements > limits.htmlElements) over(`the HTML has more than ${limits.htmlElements} elements`);
      if (name === 'table') tables.push(0);
      else if ((name === 'td' || name === 'th') && tables.length > 0) {
        const cells = (tables[tables.length - 1] ?? 0) + 1;
        tables[tables.length - 1] = cells;
        if (cells > limits.htmlTableCells) over(`an HTML table has more than ${limits.htmlTableCells} cells`);
      }
    },
    onclosetag(name) {
      depth -= 1;
      if (name === 'table') tables.pop();
    },
  });
  try {
    parser.end(html);
    return undefined;
  } catch (error) {
    if (error instanceof HtmlLimitError) return error.message;
    throw error;
  }
}

async function pdfText(data: Buffer, limits: DocumentLimits): Promise<Outcome<string>> {
  const pdfjs = await boundedPdfjs();
  const inflatedTooLarge = () =>
    fail<string>(
      'payload_too_large',
      `file: the PDF's compressed streams inflate to more than ${limits.pdfDecodedBytes / MB} MB; it is not read`,
    );
  return withDecodeBudget(limits.pdfDecodedBytes, async (budget) => {
    let pdf: PdfDocument;
    try {
      // A copy: pdf.js takes over (detaches) the buffer it is given.
      pdf = await pdfjs.getDocument({
        data: new Uint8Array(data),
        isEvalSupported: false,
        useSystemFonts: true,
        verbosity: 0,
      }).promise;
    } catch (error) {
      if (budget.exceeded) return inflatedTooLarge();
      const name = error instanceof Error ? error.name : '';
      if (name === 'PasswordException')
        return fail('invalid_input', 'file: the PDF is password-protected; upload it without a password');
      return fail('invalid_input', 'file: is not a readable PDF');
    }
    try {
      // The page count is in the page tree's root: known before any page is read.
      if (pdf.numPages > limits.pdfPages)
        return fail(
          'payload_too_large',
          `file: the PDF has ${pdf.numPages} pages; at most ${limits.pdfPages} are read`,
        );
      const pages: string[] = [];
      let bytes = 0;
      for (let number = 1; number <= pdf.numPages; number++) {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        page.cleanup();
        if (budget.exceeded) return inflatedTooLarge();
        // Whitespace runs become one space, as unpdf's extractText did: the same text, page by page.
        const text = content.items
          .map((item: { str?: string; hasEOL?: boolean }) =>
            item.str === undefined ? '' : item.str + (item.hasEOL ? '\n' : ''),
          )
          .join('')
          .replace(/\s+/g, ' ');
        bytes += Buffer.byteLength(text, 'utf8') + 1;
        if (bytes > limits.textBytes + 1) {
          return fail(
            'payload_too_large',
            `file: the text of a document can be at most ${limits.textBytes / MB} MB (${limits.textBytes} bytes); this PDF has more by page ${number}`,
          );
        }
        pages.push(text);
      }
      if (budget.exceeded) return inflatedTooLarge();
      return ok(cleanText(pages.join(' ').replace(/\s+/g, ' ')));
    } catch {
      if (budget.exceeded) return inflatedTooLarge();
      return fail('invalid_input', 'file: the text of this PDF could not be read');
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  });
}
