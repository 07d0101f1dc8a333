/**
 * Site Style Tree (paper 001): the formulas on hand-built trees, two golden sites (a hand-written
 * shop computed by hand, and the synthetic news site), the enhancements, and the labels overlay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { learnStyleTree, StyleTreeBuilder, STYLE_TREE_KIND, STYLE_TREE_VERSION, DEFAULT_STYLE_TREE_OPTIONS } from '../src/site/style-tree.js';
import { mapStyleTree, styleTreeLabels } from '../src/site/style-map.js';
import { ElementNode, StyleNode, LEAF_SEQ, SEQ_SEP } from '../src/site/style-nodes.js';
import { FeatureSample, featureEntropy, leafImportance } from '../src/site/style-leaf-stats.js';
import { computeImportance, markNodes, chooseThreshold, twoMeansSplit } from '../src/site/style-importance.js';
import { elementKey, leafFlags } from '../src/site/style-features.js';
import { overlap } from '../src/site/style-merge.js';
import { CONTENT, NOISE, UNSET } from '../src/page/labels.js';
import type { DomElement } from '../src/dom/node.js';
import { syntheticStyleSite, toDoc, nameOf, partOf } from './site-style-synthetic.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/style-tree/', import.meta.url));
const read = (p: string): string => readFileSync(FIXTURES + p, 'utf8');
/** Σ c·ln c is kept in fixed point (2⁻²⁰), so entropies of repeated features agree to ~1e-7. */
const close = (a: number | null, b: number, tol = 1e-12): void => {
  assert.ok(a !== null && Math.abs(a - b) < tol, `${a} ≠ ${b}`);
};

// ---- hand-built trees: Defs. 3–5 ----

/** A pure leaf seen on pages.length pages, with the given features per page. */
function leafNode(key: string, pages: Array<Record<string, number>>): ElementNode {
  const e = new ElementNode(key);
  const s = new StyleNode(LEAF_SEQ, []);
  e.addStyle(s);
  e.leaf = new FeatureSample(4096);
  for (const p of pages) { e.pages++; s.pages++; e.leaf.addPage(new Map(Object.entries(p))); }
  return e;
}

function internal(key: string, styles: Array<[number, ElementNode[]]>): ElementNode {
  const e = new ElementNode(key);
  for (const [pages, elems] of styles) {
    const s = new StyleNode(elems.map((c) => c.key).join(SEQ_SEP), elems);
    s.pages = pages;
    e.pages += pages;
    e.addStyle(s);
  }
  return e;
}

const rep = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

test('Def. 5: leaf importance is 1 − mean entropy of its features over the pages holding the leaf', () => {
  // M = 4 pages. "menu" once on every page: H = 1. "story" on one page only: H = 0.
  // "tag" 3 times on page 1 and once on page 2: p = (3/4, 1/4), H = −(¾·log₄¾ + ¼·log₄¼).
  const l = leafNode('div', [{ menu: 1, story: 1, tag: 3 }, { menu: 1, tag: 1 }, { menu: 1 }, { menu: 1 }]);
  const hTag = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25)) / Math.log(4);
  const byName = new Map(l.leaf!.sorted().map((s) => [s.feature, featureEntropy(s, 4)]));
  close(byName.get('menu')!, 1);
  close(byName.get('story')!, 0);
  close(byName.get('tag')!, hTag, 1e-6);
  close(leafImportance(l.leaf, 4), 1 - (1 + 0 + hTag) / 3, 1e-6);
  // Seen on one page only: importance 1 (M = 1). Never a feature: no importance.
  close(leafImportance(leafNode('p', [{ a: 2, b: 1 }]).leaf, 1), 1);
  assert.equal(leafImportance(new FeatureSample(8), 3), null);
});

