import type { Analysis, Keyphrase, Sentence } from './analysis.js';

/** Sentences sharing this much of their vocabulary say the same thing twice. */
const DUPLICATE_OVERLAP = 0.6;

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(a.size, b.size);
}

function bySalience(a: Analysis, pool: readonly Sentence[]): Sentence[] {
  return [...pool].sort((x, y) => (a.salience[y.index] ?? 0) - (a.salience[x.index] ?? 0) || x.index - y.index);
}

/** The `count` most salient distinct sentences of `pool` (all by default), in transcript order. */
export function topSentences(a: Analysis, count: number, pool: readonly Sentence[] = a.sentences): Sentence[] {
  const picked: Sentence[] = [];
  const ordered = bySalience(a, pool);
  // Prefer full sentences; fall back to short ones only when there is nothing else.
  for (const minWords of [5, 1]) {
    for (const s of ordered) {
      if (picked.length >= count) break;
      if (s.wordCount < minWords || picked.includes(s)) continue;
      if (picked.some((p) => p.text === s.text || overlap(p.terms, s.terms) >= DUPLICATE_OVERLAP)) continue;
      picked.push(s);
    }
  }
  return picked.sort((x, y) => x.index - y.index);
}

export function best(a: Analysis, pool: readonly Sentence[] = a.sentences): Sentence | undefined {
  return topSentences(a, 1, pool)[0];
}

export function mentions(s: Sentence, k: Keyphrase): boolean {
  return k.stems.every((t) => s.terms.has(t));
}

/** The keyphrase that best names a stretch of the transcript, avoiding labels already used. */
export function labelFor(a: Analysis, pool: readonly Sentence[], used: Set<string>): Keyphrase | undefined {
  let top: Keyphrase | undefined;
  let topScore = 0;
  for (const k of a.keyphrases) {
    const hits = pool.filter((s) => mentions(s, k)).length;
    const score = hits * k.score * (used.has(k.text) ? 0.3 : 1);
    if (score > topScore) [top, topScore] = [k, score];
  }
  if (top) used.add(top.text);
  return top;
}

function cosine(pool: readonly Sentence[], other: readonly Sentence[]): number {
  const bag = (list: readonly Sentence[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const s of list) for (const t of s.terms) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  const x = bag(pool);
  const y = bag(other);
  let dot = 0;
  for (const [t, v] of x) dot += v * (y.get(t) ?? 0);
  const norm = (m: Map<string, number>): number => Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  const denominator = norm(x) * norm(y);
  return denominator ? dot / denominator : 0;
}

/**
 * Consecutive stretches of roughly equal size, each boundary moved to the nearby point where the
 * vocabulary changes most (TextTiling-like), preferring points where a segment starts.
 */
export function sections(a: Analysis, wanted: number): Sentence[][] {
  const list = a.sentences;
  const n = list.length;
  const k = Math.min(n, wanted);
  if (k <= 1) return n ? [list] : [];
  const reach = Math.max(1, Math.floor(n / k / 3));
  const cuts: number[] = [];
  for (let j = 1; j < k; j++) {
    const ideal = Math.round((j * n) / k);
    const low = Math.max((cuts[cuts.length - 1] ?? 0) + 1, ideal - reach);
    const high = Math.min(n - (k - j), ideal + reach);
    let chosen = Math.max(low, Math.min(ideal, high));
    let lowest = Number.POSITIVE_INFINITY;
    for (let b = low; b <= high; b++) {
      const cohesion = cosine(list.slice(Math.max(0, b - 3), b), list.slice(b, b + 3));
      const cost = cohesion + ((list[b] as Sentence).atSegmentStart ? 0 : 0.5) + 0.01 * Math.abs(b - ideal);
      if (cost < lowest) [chosen, lowest] = [b, cost];
    }
    cuts.push(chosen);
  }
  return [0, ...cuts].map((from, i) => list.slice(from, cuts[i] ?? n));
}

export interface Topic {
  phrase: Keyphrase;
  sentences: Sentence[];
}

/** Sentences grouped under the keyphrases they mention; each sentence joins one topic at most. */
export function topics(a: Analysis, max: number, perTopic: number): Topic[] {
  const candidates = a.keyphrases.slice(0, 15);
  const groups = new Map<Keyphrase, Sentence[]>(candidates.map((k) => [k, []]));
  for (const s of bySalience(
    a,
    a.sentences.filter((x) => x.wordCount >= 4),
  )) {
    const home = candidates.find((k) => mentions(s, k) && (groups.get(k)?.length ?? 0) < perTopic);
    if (home) groups.get(home)?.push(s);
  }
  const filled = candidates.filter((k) => (groups.get(k)?.length ?? 0) > 0);
  const solid = filled.filter((k) => (groups.get(k)?.length ?? 0) >= 2);
  const chosen = (solid.length >= 3 ? solid : filled).slice(0, max);
  return chosen
    .map((phrase) => ({ phrase, sentences: (groups.get(phrase) ?? []).sort((x, y) => x.index - y.index) }))
    .sort((x, y) => (x.sentences[0]?.index ?? 0) - (y.sentences[0]?.index ?? 0));
}
