/**
 * The article as the page's JSON states it (JSON-LD `articleBody`, a Next.js or Nuxt payload,
 * read by page/metadata/), used twice:
 *  - where the visible page holds the same text, it confirms which blocks are the body: a unit's
 *    share of word n-grams found in it is a block feature (block-features.ts);
 *  - where the visible page has none of it (the article is rendered by script), it is the output
 *    (extract.ts, recorded in `attempts` as 'json').
 * The n-gram share is also how the trainer labels units from a truth text (one implementation).
 */

/** Lower-cased runs of letters, numbers and `_`. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** Word 1-, 2- and 3-grams of a text: index n-1 holds the n-grams. */
export type WordGrams = [Set<string>, Set<string>, Set<string>];

export function wordGrams(words: readonly string[]): WordGrams {
  const out: WordGrams = [new Set(), new Set(), new Set()];
  for (let i = 0; i < words.length; i++) {
    out[0].add(words[i]);
    if (i + 1 < words.length) out[1].add(`${words[i]} ${words[i + 1]}`);
    if (i + 2 < words.length) out[2].add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  }
  return out;
}

/** Share of the words' trigrams (bigrams, words for shorter texts) found in `grams`; 0 for no words. */
export function gramShare(words: readonly string[], grams: WordGrams): number {
  const n = Math.min(3, words.length);
  if (n === 0) return 0;
  const set = grams[n - 1];
  let hit = 0;
  for (let i = 0; i + n <= words.length; i++) {
    const g = n === 1 ? words[i] : n === 2 ? `${words[i]} ${words[i + 1]}` : `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
    if (set.has(g)) hit++;
  }
  return hit / (words.length - n + 1);
}

/** The n-grams of an article body, for trigramShare. */
export function bodyTrigrams(articleBody: string): WordGrams {
  return wordGrams(wordsOf(articleBody));
}

/** Share of a unit's (lower-cased) text found in the article body. */
export function trigramShare(lower: string, body: WordGrams): number {
  return gramShare(wordsOf(lower), body);
}