test('Defs. 3–4: node importance is the style entropy (base m), composite importance attenuates it by γ^l', () => {
  // The paper's example distribution: three styles on 35%, 35% and 30% of 20 pages.
  const a = leafNode('td', [...rep(6, { x: 1 }), { y: 1 }]);           // H(x)=ln6/ln7, H(y)=0
  const b = leafNode('img', rep(7, { 'img /logo.gif': 1 }));           // template: 0
  const c = leafNode('p', [{ u: 1 }, { v: 1 }, { w: 1 }, { u: 1 }, { z: 1 }, { q: 1 }]);
  const e = internal('table', [[7, [a]], [7, [b]], [6, [c]]]);
  const root = internal('#root', [[20, [e]]]);
  computeImportance(root, 0.9);
  const nodeImp = -(2 * 0.35 * Math.log(0.35) + 0.3 * Math.log(0.3)) / Math.log(3);
  close(e.nodeImp, nodeImp);
  const impA = 1 - (Math.log(6) / Math.log(7) + 0) / 2;
  const hU = Math.log(2) / Math.log(6);
  const impC = 1 - hU / 5;
  close(a.imp, impA); close(b.imp, 0); close(c.imp, impC);
  const g3 = 0.9 ** 3;
  close(e.imp, (1 - g3) * nodeImp + g3 * (0.35 * impA + 0.35 * 0 + 0.3 * impC));
  // One style: NodeImp = 1 and l = 1.
  close(root.nodeImp, 1);
  close(root.imp, 0.1 * 1 + 0.9 * e.imp!);
  // A style node's importance is the mean of its elements'.
  const two = internal('div', [[3, [leafNode('a', rep(3, { k: 1 })), leafNode('b', [{ m: 1 }, { n: 1 }, { o: 1 }])]]]);
  computeImportance(two, 0.9);
  close(two.styleList()[0].imp, (0 + 1) / 2);
});

test('Defs. 6–9: noisy needs the node and every descendant below t; meaningful has no noisy descendant', () => {
  const tmpl = leafNode('nav', rep(4, { home: 1, about: 1 }));
  const story = leafNode('p', [{ a: 1 }, { b: 1 }, { c: 1 }, { d: 1 }]);
  const spacer = leafNode('div', rep(4, {})); // never a feature: empty
  const article = internal('article', [[4, [story, spacer]]]);
  const body = internal('body', [[4, [tmpl, article]]]);
  const root = internal('#root', [[4, [body]]]);
  computeImportance(root, 0.9);
  markNodes(root, 0.5, 3);
  assert.equal(tmpl.mark, 'noisy');
  assert.equal(story.mark, 'meaningful');
  assert.equal(spacer.mark, 'empty');
  assert.equal(article.mark, 'meaningful', 'an empty spacer does not spoil a meaningful node');
  assert.equal(body.mark, 'mixed');
  // A node below t whose descendants are not all below t is not noisy.
  close(article.imp, 0.1 + 0.9 * 1);
  const low = internal('div', [[4, [story]]]);
  low.imp = 0.2; // as if its own importance were low
  markNodes(low, 0.5, 3);
  assert.equal(low.mark, 'meaningful');
  // Evidence: seen on two pages only, a node is neither noisy nor meaningful, and does not make
  // its parent mixed or stop it being noisy.
  const twice = leafNode('p', rep(2, { same: 1 }));      // H = 1 on two pages: template or a replica
  const once = leafNode('div', [{ banner: 1 }]);        // importance 1 on one page
  const box = internal('div', [[2, [twice]], [1, [once]], [5, [leafNode('nav', rep(5, { menu: 1 }))]]]);
  const top = internal('#root', [[8, [box]]]);
  computeImportance(top, 0.9);
  markNodes(top, 0.5, 3);
  assert.equal(twice.mark, 'uncertain');
  assert.equal(once.mark, 'uncertain');
  assert.equal(box.mark, 'mixed', 'the template leaf is noisy; the uncertain ones stop the box from being noisy');
  markNodes(top, 0.5, 1);
  assert.equal(twice.mark, 'noisy');
  assert.equal(once.mark, 'meaningful');
});

test('threshold rule: two-means split of page-weighted importances, cut halfway between the group means', () => {
  const s = twoMeansSplit([0, 0.1, 0.9, 1], [1, 1, 1, 1])!;
  close(s.low, 0.05); close(s.high, 0.95); close(s.cut, 0.5);
  // Weights move the means, not the split.
  const w = twoMeansSplit([0, 0.1, 0.9, 1], [3, 1, 1, 3])!;
  close(w.low, 0.1 / 4); close(w.high, 3.9 / 4);
  assert.equal(twoMeansSplit([0.4, 0.4, 0.4], [1, 2, 3]), null);
  // No two groups: the midpoint.
  const flat = internal('#root', [[4, [leafNode('a', rep(4, { x: 1 })), leafNode('b', rep(4, { y: 1 }))]]]);
  computeImportance(flat, 0.9);
  const c = chooseThreshold(flat, 'auto', 2);
  assert.equal(c.method, 'midpoint');
  assert.equal(c.threshold, 0.5);
  assert.deepEqual(chooseThreshold(flat, 0.3, 2), { threshold: 0.3, method: 'fixed', low: null, high: null, nodes: 2 });
});

