import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Config } from '../config.js';
import { imageSize } from '../engines/image-size.js';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { botMessageBody, botReply } from '../modules/bots/bot-chat.schemas.js';
import { chatRequestSchema } from '../modules/chat/chat.schemas.js';
import { generateImageBody } from '../modules/images/images.schemas.js';
import type { ImageRecord } from '../modules/images/images.service.js';
import { CATEGORIES } from '../modules/presets/preset-types.js';
import { speechBody } from '../modules/speech/speech.schemas.js';
import { generateBodySchema } from '../modules/text/text.schemas.js';
import { derivedContentBody, transcriptionBody } from '../modules/transcriptions/transcriptions.schemas.js';
import { generateVideoBody } from '../modules/videos/videos.schemas.js';
import { UUID_PATTERN } from '../shared/ids.js';
import type { McpServices } from './mcp-services.js';
import { guarded, jsonResult, outcomeResult } from './tool-results.js';

/** Pictures up to this size also go back as image content an agent can look at. */
const INLINE_IMAGE_BYTES = 1024 * 1024;
const POLL_HINT =
  'Not ready yet: poll again in 15 to 30 seconds; do not create a new paid generation because of the wait.';

const presetSlug = z.string().min(1).max(200).describe('A preset slug from list_presets, e.g. blog-post');
const audioId = z
  .string()
  .regex(UUID_PATTERN, 'must be the uuid returned by create_transcription')
  .describe('The uuid returned by create_transcription');
const recordId = (what: string) => z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe(what);

export type ToolSchemas = ReturnType<typeof toolSchemas>;

/** The tools' input schemas, built once: building zod schemas for every request was a third of its time. */
export function toolSchemas(config: Config) {
  return {
    none: z.object({}),
    listPresets: z.object({
      category: z.enum(CATEGORIES).optional(),
      page: z.number().int().min(1).max(1_000).default(1),
      per_page: z.number().int().min(1).max(100).default(25),
    }),
    getPreset: z.object({ slug: presetSlug }),
    generateText: generateBodySchema,
    generateImage: generateImageBody,
    getImage: z.object({ imageId: recordId('The id from generate_image') }),
    generateVideo: generateVideoBody(config.videos.maxSeconds),
    getVideo: z.object({ video_id: recordId('The id from generate_video') }),
    createTranscription: transcriptionBody,
    getTranscription: z.object({ audio_id: audioId }),
    generateAudioContent: derivedContentBody,
    textToSpeech: speechBody(config.tts.maxCharacters),
    listVoices: z.object({ language: z.string().max(100).optional(), accent: z.string().max(100).optional() }),
    listBots: z.object({}),
    chatWithBot: botMessageBody
      .omit({ stream: true })
      .extend({ public_url: z.string().min(1).max(200).describe("The bot's public_url (from list_bots)") }),
    chatCompletion: chatRequestSchema.omit({ stream: true, stream_options: true }),
  };
}

/**
 * Every operation of the service as an MCP tool: each a thin wrapper over the same service the HTTP route
 * uses, with the route's own input schema where there is one. Expected failures are tool results with
 * `isError` and the HTTP API's message.
 */
