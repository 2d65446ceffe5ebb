import type { Warning } from '../../engines/spec/warnings.js';
import { warningText } from '../../engines/spec/warning-text.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Caller } from '../accounts/accounts.service.js';
import { IMAGE_EXTENSIONS } from '../../engines/spec/image-model.js';
import type { ImageRecord, ImagesService, NewImages } from './images.service.js';
import { EDIT_ACTION, ignoredSetting } from './image-request.js';
import { type ModelAliases, aliasTarget } from './openai-model-aliases.js';
import type {
  OpenAiEditForm,
  OpenAiGenerationBody,
  OpenAiImagesResponse,
  OpenAiVariationForm,
} from './openai-images.schemas.js';
import { type UploadedFile, checkedUpload } from './uploaded-file.js';
import { uploadedPictureRef } from './reference-image.js';

/** OpenAI's default image model when a request names none. */
export const OPENAI_DEFAULT_IMAGE_MODEL = 'dall-e-2';

/** What a variation asks the editing engine, which works from an instruction. */
export const VARIATION_PROMPT =
  'A variation of this picture: the same subject, composition and style, with different details';

export interface OpenAiImagesOptions {
  aliases: ModelAliases;
  /** How long a request waits for its images (ATELIER_IMAGE_WAIT_MS), said in the error when they take longer. */
  waitMs: number;
}

type ResponseFormat = 'url' | 'b64_json';

/**
 * OpenAI's image API (/v1/images/generations, /edits, /variations) over ImagesService.create: the same records,
 * jobs, credits and ledger as POST /api/generate-image, waited for within ATELIER_IMAGE_WAIT_MS and answered in
 * OpenAI's shape. Uploaded pictures are checked (header size, then a bounded decode off the event loop) and kept
 * in the blob store as the edit's reference.
 */
export class OpenAiImages {
  constructor(
    private readonly images: ImagesService,
    private readonly blobs: BlobStore,
    private readonly options: OpenAiImagesOptions,
  ) {}

  /** The warnings of this layer go on the records too (GET /api/images shows them), not only in this answer. */
  async generate(caller: Caller, body: OpenAiGenerationBody): Promise<OpenAiImagesResponse> {
    const warnings = pictureWarnings(body);
    const records = await this.create(caller, {
      ...this.commonAsk(body),
      prompt: body.prompt,
      style: body.style,
      useHD: body.quality === 'hd' || body.quality === 'high',
      warnings,
    });
    return this.answer(records, body.model, body.response_format, body.output_format);
  }

  /** The first picture edited (the mask, when given, where the engine can keep to it: the record says when not). */
  async edit(caller: Caller, form: OpenAiEditForm): Promise<OpenAiImagesResponse> {
    const warnings = pictureWarnings(form);
    if (form.image.length > 1)
      warnings.push(
        ignoredSetting('image', `the engines here edit one picture; ${form.image.length - 1} more were not used`),
      );
    if (form.input_fidelity) warnings.push(ignoredSetting('input_fidelity', 'the engines here have no such switch'));
    const [mask] = form.mask ?? [];
    const records = await this.withUploads([form.image[0], mask], ([image, maskRef]) =>
      this.create(caller, {
        ...this.commonAsk(form),
        prompt: form.prompt,
        image,
        mask: maskRef,
        action: EDIT_ACTION,
        useHD: form.quality === 'hd' || form.quality === 'high',
        warnings,
      }),
    );
    return this.answer(records, form.model, form.response_format, form.output_format);
  }

  async vary(caller: Caller, form: OpenAiVariationForm): Promise<OpenAiImagesResponse> {
    const records = await this.withUploads([form.image[0]], ([image]) =>
      this.create(caller, {
        ...this.commonAsk(form),
        prompt: VARIATION_PROMPT,
        image,
        action: EDIT_ACTION,
        useHD: false,
      }),
    );
    return this.answer(records, form.model, form.response_format, undefined);
  }

  /** The model also edits (the service's edit model is the request's model when it names one). */
  private commonAsk(fields: { model?: string | undefined; n?: number | undefined; size?: string | undefined }) {
    return {
      model: aliasTarget(this.options.aliases, fields.model ?? OPENAI_DEFAULT_IMAGE_MODEL),
      dimensions: fields.size === 'auto' ? undefined : fields.size,
      outputs: fields.n ?? 1,
      waitForResult: true,
    };
  }

