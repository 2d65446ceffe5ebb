import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import type { ChatService } from '../chat/chat.service.js';
import { ResponsesRepo } from './responses.repo.js';
import { type ResponsesLog, ResponsesService } from './responses.service.js';

export interface ResponsesModuleOptions {
  db: Db;
  writer: WriteBatcher;
  chat: ChatService;
  config: Pick<Config, 'responses'>;
  clock: Clock;
  log: ResponsesLog;
}

/** OpenAI's Responses API over the chat pipeline. */
export function createResponsesModule({ db, writer, chat, config, clock, log }: ResponsesModuleOptions) {
  return {
    responses: new ResponsesService({
      chat,
      repo: new ResponsesRepo(db, writer),
      config: config.responses,
      clock,
      log,
    }),
  };
}
