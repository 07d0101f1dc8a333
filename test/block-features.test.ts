/** Text features of the block classifier (src/page/block-features.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mentionsCopyright, repeatCounts } from '../src/page/block-features.js';

test('mentionsCopyright: the case-insensitive regex it replaces, on text with look-alike letters (property)', () => {
  const re = /©|\(c\)|copyright|all rights reserved/i;
  const piece = fc.constantFrom('©', '(', 'c', 'C', ')', 'copy', 'COPY', 'right', 'RIGHT', 'R\u0130GHT', 'r\u0131ght', '\u212A', '\u017F',
    'all ', 'ALL ', 'rights ', 'Rights ', 'reserved', 'RESERVED', 'reſerved', ' ', 'é', 'x', '\u00a9');
  fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), (ps) => {
    const s = ps.join('');
    assert.equal(mentionsCopyright(s, s.toLowerCase()), re.test(s), s);
  }), { numRuns: 3000 });
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => assert.equal(mentionsCopyright(s, s.toLowerCase()), re.test(s))), { numRuns: 500 });
  assert.equal(mentionsCopyright('© 2024 Example', '© 2024 example'), true);
  assert.equal(mentionsCopyright('Copyright notice', 'copyright notice'), true);
  assert.equal(mentionsCopyright('A copy, right here', 'a copy, right here'), false);
});

test('title_overlap: unit words found among the <title> words (repeats counted), Dice-style', async () => {
  const { parseHtml } = await import('../src/dom/parse.js');
  const { computeFeatures } = await import('../src/dom/features.js');
  const { labelDefault } = await import('../src/page/default.js');
  const { BLOCK_FEATURES, blockFeatures, textUnits, unitText } = await import('../src/page/block-features.js');
  const doc = parseHtml('<title>Grain Harvest 2026</title><body><h1>The grain harvest</h1><p>Nothing of it here.</p><p>Grain, grain and 2026.</p></body>');
  computeFeatures(doc);
  const base = labelDefault(doc);
  const units = textUnits(doc);
  const rows = blockFeatures(doc, units, { labels: base, root: base.root, hub: false, title: 'Grain Harvest 2026' });
  const at = BLOCK_FEATURES.indexOf('title_overlap');
  const got = units.map((u, k) => [unitText(u), rows[k * BLOCK_FEATURES.length + at]]);
  // 3 title words; "The grain harvest": 2 of 3 words; "Nothing of it here.": none; "Grain, grain and 2026.": 3 of 4.
  assert.deepEqual(got.map(([t]) => t), ['The grain harvest', 'Nothing of it here.', 'Grain, grain and 2026.']);
  const want = [(2 * 2) / (3 + 3), 0, (2 * 3) / (4 + 3)];
  got.forEach(([, v], k) => assert.ok(Math.abs((v as number) - want[k]) < 1e-6, `${got[k][0]}: ${v} vs ${want[k]}`));
});

test('repeatCounts: how many other texts equal each one, as a Map of counts gives (property, long same-length runs too)', () => {
  // Few letters and lengths, so texts repeat and share lengths, past the pairwise limit of 8.
  const text = fc.string({ unit: fc.constantFrom('a', 'b', ' '), maxLength: 3 });
  fc.assert(fc.property(fc.array(text, { maxLength: 60 }), (texts) => {
    const seen = new Map<string, number>();
    for (const t of texts) seen.set(t, (seen.get(t) ?? 0) + 1);
    assert.deepEqual([...repeatCounts(texts)], texts.map((t) => seen.get(t)! - 1));
  }), { numRuns: 1000 });
  assert.deepEqual([...repeatCounts(['Share', 'Tweet', 'Share', 'x'])], [1, 0, 1, 0]);
});

/** The features named, per unit, for a page (and the unit texts), as the learned stage computes them. */
async function unitFeatures(html: string, names: string[], ctx: { kind?: 'article' | 'forum' | 'product'; authors?: string[] } = {}) {
  const { parseHtml } = await import('../src/dom/parse.js');
  const { computeFeatures } = await import('../src/dom/features.js');
  const { labelDefault } = await import('../src/page/default.js');
  const { BLOCK_FEATURES, blockFeatures, textUnits, unitText } = await import('../src/page/block-features.js');
  const doc = parseHtml(html);
  computeFeatures(doc);
  const base = labelDefault(doc);
  const units = textUnits(doc);
  const rows = blockFeatures(doc, units, { labels: base, root: base.root, hub: false, title: '', ...ctx });
  const F = BLOCK_FEATURES.length;
  return units.map((u, k) => ({ text: unitText(u), ...Object.fromEntries(names.map((n) => [n, rows[k * F + BLOCK_FEATURES.indexOf(n)]])) }) as { text: string } & Record<string, number>);
}

