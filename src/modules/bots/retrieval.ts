import type { EmbeddingSource } from '../../engines/spec/embedding-model.js';
import type { BotsRepo, ChunkHit } from './bots.repo.js';
import { fts5Match } from './full-text-query.js';
import { contentWords } from '../../shared/text-terms.js';
import { decodeVector, dot, normalize } from './vectors.js';

export interface SearchResult {
  documentId: string;
  title: string;
  passage: string;
  /**
   * Higher is better. Keyword search alone: the keyword relevance (SQLite: bm25() negated; PostgreSQL:
   * ts_rank()). With embeddings:
   * the reciprocal-rank-fusion score of the keyword and the meaning rankings.
   */
  score: number;
}

export const MAX_SEARCH_RESULTS = 50;
/** The usual constant of reciprocal-rank fusion: damps the weight of the very first places. */
export const RRF_K = 60;
const MAX_QUERY_TERMS = 32;
const VECTOR_PAGE = 2_000;

/** The meaningful words of a question, each once, at most MAX_QUERY_TERMS; [] when the text has no words. */
export function searchTerms(text: string): string[] {
  return [...new Set(contentWords(text.slice(0, 4_000)))].slice(0, MAX_QUERY_TERMS);
}

/**
 * The FTS5 query of a text, which can never be a syntax error: every word of the text quoted (so `"`, `*`,
 * `NEAR(`, `AND`, `col:` are plain words or nothing), the meaningful ones OR-ed. Undefined when the text has no words.
 */
export function ftsQuery(text: string): string | undefined {
  const terms = searchTerms(text);
  return terms.length === 0 ? undefined : fts5Match(terms);
}

/** Merges rankings (each a list of ids, best first): an id scores the sum of 1 / (k + its place) over the lists. */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], k = RRF_K): { id: T; score: number }[] {
  const scores = new Map<T, number>();
  for (const ranking of rankings) {
    for (const [place, id] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (k + place + 1));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** Finds the passages of a bot's knowledge that answer a question best. */
export class Retrieval {
  constructor(
    private readonly repo: BotsRepo,
    private readonly embeddings: EmbeddingSource,
  ) {}

  /** Best first; [] for a query without words. A failing embedding model leaves the keyword results. */
  async search(botId: string, query: string, limit = 5, signal?: AbortSignal): Promise<SearchResult[]> {
    const wanted = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(limit) || 1));
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    const pool = Math.max(wanted * 4, 20);
    const keyword = await this.repo.fullTextSearch(botId, terms, pool);
    const nearest = await this.nearestByMeaning(botId, query, pool, signal);
    if (nearest.length === 0) {
      return keyword.slice(0, wanted).map((hit) => toResult(hit, Math.max(0, -hit.rank)));
    }
    const fused = reciprocalRankFusion([keyword.map((h) => h.chunk_id), nearest]).slice(0, wanted);
    const known = new Map<number, ChunkHit>(keyword.map((h) => [h.chunk_id, h]));
    const missing = fused.map((f) => f.id).filter((id) => !known.has(id));
    for (const hit of await this.repo.chunksByIds(missing)) known.set(hit.chunk_id, hit);
    return fused.flatMap(({ id, score }) => {
      const hit = known.get(id);
      return hit ? [toResult(hit, score)] : [];
    });
  }

  /** Chunk ids by cosine similarity to the query, best first; [] without a model or when it fails. */
  private async nearestByMeaning(
    botId: string,
    query: string,
    count: number,
    signal: AbortSignal | undefined,
  ): Promise<number[]> {
    const model = this.embeddings.current();
    if (!model) return [];
    let target: Float32Array;
    try {
      const [vector] = (await model.doEmbed({ values: [query], abortSignal: signal })).embeddings;
      if (!vector) return [];
      target = normalize(vector);
    } catch {
      return [];
    }
    // A bounded scan in pages: memory stays flat and other queries get their turn between pages.
    const best: { id: number; similarity: number }[] = [];
    for (let after = 0; ; ) {
      const page = await this.repo.embeddedChunks(botId, model.modelId, after, VECTOR_PAGE);
      for (const row of page) {
        if (!row.embedding) continue;
        const similarity = dot(target, decodeVector(row.embedding));
        if (similarity <= 0 || (best.length >= count && similarity <= (best.at(-1)?.similarity ?? 0))) continue;
        const at = best.findIndex((b) => b.similarity < similarity);
        best.splice(at === -1 ? best.length : at, 0, { id: row.id, similarity });
        if (best.length > count) best.pop();
      }
      const last = page.at(-1);
      if (!last || page.length < VECTOR_PAGE) break;
      after = last.id;
    }
    return best.map((b) => b.id);
  }
}

const toResult = (hit: ChunkHit, score: number): SearchResult => ({
  documentId: hit.document_id,
  title: hit.title,
  passage: hit.text,
  score,
});
