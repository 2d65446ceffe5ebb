import { createHash } from 'node:crypto';
import { access, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../../shared/ids.js';

/** Debian's pocketsphinx-en-us: the acoustic model, the language model and the pronunciation dictionary. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface ModelFiles {
  hmm: string;
  lm: string;
  dict: string;
}

export const modelFiles = (dir: string): ModelFiles => ({
  hmm: join(dir, 'en-us'),
  lm: join(dir, 'en-us.lm.bin'),
  dict: join(dir, 'cmudict-en-us.dict'),
});

/**
 * pocketsphinx's arguments naming the model in `dir` in full, its dictionary pruned to the language model's words
 * (see prunedDictionary), when the folder has the three files; otherwise none, and the program loads its defaults.
 */
export async function modelArgs(dir: string): Promise<string[]> {
  const files = modelFiles(dir);
  const present = await Promise.all(
    [files.hmm, files.lm, files.dict].map((path) =>
      access(path).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (present.includes(false)) return [];
  const dict = (await prunedDictionary(files)) ?? files.dict;
  return ['-hmm', files.hmm, '-lm', files.lm, '-dict', dict];
}

const TRIE_MAGIC = 'Trie Language Model';

/**
 * The words of a language model in pocketsphinx's trie format: its header gives the number of unigrams after the
 * magic text and the order, and the file ends with them, each ended by a NUL, after their length in bytes
 * (sphinxbase's write_word_str). Undefined for anything else.
 */
export function lmVocabulary(lm: Buffer): Set<string> | undefined {
  const header = TRIE_MAGIC.length + 1;
  if (lm.length < header + 4 || lm.toString('latin1', 0, TRIE_MAGIC.length) !== TRIE_MAGIC) return undefined;
  const unigrams = lm.readUInt32LE(header);
  if (unigrams === 0 || lm[lm.length - 1] !== 0) return undefined;
  const words = new Set<string>();
  let end = lm.length - 1;
  while (words.size < unigrams) {
    const start = lm.lastIndexOf(0, end - 1) + 1;
    if (start <= header || start >= end) return undefined;
    words.add(lm.toString('utf8', start, end));
    end = start - 1;
  }
  const first = end + 1;
  return lm.readUInt32LE(first - 4) === lm.length - first ? words : undefined;
}

/** The dictionary's lines whose word (alternates such as `read(2)` included) the language model has. */
export function pruneDictionary(dict: string, vocabulary: Set<string>): string {
  return dict
    .split('\n')
    .filter((line) => {
      const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
      return word !== '' && vocabulary.has(word);
    })
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * A copy of the dictionary without the words its language model lacks, which the decoder can never hear: half of
 * its 134,723 entries. Loading them was a quarter of the CPU of transcribing a short recording (0.66 s -> 0.51 s),
 * and the words heard are the same (compared on 51 s of speech in five voices). Made once per machine and user in
 * the temporary folder (keyed by the model files' sizes and times); one found there is used only if this user owns
 * it and nobody else can write it. Undefined, so the decoder loads the whole dictionary, if anything fails.
 */
export async function prunedDictionary(files: ModelFiles, folder = tmpdir()): Promise<string | undefined> {
  try {
    const [lm, dict] = await Promise.all([stat(files.lm), stat(files.dict)]);
    const key = createHash('sha256')
      .update(JSON.stringify([files, lm.size, lm.mtimeMs, dict.size, dict.mtimeMs]))
      .digest('hex')
      .slice(0, 16);
    const uid = process.getuid?.() ?? 0;
    const path = join(folder, `atelier-pocketsphinx-${uid}-${key}.dict`);
    if (await trusted(path, uid)) return path;
    const vocabulary = lmVocabulary(await readFile(files.lm));
    if (!vocabulary) return undefined;
    const partial = `${path}.${process.pid}.${newId()}`;
    await writeFile(partial, pruneDictionary(await readFile(files.dict, 'utf8'), vocabulary), {
      mode: 0o600,
      flag: 'wx',
    });
    await rename(partial, path);
    return path;
  } catch {
    return undefined;
  }
}

/** A regular file of this user's that no one else may write. */
async function trusted(path: string, uid: number): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const info = await handle.stat();
    return info.isFile() && info.uid === uid && (info.mode & 0o022) === 0 && info.size > 0;
  } finally {
    await handle.close();
  }
}
