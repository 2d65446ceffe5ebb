import type { Config } from '../../config.js';
import type { EmbeddingSource } from '../../engines/spec/embedding-model.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { TokenBilling } from '../chat/token-billing.js';
import { BotChatService } from './bot-chat.service.js';
import { BotsRepo } from './bots.repo.js';
import { BotsService } from './bots.service.js';
import { DocumentReader } from './document-reader.js';
import { KnowledgeService } from './knowledge.service.js';
import { Retrieval } from './retrieval.js';

export interface BotsModuleOptions {
  db: Db;
  /** The embedding model of the moment; none: the bots search by words alone. */
  embedding: EmbeddingSource;
  chat: ChatService;
  tokenBilling: TokenBilling;
  brandVoices: BrandVoicesService;
  config: Pick<Config, 'bots' | 'text'>;
  clock: Clock;
}

/** Custom bots, their knowledge (documents read on worker threads) and their public chat. */
export function createBotsModule(options: BotsModuleOptions) {
  const { db, embedding, chat, tokenBilling, brandVoices, config, clock } = options;
  const repo = new BotsRepo(db);
  const documents = new DocumentReader(config.bots.documents);
  const bots = new BotsService({
    repo,
    knowledge: new KnowledgeService({ repo, embeddings: embedding, reader: documents, clock }),
    retrieval: new Retrieval(repo, embedding),
    defaults: { model: config.text.model, botsUrl: config.bots.publicUrl },
    brandVoices,
    clock,
  });
  return { bots, botChat: new BotChatService({ bots, chat, billing: tokenBilling, brandVoices }), documents };
}
