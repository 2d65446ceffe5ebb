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
import { chatOperations } from '../modules/chat/chat.operations.js';
import { completionOperations } from '../modules/chat/completions.operations.js';
import { botKeyOperations } from '../modules/keys/bot-keys.operations.js';
import { imageOperations } from '../modules/images/images.operations.js';
import { presetOperations } from '../modules/presets/presets.operations.js';
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
 * Every operation of the service, module by module: the HTTP routes, the MCP tools and the OpenAPI document are
 * made from this list. Built once per server (so the schemas are built once, not per request).
 */
export function operationCatalogue(services: FrontDoorServices, config: Config): readonly AnyOperation[] {
  return [
    ...accountOperations(services.accounts, services.keys, services.webhooks),
    ...presetOperations(services.presets),
    ...textOperations(services.text),
    ...imageOperations(services.images),
    ...videoOperations(services.videos, config.videos.maxSeconds, config.tts.maxCharacters),
    ...transcriptionOperations(services.transcriptions),
    ...speechOperations(services.speech, services.voices, config.tts.maxCharacters),
    ...soundOperations(services.sounds),
    ...customVoiceOperations(services.customVoices),
    ...chatOperations(services.chat),
    ...responseOperations(services.responses),
    ...completionOperations(services.chat),
    ...botOperations(services.bots),
    ...botKeyOperations(services.botKeys),
    ...botChatOperations(services.botChat),
    ...auditOperations(services.audit),
    ...adminJobOperations(services.adminJobs),
    ...adminEngineOperations(services.adminEngines),
    ...adminModelOperations(services.adminModels),
    ...adminAccountOperations(services.adminAccounts),
    ...adminUsageOperations(services.adminUsage),
  ];
}

/** The operation of that name, for the route files that register theirs themselves (HttpBinding.ownRoute). */
export function operationNamed(operations: readonly AnyOperation[], name: string): AnyOperation {
  const found = operations.find((operation) => operation.name === name);
  if (!found) throw new Error(`No operation is named ${name}`);
  return found;
}