export function registerTools(
  server: McpServer,
  services: McpServices,
  caller: Caller,
  schemas: ToolSchemas,
  log: (error: unknown) => void,
): void {
  // The SDK checks the input against the schema and hands over the parsed value (defaults and transforms applied).
  type Callback = Parameters<typeof server.registerTool>[2];
  const tool = <S extends z.ZodType>(
    name: string,
    description: string,
    inputSchema: S,
    run: (input: z.output<S>) => Promise<CallToolResult>,
  ) =>
    server.registerTool(name, { description, inputSchema }, ((input: z.output<S>) =>
      guarded(() => run(input), log)) as Callback);

  tool(
    'check_connection',
    'Who am I: the account behind this key, its plan, credit balance, words left and usage this period. Call it first to check the key works.',
    schemas.none,
    async () => jsonResult(await services.accounts.overview(caller)),
  );

  tool(
    'list_presets',
    'List the text-generation presets (templates), optionally of one category, a page at a time. Each has a slug for get_preset and generate_text.',
    schemas.listPresets,
    async ({ category, page, per_page: perPage }) => {
      const all = services.presets.list(category);
      const presets = all.presets.slice((page - 1) * perPage, page * perPage);
      return jsonResult({
        presets,
        total: all.total,
        page,
        per_page: perPage,
        pages: Math.ceil(all.total / perPage),
        categories: all.categories,
      });
    },
  );

  tool(
    'get_preset',
    'A preset with its input fields (names, labels, maxLength, required, options): what generate_text needs.',
    schemas.getPreset,
    async ({ slug }) => outcomeResult(services.presets.detail(slug)),
  );

  tool(
    'generate_text',
    "Generate text with a preset: `preset` is the slug, then the preset's own fields (see get_preset; most take `keywords`). Costs credits per output; returns the outputs.",
    schemas.generateText,
    async (body) => outcomeResult(await services.text.generate(caller, body, `mcp-${Date.now()}`)),
  );

  tool(
    'generate_image',
    'Generate images from a prompt (model names from the image catalogue, e.g. "DALL-E 3", "Stable Diffusion XL", "FLUX.1"). Returns image records; with waitForResult the pictures come back when ready, otherwise poll get_image.',
    schemas.generateImage,
    async (body) => {
      const created = await services.images.create(caller, body);
      if (!created.ok) return outcomeResult(created);
      const pending = created.value.some((image) => image.status === 'pending');
      return jsonResult(
        { images: created.value, ...(pending && { hint: POLL_HINT }) },
        await inlineImages(services, created.value),
      );
    },
  );

  tool(
    'get_image',
    'Read an image record by id: image_url once status is completed, error once failed.',
    schemas.getImage,
    async ({ imageId }) => {
      const found = await services.images.read(caller, imageId);
      if (!found.ok) return outcomeResult(found);
      return jsonResult(
        { ...found.value, ...(found.value.status === 'pending' && { hint: POLL_HINT }) },
        await inlineImages(services, [found.value]),
      );
    },
  );

  tool(
    'generate_video',
    'Generate a short video (paid plans): prompt, model (default "Kling 1.0"), duration in seconds, aspectRatio (16:9, 9:16, 1:1, 4:3, 3:4, 21:9, 9:21, 3:2, 2:3), resolution, generateAudio, optional starting image. Returns its id at once; poll get_video.',
    schemas.generateVideo,
    async ({ duration, ...rest }) =>
      outcomeResult(await services.videos.create(caller, { ...rest, durationSeconds: duration }), (video) =>
        jsonResult({ ...video, hint: POLL_HINT }),
      ),
  );

  tool(
    'get_video',
    'Read a video by id: url once status is completed, error once failed.',
    schemas.getVideo,
    async ({ video_id: id }) =>
      outcomeResult(await services.videos.read(caller, id), (video) =>
        jsonResult({ video, ...(video.status === 'processing' && { hint: POLL_HINT }) }),
      ),
  );

  tool(
    'create_transcription',
    'Transcribe the audio at a URL (meeting, podcast, interview...). Returns its uuid at once; poll get_transcription until status is completed.',
    schemas.createTranscription,
    async (body) =>
      outcomeResult(await services.transcriptions.create(caller, body), (created) =>
        jsonResult({ ...created, hint: POLL_HINT }),
      ),
  );

  tool(
    'get_transcription',
    'Read a transcription: status, progress, then the text, timed segments and any derived content.',
    schemas.getTranscription,
    async ({ audio_id: id }) =>
      outcomeResult(await services.transcriptions.read(caller, id), (audio) =>
        jsonResult({ audio, ...(audio.status !== 'completed' && audio.status !== 'failed' && { hint: POLL_HINT }) }),
      ),
  );

  tool(
    'generate_audio_content',
    'Derived content from a completed transcription: summary, title, keywords, action items, show notes, SOAP notes... (all fields suited to its type when `fields` is omitted). New fields cost credits.',
    schemas.generateAudioContent,
    async ({ audio_id: id, fields, regenerate }) =>
      outcomeResult(await services.transcriptions.derive(caller, id, fields, regenerate)),
  );

  tool(
    'text_to_speech',
    'Speak a text with a voice (ids from list_voices, e.g. espeak-ng:en-us, flite:slt); returns a public MP3 URL. Billed by words against the monthly allowance.',
    schemas.textToSpeech,
    async (body) => outcomeResult(await services.speech.synthesize(caller, body)),
  );

  tool(
    'list_voices',
    'The voices for text_to_speech, optionally filtered by language (e.g. English) and accent (e.g. British); includes your custom voices.',
    schemas.listVoices,
    async (query) => jsonResult(await services.voices.list({ ...query, accountId: caller.account.id })),
  );

  tool('list_bots', 'Your custom bots, with the public_url chat_with_bot needs.', schemas.none, async () =>
    jsonResult({ bots: await services.bots.list(caller.account.id) }),
  );

  tool(
    'chat_with_bot',
    'Ask one of your bots a question; it answers from its knowledge base. Set include_sources to get the passages it cites.',
    schemas.chatWithBot,
    async ({ public_url: publicUrl, message, history, include_sources: includeSources }) =>
      outcomeResult(await services.botChat.answer(caller, publicUrl, { message, history }), (answer) =>
        jsonResult(botReply({ message, history }, answer, includeSources)),
      ),
  );

  tool(
    'chat_completion',
    "A chat completion (OpenAI format, not streamed): messages (text, or parts: text, image_url, input_audio), and optionally model (from the service's model list, e.g. gpt-4o-mini, or a hosted name such as gemini-3-flash or gpt-5; omit it for the default model), temperature, top_p, max_tokens, n, stop. Billed by tokens.",
    schemas.chatCompletion,
    async (request) => outcomeResult(await services.chat.complete(caller, { ...request, stream: false })),
  );
}

/** Completed pictures small enough to send, as image content. */
async function inlineImages(services: McpServices, images: ImageRecord[]): Promise<CallToolResult['content']> {
  const content: CallToolResult['content'] = [];
  for (const image of images) {
    const key = image.status === 'completed' && image.image_url ? services.blobs.keyOf(image.image_url) : undefined;
    const data = key ? await services.blobs.get(key) : undefined;
    const mediaType = data && data.length <= INLINE_IMAGE_BYTES ? imageSize(data)?.mediaType : undefined;
    if (data && mediaType) content.push({ type: 'image', data: data.toString('base64'), mimeType: mediaType });
  }
  return content;
}
