/** The learned opening-word vocabulary of the block classifier (src/page/word-tokens.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { OPENING_WORDS, WORD_TOKEN_FEATURES, openingWords, pageWordStats, writeUnitWordFeatures, writeWordTokenFeatures } from '../src/page/word-tokens.js';
import { BLOCK_FEATURES, WORD_TOKENS_AT, blockFeatures, textUnits, unitText } from '../src/page/block-features.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { labelDefault } from '../src/page/default.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';

test('openingWords: the distinct first words, digit runs folded, in any script', () => {
  assert.deepEqual(openingWords(''), []);
  assert.deepEqual(openingWords('71 kommentare zu „covid19“: kommentare lesen'), ['0', 'kommentare', 'zu', 'covid0', 'lesen']);
  assert.deepEqual(openingWords('lea también: impiden ingreso'), ['lea', 'también', 'impiden', 'ingreso']);
  assert.deepEqual(openingWords('分享 到 微博'), ['分享', '到', '微博']);
  const many = Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i >= 26 ? 'x' : ''}`).join(' ');
  assert.equal(openingWords(many).length, OPENING_WORDS);
  assert.ok(!openingWords(`${'a'.repeat(31)} share`).includes('a'.repeat(31)));
});

test('openingWords: never more than OPENING_WORDS, every one a word of the text (property)', () => {
  fc.assert(fc.property(fc.string({ maxLength: 400 }), (s) => {
    const lower = s.toLowerCase();
    const words = openingWords(lower);
    assert.ok(words.length <= OPENING_WORDS);
    assert.equal(new Set(words).size, words.length);
    for (const w of words) assert.ok(lower.replace(/[0-9]+/g, '0').includes(w));
  }));
});

test('writeWordTokenFeatures: highest, lowest and mean known score, and how many are known', () => {
  const table = { teilen: -2, sie: 0.5, artikel: 1, lesen: -1 };
  const rows = new Float32Array(3 * 4);
  writeWordTokenFeatures([['teilen', 'sie', 'dies', 'mit'], ['der', 'artikel'], ['nichts']], table, rows, 4, 0);
  assert.deepEqual([...rows.subarray(0, 4)], [0.5, -2, -0.75, 2]);
  assert.deepEqual([...rows.subarray(4, 8)], [1, 0, 1, 1]);
  assert.deepEqual([...rows.subarray(8, 12)], [0, 0, 0, 0]);
});

test('pageWordStats: each unit counts once for each of its words, weighted; unweighted units count for nothing', () => {
  const stats = pageWordStats([['share', 'this'], ['this', 'story'], ['ignored']], [0, 1, 1], [2, 3, 0]);
  assert.deepEqual(stats.get('share'), [0, 2]);
  assert.deepEqual(stats.get('this'), [3, 5]);
  assert.deepEqual(stats.get('story'), [3, 3]);
  assert.equal(stats.has('ignored'), false);
});

test('block features end with the word features, read from the model\'s word table', () => {
  const doc = parseHtml('<body><article><h1>Title</h1><p>Some prose, here.</p><p>Teilen Sie dies mit:</p></article></body>');
  computeFeatures(doc);
  const units = textUnits(doc);
  const base = labelDefault(doc);
  const F = BLOCK_FEATURES.length;
  assert.deepEqual(BLOCK_FEATURES.slice(WORD_TOKENS_AT), WORD_TOKEN_FEATURES);
  const ctx = { labels: base, root: base.root, hub: false, title: 'Title' };
  const without = blockFeatures(doc, units, ctx);
  const withTable = blockFeatures(doc, units, { ...ctx, wordTokens: { teilen: -2, prose: 1 } });
  const share = units.findIndex((u) => unitText(u).startsWith('Teilen'));
  const prose = units.findIndex((u) => unitText(u).startsWith('Some'));
  assert.deepEqual([...withTable.subarray(share * F + WORD_TOKENS_AT, (share + 1) * F)], [0, -2, -2, 1]);
  assert.deepEqual([...withTable.subarray(prose * F + WORD_TOKENS_AT, (prose + 1) * F)], [1, 0, 1, 1]);
  for (let k = 0; k < units.length; k++) {
    assert.deepEqual([...without.subarray(k * F + WORD_TOKENS_AT, (k + 1) * F)], [0, 0, 0, 0]);
    assert.deepEqual([...withTable.subarray(k * F, k * F + WORD_TOKENS_AT)], [...without.subarray(k * F, k * F + WORD_TOKENS_AT)]);
  }
});

test('the shipped block model carries an opening-word table of cross-site words', () => {
  const table = BLOCK_MODEL.wordTokens ?? {};
  assert.ok(Object.keys(table).length > 1000);
  assert.ok(Object.values(table).every(Number.isFinite));
});

test('word features: the extractor\'s unit path equals the trainer\'s page path, on the same table (property)', () => {
  const table = { teilen: -2, sie: 0.5, artikel: 1, lesen: -1, '0': 0.25, share: -1.5 };
  const word = fc.constantFrom('teilen', 'sie', 'dies', 'mit', 'artikel', 'lesen', '71', 'share', 'x', 'Über', '分享');
  fc.assert(fc.property(fc.array(fc.array(word, { maxLength: 20 }).map((w) => w.join(' ').toLowerCase()), { maxLength: 8 }), (lowers) => {
    const fromPage = new Float32Array(lowers.length * 4), fromUnits = new Float32Array(lowers.length * 4);
    writeWordTokenFeatures(lowers.map(openingWords), table, fromPage, 4, 0);
    lowers.forEach((lower, u) => writeUnitWordFeatures(lower, table, fromUnits, u * 4));
    assert.deepEqual([...fromUnits], [...fromPage]);
  }));
});
