import type { Config } from '../../config.js';
import type { SwappableEmbeddingModel } from '../../engines/swapping/swappable-embedding-model.js';
import type { CreditsService } from '../credits/credits.service.js';
import { EmbeddingsService } from './embeddings.service.js';

export interface EmbeddingsModuleOptions {
  /** The embedding engine, swapped as embedding models are pulled and removed. */
  embedding: SwappableEmbeddingModel;
  credits: CreditsService;
  config: Pick<Config, 'embeddingsApi'>;
}

/** OpenAI's embeddings API over the embedding engine the bots use too, billed by tokens. */
export function createEmbeddingsModule({ embedding, credits, config }: EmbeddingsModuleOptions) {
  const { aliases, creditsPer1kTokens } = config.embeddingsApi;
  return { embeddings: new EmbeddingsService({ source: embedding, credits, aliases, creditsPer1kTokens }) };
}
