/**
 * Generated texts for the replica tests: articles of pseudo-words drawn with a Zipf-like law
 * (so unrelated texts share their frequent words, as real texts of one language do) mixed with
 * English function words, plus edit operations to make near-duplicates. Seeded, so every run
 * sees the same texts. Helper module: it holds no tests.
 */
import { rng } from './site-synthetic.js';

const SYL = ['ka', 'lo', 'mi', 'ren', 'tau', 'vel', 'dor', 'sa', 'qui', 'bre', 'on', 'ith', 'mar', 'zu', 'pel', 'ost', 'gra', 'fen', 'dal', 'nor'];
const FUNCTION = ['the', 'of', 'and', 'to', 'in', 'a', 'is', 'that', 'for', 'on', 'with', 'as', 'was', 'by', 'it'];

function makeVocabulary(size: number): string[] {
  const r = rng(7);
  const words = new Set<string>();
  while (words.size < size) {
    let w = '';
    const k = 2 + Math.floor(r() * 3);
    for (let i = 0; i < k; i++) w += SYL[Math.floor(r() * SYL.length)];
    words.add(w);
  }
  return [...words];
}

export const VOCABULARY = makeVocabulary(4000);

/** A Zipf-like draw: rank ∝ u^3, so low ranks are frequent and the tail is long. */
function draw(r: () => number): string {
  return VOCABULARY[Math.floor(r() ** 3 * VOCABULARY.length)];
}

/** A seeded article of about `words` words in sentences and paragraphs. */
export function article(seed: number, words = 300): string {
  const r = rng(seed * 7919 + 13);
  const paras: string[] = [];
  let n = 0;
  while (n < words) {
    const sentences: string[] = [];
    for (let s = 0; s < 3 + Math.floor(r() * 3) && n < words; s++) {
      const len = 8 + Math.floor(r() * 12);
      const ws: string[] = [];
      for (let i = 0; i < len; i++) ws.push(r() < 0.35 ? FUNCTION[Math.floor(r() * FUNCTION.length)] : draw(r));
      n += len;
      ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
      sentences.push(`${ws.join(' ')}.`);
    }
    paras.push(sentences.join(' '));
  }
  return paras.join('\n\n');
}

/** `text` with a share `rate` of its words replaced by other words (seeded). */
export function edit(text: string, rate: number, seed: number): string {
  const r = rng(seed * 104729 + 1);
  return text.split(/( +|\n+)/).map((w) => (/^\S+$/.test(w) && r() < rate ? draw(r) : w)).join('');
}

/** Same words, different white space and letter case: what a re-templated copy looks like. */
export function reflow(text: string): string {
  return text.replace(/\n\n/g, '\n   \n').replace(/ /g, ' \t ').toUpperCase();
}
