import { describe, expect, it, vi } from 'vitest';
import { tinyPdf } from '../../../test/helpers/tiny-pdf.js';
import { detectKind, documentText } from './document-text.js';

describe('detectKind', () => {
  it('goes by a known extension, then by a known media type', () => {
    expect(detectKind('notes.TXT', 'application/octet-stream')).toBe('text');
    expect(detectKind('readme.md', 'text/plain')).toBe('markdown');
    expect(detectKind('guide.markdown', '')).toBe('markdown');
    expect(detectKind('page.htm', '')).toBe('html');
    expect(detectKind('page.html', 'text/plain')).toBe('html');
    expect(detectKind('manual.pdf', 'application/octet-stream')).toBe('pdf');
    expect(detectKind('README', 'text/plain; charset=utf-8')).toBe('text');
    expect(detectKind('upload', 'application/pdf')).toBe('pdf');
    expect(detectKind('notes', 'text/markdown')).toBe('markdown');
  });

  it('knows nothing else', () => {
    expect(detectKind('setup.exe', 'application/octet-stream')).toBeUndefined();
    expect(detectKind('setup.exe', 'application/x-msdownload')).toBeUndefined();
    expect(detectKind('photo.png', 'image/png')).toBeUndefined();
    expect(detectKind('', '')).toBeUndefined();
  });
});

describe('documentText', () => {
  it('reads UTF-8 text without its byte-order mark and without control characters', async () => {
    const data = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Caf\u0065\u0301 opens\u0007 at 9.\r\nTabs\tstay.', 'utf8'),
    ]);
    const result = await documentText('text', data);
    expect(result).toEqual({ ok: true, value: 'Caf\u00e9 opens at 9.\r\nTabs\tstay.' });
  });

  it('refuses a file that is not UTF-8 text', async () => {
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe]);
    const result = await documentText('text', exe, 'setup.txt');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({
        status: 415,
        message: 'file "setup.txt": is not UTF-8 text; upload plain text, Markdown, HTML or PDF',
      });
    const nul = await documentText('markdown', Buffer.from('a\u0000b'));
    expect(nul.ok).toBe(false);
  });

  it('turns HTML into readable text: no markup, scripts, styles or link targets; headings and tables kept', async () => {
    const html =
      '<html><head><style>p{color:red}</style><script>alert("x")</script></head><body>' +
      '<h1>Opening hours</h1><p>We open at <b>9am</b>. See <a href="https://example.com/x">the page</a>.</p>' +
      '<img src="a.png" alt="a picture"><ul><li>One</li><li>Two</li></ul>' +
      '<table><tr><th>Day</th><th>Hours</th></tr><tr><td>Mon</td><td>9-5</td></tr></table></body></html>';
    const result = await documentText('html', Buffer.from(html));
    expect(result.ok).toBe(true);
    const text = result.ok ? result.value : '';
    expect(text).toContain('Opening hours\n\nWe open at 9am. See the page.');
    expect(text).toMatch(/Day\s+Hours\nMon\s+9-5/);
    expect(text).toContain('* One');
    for (const absent of ['<', 'alert', 'color', 'example.com', 'a picture']) expect(text).not.toContain(absent);
  });

  it('extracts the text of a PDF without printing pdf.js warnings', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    try {
      const result = await documentText(
        'pdf',
        tinyPdf(['The lighthouse opens at dawn.', 'Tickets cost (about) 5 euros.']),
      );
      expect(result.ok).toBe(true);
      const text = result.ok ? result.value : '';
      expect(text).toContain('The lighthouse opens at dawn.');
      expect(text).toContain('Tickets cost (about) 5 euros.');
      expect(log).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
      warn.mockRestore();
    }
  });

  it('refuses a file that is not a PDF, and content that is not a file', async () => {
    const broken = await documentText('pdf', Buffer.from('%PDF-1.4\nthis is not really a pdf'));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatchObject({ status: 400, message: 'file: is not a readable PDF' });
    const text = await documentText('pdf', 'plain text');
    expect(text.ok).toBe(false);
  });
});
