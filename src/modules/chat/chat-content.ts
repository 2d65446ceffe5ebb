import pLimit from 'p-limit';
import type { ChatContentPart, ChatImageMediaType, ChatMessage, TextModel } from '../../engines/spec/text-model.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';
import type { ChatRequest, ChatRequestPart } from './chat.schemas.js';
import { MAX_MEDIA_BASE64, base64Length, parseImageDataUri, sniffImage } from './chat-media.js';

/** Pictures downloaded at once for one request. */
const DOWNLOADS_AT_ONCE = 4;

export interface ContentContext {
  engine: TextModel;
  /** The model as the request named it, for messages: `'gpt-4o-mini' (builtin engine)`. */
  label: string;
  /** The SSRF guard for pictures given by URL (the one reference images go through). */
  guard: GuardOptions;
}

interface Download {
  url: string;
  where: string;
  slot: Extract<ChatContentPart, { type: 'image' }>;
}

const KINDS = { image_url: 'images', input_audio: 'audio' } as const;

/**
 * The request's messages as the engine takes them. A picture or audio part for an engine that does not
 * take it is refused (never dropped) before anything is downloaded or charged; pictures given by
 * http(s) URL are downloaded here, through the SSRF guard, and go on inline, so the upstream never
 * fetches a URL a client chose.
 */
export async function engineMessages(
  messages: ChatRequest['messages'],
  context: ContentContext,
): Promise<Outcome<ChatMessage[]>> {
  const converted: ChatMessage[] = [];
  const downloads: Download[] = [];
  let inlineBase64 = 0;
  for (const [i, message] of messages.entries()) {
    const role = message.role === 'developer' ? 'system' : message.role;
    const content = message.content ?? '';
    const calls = message.tool_calls?.map((c) => ({
      id: c.id,
      name: c.function.name,
      arguments: c.function.arguments,
    }));
    const extra = {
      ...(calls && calls.length > 0 && { toolCalls: calls }),
      ...(message.tool_call_id !== undefined && { toolCallId: message.tool_call_id }),
      ...(message.name !== undefined && { name: message.name }),
    };
    if (typeof content === 'string') {
      converted.push({ role, content, ...extra });
      continue;
    }
    const parts: ChatContentPart[] = [];
    for (const [j, part] of content.entries()) {
      const where = `messages[${i}].content[${j}]`;
      if (part.type === 'text') {
        parts.push({ type: 'text', text: part.text });
        continue;
      }
      if (context.engine.accepts?.[KINDS[part.type]] !== true) {
        return fail(
          'invalid_input',
          `The model ${context.label} cannot take ${part.type} parts: ${where}`,
          undefined,
          where,
        );
      }
      const media = mediaPart(part, where);
      if (!media.ok) return media;
      if ('download' in media.value) downloads.push({ ...media.value.download, slot: media.value.part });
      else inlineBase64 += media.value.part.data.length;
      parts.push(media.value.part);
    }
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    converted.push(
      parts.every((p) => p.type === 'text')
        ? { role, content: text, ...extra }
        : { role, content: text, parts, ...extra },
    );
  }
  const downloaded = await download(downloads, context.guard, MAX_MEDIA_BASE64 - inlineBase64);
  return downloaded.ok ? ok(converted) : downloaded;
}

type MediaPart =
  | { part: Extract<ChatContentPart, { type: 'image' | 'audio' }> }
  | { part: Extract<ChatContentPart, { type: 'image' }>; download: { url: string; where: string } };

function mediaPart(part: Exclude<ChatRequestPart, { type: 'text' }>, where: string): Outcome<MediaPart> {
  if (part.type === 'input_audio')
    return ok({ part: { type: 'audio', format: part.input_audio.format, data: part.input_audio.data } });
  const { url, detail } = part.image_url;
  const extra = detail ? { detail } : {};
  if (!/^data:/i.test(url))
    return ok({ part: { type: 'image', mediaType: 'image/png', data: '', ...extra }, download: { url, where } });
  // Checked by the request schema already; checked again so a part is never sent on unverified.
  const parsed = parseImageDataUri(url);
  if (!parsed.ok)
    return fail('invalid_input', `${where}.image_url.url: ${parsed.problem}`, undefined, `${where}.image_url.url`);
  return ok({ part: { type: 'image', mediaType: parsed.mediaType, data: parsed.data, ...extra } });
}

/**
 * Downloads the pictures, a few at once, filling in their parts. The first failure in message order is
 * the answer: a 400 naming the part and saying why (an address the guard refuses, an HTTP error, not a
 * picture, too big for what the request has left of MAX_MEDIA_BASE64).
 */
async function download(downloads: Download[], guard: GuardOptions, budget: number): Promise<Outcome<void>> {
  if (downloads.length === 0) return ok(undefined);
  const limit = pLimit(DOWNLOADS_AT_ONCE);
  let used = 0;
  const results = await Promise.all(
    downloads.map((d) =>
      limit(async (): Promise<Outcome<void>> => {
        const left = budget - used;
        if (left <= 0) return tooMuch(d.where);
        const fetched = await fetchPicture(d.url, {
          ...guard,
          maxBytes: Math.min(guard.maxBytes, Math.floor((left * 3) / 4)),
        });
        if (!fetched.ok) return fail('invalid_input', `${d.where}: ${fetched.problem}`, undefined, d.where);
        used += base64Length(fetched.data.length);
        if (used > budget) return tooMuch(d.where);
        d.slot.mediaType = fetched.mediaType;
        d.slot.data = fetched.data.toString('base64');
        return ok(undefined);
      }),
    ),
  );
  return results.find((r) => !r.ok) ?? ok(undefined);
}

const tooMuch = (where: string): Outcome<void> =>
  fail(
    'invalid_input',
    `${where}: the images and audio of a request can take at most ${MAX_MEDIA_BASE64 / 1024 / 1024} MiB as base64, downloaded pictures included`,
    undefined,
    where,
  );

type Fetched = { ok: true; data: Buffer; mediaType: ChatImageMediaType } | { ok: false; problem: string };

async function fetchPicture(url: string, guard: GuardOptions): Promise<Fetched> {
  let body: Buffer;
  try {
    ({ body } = await guardedDownload(url, guard));
  } catch (error) {
    if (error instanceof GuardedFetchError)
      return { ok: false, problem: `the image could not be downloaded: ${error.message}` };
    throw error;
  }
  const mediaType = sniffImage(body);
  return mediaType
    ? { ok: true, data: body, mediaType }
    : { ok: false, problem: 'the URL does not give a PNG, JPEG, WebP or GIF picture' };
}
