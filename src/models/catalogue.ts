export type ModelKind = 'llm' | 'whisper' | 'embedding';

/** A model file `atelier models pull` can fetch, with the size and SHA-256 it must have. */
export interface CatalogueEntry {
  name: string;
  kind: ModelKind;
  description: string;
  url: string;
  sha256: string;
  bytes: number;
  /** The file name under the models folder. */
  file: string;
  /** An embedding model trained Matryoshka-style: a shorter vector (`dimensions`) is its first components. */
  matryoshka?: boolean;
}

/** The host every catalogue URL starts with; `models pull --base-url` swaps it for a mirror. */
export const HUGGING_FACE = 'https://huggingface.co';

const QWEN3_06B_REVISION = '23749fefcc72300e3a2ad315e1317431b06b590a';
const QWEN25_15B_REVISION = '91cad51170dc346986eccefdc2dd33a9da36ead9';
const WHISPER_REVISION = '5359861c739e955e79d9a303bcbc70fb988958b1';
const NOMIC_EMBED_REVISION = '0188c9bf409793f810680a5a431e7b899c46104c';
const BGE_SMALL_REVISION = 'd32f8c040ea3b516330eeb75b72bcc2d3a780ab7';

/*
 * Sizes and SHA-256 sums are the Git LFS object ids Hugging Face publishes for these files, at the pinned
 * revisions (so the sums cannot drift under `main`). Each was cross-checked against several public projects
 * that pin and re-hash the same file: the Qwen3 0.6B and Qwen2.5 1.5B sums against independent download
 * manifests and verification scripts; the whisper.cpp sums against chidiwilliams/buzz (MODELS_SHA256, which
 * gives SHA-256 where the whisper.cpp models README only lists SHA-1) and a Nix fetchurl hash set. The embedding
 * models' sums and sizes were found pinned alike in several public projects' download manifests (nomic-embed at
 * its revision; bge-small's in a Nix fetchurl set, a Hugging Face LFS listing and manifests at its revision).
 *
 * In order of preference: when several of a kind are pulled, the service uses the first one listed.
 */
export const MODEL_CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'qwen2.5-1.5b-instruct',
    kind: 'llm',
    description: 'Qwen2.5 1.5B Instruct, Q4_K_M (Apache-2.0): better answers, slower',
    url: `${HUGGING_FACE}/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/${QWEN25_15B_REVISION}/qwen2.5-1.5b-instruct-q4_k_m.gguf`,
    sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
    bytes: 1_117_320_736,
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
  },
  {
    name: 'qwen3-0.6b',
    kind: 'llm',
    description: 'Qwen3 0.6B, Q8_0 (Apache-2.0): under 1B parameters, quick on a CPU',
    url: `${HUGGING_FACE}/Qwen/Qwen3-0.6B-GGUF/resolve/${QWEN3_06B_REVISION}/Qwen3-0.6B-Q8_0.gguf`,
    sha256: '9465e63a22add5354d9bb4b99e90117043c7124007664907259bd16d043bb031',
    bytes: 639_446_688,
    file: 'Qwen3-0.6B-Q8_0.gguf',
  },
  {
    name: 'whisper-small',
    kind: 'whisper',
    description: 'Whisper small, multilingual (MIT): the most accurate of the three, slowest on a CPU',
    url: `${HUGGING_FACE}/ggerganov/whisper.cpp/resolve/${WHISPER_REVISION}/ggml-small.bin`,
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    bytes: 487_601_967,
    file: 'ggml-small.bin',
  },
  {
    name: 'whisper-base',
    kind: 'whisper',
    description: 'Whisper base, multilingual (MIT): a good balance on a CPU',
    url: `${HUGGING_FACE}/ggerganov/whisper.cpp/resolve/${WHISPER_REVISION}/ggml-base.bin`,
    sha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    bytes: 147_951_465,
    file: 'ggml-base.bin',
  },
  {
    name: 'whisper-tiny',
    kind: 'whisper',
    description: 'Whisper tiny, multilingual (MIT): the fastest, least accurate',
    url: `${HUGGING_FACE}/ggerganov/whisper.cpp/resolve/${WHISPER_REVISION}/ggml-tiny.bin`,
    sha256: 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
    bytes: 77_691_713,
    file: 'ggml-tiny.bin',
  },
  {
    name: 'nomic-embed-text-v1.5',
    kind: 'embedding',
    description:
      'nomic-embed-text v1.5, Q4_K_M (Apache-2.0): 768-dimension embeddings, shorter on request (Matryoshka); prefix texts with search_document: or search_query:',
    url: `${HUGGING_FACE}/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/${NOMIC_EMBED_REVISION}/nomic-embed-text-v1.5.Q4_K_M.gguf`,
    sha256: 'd4e388894e09cf3816e8b0896d81d265b55e7a9fff9ab03fe8bf4ef5e11295ac',
    bytes: 84_106_624,
    file: 'nomic-embed-text-v1.5.Q4_K_M.gguf',
    matryoshka: true,
  },
  {
    name: 'bge-small-en-v1.5',
    kind: 'embedding',
    description: 'BGE small English v1.5, Q8_0 (MIT): 384-dimension embeddings, the smallest and quickest',
    url: `${HUGGING_FACE}/CompendiumLabs/bge-small-en-v1.5-gguf/resolve/${BGE_SMALL_REVISION}/bge-small-en-v1.5-q8_0.gguf`,
    sha256: 'ec38e8da142596baa913124ae50550de284b6916bf59577ef2f0cb9660c2f514',
    bytes: 36_806_944,
    file: 'bge-small-en-v1.5-q8_0.gguf',
  },
];

export function findEntry(
  name: string,
  catalogue: readonly CatalogueEntry[] = MODEL_CATALOGUE,
): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.name === name);
}
