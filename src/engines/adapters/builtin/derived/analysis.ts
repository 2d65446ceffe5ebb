import type { TranscriptSegment } from '../../../spec/asr-model.js';
import type { TranscriptInput } from '../../../spec/text-task.js';
import { type Sentence, isContent, splitSentences, stem, words } from './sentences.js';

export type { Sentence } from './sentences.js';

export interface Keyphrase {
  text: string;
  stems: string[];
  score: number;
  count: number;
}

export interface Analysis {
  sentences: Sentence[];
  /** Per sentence, 0..1: TextRank centrality blended with keyphrase density. */
  salience: number[];
  /** Best first, no phrase contained in a better one. */
  keyphrases: Keyphrase[];
  segments: TranscriptSegment[];
  /** Seconds, 0 when the segments carry no times. */
  duration: number;
  speakers: string[];
  /** Timestamps show hours when the recording reaches one hour. */
  withHours: boolean;
}

/** TextRank is quadratic in sentences: longer transcripts are ranked on an even sample of this many. */
const GRAPH_CAP = 400;
const DAMPING = 0.85;
const MAX_PHRASE_WORDS = 3;

const cache = new WeakMap<TranscriptInput, Analysis>();

export function analyse(t: TranscriptInput): Analysis {
  const cached = cache.get(t);
  if (cached) return cached;
  const segments = t.segments.length ? t.segments : t.text.trim() ? [{ start: 0, end: 0, text: t.text }] : [];
  const sentences = splitSentences(segments);
  const keyphrases = rankKeyphrases(sentences);
  const duration = segments.reduce((max, s) => Math.max(max, s.end, s.start), 0);
  const speakers = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  const analysis: Analysis = {
    sentences,
    salience: salience(sentences, keyphrases),
    keyphrases,
    segments,
    duration,
    speakers,
    withHours: duration >= 3600,
  };
  cache.set(t, analysis);
  return analysis;
}

/** PageRank over the sentence similarity graph (Mihalcea & Tarau, 2004). */
export function textRank(sets: readonly ReadonlySet<string>[]): number[] {
  const n = sets.length;
  const weight = new Float64Array(n * n);
  const outSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = sets[i] as ReadonlySet<string>;
    for (let j = i + 1; j < n; j++) {
      const b = sets[j] as ReadonlySet<string>;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      let overlap = 0;
      for (const term of small) if (large.has(term)) overlap++;
      if (!overlap) continue;
      // log(size + 1) rather than the paper's log(size): one-word sentences would divide by zero.
      const sim = overlap / (Math.log(a.size + 1) + Math.log(b.size + 1));
      weight[i * n + j] = sim;
      weight[j * n + i] = sim;
      outSum[i] = (outSum[i] ?? 0) + sim;
      outSum[j] = (outSum[j] ?? 0) + sim;
    }
  }
  let score = new Float64Array(n).fill(1);
  for (let iter = 0; iter < 100; iter++) {
    const next = new Float64Array(n);
    let delta = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) {
        const w = weight[j * n + i] ?? 0;
        if (w) sum += (w / (outSum[j] ?? 1)) * (score[j] ?? 0);
      }
      next[i] = 1 - DAMPING + DAMPING * sum;
      delta = Math.max(delta, Math.abs((next[i] ?? 0) - (score[i] ?? 0)));
    }
    score = next;
    if (delta < 1e-6) break;
  }
  return Array.from(score);
}

function normalise(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? v / max : 0));
}

