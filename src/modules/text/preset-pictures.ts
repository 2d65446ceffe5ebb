import sharp, { type Metadata } from 'sharp';
import { decodesWithin } from '../../engines/media/picture-check.js';
import type { ChatImageMediaType, TextModel } from '../../engines/spec/text-model.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';
import type { PresetInputs } from '../../shared/presets/preset-template.js';
import type { FieldDefinition, PresetDefinition } from '../../shared/presets/preset-types.js';
import { base64Length, parseImageDataUri } from '../chat/chat-media.js';

/** The largest picture an image field takes, in bytes (downloaded or in a data URL). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest data URL an image field's parameter takes: PICTURE_MAX_BYTES as base64, and its header. */
export const PICTURE_DATA_URL_MAX = 64 + base64Length(PICTURE_MAX_BYTES);
/** The most pixels a picture may have: a small file can claim a huge canvas (a decompression bomb). */
export const PICTURE_MAX_PIXELS = 4096 * 4096;

const FORMATS: Record<string, ChatImageMediaType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A picture an image field was given, checked: really a picture of a format taken, within the limits. */
export interface PresetPicture {
  field: FieldDefinition;
  /** What was given: an http(s) URL (which an image job may fetch again) or a data URL. */
  source: { kind: 'url'; url: string } | { kind: 'data' };
  data: Buffer;
  mediaType: ChatImageMediaType;
  width: number;
  height: number;
}

/**
 * The pictures a preset's image fields were given, each downloaded through the SSRF guard or read from its data URL,
 * then probed and decoded by sharp off the event loop, with a pixel limit (checked on the header before decoding, and
 * by sharp while it decodes) and a time limit. Every refusal is a 400 that names the field.
 */
export async function loadPresetPictures(
  preset: PresetDefinition,
  inputs: PresetInputs,
  guard: GuardOptions,
): Promise<Outcome<PresetPicture[]>> {
  const pictures: PresetPicture[] = [];
  for (const field of preset.fields) {
    const value = inputs[field.name];
    if (field.type !== 'image' || !value) continue;
    const picture = await loadPicture(field, value, guard);
    if (!picture.ok) return picture;
    pictures.push(picture.value);
  }
  return ok(pictures);
}

/** What a picture is, in words: its format, size in pixels and in bytes (the builtin engine's honest account of it). */
export function pictureFacts(picture: PresetPicture): string {
  const format = picture.mediaType.slice('image/'.length).toUpperCase();
  const kib = (picture.data.length / 1024).toFixed(1);
  return `a ${format} picture, ${picture.width}x${picture.height} pixels, ${kib} KiB`;
}

async function loadPicture(
  field: FieldDefinition,
  value: string,
  guard: GuardOptions,
): Promise<Outcome<PresetPicture>> {
  const at = `${field.name} (${field.label})`;
  let data: Buffer;
  let source: PresetPicture['source'];
  if (/^data:/i.test(value)) {
    if (value.length > PICTURE_DATA_URL_MAX) {
      return fail('invalid_input', `${at}: the picture must be at most ${PICTURE_MAX_BYTES / 1024 / 1024} MiB`);
    }
    const parsed = parseImageDataUri(value);
    if (!parsed.ok) return fail('invalid_input', `${at}: ${parsed.problem}`);
    data = Buffer.from(parsed.data, 'base64');
    source = { kind: 'data' };
  } else if (/^https?:\/\//i.test(value)) {
    try {
      ({ body: data } = await guardedDownload(value, { ...guard, maxBytes: PICTURE_MAX_BYTES }));
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      return fail('invalid_input', `${at}: the picture could not be downloaded: ${error.message}`);
    }
    source = { kind: 'url', url: value };
  } else {
    return fail('invalid_input', `${at}: must be an http(s) URL or a data:image/...;base64, URL of a picture`);
  }
  if (data.length > PICTURE_MAX_BYTES) {
    return fail('invalid_input', `${at}: the picture must be at most ${PICTURE_MAX_BYTES / 1024 / 1024} MiB`);
  }
  const probed = await probe(data);
  return probed.ok ? ok({ field, source, data, ...probed.value }) : fail('invalid_input', `${at}: ${probed.error}`);
}

type Probed = { ok: true; value: { mediaType: ChatImageMediaType; width: number; height: number } };

async function probe(data: Buffer): Promise<Probed | { ok: false; error: string }> {
  let meta: Metadata;
  try {
    // The header only (no pixels are decoded), so that a claimed size too big is refused as such.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, error: 'is not a picture that can be read (PNG, JPEG, WebP or GIF)' };
  }
  const mediaType = meta.format ? FORMATS[meta.format] : undefined;
  const { width = 0, height = 0 } = meta;
  if (!mediaType) return { ok: false, error: `must be a PNG, JPEG, WebP or GIF picture (not ${meta.format})` };
  if (width * height > PICTURE_MAX_PIXELS) {
    return {
      ok: false,
      error: `the picture claims ${width}x${height} pixels; at most ${PICTURE_MAX_PIXELS} are taken`,
    };
  }
  // Decoded whole (shrunk as it is read): a picture cut short or corrupt fails here, not at the model.
  if (!(await decodesWithin(data, PICTURE_MAX_PIXELS))) {
    return { ok: false, error: 'the picture could not be decoded (cut short, corrupt, or too slow to read)' };
  }
  return { ok: true, value: { mediaType, width, height } };
}

/**
 * How a text model gets the pictures: as image parts (a model that takes pictures), or, for the offline builtin engine,
 * not at all but as the facts measured of them, which it lays out with the other inputs. Either way the field's value
 * becomes those facts (a data URL never goes on as text). Any other model cannot take them: a 400 naming the field.
 */
export function picturesForModel(
  model: Pick<TextModel, 'provider' | 'modelId' | 'accepts' | 'offline'>,
  pictures: readonly PresetPicture[],
  inputs: PresetInputs,
): Outcome<{ inputs: PresetInputs; parts: PresetPicture[] }> {
  if (pictures.length === 0) return ok({ inputs, parts: [] });
  const seeing = model.accepts?.images === true;
  const [first] = pictures;
  if (!seeing && !model.offline && first) {
    return fail(
      'invalid_input',
      `${first.field.name} (${first.field.label}): the text model here (${model.provider} ${model.modelId}) cannot take pictures`,
    );
  }
  const described: PresetInputs = { ...inputs };
  for (const picture of pictures) {
    described[picture.field.name] = seeing
      ? pictureFacts(picture)
      : `${pictureFacts(picture)} (the builtin engine does not see pictures: these measured facts are what it used)`;
  }
  return ok({ inputs: described, parts: seeing ? [...pictures] : [] });
}