  /**
   * The picture (and the mask) checked and stored as the edit's reference; removed again when no record was made
   * of them. The first file is required.
   */
  private async withUploads(
    files: readonly [UploadedFile | undefined, (UploadedFile | undefined)?],
    make: (references: [string, string | undefined]) => Promise<ImageRecord[]>,
  ): Promise<ImageRecord[]> {
    const [file, mask] = files;
    if (!file)
      throw new AppError('invalid_input', 'image: is required as a file part of the multipart form', {}, 'image');
    const info = await checkedUpload(file, 'image');
    const maskInfo = mask ? await checkedUpload(mask, 'mask') : undefined;
    const keys: string[] = [];
    const store = async (data: Buffer, type: keyof typeof IMAGE_EXTENSIONS) => {
      const key = `image-uploads/${newId()}.${IMAGE_EXTENSIONS[type]}`;
      await this.blobs.put(key, data);
      keys.push(key);
      return uploadedPictureRef(key);
    };
    const image = await store(file.data, info.mediaType);
    const maskRef = mask && maskInfo ? await store(mask.data, maskInfo.mediaType) : undefined;
    try {
      return await make([image, maskRef]);
    } catch (error) {
      // After 'unavailable' and 'upstream' the records exist and point at them.
      if (error instanceof AppError && error.code !== 'unavailable' && error.code !== 'upstream')
        await Promise.all(keys.map((key) => this.blobs.delete(key)));
      throw error;
    }
  }

  /** One request's images, made and waited for; an outcome the service refuses is thrown as its error. */
  private async create(caller: Caller, ask: NewImages): Promise<ImageRecord[]> {
    const records = unwrap(await this.images.create(caller, ask));
    if (records.some((record) => record.status === 'pending')) {
      const ids = records.map((record) => record.id).join(', ');
      throw new AppError(
        'unavailable',
        `The images are still being made after ${Math.round(this.options.waitMs / 1000)} s; nothing is lost: ` +
          `GET /api/get-image?imageId=<id> (ids ${ids}) or GET /api/images shows them when they are ready. Do not retry: that would make and bill them again`,
        { 'x-should-retry': 'false', 'x-atelier-image-ids': ids },
      );
    }
    const failed = records.filter((record) => record.status === 'failed');
    if (failed.length === records.length)
      throw new AppError(
        'upstream',
        `The image engine failed: ${failed[0]?.error ?? 'no reason given'}; the credits were refunded`,
      );
    return records;
  }

  private async answer(
    records: ImageRecord[],
    asked: string | undefined,
    format: ResponseFormat | undefined,
    outputFormat: 'png' | 'jpeg' | 'webp' | undefined,
  ): Promise<OpenAiImagesResponse> {
    const warnings: Warning[] = [];
    const completed = records.filter((record) => record.status === 'completed' && record.image_url);
    const lost = records.length - completed.length;
    if (lost > 0)
      warnings.push({ type: 'other', message: `${lost} of the ${records.length} images failed and were refunded` });
    // gpt-image models answer in base64 only at OpenAI, and clients made for them read b64_json.
    const given = format ?? (/^gpt-?image/i.test(asked ?? OPENAI_DEFAULT_IMAGE_MODEL) ? 'b64_json' : 'url');
    const data = await Promise.all(completed.map((record) => this.picture(record, given)));
    const made = formatOf(completed[0]?.image_url ?? '');
    if (outputFormat && made && outputFormat !== made)
      warnings.push(ignoredSetting('output_format', `the engine made ${made}; the pictures are as it made them`));
    const texts = [...new Set([...warnings.map(warningText), ...records.flatMap((record) => record.warnings)])];
    const first = completed[0];
    return {
      created: Math.floor(Date.parse(first?.created_at ?? records[0]?.created_at ?? '') / 1000) || 0,
      data,
      ...(made && { output_format: made }),
      ...(first && { size: `${first.width}x${first.height}` }),
      ...(texts.length > 0 && { warnings: texts }),
    };
  }

  private async picture(record: ImageRecord, format: ResponseFormat) {
    const url = record.image_url ?? '';
    const revised = record.action ? {} : { revised_prompt: record.prompt };
    if (format === 'url') return { url, ...revised };
    const key = this.blobs.keyOf(url);
    const data = key ? await this.blobs.get(key) : undefined;
    if (!data) throw new AppError('internal', `The picture of image ${record.id} is missing from storage`);
    return { b64_json: data.toString('base64'), ...revised };
  }
}

/** What gpt-image options the engines here cannot honour, said before anything is made. */
function pictureWarnings(fields: {
  background?: string | undefined;
  output_compression?: number | undefined;
}): Warning[] {
  const warnings: Warning[] = [];
  if (fields.background === 'transparent')
    warnings.push(
      ignoredSetting(
        'background',
        'the engines here make opaque pictures (a transparent one: /api/generate-image with action Remove Background)',
      ),
    );
  if (fields.output_compression !== undefined)
    warnings.push(ignoredSetting('output_compression', 'the pictures are stored as the engine made them'));
  return warnings;
}

const FORMATS = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' } as const;

function formatOf(url: string): 'png' | 'jpeg' | 'webp' | undefined {
  const extension = /\.([a-z]+)$/i.exec(url)?.[1]?.toLowerCase();
  return extension && extension in FORMATS ? FORMATS[extension as keyof typeof FORMATS] : undefined;
}
