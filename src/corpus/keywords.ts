/**
 * Paper 000 §6, Keywords: "we can measure the topic content with a feature vector by the method
 * introduced in Section 3.2 ... λ features with the highest weights are picked as keywords". The
 * vector is §3.2's three steps over the topic content tree: block weights (Algorithm 1), stop
 * words out (the generic list, text/stopwords.ts, plus the corpus's aggressive list,
 * corpus-stats.ts), Formula 2 — page/tag-tree.ts's blockWeights and featureVector with the
 * labels restricting the counts to content text.
 *
 * Features are the words of text/terms.ts (Intl.Segmenter: Chinese and Japanese give words).
 * Departures: terms with no letter (numbers, dates' parts), single Latin letters and single
 * Han or kana characters are not features — the paper's features are "words or phrases"; a year
 * or a list marker is neither, and the single characters ICU's dictionary leaves over (创, 社, 大)
 * are mostly verbs and affixes, which Chinese keyword extraction commonly sets aside too; nor
 * are short all-hiragana terms (した, ます, こと), which in Japanese are inflections and particles
 * — content words are written in kanji or katakana.
 * Equal weights keep the order of first occurrence (the headline's words before the body's).
 */
import { blockWeights, featureVector, type TagTree } from '../page/tag-tree.js';
import type { Labels } from '../page/labels.js';
import { STOP_WORDS } from '../text/stopwords.js';
import { terms } from '../text/terms.js';
import type { Keyword } from '../types.js';

export type { Keyword };

const SINGLE = /^(?:[a-z\p{Script=Han}\p{Script=Katakana}]|\p{Script=Hiragana}{1,3})$/u;

/** The feature terms of a text: words, no numbers, no single letters or ideographs, no short hiragana (stop words are left to the caller). */
export function featureTerms(text: string, lang?: string): string[] {
  const out = terms(text, { lang, numbers: false });
  let n = 0;
  for (const t of out) if (!SINGLE.test(t)) out[n++] = t;
  out.length = n;
  return out;
}

const unions = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, ReadonlySet<string>>>();

/** The generic stop words together with an aggressive list; cached per pair of sets. */
export function stopWordUnion(generic: ReadonlySet<string>, aggressive?: ReadonlySet<string>): ReadonlySet<string> {
  if (!aggressive || aggressive.size === 0) return generic;
  let byAggressive = unions.get(generic);
  if (!byAggressive) { byAggressive = new WeakMap(); unions.set(generic, byAggressive); }
  let u = byAggressive.get(aggressive);
  if (!u) { u = new Set([...generic, ...aggressive]); byAggressive.set(aggressive, u); }
  return u;
}

export interface TopicVectorOptions {
  lang?: string;
  /** Feature terms of a text (default featureTerms with `lang`). */
  tokenize?: (text: string) => string[];
  stopWords?: ReadonlySet<string>;
  /** Block weights of t (default: Algorithm 1 on t). */
  weights?: Float64Array;
}

/** Formula 2 over the topic content: feature → weight (L2-normalised), heaviest first, ties in first-occurrence order. */
export function topicVector(t: TagTree, labels: Labels, options: TopicVectorOptions = {}): Map<string, number> {
  const weights = options.weights ?? blockWeights(t);
  const tokenize = options.tokenize ?? ((s: string) => featureTerms(s, options.lang));
  const v = featureVector(t, tokenize, options.stopWords ?? STOP_WORDS, { weights, labels });
  return new Map([...v].sort((a, b) => b[1] - a[1]));
}

/** The λ heaviest features (the vector must be sorted, as topicVector returns it). */
export function topKeywords(vector: ReadonlyMap<string, number>, lambda: number): Keyword[] {
  const out: Keyword[] = [];
  for (const [term, weight] of vector) {
    if (out.length >= lambda) break;
    out.push({ term, weight: Math.round(weight * 1e6) / 1e6 });
  }
  return out;
}
