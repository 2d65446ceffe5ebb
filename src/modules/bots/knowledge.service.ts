import type { Plan } from '../../config.js';
import type { EmbeddingModel, EmbeddingSource } from '../../engines/spec/embedding-model.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { BotDocumentKind, BotDocumentRow } from '../../storage/db/schema.js';
import type { BotsRepo, NewChunk } from './bots.repo.js';
import { type ChunkOptions, DEFAULT_CHUNKING, chunkText } from './chunker.js';
import type { DocumentReader } from './document-reader.js';
import { type UploadedFile, detectKind, unsupportedFile } from './document-text.js';
import { encodeVector } from './vectors.js';
import { warningTexts } from '../../engines/spec/warning-text.js';
import type { Warning } from '../../engines/spec/warnings.js';

const MB = 1024 * 1024;

export const KNOWLEDGE_LIMITS = {
  documentsPerBot: 200,
  /** Text of one document, UTF-8 bytes. */
  documentBytes: MB,
  /** One uploaded file. */
  fileBytes: 10 * MB,
  /** All the text of one bot: keeps a search by meaning (a scan of its vectors) bounded. */
  charactersPerBot: 10_000_000,
  title: 200,
} as const;

export type DocumentSource = { kind: Exclude<BotDocumentKind, 'pdf'>; content: string } | { file: UploadedFile };

export interface NewDocument {
  /** Defaults to the file name. */
  title?: string | undefined;
  source: DocumentSource;
}

export interface DocumentRecord {
  id: string;
  title: string;
  kind: BotDocumentKind;
  characters: number;
  chunks: number;
  created_at: string;
}

export interface AddedDocument extends DocumentRecord {
  /** What did not go as it should but did not stop the document, e.g. embeddings that failed. */
  warnings: string[];
}

export interface KnowledgeServiceOptions {
  repo: BotsRepo;
  /** The embedding model of the moment (a pulled one may come or go); none: keywords only. */
  embeddings: EmbeddingSource;
  reader: DocumentReader;
  clock: Clock;
  chunking?: ChunkOptions;
}

/** A bot's knowledge: documents parsed into text, chunked, indexed for full-text search and, when configured, embedded. */
export class KnowledgeService {
  private readonly chunking: ChunkOptions;

  constructor(private readonly deps: KnowledgeServiceOptions) {
    this.chunking = deps.chunking ?? DEFAULT_CHUNKING;
  }

  /** The caller has checked that the bot is theirs; `plan` is its owner's (it may allow fewer documents than the service). */
  async add(
    botId: string,
    input: NewDocument,
    plan: Pick<Plan, 'name' | 'maxDocumentsPerBot'>,
    signal?: AbortSignal,
  ): Promise<Outcome<AddedDocument>> {
    const maxDocuments = Math.min(plan.maxDocumentsPerBot, KNOWLEDGE_LIMITS.documentsPerBot);
    const tooManyDocuments = () =>
      maxDocuments < KNOWLEDGE_LIMITS.documentsPerBot
        ? fail<never>(
            'conflict',
            `The ${plan.name} plan allows at most ${maxDocuments} documents per bot: delete one first`,
          )
        : fail<never>(
            'conflict',
            `A bot can have at most ${KNOWLEDGE_LIMITS.documentsPerBot} documents: delete one first`,
          );
    // Read before parsing: a bot that is full costs no parsing. The insert checks the limits again, atomically.
    const usage = await this.deps.repo.knowledgeUsage(botId);
    if (usage.documents >= maxDocuments) return tooManyDocuments();
    const parsed = await this.parse(input, signal);
    if (!parsed.ok) return parsed;
    const { kind, text, title, field } = parsed.value;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > KNOWLEDGE_LIMITS.documentBytes) {
      return fail(
        'payload_too_large',
        `${field}: the text of a document can be at most 1 MB (${KNOWLEDGE_LIMITS.documentBytes} bytes); this one has ${bytes} bytes`,
      );
    }
    const chunks = chunkText(text, this.chunking);
    if (chunks.length === 0) return fail('invalid_input', `${field}: holds no text`);
    const characters = countCharacters(text);

    // Before embedding, so nothing is embedded for a document that cannot be stored.
    if (usage.characters + characters > KNOWLEDGE_LIMITS.charactersPerBot) return tooMuchText();

