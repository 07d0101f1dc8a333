/**
 * Paper 000 (Zhang, Chen & Li), the tag-tree labeler: golden fixtures, the paper's rules on small
 * pages, and property tests of the algorithmic core (block weight, Algorithm 1; Formula 2).
 *
 * Golden fixtures: test/fixtures/tagtree/<case>/input.html (pages written for the purpose) and
 * expected.md (a ```json head with the page type and title, then the text), reviewed by hand
 * against §3.1 and §4 of the paper. A missing expected file fails; `node scripts/add-fixture.mjs
 * tagtree <case>` writes one from the current output for review.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { DomElement, type DomDocument } from '../src/dom/node.js';
import {
  buildTagTree, blockWeights, centralArea, childBlocks, decidePageType, featureVector, labelTagTree,
  HUB, IMAGE, TOPIC, type TagTree,
} from '../src/page/tag-tree.js';
import { renderText } from '../src/render/text.js';
import { renderHtml } from '../src/render/html.js';
import { renderExpected } from './fixture-format.js';

const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures', 'tagtree');

function parse(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

/** The first block whose element has this tag (and class, when given). */
function blockOf(t: TagTree, tag: string, cls?: string): number {
  for (let b = 0; b < t.size; b++) if (t.el[b].tag === tag && (cls === undefined || t.el[b].attr('class') === cls)) return b;
  throw new Error(`no block <${tag}${cls ? ` class=${cls}` : ''}>`);
}

// ---------------------------------------------------------------------------------------------
// Golden fixtures.

describe('tagtree fixtures', () => {
  for (const name of readdirSync(ROOT).sort()) {
    test(name, () => {
      const dir = join(ROOT, name);
      const expectedPath = join(dir, 'expected.md');
      assert.ok(existsSync(expectedPath), `${expectedPath} is missing: write it with scripts/add-fixture.mjs tagtree ${name} and review it`);
      const r = extract(readFileSync(join(dir, 'input.html')), { algorithm: 'tagtree' });
      // A golden fixture tests its own labeler: the fallback cascade must not have replaced it.
      assert.equal(r.attempts[0].algorithm, 'tagtree');
      assert.ok(r.attempts[0].accepted, `the cascade replaced tagtree's result: ${JSON.stringify(r.attempts)}`);
      assert.equal(renderExpected(r), readFileSync(expectedPath, 'utf8'));
    });
  }
});

// ---------------------------------------------------------------------------------------------
// §3.1: the tag tree and block types.

describe('tagtree §3.1: the markup tag tree', () => {
  test('container tags are the blocks; weighty tags, links, images and text are attributes of the nearest one', () => {
    const t = buildTagTree(parse('<body><div><p>one <b>two</b> <a href="/x">three four</a></p><span>five <img src="a.png"></span></div></body>'));
    assert.deepEqual(t.el.map((e) => e.tag), ['body', 'div', 'p']);
    assert.deepEqual([...t.parent], [-1, 0, 1]);
    const p = 2, div = 1;
    assert.equal(t.ownTerms[p], 4);
    assert.equal(t.ownAnchorTerms[p], 2);
    assert.equal(t.ownLinks[p], 1);
    assert.equal(t.ownForce[p], 1.2); // <b>
    assert.equal(t.ownTerms[div], 1); // "five", in a <span>: not a container
    assert.equal(t.ownImages[div], 1);
    assert.equal(t.terms[div], 5);
    assert.equal(t.terms[0], 5);
  });

  test('block type: hub when anchor terms exceed half the terms, image when images exceed one per ten terms, else topic', () => {
    const t = buildTagTree(parse('<body>' +
      '<div class="hub"><a href="/1">one two three</a> four five</div>' + // 3/5 anchor
      '<div class="even"><a href="/1">one two</a> three four</div>' + // 2/4 anchor: not more than half
      '<div class="image"><img src="a.png"> one two three four five six seven eight nine</div>' + // 1 image, 9 terms
      '<div class="topic"><img src="a.png"> one two three four five six seven eight nine ten</div>' + // 1 image, 10 terms
      '<div class="bare"><img src="a.png"></div>' + // images and no terms
      '</body>'));
    assert.equal(t.type[blockOf(t, 'div', 'hub')], HUB);
    assert.equal(t.type[blockOf(t, 'div', 'even')], TOPIC);
    assert.equal(t.type[blockOf(t, 'div', 'image')], IMAGE);
    assert.equal(t.type[blockOf(t, 'div', 'topic')], TOPIC);
    assert.equal(t.type[blockOf(t, 'div', 'bare')], IMAGE);
  });
});

