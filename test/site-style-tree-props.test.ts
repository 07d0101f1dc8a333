/**
 * Site Style Tree (paper 001): property tests of the algorithmic core — order independence,
 * importances in [0, 1], training pages map fully, another site maps mostly unmatched, and the
 * parts checked against brute force (leaf statistics, two-means, key alignment).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { learnStyleTree, type StyleTree } from '../src/site/style-tree.js';
import { mapStyleTree, validateStyleTree, alignKeys } from '../src/site/style-map.js';
import { FeatureSample, featureEntropy } from '../src/site/style-leaf-stats.js';
import { fnv1a } from '../src/site/style-features.js';
import { twoMeansSplit } from '../src/site/style-importance.js';
import { isAncestor, type DomDocument, type DomElement } from '../src/dom/node.js';
import { ThresherError } from '../src/errors.js';
import { seeded, styleSite, toDoc } from './site-style-synthetic.js';

// ---- random sites: shared blocks and per-page blocks from a small vocabulary, so pages overlap ----

interface Block { tag: string; cls: string; text: string; kids: Block[] }
const WORDS = ['alpha', 'beta', 'gamma', 'home', 'news', 'river', 'stone', 'the', '2024', 'x7'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((ws) => ws.join(' '));
const { tree: blockArb } = fc.letrec<{ tree: Block; leaf: Block; box: Block }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('box')),
  leaf: fc.record({ tag: fc.constantFrom('p', 'h2', 'span', 'a', 'img', 'li', 'br'), cls: fc.constantFrom('', 'x', 'y'), text, kids: fc.constant([]) }),
  box: fc.record({ tag: fc.constantFrom('div', 'section', 'ul', 'article'), cls: fc.constantFrom('', 'main', 'side'), text: fc.constant(''), kids: fc.array(tie('tree'), { maxLength: 4 }) }),
}));

function html(b: Block): string {
  const c = b.cls ? ` class="${b.cls}"` : '';
  if (b.tag === 'img') return `<img${c} src="/i/${b.text.split(' ')[0] || 'none'}.png">`;
  if (b.tag === 'br') return '<br>';
  if (b.tag === 'a') return `<a${c} href="/${b.text.replace(/ /g, '-')}">${b.text}</a>`;
  return `<${b.tag}${c}>${b.text}${b.kids.map(html).join('')}</${b.tag}>`;
}

const siteArb = fc.record({
  shared: fc.array(blockArb, { minLength: 1, maxLength: 3 }),
  pages: fc.array(fc.record({ picks: fc.array(fc.nat(5), { maxLength: 4 }), own: blockArb, at: fc.nat(4) }), { minLength: 2, maxLength: 7 }),
});
type Site = typeof siteArb extends fc.Arbitrary<infer T> ? T : never;

function pagesOf(site: Site): string[] {
  return site.pages.map((p) => {
    const parts = p.picks.map((k) => html(site.shared[k % site.shared.length]));
    parts.splice(p.at % (parts.length + 1), 0, html(p.own));
    return `<!doctype html><html><body>${parts.join('\n')}</body></html>`;
  });
}

/** Learns, or returns null when the pages hold fewer than two distinct pages (E_SITE_SAMPLE). */
function learnOrNull(docs: DomDocument[], options = {}): StyleTree | null {
  try {
    return learnStyleTree(docs, options);
  } catch (e) {
    if (e instanceof ThresherError && e.code === 'E_SITE_SAMPLE') return null;
    throw e;
  }
}

