/**
 * Paper 000 §6, Abstract: "The algorithm first divides the topic content into several paragraphs
 * according to the tag tree [topic-tree.ts], and then the sentences with high weights are picked
 * from each paragraph". Two parameters: δ, the number of sentences in the abstract, and θ, the
 * number of keywords that weigh the sentences (both 15 in the paper's search engine, §7.3).
 * "According to the size of each paragraph, we can obtain the number of sentences to be extracted
 * in each paragraph (δ_i). In every effective paragraph (δ_i > 0), each sentence is assigned a
 * weight ... according to the weights of selected keywords in it. At last, the δ_i sentences
 * with the highest weight are extracted."
 *
 * Readings where the paper is silent:
 *  - size of a paragraph = its number of words (text/measure.ts: a CJK character counts one); δ_i = δ·size_i/Σsize by the largest-remainder
 *    method, never more than the paragraph's sentences, leftovers going to the paragraphs with
 *    the largest remainders that still have sentences (so Σδ_i = min(δ, all sentences));
 *  - weight of a sentence = Σ of the weights of the θ keywords it contains (each counted once,
 *    so a long sentence repeating one keyword does not win by length). Containment is tested on
 *    the sentence's normalised text (text/terms.ts's normalizeText): an alphabetic keyword must
 *    be a whole run of letters and digits, a CJK keyword a substring — segmenting every sentence
 *    again would cost more than all the rest of the integration;
 *  - equal weights go to the earlier sentence; the abstract keeps document order.
 */
import { measureText } from '../text/measure.js';
import { splitSentences } from '../text/sentences.js';
import { normalizeText } from '../text/terms.js';
import type { Keyword } from './keywords.js';

export interface AbstractOptions {
  /** δ: sentences in the abstract. */
  sentences: number;
}

/**
 * δ_i per paragraph: sizes-proportional shares of δ, capped by each paragraph's sentence count
 * (a capped paragraph's excess is shared among the others), then rounded by largest remainder
 * (earlier paragraph on ties). Σδ_i = min(δ, Σ caps).
 */
export function allocateSentences(sizes: readonly number[], caps: readonly number[], delta: number): number[] {
  const n = sizes.length;
  const left = Math.max(0, Math.min(Math.floor(delta), caps.reduce((s, c) => s + c, 0)));
  const x = new Array<number>(n).fill(0);
  const free = new Set<number>();
  for (let i = 0; i < n; i++) if (caps[i] > 0) free.add(i);
  const positive = [...free].some((i) => sizes[i] > 0);
  const w = (i: number): number => (positive ? Math.max(sizes[i], 0) : 1);
  let rem = left;
  while (free.size > 0 && rem > 0) {
    let total = 0;
    for (const i of free) total += w(i);
    if (total === 0) break;
    const capped = [...free].filter((i) => (rem * w(i)) / total >= caps[i]);
    if (capped.length === 0) { for (const i of free) x[i] = (rem * w(i)) / total; break; }
    for (const i of capped) { x[i] = caps[i]; rem -= caps[i]; free.delete(i); }
  }
  const out = x.map((v, i) => Math.min(caps[i], Math.floor(v + 1e-9)));
  let rest = left - out.reduce((s, v) => s + v, 0);
  const order = x.map((v, i) => [i, v - Math.floor(v + 1e-9)] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  // One more each by largest remainder; paragraphs a share of 0 left below their cap take what
  // is still left over (a zero-size paragraph, once the others are full).
  while (rest > 0) {
    let given = false;
    for (const [i] of order) {
      if (rest <= 0) break;
      if (out[i] < caps[i]) { out[i]++; rest--; given = true; }
    }
    if (!given) break;
  }
  return out;
}

/**
 * Joins chosen sentences: a space between sentences of one line (none between CJK sentences, CJK
 * writes none), a line break where the source had one (after a heading, between paragraphs).
 */
export function joinSentences(list: readonly { text: string; line: number }[]): string {
  let out = '';
  let prevLine = -1;
  for (const s of list) {
    if (out) out += s.line !== prevLine ? '\n' : CJK_END.test(out) && CJK_START.test(s.text) ? '' : ' ';
    out += s.text;
    prevLine = s.line;
  }
  return out;
}

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}。！？」』）】]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}「『（【]/u;

export interface AbstractResult {
  text: string;
  /** Indices (paragraph, sentence) of the chosen sentences, in document order. */
  chosen: [number, number][];
}

const WORD_RUN = /[\p{L}\p{N}]+/gu;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
const CJK_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * The weight of a sentence: Σ weights of the keywords in it, each once. An alphabetic keyword
 * must be a whole run of letters and digits of the sentence ("rice" is not in "price"); a CJK
 * keyword, or one with an apostrophe or a hyphen, is looked for as a substring.
 */
export function keywordWeigher(keywords: readonly Keyword[]): (sentence: string) => number {
  if (keywords.length === 0) return () => 0;
  const whole = new Map<string, number>();
  const substrings: [string, number][] = [];
  for (const k of keywords) {
    if (PLAIN_WORD.test(k.term) && !CJK_WORD.test(k.term)) whole.set(k.term, k.weight);
    else substrings.push([k.term, k.weight]);
  }
  return (sentence) => {
    const norm = normalizeText(sentence);
    let w = 0;
    if (whole.size) {
      const seen = new Set<string>();
      for (const m of norm.matchAll(WORD_RUN)) {
        const v = whole.get(m[0]);
        if (v !== undefined && !seen.has(m[0])) { seen.add(m[0]); w += v; }
      }
    }
    for (const [k, v] of substrings) if (norm.includes(k)) w += v;
    return w;
  };
}

/** The abstract of the paragraphs, weighted by the θ keywords given. */
export function buildAbstract(paras: readonly string[], keywords: readonly Keyword[], options: AbstractOptions): AbstractResult {
  const weigh = keywordWeigher(keywords);
  // Sentences per paragraph, each with a number for the source line it came from.
  let lineNo = 0;
  const sentences = paras.map((p) => p.split('\n').flatMap((l) => { const line = lineNo++; return splitSentences(l).map((text) => ({ text, line })); }));
  const sizes = paras.map((p) => measureText(p).words);
  const delta = allocateSentences(sizes, sentences.map((s) => s.length), options.sentences);
  const chosen: [number, number][] = [];
  sentences.forEach((list, p) => {
    if (delta[p] === 0) return;
    const scored = list.map((s, i) => ({ i, w: weigh(s.text) }));
    scored.sort((a, b) => b.w - a.w || a.i - b.i);
    for (const x of scored.slice(0, delta[p]).sort((a, b) => a.i - b.i)) chosen.push([p, x.i]);
  });
  return { text: joinSentences(chosen.map(([p, i]) => sentences[p][i])), chosen };
}
