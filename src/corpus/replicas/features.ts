/**
 * The weighted feature vector of a text for the replica indices: paper 000 §3.2, Formula 2,
 *     w_i ∝ Σ_j BWeight_j · BTf_ij,
 * over the blocks j of the text, with a text's lines as its blocks (extract().text gives one
 * block per line). Normalization (the denominator of Formula 2) is left out: every consumer here
 * only compares or thresholds weights within one text.
 *
 * Block weights. Paper 000 derives BWeight from weighty-tag forces (Algorithm 1), which needs the
 * tag tree; an index is handed text. Two choices:
 *  - 'none': every block weighs 1, so w_i is the term frequency;
 *  - 'words': a block weighs its number of (kept) words, so the words of long paragraphs outweigh
 *    those of the short lines a cleaner leaves behind (bylines, "123 views · 4 comments", an ad's
 *    one-liner). Measured with scripts/eval-replicas.mjs --tune: on cleaned near-replicas it
 *    cuts the median SimHash distance from 4 to 1 bits while unrelated texts stay as far apart.
 * Features are single words or w-word shingles; shingles do not cross a block boundary, and a
 * block with fewer than w words is one feature of all its words.
 */
import { terms, type TermOptions } from '../../text/terms.js';

export type BlockWeight = 'none' | 'words';

export interface FeatureOptions extends TermOptions {
  /** Words per feature (1: single words). */
  shingle?: number;
  blockWeight?: BlockWeight;
}

export function blockWeightedFeatures(text: string, options: FeatureOptions = {}): Map<string, number> {
  const k = options.shingle ?? 1;
  const byWords = options.blockWeight === 'words';
  const termOptions: TermOptions = { lang: options.lang, stopWords: options.stopWords, numbers: options.numbers };
  const out = new Map<string, number>();
  const add = (f: string, w: number): void => { out.set(f, (out.get(f) ?? 0) + w); };
  for (const line of text.split('\n')) {
    const words = terms(line, termOptions);
    if (words.length === 0) continue;
    const w = byWords ? words.length : 1;
    if (k === 1) { for (const t of words) add(t, w); continue; }
    if (words.length < k) { add(words.join(' '), w); continue; }
    for (let i = 0; i + k <= words.length; i++) add(words.slice(i, i + k).join(' '), w);
  }
  return out;
}