// ---- golden 1: the hand-written shop (test/fixtures/style-tree/shop) ----

// The shop has 4 pages and each of its two article layouts 2: the paper judges nodes seen on 2
// pages (minEvidencePages: 2); the default asks for 3 and leaves them to the page level.
const SHOP = ['p1', 'p2', 'p3', 'p4'];
const PAPER = { minEvidencePages: 2 };

test('golden shop: importances, threshold and marks computed by hand from the definitions', () => {
  const docs = SHOP.map((f) => toDoc(read(`shop/${f}.html`)));
  const tree = learnStyleTree(docs, PAPER);
  const expected = JSON.parse(read('shop/expected.json'));
  assert.deepEqual(tree.elements.map((e) => [e.key, e.mark]), expected.tree);
  const imp = (key: string): number => tree.elements.find((e) => e.key === key)!.imp!;
  // div.top, div.foot, p.note: every feature once on each of the 4 pages, H = 1: importance 0.
  close(imp('div.top'), 0); close(imp('div.foot'), 0); close(imp('p.note'), 0);
  // Titles and descriptions: each word on one page: importance 1.
  for (const e of tree.elements) if (e.key === 'h1' || e.key === 'p') close(e.imp, 1);
  // p.note sits in both style nodes of div.main and is merged into one node on all 4 pages.
  assert.equal(tree.elements.find((e) => e.key === 'p.note')!.pages, 4);
  assert.equal(tree.counts.mergedElementNodes, 1);
  // div.main: styles [h1 p p.note] (2 pages) and [h1 p p p.note] (2 pages): NodeImp 1, l = 2.
  const main = 0.19 * 1 + 0.81 * (0.5 * (2 / 3) + 0.5 * (3 / 4));
  close(imp('div.main'), main);
  const body = 0.1 + 0.9 * ((0 + main + 0) / 3);
  close(imp('body'), body);
  // Threshold: values (weight) 0 (12), body (4), main (4), 1 (10); the best split is {0, body | main, 1}.
  const low = (4 * body) / 16, high = (4 * main + 10) / 14;
  assert.equal(tree.thresholdRule.method, 'two-means');
  close(tree.thresholdRule.low, low); close(tree.thresholdRule.high, high);
  close(tree.threshold, (low + high) / 2);
  assert.equal(tree.pages, 4);
  assert.equal(tree.kind, STYLE_TREE_KIND);
  assert.equal(tree.version, STYLE_TREE_VERSION);
  assert.deepEqual(tree.options, { ...DEFAULT_STYLE_TREE_OPTIONS, ...PAPER });
  assert.equal(tree.evidencePages, 2);
  // With the default evidence (3 pages) titles and descriptions are uncertain; the threshold is
  // read from the nodes on ≥ 3 pages: 0 (12), body (4), main (4), split {0, body | main}.
  const strict = learnStyleTree(docs);
  assert.deepEqual(strict.elements.map((e) => e.mark), expected.tree.map(([, m]: [string, string]) => (m === 'meaningful' ? 'uncertain' : m)));
  close(strict.threshold, ((4 * body) / 16 + main) / 2);
});