// ---------------------------------------------------------------------------------------------
// §4.1 and §4.2: page type from the central area, and page-type cleaning.

const PROSE = [
  'A colony does not sleep through the cold months but forms a cluster around the queen and shivers to keep warm.',
  'The beekeeper makes sure the colony goes into winter strong, with a young queen and enough stored honey.',
  'A medium colony eats fifteen to twenty kilograms of honey between October and March in a temperate climate.',
];
const links = (n: number, prefix: string): string =>
  Array.from({ length: n }, (_, i) => `<li><a href="/${prefix}/${i}">${prefix} story number ${i} of the week</a></li>`).join('');

describe('tagtree §4.1: the page type is read on the central area', () => {
  // Link lists around the article hold most of the page's words: on the whole page, anchor terms
  // are the majority, but each list is peripheral (nav, aside, footer), so the page is a topic page.
  const around = `<body><nav><ul>${links(8, 'menu')}</ul></nav><div id="main"><h1>Winter bees</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</div>` +
    `<aside><ul>${links(6, 'popular')}</ul></aside><footer><ul>${links(6, 'more')}</ul></footer></body>`;
  // The same lists inside the central area make it a hub page.
  const inside = `<body><div id="main"><h1>Winter bees</h1><p>${PROSE[0]}</p><ul>${links(8, 'menu')}</ul><ul>${links(6, 'popular')}</ul><ul>${links(6, 'more')}</ul></div></body>`;

  test('link lists around a prose article: the page is mostly anchor terms, yet a topic page', () => {
    const doc = parse(around);
    const t = buildTagTree(doc);
    assert.ok(t.anchorTerms[0] > 0.5 * t.terms[0], `anchor share of the whole page ${t.anchorTerms[0]}/${t.terms[0]}`);
    const area = centralArea(t);
    assert.equal(t.el[area.root].attr('id'), 'main');
    assert.equal(decidePageType(t, area).pageType, 'topic');
    const r = extract(around, { algorithm: 'tagtree', title: true });
    assert.equal(r.pageType, 'topic');
    assert.equal(r.text, ['Winter bees', ...PROSE].join('\n'));
    assert.equal(extract(around, { algorithm: 'tagtree' }).text, PROSE.join('\n'), 'the headline is the title, not the body');
  });

  test('the same lists inside the central area: a hub page, whose central hyperlinks are kept', () => {
    const r = extract(inside, { algorithm: 'tagtree' });
    assert.equal(r.pageType, 'hub');
    for (const prefix of ['menu', 'popular', 'more']) assert.ok(r.text.includes(`${prefix} story number 5 of the week`), prefix);
  });

  test('a central area of images with short captions is an image page', () => {
    const figs = Array.from({ length: 6 }, (_, i) => `<figure><img src="/${i}.jpg"><figcaption>Harbour view number ${i}</figcaption></figure>`).join('');
    const r = extract(`<body><nav><a href="/">Home</a> <a href="/p">Photos</a></nav><div id="gallery">${figs}</div></body>`, { algorithm: 'tagtree' });
    assert.equal(r.pageType, 'image');
    assert.equal(r.text.split('\n').length, 6);
  });
});

