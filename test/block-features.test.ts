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