test('golden shop: mapping a page with one more paragraph (inexact style: aligned by LCS)', () => {
  const docs = SHOP.map((f) => toDoc(read(`shop/${f}.html`)));
  const tree = learnStyleTree(docs, PAPER);
  const expected = JSON.parse(read('shop/expected.json')).target;
  const doc = toDoc(read('shop/target.html'));
  const m = mapStyleTree(tree, doc);
  assert.deepEqual(m.noisy.map(nameOf), expected.noisy);
  assert.deepEqual(m.meaningful.map(nameOf), expected.meaningful);
  assert.deepEqual(m.unmatched.map(nameOf), expected.unmatched);
  assert.equal((m.unmatched[0].children[0] as { data: string }).data, expected.unmatchedText);
  assert.deepEqual(m.locallyNoisy, []);
  assert.equal(m.threshold, tree.threshold);
  for (const el of m.noisy) assert.equal(m.importance.get(el), 0);
  for (const el of m.meaningful) assert.equal(m.importance.get(el), 1);
  // Default evidence: the same template removed, the rest left to the page level.
  const strict = mapStyleTree(learnStyleTree(docs), doc);
  assert.deepEqual(strict.noisy.map(nameOf), expected.noisy);
  assert.deepEqual(strict.meaningful, []);
  assert.deepEqual(strict.unmatched.map(nameOf), ['h1', 'p', 'p', 'p']);
});

test('golden shop: labels overlay — NOISE with the importance in the reason, CONTENT, UNSET left to the page level', () => {
  const tree = learnStyleTree(SHOP.map((f) => toDoc(read(`shop/${f}.html`))), PAPER);
  const doc = toDoc(read('shop/target.html'));
  const labels = styleTreeLabels(tree, doc);
  const byName = (n: string): number[] => doc.elements.filter((e) => nameOf(e) === n).map((e) => labels.get(e));
  assert.deepEqual(byName('div.top'), [NOISE]);
  assert.deepEqual(byName('p.note'), [NOISE]);
  assert.deepEqual(byName('p'), [CONTENT, CONTENT, UNSET]);
  assert.deepEqual(byName('div.main'), [UNSET]);
  const top = doc.elements.find((e) => nameOf(e) === 'div.top')!;
  assert.match(labels.reason(top)!, /^style tree: noisy template part \(importance 0\.000 < threshold 0\.507; on 4 of 4 pages\)$/);
  const last = doc.elements.filter((e) => e.tag === 'p').at(-2)!;
  assert.match(labels.reason(last)!, /possibly meaningful; left to the page level/);
  assert.deepEqual(labels.contentRoots().map((e) => e.textLen > 0), [true, true, true]);
});

// ---- golden 2: the synthetic news site ----

test('golden news site: 40 pages; template parts noisy, the article meaningful on 5 unseen pages', () => {
  const pages = syntheticStyleSite({ count: 45, seed: 1 });
  const tree = learnStyleTree(pages.slice(0, 40).map((p) => toDoc(p.html)));
  assert.equal(tree.thresholdRule.method, 'two-means');
  assert.ok(tree.threshold > 0.45 && tree.threshold < 0.55, String(tree.threshold));
  assert.deepEqual(tree.elements.map((e) => `${e.key}:${e.mark}`), [
    '#root:mixed', 'body:mixed', 'header.site-header:noisy', 'nav.main-nav:noisy', 'div.layout:mixed',
    'footer.site-footer:noisy', 'main.content:meaningful', 'div.ad-slot#slot-#:mixed', 'aside.sidebar:noisy',
    'div.ad-box:mixed', 'span.ad-label:noisy', 'p.ad-text:meaningful', 'img:noisy', 'p:meaningful',
  ]);
  const names = (els: readonly DomElement[]): string[] => els.map((e) => nameOf(e).replace(/\d+/g, '#'));
  const m40 = mapStyleTree(tree, toDoc(pages[40].html));
  assert.deepEqual(names(m40.noisy), ['header.site-header', 'nav.main-nav', 'img', 'span.ad-label', 'aside.sidebar', 'footer.site-footer']);
  assert.deepEqual(names(m40.meaningful), ['main.content']);
  assert.deepEqual(names(m40.locallyNoisy), ['p'], 'the rotating slogan of the ad box: all its words are locally noisy');
  assert.deepEqual(m40.unmatched, []);
  const m42 = mapStyleTree(tree, toDoc(pages[42].html));
  assert.deepEqual(names(m42.noisy), ['header.site-header', 'nav.main-nav', 'div.ad-slot#slot-#', 'aside.sidebar', 'footer.site-footer']);
  assert.deepEqual(names(m42.meaningful), ['main.content']);
  // Against the truth on all five: every text of a template part is noise, every article text content.
  for (let i = 40; i < 45; i++) {
    const doc = toDoc(pages[i].html);
    const labels = styleTreeLabels(tree, doc);
    for (const el of doc.elements) {
      if (el.ownTextLen === 0 || !partOf(el)) continue;
      assert.equal(labels.effective(el), partOf(el) === 'template' ? NOISE : CONTENT, `page ${i}: ${nameOf(el)}`);
    }
  }
});