describe('tagtree §4.2: topic page cleaning', () => {
  test('hub and image blocks inside the central area are pruned; inline links in prose are kept', () => {
    const html = `<body><div id="main"><h1>Winter bees</h1><p>${PROSE[0]} See <a href="/g">the guide</a>.</p>` +
      `<div class="fig"><img src="/c.jpg"></div><p>${PROSE[1]}</p><ul>${links(3, 'related')}</ul><p>${PROSE[2]}</p></div></body>`;
    const doc = parse(html);
    const labels = labelTagTree(doc);
    assert.equal(labels.pageType, 'topic');
    assert.equal(renderText(labels), ['Winter bees', `${PROSE[0]} See the guide.`, PROSE[1], PROSE[2]].join('\n'));
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random small pages.

const WORDS = ['honey', 'bee', 'hive', 'queen', 'winter', 'cluster', 'frame', 'wax', '蜂蜜', '巢'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' '));
const INLINE = ['b', 'strong', 'em', 'i', 'span', 'a href="/x"', 'font', 'u', 'mark', 'a'];
const CONTAINERS = ['div', 'section', 'article', 'td', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h6', 'p'];
/** Random nested markup: containers, weighty and other inline tags, links, images and text. */
const { node } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    text,
    fc.constant('<img src="/i.png">'),
    fc.tuple(fc.constantFrom(...INLINE), fc.array(tie('node'), { maxLength: 3 })).map(([t, xs]) => `<${t}>${xs.join(' ')}</${t.split(' ')[0]}>`),
    fc.tuple(fc.constantFrom(...CONTAINERS), fc.array(tie('node'), { maxLength: 4 })).map(([t, xs]) =>
      t === 'td' ? `<table><tr><td>${xs.join(' ')}</td></tr></table>` : t === 'li' ? `<ul><li>${xs.join(' ')}</li></ul>` : `<${t}>${xs.join(' ')}</${t}>`),
  ),
}));
const page = fc.array(node, { minLength: 1, maxLength: 6 }).map((xs) => `<html><body>${xs.join('\n')}</body></html>`);
const pageWithoutWeighty = page.map((h) => h.replace(/<(\/?)(b|strong|em|i|u|mark|font|big|h[1-6])>/g, '<$1span>'));
const RUNS = 200;

