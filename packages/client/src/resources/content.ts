import type { CallOptions, Transport } from '../transport.js';
import type {
  BrandVoice,
  GenerateRequest,
  CreatedPresetLink,
  GeneratedOutput,
  PresetCategory,
  PresetDetail,
  PresetDraft,
  PresetLink,
  PresetLinkChanges,
  PresetLinkRequest,
  PresetList,
  PresetPreview,
  PresetTestRun,
  QueryParams,
  RequestBody,
  ResponseBody,
  StoredOutput,
  UserPreset,
  UserPresetChanges,
  UserPresetRequest,
  UserPresetVersion,
} from '../types.js';
import { creation } from './creation.js';

/** Presets (templates), text generation from them, the outputs kept since, and brand voices. */
export function contentResources(t: Transport) {
  return {
    presets: {
      /** The presets with input fields, optionally of one category. */
      list: (query: { category?: PresetCategory } = {}, options?: CallOptions): Promise<PresetList> =>
        t.call('/api/presets', 'get', { query, options }),
      /** A preset with its input field definitions (names, types, bounds, required flags). */
      get: (slug: string, options?: CallOptions): Promise<PresetDetail> =>
        t.call('/api/presets/{slug}', 'get', { params: { slug }, options }),
      /** Makes a preset of your own, used by its slug like a catalogue preset; only your account sees it. */
      create: (body: UserPresetRequest, options?: CallOptions): Promise<UserPreset> =>
        t.call('/api/presets', 'post', { body, options }),
      /** Edits one of your presets: a new version (outputs made before keep theirs). */
      update: (slug: string, body: UserPresetChanges, options?: CallOptions): Promise<UserPreset> =>
        t.call('/api/presets/{slug}', 'patch', { params: { slug }, body, options }),
      delete: (slug: string, options?: CallOptions): Promise<{ deleted: true; slug: string }> =>
        t.call('/api/presets/{slug}', 'delete', { params: { slug }, options }),
      /** One of your presets' versions, newest first. */
      versions: (slug: string, options?: CallOptions): Promise<{ versions: UserPresetVersion[] }> =>
        t.call('/api/presets/{slug}/versions', 'get', { params: { slug }, options }),
      /** A preset not yet saved: the exact messages its engine would get, for sample inputs (free). */
      preview: (body: PresetDraft, options?: CallOptions): Promise<PresetPreview> =>
        t.call('/api/presets/preview', 'post', { body, options }),
      /** One output of a preset not yet saved, charged as one output and kept nowhere. */
      testRun: (body: PresetDraft, options?: CallOptions): Promise<PresetTestRun> =>
        t.call('/api/presets/test-run', 'post', { body, options }),
      /** Public links to one of your presets: anyone with one runs it, paid from your credits, up to its daily cap. */
      links: {
        /** The answer holds the link's URL and token, shown this once. */
        create: (slug: string, body: PresetLinkRequest = {}, options?: CallOptions): Promise<CreatedPresetLink> =>
          t.call('/api/presets/{slug}/links', 'post', { params: { slug }, body, options }),
        list: (slug: string, options?: CallOptions): Promise<{ links: PresetLink[] }> =>
          t.call('/api/presets/{slug}/links', 'get', { params: { slug }, options }),
        update: (slug: string, linkId: string, body: PresetLinkChanges, options?: CallOptions): Promise<PresetLink> =>
          t.call('/api/presets/{slug}/links/{link_id}', 'patch', { params: { slug, link_id: linkId }, body, options }),
        /** Ends the link at once: its page is a 404 from the next request on. */
        revoke: (slug: string, linkId: string, options?: CallOptions): Promise<PresetLink> =>
          t.call('/api/presets/{slug}/links/{link_id}', 'delete', { params: { slug, link_id: linkId }, options }),
      },
    },
    text: {
      /** Generates outputs from a preset; paid, so it carries an Idempotency-Key (yours or a new one). */
      generate: (body: GenerateRequest, options?: CallOptions): Promise<GeneratedOutput[]> =>
        t.call('/api/generate', 'post', { body, ...creation(options) }),
    },
    outputs: {
      get: (id: number, options?: CallOptions): Promise<StoredOutput> =>
        t.call('/api/outputs/{id}', 'get', { params: { id }, options }),
      /** Newest first; `before_id` pages back. */
      list: (
        query: QueryParams<'/api/outputs', 'get'> = {},
        options?: CallOptions,
      ): Promise<{ outputs: StoredOutput[] }> => t.call('/api/outputs', 'get', { query, options }),
    },
    brandVoices: {
      /** Your brand voices, oldest first, a page at a time (`limit`, `offset`). */
      list: (
        query: QueryParams<'/api/brand-voices', 'get'> = {},
        options?: CallOptions,
      ): Promise<ResponseBody<'/api/brand-voices', 'get'>> => t.call('/api/brand-voices', 'get', { query, options }),
      /** Drafts the instructions from `samples` or `url` when none are given. */
      create: (body: RequestBody<'/api/brand-voices', 'post'>, options?: CallOptions): Promise<BrandVoice> =>
        t.call('/api/brand-voices', 'post', { body, retry: 'never', options }),
      get: (id: string, options?: CallOptions): Promise<BrandVoice> =>
        t.call('/api/brand-voices/{id}', 'get', { params: { id }, options }),
      update: (
        id: string,
        body: RequestBody<'/api/brand-voices/{id}', 'patch'>,
        options?: CallOptions,
      ): Promise<BrandVoice> => t.call('/api/brand-voices/{id}', 'patch', { params: { id }, body, options }),
      delete: (id: string, options?: CallOptions): Promise<{ id: string; deleted: true }> =>
        t.call('/api/brand-voices/{id}', 'delete', { params: { id }, options }),
    },
  };
}
