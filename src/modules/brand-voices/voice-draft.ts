import type { ChatMessage, TextModel } from '../../engines/spec/text-model.js';
import { type Outcome, UpstreamError, engineFailure, fail, ok } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';
import type { DocumentReader } from '../bots/document-reader.js';
import { BRAND_VOICE_LIMITS, type DraftedBy } from './brand-voices.schemas.js';

/** A page can be this big (bytes) before it is refused; its text is cut to the samples' limit. */
export const PAGE_MAX_BYTES = 1024 * 1024;
const DRAFT_TOKENS = 800;

export interface VoiceDrafterOptions {
  /** The engine that drafts: the standard text model (the offline builtin answers with a measured profile). */
  model: () => TextModel;
  /** The SSRF guard, as configured for every URL a user gives. */
  guard: GuardOptions;
  /** Reads the page's HTML into text on a worker thread. */
  reader: DocumentReader;
}

/** Drafts brand-voice instructions from writing samples and a page's text. */
export class VoiceDrafter {
  constructor(private readonly options: VoiceDrafterOptions) {}

  async draft(source: {
    samples?: string | null;
    url?: string | null;
  }): Promise<Outcome<{ instructions: string; draftedBy: DraftedBy }>> {
    const parts: string[] = [];
    if (source.samples?.trim()) parts.push(source.samples.trim());
    if (source.url) {
      const page = await this.pageText(source.url);
      if (!page.ok) return page;
      parts.push(page.value);
    }
    const samples = parts.join('\n\n').slice(0, BRAND_VOICE_LIMITS.samples * 2);
    if (!samples.trim()) return fail('invalid_input', 'samples: there is no text to draft the instructions from');
    const model = this.options.model();
    try {
      const result = await model.doGenerate({
        messages: draftMessages(samples),
        maxOutputTokens: DRAFT_TOKENS,
        task: { kind: 'style-profile', samples },
      });
      const instructions = result.text.trim().slice(0, BRAND_VOICE_LIMITS.instructions);
      if (!instructions) throw new UpstreamError('the text provider returned an empty text', { isRetryable: false });
      return ok({ instructions, draftedBy: model.offline ? 'offline profile' : 'model' });
    } catch (error) {
      return engineFailure(error, 'Drafting the brand voice failed');
    }
  }

  /** The page's text, fetched through the guard (size-limited) and read off the event loop. */
  private async pageText(url: string): Promise<Outcome<string>> {
    let page: { body: Buffer; contentType: string | undefined };
    try {
      page = await guardedDownload(url, {
        ...this.options.guard,
        maxBytes: Math.min(this.options.guard.maxBytes, PAGE_MAX_BYTES),
      });
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      return fail('invalid_input', `url: the page could not be fetched: ${error.message}`, undefined, 'url');
    }
    const type = page.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    const kind =
      type === 'text/plain' || type === 'text/markdown' ? 'text' : type.includes('html') ? 'html' : undefined;
    if (!kind) return fail('invalid_input', `url: the page is not HTML or plain text (${type || 'no content type'})`);
    const text = await this.options.reader.read(kind, page.body, 'page');
    if (!text.ok) return fail(text.error.code, `url: ${text.error.message}`);
    const trimmed = text.value.replace(/\s+/g, ' ').trim().slice(0, BRAND_VOICE_LIMITS.samples);
    return trimmed ? ok(trimmed) : fail('invalid_input', 'url: the page has no text to draft the instructions from');
  }
}

/** What a language model is asked: instructions that would make a writer sound like the samples. */
export function draftMessages(samples: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You are an editor who writes brand-voice guidelines. From the writing samples you are given, write instructions that a writer (or a language model) can follow to write in the same voice: tone, sentence length, reading level, person (we / you / they), vocabulary the brand favours and words it avoids, punctuation and formatting habits. Write the instructions as a short list addressed to the writer. Do not quote the samples at length and do not describe their subject matter. Reply with the instructions only.',
    },
    { role: 'user', content: `Writing samples:\n\n${samples}` },
  ];
}
