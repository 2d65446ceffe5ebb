import type { CallOptions, Transport } from '../transport.js';
import type {
  CustomVoice,
  DeriveRequest,
  DerivedContent,
  QueryParams,
  RequestBody,
  SoundEffect,
  SoundRequest,
  SpeechRecord,
  SpeechRequest,
  SpeechResult,
  Transcription,
  TranscriptionCreated,
  TranscriptionRequest,
  VoiceList,
  VoiceFilters,
  VoiceSettings,
} from '../types.js';
import { creation } from './creation.js';

type VoiceQuery = Omit<NonNullable<QueryParams<'/api/get-text-to-speech-voices', 'get'>>, 'include_custom'> & {
  include_custom?: boolean;
};

/** Transcription (with derived content), text-to-speech, sound effects and voices. */
export function audioResources(t: Transport) {
  return {
    transcriptions: {
      /** Starts transcribing the audio at a URL; answers with its uuid at once (see waitForTranscription). Carries an Idempotency-Key. */
      create: (body: TranscriptionRequest, options?: CallOptions): Promise<TranscriptionCreated> =>
        t.call('/api/transcriptions', 'post', { body, ...creation(options) }),
      /** The record: status, content and segments once ready, and the derived content so far. */
      get: async (uuid: string, options?: CallOptions): Promise<Transcription> =>
        (await t.call('/api/audios', 'post', { body: { audio_id: uuid }, options })).audio,
      list: (
        query: QueryParams<'/api/transcriptions', 'get'> = {},
        options?: CallOptions,
      ): Promise<{ transcriptions: Transcription[] }> => t.call('/api/transcriptions', 'get', { query, options }),
      /** Derived content (summary, notes...) of a ready transcription; a ConflictError (409) until it is ready. */
      derive: (uuid: string, body: DeriveRequest = {}, options?: CallOptions): Promise<DerivedContent> =>
        t.call('/api/generate-audio-content', 'post', { body: { ...body, audio_id: uuid }, retry: 'never', options }),
    },
    speech: {
      /** Speaks a text with a voice: a public MP3 URL (see `download`). Billed by words; carries an Idempotency-Key. */
      create: (body: SpeechRequest, options?: CallOptions): Promise<SpeechResult> =>
        t.call('/api/generate-text-to-speech', 'post', { body, ...creation(options) }),
      get: (uuid: string, options?: CallOptions): Promise<SpeechRecord> =>
        t.call('/api/text-to-speech/{uuid}', 'get', { params: { uuid }, options }),
      /** Newest first; `before` (a created_at) pages back. */
      list: (
        query: QueryParams<'/api/text-to-speech', 'get'> = {},
        options?: CallOptions,
      ): Promise<{ items: SpeechRecord[] }> => t.call('/api/text-to-speech', 'get', { query, options }),
      /** The MP3 bytes of a result's url. */
      download: (result: { url: string }, options?: CallOptions): Promise<Uint8Array> =>
        t.download(result.url, options),
    },
    sounds: {
      /**
       * Makes a sound effect from a description while you wait: a public MP3 URL (see `download`). The prompt's
       * words count against the monthly speech words; carries an Idempotency-Key.
       */
      create: (body: SoundRequest, options?: CallOptions): Promise<SoundEffect> =>
        t.call('/api/generate-sound', 'post', { body, ...creation(options) }),
      /** The MP3 bytes of a result's url. */
      download: (result: { url: string }, options?: CallOptions): Promise<Uint8Array> =>
        t.download(result.url, options),
    },
    voices: {
      /** The voice catalogue (public); include_custom adds your own voices and needs the key. */
      list: (query: VoiceQuery = {}, options?: CallOptions): Promise<VoiceList> => {
        const { include_custom: custom, ...rest } = query;
        return t.call('/api/get-text-to-speech-voices', 'get', {
          query: { ...rest, ...(custom !== undefined && { include_custom: custom ? 'true' : 'false' }) },
          options,
        });
      },
      /** The languages and accents to filter the list by (of one language when given), public. */
      filters: (language?: string, options?: CallOptions): Promise<VoiceFilters> =>
        t.call('/api/get-text-to-speech-config', 'get', { query: language ? { language } : {}, options }),
      /** The voiceSettings each provider family accepts, with ranges and defaults (public). */
      settings: (options?: CallOptions): Promise<VoiceSettings> =>
        t.call('/api/get-text-to-speech-voice-settings', 'get', { options }),
      /** Your custom voices: a base voice with settings, or a clone made from samples. */
      custom: {
        list: (options?: CallOptions): Promise<{ voices: CustomVoice[] }> => t.call('/api/voices', 'get', { options }),
        create: (body: RequestBody<'/api/voices', 'post'>, options?: CallOptions): Promise<CustomVoice> =>
          t.call('/api/voices', 'post', { body, retry: 'never', options }),
        clone: (body: RequestBody<'/api/voices/clone', 'post'>, options?: CallOptions): Promise<CustomVoice> =>
          t.call('/api/voices/clone', 'post', { body, retry: 'never', options }),
        get: (id: string, options?: CallOptions): Promise<CustomVoice> =>
          t.call('/api/voices/{id}', 'get', { params: { id }, options }),
        update: (
          id: string,
          body: RequestBody<'/api/voices/{id}', 'patch'>,
          options?: CallOptions,
        ): Promise<CustomVoice> => t.call('/api/voices/{id}', 'patch', { params: { id }, body, options }),
        delete: (id: string, options?: CallOptions): Promise<{ id: string; deleted: true }> =>
          t.call('/api/voices/{id}', 'delete', { params: { id }, options }),
      },
    },
  };
}
