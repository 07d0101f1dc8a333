/**
 * How much of a page's text the word-level passes read: one bound for integration (docview.ts),
 * near-replica signatures and the search index's segmentation. Pure.
 */

/**
 * Characters of a page's text that integration reads (default of `textLimit`): the words of
 * Formula 2 (keywords, the title repair, the language, the classifier), the paragraphs the
 * abstract is chosen from, and the hub blocks' words for the links each come from at most this
 * much text, in document order; the content itself is kept whole. Word segmentation is most of
 * integration's cost, and its words were held all at once: a 51 MB page took 27 s and 500 MB to
 * integrate. A million characters is some 150,000 English words, twenty times a long article, so
 * ordinary pages are read whole (scripts/hostile/huge-page-rss.mjs measures a huge one). The
 * replica signatures (pipeline/replica-store.ts) and the search index's word segmentation
 * (search-text.ts) read the same first characters.
 */
export const INTEGRATE_TEXT_LIMIT = 1_000_000;

/**
 * Hands out the first `limit` characters of a stream of texts: each call gets what is left of
 * the budget (cut at a space when one is near the end, so no word is cut), then "".
 */
export function textBudget(limit: number): (text: string) => string {
  let left = limit;
  return (text) => {
    if (left <= 0) return '';
    if (text.length <= left) { left -= text.length; return text; }
    let cut = text.lastIndexOf(' ', left);
    if (cut < left / 2) cut = left;
    left = 0;
    return text.slice(0, cut);
  };
}
