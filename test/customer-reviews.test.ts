// A product page's customer reviews are user comments: never in the body, listed with
// `comments: true` (src/page/customer-reviews.ts, default.ts cutComments).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { customerReviews, namesReviews } from '../src/page/customer-reviews.js';

const DESCRIPTION = [
  'The oak shelf is cut from solid boards of European oak, oiled by hand and finished with a matt wax that brings out the grain.',
  'Each shelf carries up to twenty kilograms, enough for a row of cookbooks or a set of stoneware plates, and hangs on two hidden steel brackets.',
  'The brackets come with screws and plugs for brick and concrete walls; for plasterboard we recommend the cavity fixings sold separately.',
  'Wipe it with a damp cloth and refresh the wax once a year, and the shelf will keep its colour for decades in a kitchen or a living room.',
];
const REVIEWS = [
  ['Dorothy', 'I hung two of these in the kitchen last month and they look wonderful with the plates on them, very happy with it.'],
  ['Farah', 'Solid wood and heavier than I expected, the brackets were easy to fit on our brick wall in about twenty minutes.'],
  ['Richard', 'The colour is a little darker than in the photos but it matches our table perfectly, so I ordered a third one.'],
];

const PRODUCT_LD = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Oak Shelf"}</script>';
const ARTICLE_LD = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Oak Shelf"}</script>';

function page(ld: string, reviewsClass = 'product-reviews', description = DESCRIPTION): string {
  const reviews = REVIEWS.map(([who, said]) => `<div class="review-card"><div class="author">${who}</div><time datetime="2026-10-02">2 Oct 2026</time><p>${said}</p></div>`).join('');
  return `<html><head><title>Oak Shelf | Woodshop</title>${ld}</head><body><nav><a href="/">Home</a> <a href="/shelves">Shelves</a></nav>` +
    `<main><h1>Oak Shelf</h1>${description.map((p) => `<p>${p}</p>`).join('')}` +
    `<section class="${reviewsClass}"><h2>Customer reviews</h2>${reviews}</section></main><footer>© Woodshop</footer></body></html>`;
}

function parsed(html: string) {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

test('customer reviews: named by review-list words or schema.org microdata; not by the singular "review" nor inside another word', () => {
  const el = (attrs: string) => parsed(`<body><div ${attrs}>x</div></body>`).elements.find((e) => e.tag === 'div')!;
  for (const named of ['class="reviews"', 'class="pdp customer-reviews"', 'id="product-reviews"', 'class="review-list"', 'class="kundenbewertungen"',
    'itemprop="review"', 'itemtype="https://schema.org/Review"', 'class="ratings-and-reviews"']) assert.ok(namesReviews(el(named)), named);
  for (const not of ['class="review"', 'class="review-body"', 'class="preview"', 'class="reviewer"', 'itemprop="reviewBody"', 'class="comments"']) {
    assert.ok(!namesReviews(el(not)), not);
  }
});

test('customer reviews: found only on a product page, outermost', () => {
  const doc = parsed(page(PRODUCT_LD));
  assert.deepEqual(customerReviews(doc, 'product').map((e) => e.classId.trim()), ['product-reviews']);
  assert.deepEqual(customerReviews(doc, 'article'), []);
  assert.deepEqual(customerReviews(doc, undefined), []);
});

test('customer reviews: on a product page they leave the body and are listed with comments: true', () => {
  const r = extract(page(PRODUCT_LD), { comments: true });
  assert.equal(r.metadata.kind, 'product');
  for (const p of DESCRIPTION) assert.ok(r.text.includes(p), `description kept: ${p.slice(0, 30)}`);
  for (const [, said] of REVIEWS) assert.ok(!r.text.includes(said), `review not in the body: ${said.slice(0, 30)}`);
  const listed = r.comments!.map((c) => c.text).join('\n');
  for (const [, said] of REVIEWS) assert.ok(listed.includes(said), `review listed: ${said.slice(0, 30)}`);
});

test('customer reviews: the rule stays out of other pages, and reviews holding most of a product page\'s prose are its content', () => {
  // On an article the contract leaves the section to the labeler (a "reviews" section is often the story there).
  const article = extract(page(ARTICLE_LD));
  assert.equal(article.metadata.kind, 'article');
  const cut = (r: ReturnType<typeof extract>) => r.blocks!.filter((b) => b.reason?.startsWith('user comments'));
  assert.equal(cut(extract(page(ARTICLE_LD), { debug: true })).length, 0);
  assert.ok(cut(extract(page(PRODUCT_LD), { debug: true })).length > 0);
  // A one-line description beside three reviews: the reviews are most of the page, and stay.
  const short = extract(page(PRODUCT_LD, 'reviews', ['Solid oak shelf.']), { debug: true });
  assert.equal(cut(short).length, 0);
});