function salience(sentences: readonly Sentence[], keyphrases: readonly Keyphrase[]): number[] {
  const n = sentences.length;
  const sample =
    n <= GRAPH_CAP
      ? sentences
      : Array.from({ length: GRAPH_CAP }, (_, k) => sentences[Math.floor((k * n) / GRAPH_CAP)] as Sentence);
  const rank = normalise(textRank(sample.map((s) => s.terms)));
  const central = new Array<number>(n).fill(0);
  for (const [k, s] of sample.entries()) central[s.index] = rank[k] ?? 0;
  const termWeight = new Map<string, number>();
  for (const k of keyphrases.slice(0, 20))
    for (const s of k.stems) termWeight.set(s, Math.max(termWeight.get(s) ?? 0, k.score));
  const density = normalise(
    sentences.map(
      (s) => [...s.terms].reduce((sum, t) => sum + (termWeight.get(t) ?? 0), 0) / Math.sqrt(s.terms.size + 1),
    ),
  );
  // Fillers ("Sounds good.") are central by accident; long run-ons read badly when quoted.
  return sentences.map((s, i) => {
    const lengthFactor = s.wordCount < 5 ? 0.3 : s.wordCount > 45 ? 0.7 : 1;
    return (0.7 * (central[i] ?? 0) + 0.3 * (density[i] ?? 0)) * lengthFactor;
  });
}

interface Candidate {
  stems: string[];
  surfaces: Map<string, number>;
  count: number;
}

/** Runs of content words between stop words and punctuation: RAKE's candidate phrases. */
function candidateRuns(text: string): { surface: string; stems: string[] }[] {
  const out: { surface: string; stems: string[] }[] = [];
  let first = true;
  for (const chunk of text.split(/[,;:.!?()"“”—–/]+/)) {
    let run: string[] = [];
    const close = (): void => {
      for (let i = 0; i < run.length; i += MAX_PHRASE_WORDS) {
        const part = run.slice(i, i + MAX_PHRASE_WORDS);
        out.push({ surface: part.join(' '), stems: part.map(stem) });
      }
      run = [];
    };
    for (const word of words(chunk)) {
      // A capital that only marks the sentence start is not a proper noun.
      const surface = first && !/^[A-Z0-9]{2,}$/.test(word) ? word.toLowerCase() : word;
      first = false;
      if (isContent(word)) run.push(surface);
      else close();
    }
    close();
  }
  return out;
}

/** RAKE (Rose et al., 2010) with the phrase's frequency counted: in speech, repetition marks the subject. */
export function rankKeyphrases(sentences: readonly Sentence[]): Keyphrase[] {
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  const candidates = new Map<string, Candidate>();
  for (const sentence of sentences) {
    for (const run of candidateRuns(sentence.text)) {
      for (const s of run.stems) {
        freq.set(s, (freq.get(s) ?? 0) + 1);
        degree.set(s, (degree.get(s) ?? 0) + run.stems.length);
      }
      const key = run.stems.join(' ');
      const c = candidates.get(key) ?? { stems: run.stems, surfaces: new Map<string, number>(), count: 0 };
      c.count++;
      c.surfaces.set(run.surface, (c.surfaces.get(run.surface) ?? 0) + 1);
      candidates.set(key, c);
    }
  }
  const wordScore = (s: string): number => {
    const f = freq.get(s) ?? 1;
    return ((degree.get(s) ?? f) / f) * Math.log(1 + f);
  };
  const ranked = [...candidates.entries()]
    .map(([key, c]) => ({
      key,
      text: [...c.surfaces.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? key,
      stems: c.stems,
      count: c.count,
      // Phrases said once are often chance word runs ("reporting slow login") rather than subjects.
      score: c.stems.reduce((sum, s) => sum + wordScore(s), 0) * (c.count === 1 ? 0.6 : 1 + Math.log(c.count)),
    }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const chosen: Keyphrase[] = [];
  for (const r of ranked) {
    // Contained in, containing, or sharing two words with a better phrase: a variant of it.
    const overlaps = chosen.some((c) => {
      const shared = r.stems.filter((s) => c.stems.includes(s)).length;
      return shared === r.stems.length || shared === c.stems.length || shared >= 2;
    });
    if (overlaps) continue;
    chosen.push({ text: r.text, stems: r.stems, score: r.score, count: r.count });
    if (chosen.length === 30) break;
  }
  return chosen;
}