function shuffle<T>(xs: T[], seed: number): T[] {
  const r = seeded(seed), out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const optionsArb = fc.record({ maxLeafFeatures: fc.constantFrom(2, 4, 4096), mergeElements: fc.boolean(), virtualLeaves: fc.boolean() });

test('property: the same pages in any order (and with replicas) give the same tree', () => {
  fc.assert(fc.property(siteArb, fc.integer(), optionsArb, (site, seed, options) => {
    const docs = pagesOf(site).map(toDoc);
    const a = learnOrNull(docs, options);
    const shuffled = shuffle([...docs, ...docs.slice(0, 2).map((d) => toDoc(pagesOf(site)[docs.indexOf(d)]))], seed);
    const b = learnOrNull(shuffled, options);
    if (a === null || b === null) { assert.equal(a, b); return; }
    assert.equal(JSON.stringify({ ...a, learnedFrom: null }), JSON.stringify({ ...b, learnedFrom: null }));
  }), { numRuns: 150 });
});

test('property: importances and the threshold are in [0, 1]; the tree is valid plain JSON', () => {
  fc.assert(fc.property(siteArb, optionsArb, (site, options) => {
    const tree = learnOrNull(pagesOf(site).map(toDoc), options);
    if (!tree) return;
    assert.ok(tree.threshold >= 0 && tree.threshold <= 1);
    for (const x of [...tree.elements, ...tree.styles]) assert.ok(x.imp === null || (x.imp >= 0 && x.imp <= 1), String(x.imp));
    const copy = JSON.parse(JSON.stringify(tree));
    assert.deepEqual(copy, tree);
    validateStyleTree(copy);
  }), { numRuns: 150 });
});

/** The mapping's lists are disjoint, outermost, and only locally noisy elements sit inside meaningful ones. */
function checkMappingShape(m: ReturnType<typeof mapStyleTree>): void {
  const roots = [...m.noisy, ...m.meaningful, ...m.unmatched];
  assert.equal(new Set(roots).size, roots.length);
  for (const a of roots) for (const b of roots) assert.ok(a === b || !isAncestor(a, b), 'lists hold outermost elements');
  for (const x of m.locallyNoisy) assert.ok(!roots.includes(x) || !m.meaningful.includes(x));
}

test('property: every training page maps fully onto its tree (nothing unmatched) when every node is judged', () => {
  // minEvidencePages: 1 is the paper's rule; by default nodes seen on fewer pages are left unmatched on purpose.
  fc.assert(fc.property(siteArb, optionsArb, (site, options) => {
    const docs = pagesOf(site).map(toDoc);
    const tree = learnOrNull(docs, { ...options, minEvidencePages: 1 });
    if (!tree) return;
    for (const d of docs) {
      const m = mapStyleTree(tree, d);
      assert.deepEqual(m.unmatched, []);
      checkMappingShape(m);
    }
  }), { numRuns: 150 });
});

test('property: mapping any page onto any tree gives a well-formed mapping and never throws', () => {
  fc.assert(fc.property(siteArb, siteArb, (s1, s2) => {
    const tree = learnOrNull(pagesOf(s1).map(toDoc));
    if (!tree) return;
    for (const h of pagesOf(s2)) checkMappingShape(mapStyleTree(tree, toDoc(h)));
  }), { numRuns: 100 });
});

const textShare = (els: DomElement[], doc: DomDocument): number => els.reduce((s, e) => s + e.textLen, 0) / Math.max(1, doc.body!.textLen);

test('property: a page of another site is mostly unmatched', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 2, max: 12 }), fc.boolean(), (seed, n, flip) => {
    const [learnSite, otherSite] = flip ? ['harbor', 'ledger'] as const : ['ledger', 'harbor'] as const;
    const own = styleSite(seed, learnSite), other = styleSite(seed + 1, otherSite);
    const tree = learnStyleTree(Array.from({ length: n }, (_, i) => toDoc(own(i))));
    for (let i = 0; i < 3; i++) {
      const doc = toDoc(other(i));
      const m = mapStyleTree(tree, doc);
      assert.ok(textShare(m.unmatched, doc) >= 0.9, `unmatched share ${textShare(m.unmatched, doc)}`);
      // ...while a page of its own site is matched.
      const mine = toDoc(own(n + i));
      assert.ok(textShare(m.unmatched, doc) > textShare(mapStyleTree(tree, mine).unmatched, mine));
    }
  }), { numRuns: 25 });
});

// ---- parts against brute force ----

