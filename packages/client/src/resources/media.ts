import type { CallOptions, Transport } from '../transport.js';
import type {
  ImageModel,
  ImageRecord,
  ImageRequest,
  QueryParams,
  TalkingVideoRequest,
  VideoCreated,
  VideoModel,
  VideoRecord,
  VideoRequest,
} from '../types.js';
import { creation } from './creation.js';

/** Images and videos: created asynchronously, then read back by id (see waitForImage and waitForVideo). */
export function mediaResources(t: Transport) {
  return {
    images: {
      /** One record per output, image_url null until ready. Paid: carries an Idempotency-Key. */
      create: (body: ImageRequest, options?: CallOptions): Promise<ImageRecord[]> =>
        t.call('/api/generate-image', 'post', { body, ...creation(options) }),
      get: (id: number | string, options?: CallOptions): Promise<ImageRecord> =>
        t.call('/api/get-image', 'get', { query: { imageId: String(id) }, options }),
      /** Newest first; `before` (an id) pages back. */
      list: (query: ListQuery<'/api/images'> = {}, options?: CallOptions): Promise<{ images: ImageRecord[] }> =>
        t.call('/api/images', 'get', { query: stringIds(query), options }),
      /** The image models offered, what serves each and their price in credits. */
      models: (options?: CallOptions): Promise<{ models: ImageModel[] }> =>
        t.call('/api/image-models', 'get', { options }),
    },
    videos: {
      /** Paid plans only; credits per second. Carries an Idempotency-Key. */
      create: (body: VideoRequest, options?: CallOptions): Promise<VideoCreated> =>
        t.call('/api/generate-video', 'post', { body, ...creation(options) }),
      /**
       * A talking video: image or video, and text + voiceID or audio. Paid plans only; credits per second of
       * speech. Carries an Idempotency-Key. Read back (and waited for) like any video.
       */
      createTalking: (body: TalkingVideoRequest, options?: CallOptions): Promise<VideoCreated> =>
        t.call('/api/generate-talking-video', 'post', { body, ...creation(options) }),
      get: async (id: number | string, options?: CallOptions): Promise<VideoRecord> =>
        (await t.call('/api/get-video', 'get', { query: { video_id: String(id) }, options })).video,
      list: (query: ListQuery<'/api/videos'> = {}, options?: CallOptions): Promise<{ videos: VideoRecord[] }> =>
        t.call('/api/videos', 'get', { query: stringIds(query), options }),
      models: (options?: CallOptions): Promise<{ models: VideoModel[] }> =>
        t.call('/api/video-models', 'get', { options }),
    },
  };
}

/** The list query, with `before` taken as a number too (record ids are numbers). */
type ListQuery<P extends '/api/images' | '/api/videos'> = Omit<NonNullable<QueryParams<P, 'get'>>, 'before'> & {
  before?: number | string;
};

function stringIds<Q extends { before?: number | string }>(query: Q): Omit<Q, 'before'> & { before?: string } {
  const { before, ...rest } = query;
  return { ...rest, ...(before !== undefined && { before: String(before) }) };
}