    const warnings: Warning[] = [];
    const embeddings = this.deps.embeddings.current();
    const vectors =
      embeddings &&
      (await this.embed(
        embeddings,
        chunks.map((c) => c.text),
        warnings,
        signal,
      ));
    const document: BotDocumentRow = {
      id: newId(),
      bot_id: botId,
      title,
      kind,
      characters,
      chunks: chunks.length,
      embedding_model: vectors && embeddings ? embeddings.modelId : null,
      created_at: isoNow(this.deps.clock),
    };
    const rows: NewChunk[] = chunks.map((chunk, i) => ({
      position: chunk.position,
      text: chunk.text,
      embedding: vectors?.[i] ?? null,
    }));
    const result = await this.deps.repo.insertDocument(document, rows, {
      maxDocuments,
      maxCharacters: KNOWLEDGE_LIMITS.charactersPerBot,
    });
    switch (result) {
      case 'bot_missing':
        return fail('not_found', 'Bot not found');
      case 'too_many_documents':
        return tooManyDocuments();
      case 'too_many_characters':
        return tooMuchText();
      case 'inserted':
        return ok({ ...toDocumentRecord(document), warnings: warningTexts(warnings) });
    }
  }

  async list(botId: string): Promise<DocumentRecord[]> {
    return (await this.deps.repo.listDocuments(botId)).map(toDocumentRecord);
  }

  delete(botId: string, documentId: string): Promise<boolean> {
    return this.deps.repo.deleteDocument(botId, documentId);
  }

  private async parse(
    input: NewDocument,
    signal: AbortSignal | undefined,
  ): Promise<Outcome<{ kind: BotDocumentKind; text: string; title: string; field: 'content' | 'file' }>> {
    const { source } = input;
    if ('content' in source) {
      const text = await this.deps.reader.read(source.kind, source.content, '', signal);
      if (!text.ok) return text;
      return ok({
        kind: source.kind,
        text: text.value,
        title: input.title?.trim() || 'Untitled document',
        field: 'content',
      });
    }
    const { file } = source;
    const filename = baseName(file.filename);
    if (file.data.length > KNOWLEDGE_LIMITS.fileBytes)
      return fail('payload_too_large', `file: can be at most 10 MB (${KNOWLEDGE_LIMITS.fileBytes} bytes)`);
    const kind = detectKind(filename, file.mediaType);
    if (!kind) return unsupportedFile(filename);
    const text = await this.deps.reader.read(kind, file.data, filename, signal);
    if (!text.ok) return text;
    const title = input.title?.trim() || filename.slice(0, KNOWLEDGE_LIMITS.title).trim() || 'Untitled document';
    return ok({ kind, text: text.value, title, field: 'file' });
  }

  /** One unit vector per chunk, or undefined (with a warning) when the model failed. */
  private async embed(
    model: EmbeddingModel,
    texts: string[],
    warnings: Warning[],
    signal: AbortSignal | undefined,
  ): Promise<Buffer[] | undefined> {
    try {
      const { embeddings } = await model.doEmbed({ values: texts, abortSignal: signal });
      if (embeddings.length !== texts.length)
        throw new UpstreamError('The embedding provider returned the wrong number of vectors', { isRetryable: false });
      return embeddings.map(encodeVector);
    } catch (error) {
      const reason = error instanceof UpstreamError ? error.message : 'the embedding model failed';
      const message = `Embeddings could not be computed (${reason}); the document is searchable by keywords only`;
      warnings.push({ type: 'other', message });
      return undefined;
    }
  }
}

const tooMuchText = () =>
  fail<never>(
    'conflict',
    `A bot's knowledge can hold at most ${KNOWLEDGE_LIMITS.charactersPerBot.toLocaleString('en')} characters of text in all: delete a document first`,
  );

export function toDocumentRecord(row: BotDocumentRow): DocumentRecord {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    characters: row.characters,
    chunks: row.chunks,
    created_at: row.created_at,
  };
}

/** Code points, so an emoji is one character. */
function countCharacters(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) surrogates += 1;
  }
  return text.length - surrogates;
}

/** The last part of a path some browsers send as the file name. */
const baseName = (filename: string): string => filename.split(/[\\/]/).pop()?.trim() ?? '';