/** Algorithm 1 transcribed literally: every leaf multiplies itself, its parent and each sibling. */
function algorithm1(t: TagTree, mode: 'parent' | 'own'): number[] {
  const force = Array.from({ length: t.size }, (_, b) => (t.ownForce[b] > 0 ? t.ownForce[b] : 1)); // lines 4–9
  const bw = new Array<number>(t.size).fill(1); // lines 1–3
  for (let i = 0; i < t.size; i++) { // lines 10–18
    if (t.sub[i] !== 0) continue;
    bw[i] *= force[i];
    const p = t.parent[i];
    if (p < 0) continue;
    const pforce = mode === 'parent' ? force[p] : force[i];
    bw[p] *= pforce;
    for (const s of childBlocks(t, p)) if (s !== i) bw[s] *= pforce;
  }
  return bw;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** A leaf block with text that is not all anchor text (so a weighty tag around it has force). */
function leafWithProse(t: TagTree): number {
  for (let b = 1; b < t.size; b++) if (t.sub[b] === 0 && t.ownTerms[b] > 0 && t.ownAnchorTerms[b] === 0 && t.el[b].textLen > 0) return b;
  return -1;
}

/** Wraps the children of `el` in a new <strong> (a weighty tag of force 1.2) and recomputes the features. */
function wrapInStrong(doc: DomDocument, el: DomElement): void {
  const strong = new DomElement('strong', [], el.ns);
  strong.children = el.children;
  for (const c of strong.children) c.parent = strong;
  strong.parent = el;
  el.children = [strong];
  computeFeatures(doc);
}

describe('tagtree property: block weight (Algorithm 1)', () => {
  test('equals a literal transcription of Algorithm 1, for both readings of pforce', () => {
    fc.assert(fc.property(page, (html) => {
      const t = buildTagTree(parse(html));
      for (const mode of ['parent', 'own'] as const) {
        const fast = blockWeights(t, { pforce: mode });
        const slow = algorithm1(t, mode);
        for (let b = 0; b < t.size; b++) assert.ok(close(fast[b], slow[b]), `${mode}: block ${b} <${t.el[b].tag}>: ${fast[b]} vs ${slow[b]}`);
      }
    }), { numRuns: RUNS });
  });

  test('with no weighty tag every force is 1, so every block weight is 1', () => {
    fc.assert(fc.property(pageWithoutWeighty, (html) => {
      const t = buildTagTree(parse(html));
      for (const mode of ['parent', 'own'] as const) assert.ok(blockWeights(t, { pforce: mode }).every((w) => w === 1), mode);
    }), { numRuns: RUNS });
  });

  test('weights are positive and finite, even under a parent with thousands of weighty leaves', () => {
    const wide = parse('<body><div>' + '<p><b>heavy</b> words</p>'.repeat(5000) + '</div></body>');
    for (const mode of ['parent', 'own'] as const) {
      const w = blockWeights(buildTagTree(wide), { pforce: mode });
      assert.ok(w.every((x) => x > 0 && Number.isFinite(x)), mode);
    }
    fc.assert(fc.property(page, (html) => {
      assert.ok(blockWeights(buildTagTree(parse(html))).every((x) => x > 0 && Number.isFinite(x)));
    }), { numRuns: RUNS });
  });

  test('more force on a leaf never lowers a weight; it raises the leaf, and (pforce = own) its parent and siblings, by the same ratio', () => {
    fc.assert(fc.property(page, (html) => {
      const doc = parse(html);
      const t0 = buildTagTree(doc);
      const leaf = leafWithProse(t0);
      fc.pre(leaf > 0);
      const before = { parent: blockWeights(t0, { pforce: 'parent' }), own: blockWeights(t0, { pforce: 'own' }) };
      const f0 = t0.ownForce[leaf] > 0 ? t0.ownForce[leaf] : 1;
      const parent = t0.parent[leaf];
      const family = new Set([leaf, parent, ...childBlocks(t0, parent)]);
      wrapInStrong(doc, t0.el[leaf]);
      const t1 = buildTagTree(doc);
      assert.equal(t1.size, t0.size);
      const f1 = t1.ownForce[leaf];
      assert.ok(close(f1, (t0.ownForce[leaf] > 0 ? t0.ownForce[leaf] : 0) + 1.2), `force ${t0.ownForce[leaf]} → ${f1}`);
      const ratio = f1 / f0;
      assert.ok(ratio > 1);
      for (const mode of ['parent', 'own'] as const) {
        const w0 = before[mode], w1 = blockWeights(t1, { pforce: mode });
        for (let b = 0; b < t1.size; b++) {
          assert.ok(w1[b] >= w0[b] * (1 - 1e-12), `${mode}: block ${b} went down ${w0[b]} → ${w1[b]}`);
          const changes = b === leaf || (mode === 'own' && family.has(b));
          assert.ok(close(w1[b], changes ? w0[b] * ratio : w0[b]), `${mode}: block ${b}: ${w0[b]} → ${w1[b]} (ratio ${ratio})`);
        }
      }
    }), { numRuns: RUNS });
  });
});

describe('tagtree property: the feature vector (Formula 2)', () => {
  const tokenize = (s: string): string[] => s.toLowerCase().split(/\s+/).filter(Boolean);
  const stop = new Set(['wax']);

  test('unit length, stop words left out, and the same vector when every block weight is scaled alike', () => {
    fc.assert(fc.property(page, fc.double({ min: 0.01, max: 100, noNaN: true }), (html, k) => {
      const t = buildTagTree(parse(html));
      const v = featureVector(t, tokenize, stop);
      assert.ok(!v.has('wax'));
      if (v.size === 0) return;
      const norm = Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
      assert.ok(close(norm, 1), `norm ${norm}`);
      const w = blockWeights(t);
      const scaled = featureVector(t, tokenize, stop, { weights: w.map((x) => x * k) });
      for (const [f, x] of v) assert.ok(close(scaled.get(f)!, x), f);
    }), { numRuns: RUNS });
  });

  test('with all block weights 1 it is the normalised term frequency of the page', () => {
    fc.assert(fc.property(pageWithoutWeighty, (html) => {
      const doc = parse(html);
      const t = buildTagTree(doc);
      const v = featureVector(t, tokenize, new Set());
      const tf = new Map<string, number>();
      const walk = (el: DomElement): void => {
        for (const c of el.children) if (c.kind === 3) for (const w of tokenize(c.data)) tf.set(w, (tf.get(w) ?? 0) + 1); else walk(c);
      };
      walk(t.el[0]);
      const norm = Math.sqrt([...tf.values()].reduce((s, x) => s + x * x, 0));
      assert.deepEqual([...v.keys()].sort(), [...tf.keys()].sort());
      for (const [f, n] of tf) assert.ok(close(v.get(f)!, n / norm), f);
    }), { numRuns: RUNS });
  });
});

describe('tagtree property: determinism', () => {
  test('two parses of a page give the same tree, types, weights, central area, page type and labels', () => {
    fc.assert(fc.property(page, (html) => {
      const [a, b] = [parse(html), parse(html)];
      const [ta, tb] = [buildTagTree(a), buildTagTree(b)];
      assert.deepEqual([...ta.type], [...tb.type]);
      assert.deepEqual([...ta.terms], [...tb.terms]);
      assert.deepEqual([...blockWeights(ta)], [...blockWeights(tb)]);
      const [ca, cb] = [centralArea(ta), centralArea(tb)];
      assert.equal(ca.root, cb.root);
      assert.deepEqual(decidePageType(ta, ca), decidePageType(tb, cb));
      const [la, lb] = [labelTagTree(a), labelTagTree(b)];
      assert.deepEqual(la.marks, lb.marks);
      assert.deepEqual([...la.reasons], [...lb.reasons]);
      assert.equal(la.pageType, lb.pageType);
    }), { numRuns: RUNS });
  });

  test('block subtree counts are the sums of their children (the aggregation the types are read from)', () => {
    fc.assert(fc.property(page, (html) => {
      const t = buildTagTree(parse(html));
      for (let b = 0; b < t.size; b++) {
        const kids = childBlocks(t, b);
        assert.equal(t.sub[b], kids.reduce((s, c) => s + t.sub[c] + 1, 0));
        for (const key of ['terms', 'anchorTerms', 'images', 'links'] as const) {
          const own = { terms: t.ownTerms, anchorTerms: t.ownAnchorTerms, images: t.ownImages, links: t.ownLinks }[key][b];
          assert.equal(t[key][b], own + kids.reduce((s, c) => s + t[key][c], 0), `${key} of block ${b}`);
        }
      }
    }), { numRuns: RUNS });
  });
});

// ---------------------------------------------------------------------------------------------
// Known departures, kept as todo with their minimal repro.

test('tagtree is idempotent on its own clean HTML', {
  todo: 'the central path is chosen on term mass that cleaning then removes: without the hub list, the heaviest block holds 70% of the rest and the path descends past the heading',
}, () => {
  // The labeler itself (through extract, the cascade would take over on a page this short).
  const page = '<body><div><p>one two three four five six seven</p></div><h2>eight nine ten</h2><ul><li><a href="/y">a b c</a></li></ul></body>';
  const first = labelTagTree(parse(page));
  assert.equal(renderText(first), 'one two three four five six seven\neight nine ten');
  const again = labelTagTree(parse(renderHtml(first, '')));
  assert.equal(renderText(again), renderText(first));
});
