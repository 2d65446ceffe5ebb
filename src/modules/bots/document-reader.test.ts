import { afterEach, describe, expect, it } from 'vitest';
import { manyPagesPdf } from '../../../test/helpers/hostile-documents.js';
import { tinyPdf } from '../../../test/helpers/tiny-pdf.js';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { DocumentReader, type DocumentReaderOptions } from './document-reader.js';

let reader: DocumentReader | undefined;
const start = (options: Partial<DocumentReaderOptions> = {}) => {
  reader = new DocumentReader({ workers: 1, queue: 4, timeoutMs: 30_000, memoryMb: 128, ...options });
  return reader;
};
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

const refusal = (outcome: { ok: boolean; error?: { status: number; message: string } }) =>
  outcome.ok ? undefined : { status: outcome.error?.status, message: outcome.error?.message };

describe('DocumentReader', () => {
  it('reads text, HTML and PDF on a worker thread, as documentText does', async () => {
    const documents = start();
    expect(await documents.read('text', Buffer.from('Plain words.'))).toEqual({ ok: true, value: 'Plain words.' });
    expect(await documents.read('markdown', '# Title\n\nBody.')).toEqual({ ok: true, value: '# Title\n\nBody.' });
    expect(await documents.read('html', '<p>One <b>two</b></p>')).toEqual({ ok: true, value: 'One two' });
    const pdf = await documents.read('pdf', tinyPdf(['The lighthouse opens at dawn.']));
    expect(pdf).toEqual({ ok: true, value: 'The lighthouse opens at dawn.' });
  });

  it('refuses HTML over its byte limit before any worker sees it', async () => {
    const documents = start({ limits: { ...DOCUMENT_LIMITS, htmlBytes: 1_000 } });
    expect(refusal(await documents.read('html', `<p>${'x'.repeat(1_000)}</p>`))).toEqual({
      status: 413,
      message: expect.stringMatching(/^content: an HTML document can be at most .* this one has 1007 bytes$/),
    });
  });

  it('ends a worker that runs out of time, names the limit, and reads the next document on a new worker', async () => {
    const documents = start({ timeoutMs: 150 });
    const slow = await documents.read('pdf', manyPagesPdf(1_900));
    expect(refusal(slow)).toEqual({
      status: 422,
      message: 'file: reading this document took longer than the 0.15 s time limit; it is not added',
    });
    expect(await documents.read('text', 'Still reading.')).toEqual({ ok: true, value: 'Still reading.' });
  });

  it('ends a worker that runs out of memory, names the limit, and goes on', async () => {
    const documents = start({ memoryMb: 16 });
    const heavy = await documents.read('html', `<div>${'<p>word</p>'.repeat(180_000)}</div>`);
    expect(refusal(heavy)).toEqual({
      status: 422,
      message: 'content: reading this document needed more than the 16 MB memory limit; it is not added',
    });
    expect(await documents.read('text', 'Still reading.')).toEqual({ ok: true, value: 'Still reading.' });
  });

  it('refuses with 503 when every worker is busy and the queue is full, rather than holding documents in memory', async () => {
    const documents = start({ queue: 0 });
    const first = documents.read('pdf', manyPagesPdf(1_500));
    const second = await documents.read('text', 'Waiting.');
    expect(refusal(second)).toEqual({
      status: 503,
      message: 'Too many documents are being read right now: try again in a few seconds',
    });
    expect((await first).ok).toBe(true);
  });
});
