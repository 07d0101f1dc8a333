/** The learned class/id vocabulary of the block classifier (src/page/markup-tokens.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  MARKUP_TOKEN_FEATURES, markupTokens, pageMarkupTokens, pageTokenStats, writeMarkupTokenFeatures, writePageMarkupTokenFeatures,
} from '../src/page/markup-tokens.js';
import { buildTokenTable, type PageTokenStats } from '../src/page/token-table.js';
import { WORD_TOKEN_FEATURES } from '../src/page/word-tokens.js';
import { BLOCK_FEATURES, blockFeatures, textUnits, unitText } from '../src/page/block-features.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { labelDefault } from '../src/page/default.js';

function parsed(html: string) {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return { doc, units: textUnits(doc) };
}

test('markupTokens: words with digit runs folded, their parts, no hashes', () => {
  assert.deepEqual(markupTokens(''), []);
  assert.deepEqual(markupTokens('entry-content post-1234 main'), ['entry-content', 'entry', 'content', 'post-0', 'post', 'main']);
  assert.deepEqual(markupTokens('td_block_17 x'), ['td_block_0', 'td', 'block', 'x']);
  assert.deepEqual(markupTokens(`css-${'a1'.repeat(30)} sidebar`), ['sidebar']);
});

/** The definition markupTokens implements with a scanner: split on \s, fold digit runs, parts between punctuation. */
function referenceTokens(classId: string): string[] {
  const out = new Set<string>();
  for (const raw of classId.split(/\s+/)) {
    if (!raw || raw.length > 40) continue;
    const word = raw.replace(/[0-9]+/g, '0');
    out.add(word);
    for (const part of word.split(/[^a-z0]+/)) if (part.length >= 2 && part !== word) out.add(part);
  }
  return [...out];
}

