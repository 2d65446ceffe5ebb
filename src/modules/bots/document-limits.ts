const MB = 1024 * 1024;

/**
 * What reading one uploaded document may cost, checked as early as each can be: before parsing (bytes),
 * before extracting pages (page count), while inflating (decoded bytes), while parsing (HTML nesting,
 * elements, table cells) and while extracting (text). Time and memory are the worker pool's limits.
 */
export const DOCUMENT_LIMITS = {
  /** The text of one document, UTF-8 bytes: what the knowledge base stores. */
  textBytes: MB,
  /**
   * 1 MB of text is ~500 pages of dense prose; 2,000 leaves room for slides and forms with little text
   * per page while bounding pdf.js's per-page work (2,000 one-line pages take ~0.5 s here).
   */
  pdfPages: 2_000,
  /** Bytes pdf.js may allocate for decoded streams of one PDF, all streams together (content, fonts, object streams). */
  pdfDecodedBytes: 64 * MB,
  /** HTML is mostly markup: 5 MB of it is far more than the 1 MB of text it may yield. */
  htmlBytes: 5 * MB,
  /** Real pages nest a few dozen deep; html-to-text recurses per level. */
  htmlDepth: 500,
  htmlElements: 200_000,
  /** html-to-text lays tables out in time that grows with the square of their cells (20,000 in one row: ~0.8 s). */
  htmlTableCells: 20_000,
} as const;

export type DocumentLimits = { readonly [K in keyof typeof DOCUMENT_LIMITS]: number };