const pagesArb = fc.array(fc.dictionary(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123'.split('')), fc.integer({ min: 1, max: 4 }), { maxKeys: 8 }), { minLength: 1, maxLength: 12 });

test('property: the leaf feature sample keeps the k smallest-hash features with exact statistics, in any page order', () => {
  fc.assert(fc.property(pagesArb, fc.integer({ min: 1, max: 10 }), fc.integer(), fc.nat(12), (pages, k, seed, splitAt) => {
    const build = (ps: typeof pages): FeatureSample => {
      const s = new FeatureSample(k);
      for (const p of ps) s.addPage(new Map(Object.entries(p)));
      return s;
    };
    const a = build(pages), b = build(shuffle(pages, seed));
    // Merging two samples of disjoint pages equals sampling all pages.
    const c = build(pages.slice(0, splitAt)); c.merge(build(pages.slice(splitAt)));
    const M = pages.length;
    const all = new Map<string, number[]>();
    for (const p of pages) for (const [f, n] of Object.entries(p)) { if (!all.has(f)) all.set(f, []); all.get(f)!.push(n); }
    const expectNames = [...all.keys()].sort((x, y) => (fnv1a(x) - fnv1a(y)) || (x < y ? -1 : 1)).slice(0, k);
    for (const s of [a, b, c]) {
      const got = s.sorted();
      assert.deepEqual(got.map((x) => x.feature), expectNames);
      for (const x of got) {
        const counts = all.get(x.feature)!;
        const C = counts.reduce((u, v) => u + v, 0);
        assert.equal(x.total, C);
        assert.equal(x.pages, counts.length);
        const H = M <= 1 || counts.length <= 1 ? 0 : -counts.reduce((h, c1) => h + (c1 / C) * Math.log(c1 / C), 0) / Math.log(M);
        assert.ok(Math.abs(featureEntropy(x, M) - Math.min(1, H)) < 1e-6);
      }
    }
  }), { numRuns: 300 });
});

test('property: two-means finds the split of least within-group sum of squares (brute force)', () => {
  fc.assert(fc.property(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 30 }), (pairs) => {
    const values = pairs.map((p) => p[0]), weights = pairs.map((p) => p[1]);
    const got = twoMeansSplit(values, weights);
    const distinct = [...new Set(values)].sort((x, y) => x - y);
    if (distinct.length < 2) { assert.equal(got, null); return; }
    assert.ok(got);
    const sse = (lo: number[]): { sse: number; low: number; high: number } => {
      let w0 = 0, s0 = 0, w1 = 0, s1 = 0;
      pairs.forEach(([v, w]) => { if (lo.includes(v)) { w0 += w; s0 += w * v; } else { w1 += w; s1 += w * v; } });
      const m0 = s0 / w0, m1 = s1 / w1;
      let e = 0;
      pairs.forEach(([v, w]) => { e += w * (v - (lo.includes(v) ? m0 : m1)) ** 2; });
      return { sse: e, low: m0, high: m1 };
    };
    let best = Infinity;
    for (let i = 1; i < distinct.length; i++) best = Math.min(best, sse(distinct.slice(0, i)).sse);
    const mine = sse(distinct.filter((v) => v <= (got.low + got.high) / 2 && v < got.high));
    assert.ok(mine.sse <= best + 1e-9, `${mine.sse} > ${best}`);
    // Means of values a few ulps apart may round onto each other, and between two adjacent doubles
    // there is no third: the cut lies between the means, not strictly.
    assert.ok(got.low <= got.cut && got.cut <= got.high, `${got.low} ${got.cut} ${got.high}`);
  }), { numRuns: 300 });
});

function lcsLength(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = i + ',' + j;
    let v = memo.get(key);
    if (v === undefined) { v = a[i] === b[j] ? 1 + go(i + 1, j + 1) : Math.max(go(i + 1, j), go(i, j + 1)); memo.set(key, v); }
    return v;
  };
  return go(0, 0);
}

function assertCommonSubsequence(a: string[], b: string[], pairs: Array<[number, number]>): void {
  for (let p = 0; p < pairs.length; p++) {
    const [i, j] = pairs[p];
    assert.equal(a[i], b[j]);
    if (p) assert.ok(i > pairs[p - 1][0] && j > pairs[p - 1][1]);
  }
}

test('property: key alignment is a longest common subsequence; past the table limit, a common subsequence', () => {
  const keys = fc.array(fc.constantFrom('div', 'p', 'ul', 'div.a', 'nav'), { maxLength: 14 });
  fc.assert(fc.property(keys, keys, (a, b) => {
    const pairs = alignKeys(a, b);
    assertCommonSubsequence(a, b, pairs);
    assert.equal(pairs.length, lcsLength(a, b));
  }), { numRuns: 300 });
  const r = seeded(5);
  const big = (n: number): string[] => Array.from({ length: n }, () => ['p', 'div', 'h2'][Math.floor(r() * 3)]);
  const a = big(1500), b = big(1200);
  const pairs = alignKeys(a, b);
  assertCommonSubsequence(a, b, pairs);
  assert.ok(pairs.length > 600);
});