const SENTENCE = (n: number, c: string) => `${c.repeat(n - 1)}.`;

test('prose_before / prose_after: the share of the page\'s prose on either side; prose is relative to the page\'s longest paragraph; -1 without prose', async () => {
  // Paragraphs of 117-119 characters, under the usual 120: still the page's prose.
  const short = await unitFeatures(`<body><p>Menu</p><p>${SENTENCE(118, 'a')}</p><p>${SENTENCE(118, 'b')}</p><p>Share this</p></body>`, ['prose_before', 'prose_after']);
  assert.deepEqual(short.map((u) => [u.prose_before, u.prose_after]), [[0, 1], [0, 0.5], [0.5, 0], [1, 0]]);
  // A page of short lines has no prose: -1, not 0 ("all of it elsewhere").
  const none = await unitFeatures('<body><p>Home</p><p>Shop</p><p>About us</p></body>', ['prose_before', 'prose_after']);
  assert.ok(none.every((u) => u.prose_before === -1 && u.prose_after === -1));
});

test('after_image, author_mention, thread_share, kind: what each marks', async () => {
  const html = `<body><div><img src="a.jpg"><p>The mill at dawn.</p></div><p>By Ada Lovelace</p>` +
    `<p>${SENTENCE(200, 'x')}</p><div class="comments"><p>${SENTENCE(150, 'y')}</p></div></body>`;
  const got = await unitFeatures(html, ['after_image', 'author_mention', 'thread_share', 'kind_article', 'kind_forum', 'kind_other'],
    { kind: 'article', authors: ['Ada Lovelace'] });
  assert.deepEqual(got.map((u) => [u.after_image, u.author_mention]), [[1, 0], [0, 1], [0, 0], [0, 0]]);
  // 150 of the body's 367 characters are in the declared thread.
  assert.ok(got.every((u) => Math.abs((u.thread_share as number) - 150 / 367) < 0.02), String(got[0].thread_share));
  assert.ok(got.every((u) => u.kind_article === 1 && u.kind_forum === 0 && u.kind_other === 0));
  const product = await unitFeatures(html, ['kind_article', 'kind_product'], { kind: 'product' });
  assert.ok(product.every((u) => u.kind_article === 0 && u.kind_product === 1));
});

test('block features: linear in a parent\'s children (after_image walks each parent once)', async () => {
  const { parseHtml } = await import('../src/dom/parse.js');
  const { computeFeatures } = await import('../src/dom/features.js');
  const { labelDefault } = await import('../src/page/default.js');
  const { blockFeatures, textUnits } = await import('../src/page/block-features.js');
  const cost = (n: number) => {
    const doc = parseHtml(`<body><div>${'<img src="a.jpg"><p>credit line</p>'.repeat(n)}</div><p>${SENTENCE(200, 'x')}</p></body>`);
    computeFeatures(doc);
    const base = labelDefault(doc);
    const units = textUnits(doc);
    const t0 = process.hrtime.bigint();
    blockFeatures(doc, units, { labels: base, root: base.root, hub: false, title: '' });
    return Number(process.hrtime.bigint() - t0);
  };
  cost(500);
  const small = cost(2_000), big = cost(20_000);
  // Quadratic work would take 100 times as long for 10 times the children; linear about 10.
  assert.ok(big < 40 * small, `${big} vs ${small}`);
});