// ---- the enhancements ----

/** A distinct letters-only word for each number (digits would be masked to one feature). */
function word(n: number): string {
  let w = '';
  do { w += 'bcdfghjklmnpqrstvwz'[n % 19] + 'aeiou'[Math.floor(n / 19) % 5]; n = Math.floor(n / 95); } while (n > 0);
  return w;
}
const prose = (from: number, n: number): string => Array.from({ length: n }, (_, k) => word(from + k)).join(' ');

test('enhancement 1, element-node merging: a block kept in several style nodes is one node with all its pages', () => {
  // The navigation sits beside an optional banner: body has two styles; one page has a third.
  const page = (i: number, banner: boolean, poll: boolean): string => `<body>
<div class="nav"><a href="/">Home</a> <a href="/news">News</a> <a href="/help">Help</a></div>
${banner ? `<div class="banner">Spring sale number ${i}</div>` : ''}${poll ? '<div class="poll">Vote now for the quiz answer</div>' : ''}
<div class="text"><p>${prose(100 + 10 * i, 8)}</p></div></body>`;
  const docs = [page(0, true, false), page(1, true, false), page(2, false, false), page(3, false, false), page(4, true, false), page(5, false, true)].map(toDoc);
  const merged = learnStyleTree(docs);
  const plain = learnStyleTree(docs, { mergeElements: false });
  const navs = (t: typeof merged): Array<[number, string]> => t.elements.filter((e) => e.key === 'div.nav').map((e) => [e.pages, e.mark]);
  assert.deepEqual(navs(merged), [[6, 'noisy']]);
  // Unmerged, the page with the poll holds a navigation of its own, seen once; the paper's rule
  // calls it meaningful (importance 1), the default evidence rule (3 pages) uncertain.
  assert.deepEqual(navs(plain).sort(), [[1, 'uncertain'], [2, 'uncertain'], [3, 'noisy']]);
  assert.deepEqual(navs(learnStyleTree(docs, { mergeElements: false, minEvidencePages: 1 })).sort(), [[1, 'meaningful'], [2, 'noisy'], [3, 'noisy']]);
  // The navigation twice; the article boxes share no characteristic feature and stay apart.
  assert.equal(merged.counts.mergedElementNodes, 2);
  assert.equal(plain.counts.mergedElementNodes, 0);
  // The next page with a poll is cleaned of its navigation only with merging (the poll, seen once, is meaningful).
  const target = toDoc(page(6, false, true));
  assert.deepEqual(mapStyleTree(merged, target).noisy.map(nameOf), ['div.nav']);
  assert.deepEqual(mapStyleTree(plain, target).noisy.map(nameOf), []);
});

test('enhancement 1 on a site with optional blocks: merging removes more template text, never content', () => {
  const share = (options: object): { removed: number; kept: number } => {
    let tR = 0, tK = 0, cK = 0, cL = 0;
    // Eight seeds: on one sample of ten pages a rotating slogan can fall either way.
    for (let seed = 1; seed <= 8; seed++) {
      const pages = syntheticStyleSite({ count: 14, seed, site: 'gazette' }).map((p) => toDoc(p.html));
      const tree = learnStyleTree(pages.slice(0, 10), options);
      for (const doc of pages.slice(10)) {
        const labels = styleTreeLabels(tree, doc);
        for (const el of doc.elements) {
          const part = partOf(el);
          if (el.ownTextLen === 0 || !part) continue;
          let l = 0;
          for (let q: DomElement | null = el; q && !l; q = q.parent) l = labels.get(q);
          // Content counts as kept unless it is noise: unmatched parts go to the page level.
          if (part === 'template') { if (l === NOISE) tR += el.ownTextLen; else tK += el.ownTextLen; } else if (l !== NOISE) cK += el.ownTextLen; else cL += el.ownTextLen;
        }
      }
    }
    return { removed: tR / (tR + tK), kept: cK / (cK + cL) };
  };
  const merged = share({}), plain = share({ mergeElements: false });
  assert.equal(merged.kept, 1);
  assert.equal(plain.kept, 1);
  assert.ok(merged.removed > plain.removed + 0.05, `${merged.removed} vs ${plain.removed}`);
  assert.equal(overlap(new Set(['a', 'b']), new Set(['a', 'b', 'c', 'd'])), 1);
  assert.equal(overlap(new Set(), new Set()), 1);
  assert.equal(overlap(new Set(['a']), new Set()), 0);
  assert.equal(overlap(new Set(['a', 'x']), new Set(['a', 'b', 'c'])), 0.5);
});

