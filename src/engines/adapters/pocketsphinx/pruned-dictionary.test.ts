import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEETING_SCRIPT, makeRecording } from '../../../../test/helpers/recordings.js';
import { PocketsphinxAsrModel } from './pocketsphinx-asr-model.js';
import { DEBIAN_MODEL_DIR, lmVocabulary, modelFiles, pruneDictionary, prunedDictionary } from './pruned-dictionary.js';

const folder = mkdtempSync(join(tmpdir(), 'atelier-pruned-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A trie language model's outline: the magic text, the order, the counts, some n-gram bytes, then the words' length
 * in bytes and the words.
 */
function trieModel(words: string[], count = words.length): Buffer {
  const counts = Buffer.alloc(12);
  counts.writeUInt32LE(count, 0);
  const list = Buffer.from(`${words.join('\0')}\0`);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(list.length);
  return Buffer.concat([
    Buffer.from('Trie Language Model'),
    Buffer.from([3]),
    counts,
    Buffer.from([7, 1, 200, 42]),
    length,
    list,
  ]);
}

describe('lmVocabulary', () => {
  it('reads the words a trie model ends with, as many as its header says', () => {
    expect(lmVocabulary(trieModel(['<s>', '</s>', "a's", 'zebra']))).toEqual(new Set(['<s>', '</s>', "a's", 'zebra']));
  });

  it('gives up on anything else: another format, a count the words do not fill, no final NUL', () => {
    expect(lmVocabulary(Buffer.from('\\data\\\nngram 1=3\n'))).toBeUndefined();
    expect(lmVocabulary(trieModel(['a', 'b'], 5_000))).toBeUndefined();
    expect(lmVocabulary(trieModel(['a', 'b']).subarray(0, -1))).toBeUndefined();
    // One word fewer than the header says: the "first" one would take in the length and the n-gram bytes before it.
    expect(lmVocabulary(trieModel(['a', 'b'], 3))).toBeUndefined();
  });

  it("reads Debian's English model whole", () => {
    const words = lmVocabulary(readFileSync(modelFiles(DEBIAN_MODEL_DIR).lm));
    expect(words?.size).toBe(72_547);
    expect(words?.has("'bout")).toBe(true);
    expect(words?.has("zyuganov's")).toBe(true);
  });
});

describe('pruneDictionary', () => {
  it("keeps the model's words with their alternate pronunciations, and drops the rest", () => {
    const dict = 'read R IY D\nread(2) R EH D\nreadz R IY D Z\n\nzebra Z IY B R AH\n';
    expect(pruneDictionary(dict, new Set(['read', 'zebra']))).toBe('read R IY D\nread(2) R EH D\nzebra Z IY B R AH\n');
  });
});

describe('prunedDictionary', () => {
  const files = modelFiles(DEBIAN_MODEL_DIR);

  it('makes the copy once, owner-only, and finds it the next time', async () => {
    const path = await prunedDictionary(files, folder);
    expect(path).toBeDefined();
    const made = statSync(path as string);
    expect(made.mode & 0o777).toBe(0o600);
    const lines = readFileSync(path as string, 'utf8').split('\n').length;
    expect(lines).toBeGreaterThan(70_000);
    expect(lines).toBeLessThan(readFileSync(files.dict, 'utf8').split('\n').length);
    expect(await prunedDictionary(files, folder)).toBe(path);
    expect(statSync(path as string).mtimeMs).toBe(made.mtimeMs);
  });

  it('makes it again rather than use one that others may write, and gives up without the model', async () => {
    const path = (await prunedDictionary(files, folder)) as string;
    writeFileSync(path, 'hello HH AH L OW\n');
    chmodSync(path, 0o666);
    expect(await prunedDictionary(files, folder)).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toBe('hello HH AH L OW\n');
    expect(await prunedDictionary(modelFiles(join(folder, 'nowhere')), folder)).toBeUndefined();
  });

  it('leaves what pocketsphinx hears as it was with the whole dictionary', async () => {
    const { wav } = makeRecording(MEETING_SCRIPT.slice(0, 3));
    const hear = (modelDir: string) =>
      new PocketsphinxAsrModel({ binaryPath: 'pocketsphinx_continuous', timeoutMs: 60_000, modelDir }).doGenerate({
        wav,
        language: 'English',
        detectSpeakers: false,
      });
    const [pruned, whole] = await Promise.all([hear(DEBIAN_MODEL_DIR), hear(join(folder, 'no-model-here'))]);
    expect(pruned.segments.length).toBeGreaterThan(0);
    expect(pruned).toEqual(whole);
  }, 60_000);
});
