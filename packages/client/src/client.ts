import { type PollOptions, poll } from './polling.js';
import { accountResources } from './resources/account.js';
import { audioResources } from './resources/audio.js';
import { contentResources } from './resources/content.js';
import { conversationResources } from './resources/conversation.js';
import { mediaResources } from './resources/media.js';
import { type CallOptions, type ClientOptions, Transport } from './transport.js';
import type { ImageRecord, Transcription, VideoRecord } from './types.js';

/** A client for every operation of an Atelier service, with the polling and streaming the spec asks of callers. */
export function createClient(options: ClientOptions) {
  if (!options.baseUrl) throw new TypeError('createClient needs a baseUrl, e.g. http://127.0.0.1:8080');
  const t = new Transport(options);
  // Polling reads retry a dropped connection but stop at the first HTTP error, as the spec asks.
  const once = (signal: AbortSignal | undefined): CallOptions => (signal ? { signal } : {});
  return {
    baseUrl: t.baseUrl,
    botsUrl: t.botsUrl,
    ...accountResources(t),
    ...contentResources(t),
    ...mediaResources(t),
    ...audioResources(t),
    ...conversationResources(t),
    files: {
      /** The bytes of a file the service produced (an MP3, a picture, a video). */
      download: (url: string, callOptions?: CallOptions): Promise<Uint8Array> => t.download(url, callOptions),
    },

    /** Reads an image until image_url is set (default: every 20 s, 30 checks). Never creates anything. */
    waitForImage: (id: number | string, pollOptions: PollOptions<ImageRecord> = {}): Promise<ImageRecord> =>
      poll(
        id,
        (signal) =>
          t.call('/api/get-image', 'get', { query: { imageId: String(id) }, retry: 'network', options: once(signal) }),
        (image) =>
          image.image_url
            ? { done: true }
            : {
                done: false,
                ...(image.status === 'failed' && { failed: image.error ?? 'The image could not be made' }),
              },
        pollOptions,
        30,
      ),

    /** Reads a video until it is completed (default: every 20 s, 30 checks). */
    waitForVideo: (id: number | string, pollOptions: PollOptions<VideoRecord> = {}): Promise<VideoRecord> =>
      poll(
        id,
        async (signal) =>
          (
            await t.call('/api/get-video', 'get', {
              query: { video_id: String(id) },
              retry: 'network',
              options: once(signal),
            })
          ).video,
        (video) =>
          video.status === 'completed' && video.url
            ? { done: true }
            : {
                done: false,
                ...(video.status === 'failed' && { failed: video.error ?? 'The video could not be made' }),
              },
        pollOptions,
        30,
      ),

    /** Reads a transcription until its content is ready (default: every 20 s, 40 checks, about 13 minutes). */
    waitForTranscription: (uuid: string, pollOptions: PollOptions<Transcription> = {}): Promise<Transcription> =>
      poll(
        uuid,
        async (signal) =>
          (await t.call('/api/audios', 'post', { body: { audio_id: uuid }, retry: 'network', options: once(signal) }))
            .audio,
        (audio) =>
          audio.content !== '' || audio.status === 'completed'
            ? { done: true }
            : { done: false, ...(audio.status === 'failed' && { failed: audio.error ?? 'The transcription failed' }) },
        pollOptions,
        40,
      ),
  };
}

export type AtelierClient = ReturnType<typeof createClient>;