test('markupTokens: the same tokens, in the same order, as the split/replace definition (property)', () => {
  const piece = fc.constantFrom('a', 'b', 'ab', 'post', 'entry', '-', '_', '0', '12', ' ', '  ', '\t', '\u00a0', '\u2003', '\ufeff', '\u3000', 'é', 'x9y', '--', 'a-b-c');
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (ps) => {
    const s = ps.join('');
    assert.deepEqual(markupTokens(s), referenceTokens(s));
  }), { numRuns: 500 });
  fc.assert(fc.property(fc.string({ maxLength: 60 }), (s) => assert.deepEqual(markupTokens(s), referenceTokens(s))), { numRuns: 300 });
  const many = Array.from({ length: 50 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}x-${i % 7}`).join(' ');
  assert.deepEqual(markupTokens(many), referenceTokens(many));
});

test('pageTokenStats: a unit counts for the tokens of its element and of every ancestor, once each', () => {
  const { doc, units } = parsed('<body class="page"><div class="post content"><p class="lead post">Alpha beta.</p><p>Gamma.</p></div><aside class="sidebar"><p>Links</p></aside></body>');
  assert.deepEqual(units.map(unitText), ['Alpha beta.', 'Gamma.', 'Links']);
  const stats = pageTokenStats(pageMarkupTokens(doc, units), [1, 1, 0], [2, 1, 5]);
  assert.deepEqual(stats.get('post'), [3, 3]);
  assert.deepEqual(stats.get('lead'), [2, 2]);
  assert.deepEqual(stats.get('sidebar'), [0, 5]);
  assert.deepEqual(stats.get('page'), [3, 8]);
});

const hostStats = (host: string, entries: [string, number, number][]) => ({ host, stats: new Map(entries.map(([t, wy, w]) => [t, [wy, w] as [number, number]])) as PageTokenStats });

test('buildTokenTable: only tokens seen on enough hosts; content under a token scores above the prior, chrome below', () => {
  const pages = [];
  for (let h = 0; h < 6; h++) pages.push(hostStats(`site${h}`, [['article-body', 9, 10], ['sidebar', 0, 10], ['rare', 5, 10]]));
  pages[0].stats.delete('rare');
  const table = buildTokenTable(pages, { minHosts: 6 });
  assert.deepEqual(Object.keys(table), ['article-body', 'sidebar']);
  assert.ok(table['article-body'] > 0.5 && table.sidebar < -0.5);
  // Smoothing: the same rates seen on fewer pages are pulled harder towards the prior (0).
  const fewer = buildTokenTable(pages.slice(0, 2), { minHosts: 2 });
  assert.ok(Math.abs(fewer['article-body']) < Math.abs(table['article-body']));
});

test('buildTokenTable: every page votes once, whatever its unit weights', () => {
  const heavy = [hostStats('a', [['x', 1000, 1000]]), hostStats('b', [['x', 0, 1]]), hostStats('c', [['y', 1, 2]])];
  const light = [hostStats('a', [['x', 1, 1]]), hostStats('b', [['x', 0, 1000]]), hostStats('c', [['y', 1, 2]])];
  assert.deepEqual(buildTokenTable(heavy, { minHosts: 1 }), buildTokenTable(light, { minHosts: 1 }));
});

test('buildTokenTable: the same pages in any order give the same table, byte for byte (property)', () => {
  const page = fc.record({
    host: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    entries: fc.array(fc.tuple(fc.constantFrom('nav', 'post', 'body', 'ad', 'menu'), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 50, noNaN: true })), { maxLength: 5 }),
  });
  fc.assert(fc.property(fc.array(page, { maxLength: 12 }), fc.integer(), (ps, seed) => {
    const pages = ps.map((p) => hostStats(p.host, p.entries.map(([t, r, w]) => [t, r * w, w])));
    const shuffled = [...pages].sort((x, y) => ((x.host.charCodeAt(0) * 31 + seed) % 7) - ((y.host.charCodeAt(0) * 31 + seed) % 7));
    assert.equal(JSON.stringify(buildTokenTable(shuffled, { minHosts: 2 })), JSON.stringify(buildTokenTable(pages, { minHosts: 2 })));
  }));
});

test('token features: own tokens, ancestors\' tokens up to <body>, and the count of known ones', () => {
  const { doc, units } = parsed('<body><div class="main"><div class="entry"><p class="note">Text one.</p></div></div><div class="rail"><p>Text two.</p></div></body>');
  const table = { main: 1, entry: 2, note: -0.5, rail: -3 };
  const rows = new Float32Array(units.length * 5);
  writeMarkupTokenFeatures(pageMarkupTokens(doc, units), table, rows, 5, 0);
  assert.deepEqual([...rows.subarray(0, 5)], [0, -0.5, 2, 0, 3]);
  assert.deepEqual([...rows.subarray(5, 10)], [0, 0, 0, -3, 1]);
});

test('block features end with the token features, read from the model\'s table', () => {
  const { doc, units } = parsed('<body><article class="story"><h1>Title</h1><p>Some prose, here.</p></article></body>');
  const base = labelDefault(doc);
  const F = BLOCK_FEATURES.length, at = F - MARKUP_TOKEN_FEATURES.length - WORD_TOKEN_FEATURES.length, end = at + MARKUP_TOKEN_FEATURES.length;
  assert.deepEqual(BLOCK_FEATURES.slice(at, end), MARKUP_TOKEN_FEATURES);
  const ctx = { labels: base, root: base.root, hub: false, title: 'Title' };
  const without = blockFeatures(doc, units, ctx);
  const withTable = blockFeatures(doc, units, { ...ctx, markupTokens: { story: 1.5 } });
  for (let k = 0; k < units.length; k++) {
    assert.deepEqual([...without.subarray(k * F + at, k * F + end)], [0, 0, 0, 0, 0]);
    assert.deepEqual([...withTable.subarray(k * F + at, k * F + end)], [0, 0, 1.5, 0, 1]);
    assert.deepEqual([...withTable.subarray(k * F, k * F + at)], [...without.subarray(k * F, k * F + at)]);
    assert.deepEqual([...withTable.subarray(k * F + end, (k + 1) * F)], [...without.subarray(k * F + end, (k + 1) * F)]);
  }
});

test('the shipped block model carries a token table of cross-site tokens', () => {
  const table = BLOCK_MODEL.markupTokens ?? {};
  assert.ok(Object.keys(table).length > 100);
  assert.ok(Object.values(table).every(Number.isFinite));
});

test('token features: the extractor\'s path from the tree equals the trainer\'s path from a kept page, on the same table (classed links and text-less elements included, which the extractor skips)', () => {
  const { doc, units } = parsed(`<body class="site"><header class="masthead nav-0"><p>Menu</p></header><main class="main content">
    <article class="post post-12 entry"><h1 class="entry-title">Title</h1><p>One <a class="share" href="/x">link</a>.</p><div class="sidebar"><img class="menu"></div><div class="share widget"><p>Share this</p></div><p class="note">Two.</p></article>
    </main><aside class="sidebar widget-area"><ul class="menu"><li>Link one</li><li class="current">Link two</li></ul></aside></body>`);
  const table = { post: 1.2, 'post-0': 0.4, entry: 0.9, content: 0.5, share: -1.5, widget: -1.1, sidebar: -2, menu: -1.3, masthead: -0.8, note: 0.1 };
  const fromPage = new Float32Array(units.length * 5), fromTree = new Float32Array(units.length * 5);
  writeMarkupTokenFeatures(pageMarkupTokens(doc, units), table, fromPage, 5, 0);
  writePageMarkupTokenFeatures(doc, units, table, fromTree, 5, 0);
  assert.deepEqual([...fromTree], [...fromPage]);
  assert.ok(fromTree.some((v) => v !== 0));
});

test('token features: the extractor\'s range lookups equal the trainer\'s token lists on arbitrary class strings (property)', () => {
  const table = { post: 1.2, 'post-0': 0.4, entry: 0.9, 'entry-content': 0.7, content: 0.5, share: -1.5, 'td_block_0': -0.2, td: 0.3,
    block: -0.1, ab: 2, 'a0b': -2, x0: 0.05 };
  const piece = fc.constantFrom('post', 'post-12', 'post-0', 'entry', 'entry-content', 'content', 'share', 'td_block_17', 'ab', 'a1b', 'a12b',
    'x9', '-', '_', '0', '7', ' ', '  ', '\t', '\u00a0', '\u2003', 'é', 'entry-entry', 'a'.repeat(41), 'b');
  fc.assert(fc.property(fc.array(piece, { maxLength: 14 }), (ps) => {
    const cls = ps.join('');
    const { doc, units } = parsed(`<body><div class="${cls.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"><p>Text.</p></div></body>`);
    const fromPage = new Float32Array(units.length * 5), fromTree = new Float32Array(units.length * 5);
    // A fresh table object per run: the extractor's per-table memo must not answer from an earlier run.
    const t = { ...table };
    writeMarkupTokenFeatures(pageMarkupTokens(doc, units), t, fromPage, 5, 0);
    writePageMarkupTokenFeatures(doc, units, t, fromTree, 5, 0);
    assert.deepEqual([...fromTree], [...fromPage], JSON.stringify(cls));
  }), { numRuns: 500 });
});
