/**
 * Customer reviews on a product page are user comments (issue 24: comments never go into the
 * body; `comments: true` lists them apart). A shop's page shows its description, then the
 * reviews its buyers wrote: short records of a name, a date, stars and a few sentences. Their
 * text reads as prose, so the block model keeps much of it, and a reader of the product's
 * description never asked for it.
 *
 * Only on a page whose metadata says it is a product (schema.org Product, og:type product):
 * elsewhere "reviews" is as often the page's own content (a review article, a list of rated
 * services). Found by what the page's markup says, on any site:
 *  - schema.org microdata: a `review` of the product (itemprop), a Review item (itemtype);
 *  - class and id words naming a list of reviews ("reviews", "customer-reviews",
 *    "review-list"; "Bewertungen", "avis", "opiniones", "recensioni"). The singular "review"
 *    alone is not enough: it names an editor's review as often.
 * Like a comment thread (default.ts cutComments), a block of reviews holding most of the page's
 * prose is the page.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import type { PageKind } from '../types.js';
import { compilePhraseRules, firstPhraseRule } from '../text/word-phrases.js';
import { holdsMostProse } from './default.js';

const REVIEW_LIST_WORDS = compilePhraseRules([[
  'reviews', 'customer-?reviews?', 'product-?reviews?', 'user-?reviews?', 'reviews?-?list', 'review-?items?',
  'bewertungen', 'kundenbewertungen', 'avis', 'avis-?clients', 'opiniones', 'resenas', 'recensioni',
]]);

/** Whether the markup of `el` names it a customer review or a list of them. */
export function namesReviews(el: DomElement): boolean {
  const itemprop = el.attr('itemprop');
  if (itemprop !== undefined && /(?:^|\s)reviews?(?:\s|$)/.test(itemprop)) return true;
  const itemtype = el.attr('itemtype');
  if (itemtype !== undefined && /schema\.org\/(?:User)?Review\/?$/i.test(itemtype.trim())) return true;
  const ci = el.classId;
  return ci !== '' && firstPhraseRule(REVIEW_LIST_WORDS, ci) >= 0;
}

/**
 * The outermost elements of a product page's body that hold its customer reviews, in document
 * order; none on other pages. An element the markup names so but that holds most of the page's
 * prose is the page itself (an editor's review marked up as a Review): reviews are looked for
 * inside it instead.
 */
export function customerReviews(doc: DomDocument, kind: PageKind | undefined): DomElement[] {
  if (kind !== 'product') return [];
  const body = doc.body ?? doc.root;
  const bodyPlain = Math.max(1, body.textLen - body.linkTextLen);
  const els = doc.elements;
  const out: DomElement[] = [];
  for (let i = body.id + 1, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    if (!namesReviews(el) || holdsMostProse(el, bodyPlain)) continue;
    out.push(el);
    i += el.tags;
  }
  return out;
}
