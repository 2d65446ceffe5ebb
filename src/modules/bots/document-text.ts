import { compile } from 'html-to-text';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { BotDocumentKind } from '../../storage/db/schema.js';

/** Turns what a bot owner uploads (plain text, Markdown, HTML, PDF) into the plain text that is indexed. */

export const DOCUMENT_KINDS = ['text', 'markdown', 'html', 'pdf'] as const satisfies readonly BotDocumentKind[];
export const FILE_EXTENSIONS = ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf'];

const BY_EXTENSION: Record<string, BotDocumentKind> = { txt: 'text', text: 'text', md: 'markdown', markdown: 'markdown', html: 'html', htm: 'html', pdf: 'pdf' };
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
  fail('unsupported_media_type', `Unsupported file type${filename ? ` "${filename}"` : ''}: upload plain text, Markdown, HTML or PDF (${FILE_EXTENSIONS.join(', ')})`);

/** The text of a document of the given kind; a file that is not what its kind says is refused. */
export async function documentText(kind: BotDocumentKind, data: Buffer | string, filename = ''): Promise<Outcome<string>> {
  if (kind === 'pdf') {
    if (typeof data === 'string') return fail('invalid_input', 'content: a PDF must be uploaded as a file');
    return pdfText(data);
  }
  const text = typeof data === 'string' ? data : decodeUtf8(data);
  if (text === undefined) return fail('unsupported_media_type', `file${filename ? ` "${filename}"` : ''}: is not UTF-8 text; upload plain text, Markdown, HTML or PDF`);
  return ok(cleanText(kind === 'html' ? htmlToText(text) : text));
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
const cleanText = (text: string): string => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '').normalize('NFC');

const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 200 } },
  ],
});

let pdfjsLoaded: Promise<unknown> | undefined;

/**
 * pdf.js prints "Please use the `legacy` build in Node.js environments" with console.log when its
 * module loads, whatever the verbosity: that one line is dropped, anything else printed meanwhile passes.
 */
function loadPdfjs(): Promise<unknown> {
  pdfjsLoaded ??= (async () => {
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('legacy` build')) return;
      log(...args);
    };
    try {
      return await getResolvedPDFJS();
    } finally {
      console.log = log;
    }
  })();
  return pdfjsLoaded;
}

async function pdfText(data: Buffer): Promise<Outcome<string>> {
  await loadPdfjs();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes over (detaches) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') return fail('invalid_input', 'file: the PDF is password-protected; upload it without a password');
    return fail('invalid_input', 'file: is not a readable PDF');
  }
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return ok(cleanText(text));
  } catch {
    return fail('invalid_input', 'file: the text of this PDF could not be read');
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
