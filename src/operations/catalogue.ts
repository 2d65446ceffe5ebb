import type { Config } from '../config.js';
import { accountOperations } from '../modules/accounts/accounts.operations.js';
import { adminAccountOperations } from '../modules/admin/admin-accounts.operations.js';
import { adminUsageOperations } from '../modules/admin/admin-usage.operations.js';
import { adminModelOperations } from '../modules/admin/admin-models.operations.js';
import { auditOperations } from '../modules/admin/audit.operations.js';
import { adminJobOperations } from '../modules/admin/admin-jobs.operations.js';
import { adminEngineOperations } from '../modules/admin/admin-engines.operations.js';
import { botChatOperations } from '../modules/bots/bot-chat.operations.js';
import { botOperations } from '../modules/bots/bots.operations.js';
import { brandVoiceOperations } from '../modules/brand-voices/brand-voices.operations.js';
import { chatOperations } from '../modules/chat/chat.operations.js';
import { completionOperations } from '../modules/chat/completions.operations.js';
import { embeddingOperations } from '../modules/embeddings/embeddings.operations.js';
import { moderationOperations } from '../modules/moderations/moderations.operations.js';
import { botKeyOperations } from '../modules/keys/bot-keys.operations.js';
import { imageOperations } from '../modules/images/images.operations.js';
import { OpenAiImages } from '../modules/images/openai-images.js';
import { openAiImageOperations } from '../modules/images/openai-images.operations.js';
import { OpenAiVideos } from '../modules/videos/openai-videos.js';
import { openAiVideoOperations } from '../modules/videos/openai-videos.operations.js';
import { presetFolderOperations } from '../modules/presets/preset-folder.operations.js';
import { presetLinkOperations } from '../modules/presets/preset-links.operations.js';
import { presetOperations } from '../modules/presets/presets.operations.js';
import { publishedPresetOperations } from '../modules/presets/published-presets.operations.js';
import { userPresetOperations } from '../modules/presets/user-presets.operations.js';
import { presetDraftOperations } from '../modules/presets/preset-drafts.operations.js';
import { responseOperations } from '../modules/responses/responses.operations.js';
import { soundOperations } from '../modules/sounds/sounds.operations.js';
import { customVoiceOperations } from '../modules/speech/custom-voices.operations.js';
import { speechOperations } from '../modules/speech/speech.operations.js';
import { textOperations } from '../modules/text/text.operations.js';
import { transcriptionOperations } from '../modules/transcriptions/transcriptions.operations.js';
import { videoOperations } from '../modules/videos/videos.operations.js';
import type { FrontDoorServices } from '../services.js';
import type { AnyOperation } from './operation.js';

/**
 * Every module's operations, by module, each named by the operation's name in camelCase (so a dashboard form holds
 * the definition itself, with its own types); built once per server (so the schemas are built once, not per request).
 */
export function operationModules(services: FrontDoorServices, config: Config) {
  return {
    accounts: accountOperations(services.accounts, services.keys, services.webhooks),
    presets: presetOperations(services.presets, services.userPresets),
    // Before the presets' own operations: their tools are listed (and self-tested) before delete_template.
    presetLinks: presetLinkOperations(services.presetLinks),
    userPresets: userPresetOperations(services.userPresets),
    presetDrafts: presetDraftOperations({
      text: services.text,
      brandVoices: services.brandVoices,
      maxTokens: config.text.maxTokens,
    }),
    text: textOperations(services.text),
    brandVoices: brandVoiceOperations(services.brandVoices),
    images: imageOperations(services.images),
    videos: videoOperations(services.videos, config.videos.maxSeconds, config.tts.maxCharacters),
    openaiImages: openAiImageOperations(
      new OpenAiImages(services.images, services.blobs, {
        aliases: config.images.openaiAliases,
        waitMs: config.images.waitMs,
      }),
    ),
    openaiVideos: openAiVideoOperations(
      new OpenAiVideos(services.videos, services.blobs, config.videos.openaiAliases),
      config.videos.maxSeconds,
    ),
    transcriptions: transcriptionOperations(services.transcriptions),
    speech: speechOperations(services.speech, services.voices, config.tts.maxCharacters),
    sounds: soundOperations(services.sounds),
    customVoices: customVoiceOperations(services.customVoices),
    chat: chatOperations(services.chat, services.models),
    responses: responseOperations(services.responses),
    completions: completionOperations(services.chat),
    embeddings: embeddingOperations(services.embeddings),
    moderations: moderationOperations(services.moderations),
    bots: botOperations(services.bots),
    botKeys: botKeyOperations(services.botKeys),
    botChat: botChatOperations(services.botChat),
    audit: auditOperations(services.audit),
    adminJobs: adminJobOperations(services.adminJobs),
    adminEngines: adminEngineOperations(services.adminEngines),
    adminModels: adminModelOperations(services.adminModels),
    adminAccounts: adminAccountOperations(services.adminAccounts),
    adminUsage: adminUsageOperations(services.adminUsage),
    presetFolder: presetFolderOperations(services.presetFolder),
    publishedPresets: publishedPresetOperations(services.publishedPresets),
  };
}

export type OperationModules = ReturnType<typeof operationModules>;

/**
 * Every operation of the service in one list, module by module: the HTTP routes, the MCP tools and the OpenAPI
 * document are made from it (in this order).
 */
export function everyOperation(
  modules: Readonly<Record<string, Readonly<Record<string, AnyOperation>>>>,
): readonly AnyOperation[] {
  return Object.values(modules).flatMap((operations) => Object.values(operations));
}
