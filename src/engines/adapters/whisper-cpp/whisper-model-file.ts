import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { EngineUnavailableError } from '../../../shared/errors.js';

/** What the header of a whisper.cpp model file says about the model. */
export interface WhisperModelFile {
  /** Multilingual models have 51865 tokens or more; the `.en` ones 51864. */
  multilingual: boolean;
  /** How many languages its tokens name (99, or 100 for large-v3). */
  languageCount: number;
  nVocab: number;
  /** 4 tiny, 6 base, 12 small, 24 medium, 32 large. */
  audioLayers: number;
}

const GGML_MAGIC = 0x67676d6c;
const HEADER_BYTES = 4 + 11 * 4;
/** By ftype: 32- and 16-bit floats; quantised types take more than 2 bits a weight. */
const BYTES_PER_WEIGHT: Record<number, number> = { 0: 4, 1: 2 };
const LEAST_BYTES_PER_WEIGHT = 0.25;
/** English-only models end their vocabulary here; whisper.cpp's special tokens need at least this many. */
const ENGLISH_VOCAB = 51_864;

/**
 * Reads the magic and the hyper-parameters at the start of the file (48 bytes), the way whisper.cpp's
 * loader does, so a wrong or missing file is reported by name before the native loader sees it.
 */
export function readWhisperModelFile(path: string): WhisperModelFile {
  const name = basename(path);
  const header = Buffer.alloc(HEADER_BYTES);
  let read: number;
  let size: number;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, header, 0, HEADER_BYTES, 0);
      size = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new EngineUnavailableError(
      missing
        ? `the whisper model file ${name} does not exist (ATELIER_WHISPER_MODEL_PATH, or pull one: atelier models pull)`
        : `the whisper model file ${name} cannot be read`,
      { cause: error },
    );
  }
  if (read >= 4 && header.toString('ascii', 0, 4) === 'GGUF') {
    throw new EngineUnavailableError(
      `the whisper model file ${name} is a GGUF file; whisper.cpp needs a ggml .bin model (such as ggml-base.bin)`,
    );
  }
  if (read < HEADER_BYTES || header.readUInt32LE(0) !== GGML_MAGIC) {
    throw new EngineUnavailableError(`the whisper model file ${name} is not a whisper.cpp (ggml) model`);
  }
  const nVocab = header.readInt32LE(4);
  if (nVocab < ENGLISH_VOCAB)
    throw new EngineUnavailableError(`the whisper model file ${name} is not a whisper.cpp model (${nVocab} tokens)`);
  // whisper.cpp takes a file cut before its first tensor for an "empty model for testing" and runs it
  // on uninitialised memory; a file smaller than its token embedding alone is cut short.
  const embedding =
    nVocab * header.readInt32LE(28) * (BYTES_PER_WEIGHT[header.readInt32LE(44) % 1000] ?? LEAST_BYTES_PER_WEIGHT);
  if (size < HEADER_BYTES + embedding)
    throw new EngineUnavailableError(`the whisper model file ${name} is incomplete (${size} bytes)`);
  const multilingual = nVocab > ENGLISH_VOCAB;
  return {
    multilingual,
    // whisper.cpp's own arithmetic (whisper_vocab::num_languages).
    languageCount: multilingual ? nVocab - 51_766 : 1,
    nVocab,
    audioLayers: header.readInt32LE(20),
  };
}
