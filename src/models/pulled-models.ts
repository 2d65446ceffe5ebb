import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../config.js';
import { type CatalogueEntry, MODEL_CATALOGUE, type ModelKind } from './catalogue.js';

export const modelPath = (modelsDir: string, entry: CatalogueEntry): string => join(modelsDir, entry.file);

/** Where a download in progress (or interrupted) keeps its bytes until it is verified. */
export const partPath = (modelsDir: string, entry: CatalogueEntry): string => `${modelPath(modelsDir, entry)}.part`;

function fileSize(path: string): number | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? stats.size : undefined;
}

/** Whether the entry's file is in the models folder, whole: a pull only renames it there once verified. */
export function isPulled(modelsDir: string, entry: CatalogueEntry): boolean {
  return fileSize(modelPath(modelsDir, entry)) === entry.bytes;
}

/** Bytes of an unfinished download of the entry, if there is one. */
export function partialBytes(modelsDir: string, entry: CatalogueEntry): number | undefined {
  return fileSize(partPath(modelsDir, entry));
}

/**
 * The files of the catalogue models of this kind found pulled in `modelsDir`, in catalogue order (the
 * larger first). Synchronous because the configuration is built synchronously at start.
 */
export function findPulledModels(
  modelsDir: string,
  kind: ModelKind,
  catalogue: readonly CatalogueEntry[] = MODEL_CATALOGUE,
): string[] {
  return catalogue.filter((e) => e.kind === kind && isPulled(modelsDir, e)).map((e) => modelPath(modelsDir, e));
}

/** The first of them, or undefined. */
export const findPulledModel = (
  modelsDir: string,
  kind: ModelKind,
  catalogue: readonly CatalogueEntry[] = MODEL_CATALOGUE,
): string | undefined => findPulledModels(modelsDir, kind, catalogue)[0];

/**
 * The GGUF files the service serves text with when nothing names them: with two pulled language models the
 * smaller serves the standard name and the larger the advanced one; with one, it serves both.
 */
export function pulledTextModelPaths(
  modelsDir: string,
  catalogue: readonly CatalogueEntry[] = MODEL_CATALOGUE,
): { modelPath: string | undefined; advancedModelPath: string | undefined } {
  const pulled = findPulledModels(modelsDir, 'llm', catalogue);
  return { modelPath: pulled.at(-1), advancedModelPath: pulled.length > 1 ? pulled[0] : undefined };
}

/**
 * The local embedding settings serving with the model file `modelPath` (none: no local embedding engine):
 * a catalogue model known to be Matryoshka-trained gives shorter vectors on request.
 */
export function localEmbeddingsWith(
  config: Config,
  modelPath: string | undefined,
  catalogue: readonly CatalogueEntry[] = MODEL_CATALOGUE,
): Config['localEmbeddings'] {
  const file = modelPath && basename(modelPath);
  const shortens = catalogue.some((e) => e.kind === 'embedding' && e.matryoshka === true && e.file === file);
  return { ...config.localEmbeddings, modelPath, shortens };
}
