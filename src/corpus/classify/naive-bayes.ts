/**
 * Multinomial Naive Bayes over the χ²-selected features: the second content classifier the issue
 * asks for next to paper 000 §7.1's KNN (the papers name no Bayes classifier; this is the
 * textbook multinomial model, McCallum & Nigam 1998):
 *   ĉ = argmax_c  ln P(c) + Σ_t tf(t, x)·ln P(t | c),
 *   P(c) = N_c / N,   P(t | c) = (T_ct + α) / (Σ_t' T_ct' + α·|V|),
 * where T_ct counts the occurrences of feature t in the training documents of class c and V is
 * the selected feature set. Terms outside V are ignored. α = 1 (Laplace) by default.
 */
import { round6 } from './knn.js';

export interface NaiveBayesParams {
  alpha: number;
  /** ln P(c) per class. */
  logPrior: number[];
  /** ln P(t | c), [class][feature]. */
  logLikelihood: number[][];
}

export const NB_DEFAULT_ALPHA = 1;

export function trainNaiveBayes(docs: readonly { c: number; counts: ReadonlyMap<string, number> }[], features: readonly string[], classes: number, alpha: number): NaiveBayesParams {
  const featureIndex = new Map(features.map((t, i) => [t, i]));
  const counts = Array.from({ length: classes }, () => new Float64Array(features.length));
  const docsPer = new Float64Array(classes);
  for (const d of docs) {
    docsPer[d.c]++;
    for (const [t, n] of d.counts) { const j = featureIndex.get(t); if (j !== undefined && n > 0) counts[d.c][j] += n; }
  }
  const logPrior = Array.from(docsPer, (n) => round6(Math.log(n / docs.length)));
  const logLikelihood = counts.map((row) => {
    let total = 0;
    for (const x of row) total += x;
    const den = total + alpha * features.length;
    return Array.from(row, (x) => round6(Math.log((x + alpha) / den)));
  });
  return { alpha, logPrior, logLikelihood };
}

/** ln P(c) + Σ tf·ln P(t|c) per class. */
export function naiveBayesScores(p: NaiveBayesParams, counts: ReadonlyMap<string, number>, featureIndex: ReadonlyMap<string, number>): Float64Array {
  const scores = Float64Array.from(p.logPrior);
  for (const [t, n] of counts) {
    const j = featureIndex.get(t);
    if (j === undefined || !(n > 0)) continue;
    for (let c = 0; c < scores.length; c++) scores[c] += n * p.logLikelihood[c][j];
  }
  return scores;
}