test('enhancement 2, virtual leaves: a paragraph with its links is one leaf; without, its inline tags are leaves', () => {
  const doc = toDoc('<body><div><p>Read <a href="/x">this <b>bold</b> link</a> and <i>that</i>.</p><br><ul><li><a href="/"><img src="/i.png"></a></li></ul></div></body>');
  const outermost = (flags: Uint8Array): string[] =>
    doc.elements.filter((e) => e.id > doc.body!.id && flags[e.id] && !flags[e.parent!.id]).map(elementKey);
  assert.deepEqual(outermost(leafFlags(doc, true)), ['p', 'br', 'li']);
  assert.deepEqual(outermost(leafFlags(doc, false)), ['b', 'i', 'br', 'img']);
  const pages = [0, 1, 2].map((i) => toDoc(`<body><div class="c"><p>Words ${word(i)} <a href="/a">more</a></p></div></body>`));
  const v = learnStyleTree(pages);
  const nv = learnStyleTree(pages, { virtualLeaves: false });
  assert.equal(v.counts.elementNodes, 4);   // #root body div.c p
  assert.equal(nv.counts.elementNodes, 5);  // ... p a
});

test('enhancement 3, locally noisy features: a sign-off link inside meaningful text is noise', () => {
  const page = (i: number): string => `<body><div class="menu"><a href="/">Home</a></div><div class="story">` +
    Array.from({ length: 1 + (i % 3) }, (_, k) => `<p>${prose(1000 + 100 * i + 10 * k, 8)}.</p>`).join('') +
    `<p>${prose(5000 + 20 * i, 10)}. <a href="/subscribe">Subscribe today</a></p></div></body>`;
  const docs = Array.from({ length: 9 }, (_, i) => toDoc(page(i)));
  const tree = learnStyleTree(docs);
  const story = tree.elements.find((e) => e.key === 'div.story')!;
  assert.equal(story.mark, 'meaningful');
  assert.deepEqual(story.localNoise?.slice().sort(), ['href /subscribe', 'subscribe', 'today']);
  const doc = toDoc(page(9));
  const m = mapStyleTree(tree, doc);
  assert.deepEqual(m.meaningful.map(nameOf), ['div.story']);
  assert.deepEqual(m.locallyNoisy.map((e) => e.attr('href')), ['/subscribe']);
  const labels = styleTreeLabels(tree, doc);
  assert.equal(labels.get(m.locallyNoisy[0]), NOISE);
  assert.match(labels.reason(m.locallyNoisy[0])!, /locally noisy/);
  assert.equal(labels.effective(m.locallyNoisy[0].parent!), CONTENT);
  const off = learnStyleTree(docs, { localNoise: false });
  assert.deepEqual(mapStyleTree(off, doc).locallyNoisy, []);
});

test('the builder learns page by page, counts replicas once, and cannot be reused', () => {
  const pages = syntheticStyleSite({ count: 6, seed: 3 });
  const b = new StyleTreeBuilder();
  for (const p of pages) assert.equal(b.add(toDoc(p.html)), true);
  assert.equal(b.add(toDoc(pages[2].html)), false);
  assert.equal(b.pages, 6);
  const tree = b.finish();
  assert.deepEqual(tree.learnedFrom, { inputs: 7, duplicates: 1 });
  assert.deepEqual(JSON.parse(JSON.stringify(tree)), tree, 'plain JSON');
  assert.deepEqual(learnStyleTree(pages.map((p) => toDoc(p.html))).elements, tree.elements);
  assert.throws(() => b.add(toDoc(pages[0].html)), { code: 'E_BAD_OPTION' });
  assert.throws(() => b.finish(), { code: 'E_BAD_OPTION' });
});
