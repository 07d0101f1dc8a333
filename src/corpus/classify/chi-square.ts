/**
 * χ² feature selection for the content classifier of paper 000 §7.1 ("our classification system
 * uses χ² [Yang & Pedersen, ICML 1997] as its feature selection algorithm"). For a term t and a
 * class c, over N training documents:
 *   A = documents of c containing t,   B = documents of other classes containing t,
 *   C = documents of c without t,      D = documents of other classes without t,
 *   χ²(t, c) = N·(AD − CB)² / ((A + C)(B + D)(A + B)(C + D))     (0 when a factor is 0).
 * A term's score is χ²_max(t) = max_c χ²(t, c) (Yang & Pedersen's χ²_max; `avg` gives their
 * χ²_avg = Σ_c P(c)·χ²(t, c)). The k best terms are the features.
 * Departure: terms in fewer than `minDf` training documents are not candidates (χ² is known to be
 * unreliable for rare terms, Yang & Pedersen §2.4; default 2). Ties are broken by the term's code
 * units, so the selection does not depend on document order.
 */

export interface LabelledTerms {
  label: string;
  /** Term counts of the document. */
  terms: ReadonlyMap<string, number>;
}

export interface ChiSquareOptions {
  /** How many features to keep (default all candidates). */
  k?: number;
  /** Per-term score over the classes: max (default) or the prior-weighted average. */
  combine?: 'max' | 'avg';
  /** A term must occur in at least this many training documents (default 2). */
  minDf?: number;
}

export interface ScoredFeature {
  term: string;
  score: number;
}

/** χ²(t, c) from the 2×2 contingency counts. */
export function chiSquare(a: number, b: number, c: number, d: number): number {
  const n = a + b + c + d;
  const den = (a + c) * (b + d) * (a + b) * (c + d);
  if (den === 0) return 0;
  const x = a * d - c * b;
  return (n * x * x) / den;
}

/** Sorted distinct labels of the documents. */
export function labelSet(docs: readonly LabelledTerms[]): string[] {
  return [...new Set(docs.map((d) => d.label))].sort();
}

/** Per term, the number of documents of each class that contain it. */
export function classDocumentFrequencies(docs: readonly LabelledTerms[], labels: readonly string[]): Map<string, Int32Array> {
  const index = new Map(labels.map((l, i) => [l, i]));
  const df = new Map<string, Int32Array>();
  for (const d of docs) {
    const c = index.get(d.label)!;
    for (const [t, n] of d.terms) {
      if (!(n > 0)) continue;
      let row = df.get(t);
      if (!row) { row = new Int32Array(labels.length); df.set(t, row); }
      row[c]++;
    }
  }
  return df;
}

/** The χ²-selected features, best first. */
export function selectFeatures(docs: readonly LabelledTerms[], options: ChiSquareOptions = {}): ScoredFeature[] {
  const labels = labelSet(docs);
  const minDf = options.minDf ?? 2;
  const combine = options.combine ?? 'max';
  const n = docs.length;
  const perClass = new Int32Array(labels.length);
  const index = new Map(labels.map((l, i) => [l, i]));
  for (const d of docs) perClass[index.get(d.label)!]++;
  const out: ScoredFeature[] = [];
  for (const [term, row] of classDocumentFrequencies(docs, labels)) {
    let df = 0;
    for (let c = 0; c < row.length; c++) df += row[c];
    if (df < minDf) continue;
    let score = 0;
    for (let c = 0; c < row.length; c++) {
      const a = row[c], b = df - a, cc = perClass[c] - a, d = n - perClass[c] - b;
      const x = chiSquare(a, b, cc, d);
      if (combine === 'max') { if (x > score) score = x; } else score += (perClass[c] / n) * x;
    }
    out.push({ term, score });
  }
  out.sort((p, q) => q.score - p.score || (p.term < q.term ? -1 : p.term > q.term ? 1 : 0));
  return options.k !== undefined && options.k < out.length ? out.slice(0, options.k) : out;
}
