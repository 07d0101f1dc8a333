/**
 * k-nearest-neighbour text classifier: the "KNN [Yang & Liu, SIGIR 1999]" of paper 000 §7.1 and
 * paper 002 §5.2.1, Eq. 10:
 *   y(x, c_j) = Σ_{d_i ∈ kNN(x)} sim(x, d_i)·y(d_i, c_j) − b_j,
 * with y(d_i, c_j) = 1 when d_i is of class c_j and 0 otherwise (the converted text of paper 002
 * has the two cases swapped, which would vote for every other class), sim the cosine of tf·idf
 * vectors (paper 002 Eq. 1–2), and x assigned the class with the highest score.
 *
 * Vectors: over the χ²-selected features only, weight (1 + ln tf)·ln(N/df) with df counted on the
 * training documents (Formula 1 of paper 000 with the usual sublinear tf), L2-normalised.
 * Departures: the thresholds b_j are 0 (the papers give none; they are for multi-label
 * assignment, and a page gets one class code here); k defaults to paper 002's K = 19 (chosen on
 * its 8-class Sina news set). When no training document shares a feature with x, the most
 * frequent training class is returned.
 */

/** One training document: class index, feature indices (ascending) and their weights. */
export interface KnnDoc {
  c: number;
  f: number[];
  w: number[];
}

export interface KnnParams {
  k: number;
  /** ln(N/df) per feature. */
  idf: number[];
  docs: KnnDoc[];
}

export const KNN_DEFAULT_K = 19;

/** Weights are stored to 1e-6 so that a model's JSON text round-trips exactly. */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Sparse tf·idf vector of a document over the features (indices ascending), L2-normalised. */
export function tfidfVector(counts: ReadonlyMap<string, number>, featureIndex: ReadonlyMap<string, number>, idf: readonly number[]): { f: number[]; w: number[] } {
  const pairs: [number, number][] = [];
  for (const [t, n] of counts) {
    const j = featureIndex.get(t);
    if (j === undefined || !(n > 0)) continue;
    const v = (1 + Math.log(n)) * idf[j];
    if (v > 0) pairs.push([j, v]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  let norm = 0;
  for (const [, v] of pairs) norm += v * v;
  norm = Math.sqrt(norm);
  return { f: pairs.map((p) => p[0]), w: pairs.map((p) => (norm > 0 ? p[1] / norm : 0)) };
}

export function trainKnn(docs: readonly { c: number; counts: ReadonlyMap<string, number> }[], features: readonly string[], k: number): KnnParams {
  const featureIndex = new Map(features.map((t, i) => [t, i]));
  const df = new Float64Array(features.length);
  for (const d of docs) for (const [t, n] of d.counts) { const j = featureIndex.get(t); if (j !== undefined && n > 0) df[j]++; }
  const n = docs.length;
  const idf = Array.from(df, (x) => round6(x > 0 ? Math.log(n / x) : 0));
  const out: KnnDoc[] = docs.map((d) => {
    const v = tfidfVector(d.counts, featureIndex, idf);
    return { c: d.c, f: v.f, w: v.w.map(round6) };
  });
  return { k, idf, docs: out };
}

/** Postings per feature, built once per model: similarity to x costs the postings of x's features. */
export interface KnnIndex {
  postings: { doc: Int32Array; w: Float64Array }[];
  majority: number;
}

export function buildKnnIndex(p: KnnParams, features: number, classes: number): KnnIndex {
  const len = new Int32Array(features);
  for (const d of p.docs) for (const j of d.f) len[j]++;
  const postings = Array.from(len, (n) => ({ doc: new Int32Array(n), w: new Float64Array(n) }));
  const fill = new Int32Array(features);
  p.docs.forEach((d, i) => {
    for (let x = 0; x < d.f.length; x++) {
      const j = d.f[x], at = fill[j]++;
      postings[j].doc[at] = i; postings[j].w[at] = d.w[x];
    }
  });
  const perClass = new Int32Array(classes);
  for (const d of p.docs) perClass[d.c]++;
  let majority = 0;
  for (let c = 1; c < classes; c++) if (perClass[c] > perClass[majority]) majority = c;
  return { postings, majority };
}

/** Class scores of Eq. 10 for the query vector (f, w). */
export function knnScores(p: KnnParams, index: KnnIndex, q: { f: number[]; w: number[] }, classes: number): Float64Array {
  const sim = new Map<number, number>();
  for (let x = 0; x < q.f.length; x++) {
    const post = index.postings[q.f[x]], qw = q.w[x];
    for (let y = 0; y < post.doc.length; y++) {
      const d = post.doc[y];
      sim.set(d, (sim.get(d) ?? 0) + qw * post.w[y]);
    }
  }
  const scores = new Float64Array(classes);
  // The k most similar training documents; equal similarities go to the earlier document.
  const ranked = [...sim].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, p.k);
  for (const [d, s] of ranked) scores[p.docs[d].c] += s;
  return scores;
}
