import type { paths } from './generated/openapi.js';

/** Type helpers over the generated OpenAPI types: a route change in the service breaks compilation here. */
export type Path = keyof paths;
export type Method = 'get' | 'post' | 'patch' | 'delete';
export type MethodOf<P extends Path> = { [M in Method]: NonNullable<paths[P][M]> extends never ? never : M }[Method];
type Operation<P extends Path, M extends Method> = NonNullable<paths[P][M]>;
type ParametersOf<P extends Path, M extends Method> = Operation<P, M> extends { parameters: infer Q } ? Q : never;

export type PathParams<P extends Path, M extends Method> = ParametersOf<P, M> extends { path: infer T } ? T : never;
export type QueryParams<P extends Path, M extends Method> = ParametersOf<P, M> extends { query?: infer T } ? T : never;
export type RequestBody<P extends Path, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type SuccessOf<R> = R extends { 200: { content: { 'application/json': infer T } } }
  ? T
  : R extends { 201: { content: { 'application/json': infer T } } }
    ? T
    : never;
export type ResponseBody<P extends Path, M extends Method> = SuccessOf<Operation<P, M>['responses']>;

/** The element type of an array type. */
type Item<T> = T extends readonly (infer E)[] ? E : never;

// Named types for the records users handle most.
export type PresetList = ResponseBody<'/api/presets', 'get'>;
export type PresetSummary = Item<PresetList['presets']>;
export type PresetCategory = PresetSummary['category'][number];
export type PresetDetail = ResponseBody<'/api/presets/{slug}', 'get'>;
/** A preset of your own (POST /api/presets), with its fields as you wrote them, its prompt and its version. */
export type UserPreset = ResponseBody<'/api/presets', 'post'>;
export type UserPresetRequest = RequestBody<'/api/presets', 'post'>;
export type UserPresetChanges = RequestBody<'/api/presets/{slug}', 'patch'>;
export type UserPresetVersion = Item<ResponseBody<'/api/presets/{slug}/versions', 'get'>['versions']>;
export type PresetDraft = RequestBody<'/api/presets/preview', 'post'>;
export type PresetPreview = ResponseBody<'/api/presets/preview', 'post'>;
export type PresetTestRun = ResponseBody<'/api/presets/test-run', 'post'>;
export type PresetLinkRequest = RequestBody<'/api/presets/{slug}/links', 'post'>;
export type CreatedPresetLink = ResponseBody<'/api/presets/{slug}/links', 'post'>;
export type PresetLink = Item<ResponseBody<'/api/presets/{slug}/links', 'get'>['links']>;
export type PresetLinkChanges = RequestBody<'/api/presets/{slug}/links/{link_id}', 'patch'>;
export type GenerateRequest = RequestBody<'/api/generate', 'post'>;
export type GeneratedOutput = Item<ResponseBody<'/api/generate', 'post'>>;
export type StoredOutput = ResponseBody<'/api/outputs/{id}', 'get'>;
export type ImageRequest = RequestBody<'/api/generate-image', 'post'>;
export type ImageRecord = ResponseBody<'/api/get-image', 'get'>;
export type ImageModel = Item<ResponseBody<'/api/image-models', 'get'>['models']>;
export type VideoRequest = RequestBody<'/api/generate-video', 'post'>;
export type VideoCreated = ResponseBody<'/api/generate-video', 'post'>;
export type TalkingVideoRequest = RequestBody<'/api/generate-talking-video', 'post'>;
export type VideoRecord = ResponseBody<'/api/get-video', 'get'>['video'];
export type VideoModel = Item<ResponseBody<'/api/video-models', 'get'>['models']>;
export type TranscriptionRequest = RequestBody<'/api/transcriptions', 'post'>;
export type TranscriptionCreated = ResponseBody<'/api/transcriptions', 'post'>;
export type Transcription = ResponseBody<'/api/audios', 'post'>['audio'];
export type DeriveRequest = Omit<RequestBody<'/api/generate-audio-content', 'post'>, 'audio_id'>;
export type DerivedField = NonNullable<DeriveRequest['fields']>[number];
export type DerivedContent = ResponseBody<'/api/generate-audio-content', 'post'>;
export type SpeechRequest = RequestBody<'/api/generate-text-to-speech', 'post'>;
export type SpeechResult = ResponseBody<'/api/generate-text-to-speech', 'post'>;
/** A sound effect to make: prompt, duration (0.5-22 s, default 5), prompt_influence (0-1, default 0.3). */
export type SoundRequest = RequestBody<'/api/generate-sound', 'post'>;
export type SoundEffect = ResponseBody<'/api/generate-sound', 'post'>;
export type SpeechRecord = ResponseBody<'/api/text-to-speech/{uuid}', 'get'>;
export type VoiceQuery = QueryParams<'/api/get-text-to-speech-voices', 'get'>;
export type VoiceList = ResponseBody<'/api/get-text-to-speech-voices', 'get'>;
export type Voice = Item<VoiceList['voices']>;
export type VoiceSettings = ResponseBody<'/api/get-text-to-speech-voice-settings', 'get'>;
export type VoiceFilters = ResponseBody<'/api/get-text-to-speech-config', 'get'>;
export type CustomVoice = ResponseBody<'/api/voices/{id}', 'get'>;
/** An account's house style: instructions put ahead of generate's, chat completions' and bots'. */
export type BrandVoice = ResponseBody<'/api/brand-voices/{id}', 'get'>;
export type ChatRequest = RequestBody<'/api/chat/completions', 'post'>;
export type ChatCompletion = ResponseBody<'/api/chat/completions', 'post'>;
/** A request without `stream`, which the method decides (Omit would lose the known fields beside an index signature). */
type WithoutStream<T> = { [K in keyof T as K extends 'stream' ? never : K]: T[K] };
/** The body of chat.completions.create and .stream. */
export interface ChatInput extends WithoutStream<ChatRequest> {}
export type ChatUsage = ChatCompletion['usage'];
export type ChatModel = ResponseBody<'/api/models/{model}', 'get'>;
export type BotMessage = RequestBody<'/bot/{public_url}/api', 'post'>;
/** The body of bots.chat and bots.chatStream. */
export interface BotChat extends WithoutStream<BotMessage> {}
export type BotReply = ResponseBody<'/bot/{public_url}/api', 'post'>;
export type BotSource = Item<NonNullable<BotReply['sources']>>;
export type BotHistoryEntry = Item<NonNullable<BotMessage['history']>>;
export type Bot = ResponseBody<'/api/bots/{id}', 'get'>;
export type BotDocument = ResponseBody<'/api/bots/{id}/documents', 'post'>;
export type Account = ResponseBody<'/api/account', 'get'>;
export type ApiKeyInfo = Item<ResponseBody<'/api/keys', 'get'>['keys']>;
export type CreatedApiKey = ResponseBody<'/api/keys', 'post'>;
export type WebhookSecret = ResponseBody<'/api/webhook-secret', 'get'>;
export type Health = ResponseBody<'/health', 'get'>;
