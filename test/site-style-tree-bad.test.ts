/**
 * Site Style Tree (paper 001) on bad input: too few pages, replicas, documents not annotated,
 * bad options, huge pages (10⁵ siblings, 10⁵ deep: every walk is iterative), and damaged or
 * other-version trees (typed E_SITE_MODEL errors, never a crash or a wrong mapping).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { learnStyleTree, type StyleTree } from '../src/site/style-tree.js';
import { mapStyleTree, styleTreeLabels, validateStyleTree } from '../src/site/style-map.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { DomElement, DomText, type DomDocument } from '../src/dom/node.js';
import { ThresherError } from '../src/errors.js';
import { syntheticStyleSite, toDoc } from './site-style-synthetic.js';

const site = syntheticStyleSite({ count: 8, seed: 11 });
const docs = (): DomDocument[] => site.map((p) => toDoc(p.html));

test('one page, no page, or only replicas: E_SITE_SAMPLE saying how many distinct pages there were', () => {
  assert.throws(() => learnStyleTree([toDoc(site[0].html)]), (e: unknown) => e instanceof ThresherError && e.code === 'E_SITE_SAMPLE' && /need at least 2 distinct pages, got 1/.test(e.message));
  assert.throws(() => learnStyleTree([]), { code: 'E_SITE_SAMPLE' });
  assert.throws(() => learnStyleTree(Array.from({ length: 5 }, () => toDoc(site[3].html))),
    (e: unknown) => e instanceof ThresherError && e.code === 'E_SITE_SAMPLE' && /4 duplicates of 5 inputs/.test(e.message) && e.details?.pages === 1);
  // Two distinct pages are enough.
  assert.equal(learnStyleTree([toDoc(site[0].html), toDoc(site[1].html), toDoc(site[0].html)]).pages, 2);
});

test('nearly identical pages: a tree is learned, and the pages map without error', () => {
  const a = '<body><div class="nav"><a href="/">Home</a></div><div class="c"><p>Same words on every page here.</p></div></body>';
  const pages = [a, a.replace('every', 'each')].map(toDoc);
  const tree = learnStyleTree(pages);
  for (const d of pages) assert.deepEqual(mapStyleTree(tree, d).unmatched, []);
});

test('documents without computeFeatures, and bad options, are E_BAD_OPTION', () => {
  const raw = parseHtml(site[0].html);
  assert.throws(() => learnStyleTree([raw, raw]), { code: 'E_BAD_OPTION' });
  const tree = learnStyleTree(docs());
  assert.throws(() => mapStyleTree(tree, raw), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnStyleTree(docs(), { gamma: 1 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnStyleTree(docs(), { threshold: 1.5 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnStyleTree(docs(), { maxLeafFeatures: 0 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnStyleTree(docs(), { localNoiseMinPages: 1 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnStyleTree('pages' as never), { code: 'E_BAD_OPTION' });
});

test('huge page: 10⁵ siblings are learned and mapped (inexact match aligned greedily)', () => {
  const page = (n: number, tag: string): DomDocument => toDoc(`<body><div class="list">${Array.from({ length: n }, (_, i) => `<${tag}>item ${tag} w${i % 7}</${tag}>`).join('')}</div></body>`);
  // Two pages, two styles: every item is seen once, so judge on one page (the paper's rule).
  const tree = learnStyleTree([page(100_000, 'p'), page(100_001, 'p')], { minEvidencePages: 1 });
  const m = mapStyleTree(tree, page(100_002, 'p'));
  assert.equal(m.unmatched.length, 1, 'the one extra sibling');
  assert.equal(m.noisy.length + m.meaningful.length + m.locallyNoisy.length, 100_001);
  const other = mapStyleTree(tree, page(1000, 'li'));
  assert.equal(other.unmatched.length, 1);
});

/** A chain of `depth` nested divs with text at the bottom, built without the parser. */
function deepDoc(depth: number, words: string): DomDocument {
  const root = new DomElement('#document', [], '');
  const htmlEl = new DomElement('html', [], 'http://www.w3.org/1999/xhtml');
  const body = new DomElement('body', [], htmlEl.ns);
  root.children.push(htmlEl); htmlEl.parent = root;
  htmlEl.children.push(body); body.parent = htmlEl;
  let cur = body;
  for (let i = 0; i < depth; i++) {
    const d = new DomElement('div', [], htmlEl.ns);
    d.parent = cur; cur.children.push(d); cur = d;
  }
  const t = new DomText(words); t.parent = cur; cur.children.push(t);
  const doc: DomDocument = { root, html: htmlEl, head: null, body, elements: [], truncated: false };
  computeFeatures(doc);
  return doc;
}

test('huge page: 10⁵ deep is learned, serialised, validated and mapped without recursion', () => {
  const pages = [deepDoc(100_000, 'deep words here'), deepDoc(100_000, 'other words there'), deepDoc(99_999, 'third page text')];
  const tree = learnStyleTree(pages);
  const copy = JSON.parse(JSON.stringify(tree)) as StyleTree;
  validateStyleTree(copy);
  for (const d of pages) assert.deepEqual(mapStyleTree(copy, d).unmatched, []);
  const m = mapStyleTree(copy, deepDoc(100_001, 'a new page'));
  assert.equal(m.noisy.length + m.meaningful.length + m.unmatched.length + m.locallyNoisy.length, 1);
});

// ---- damaged trees ----

const good = (): StyleTree => JSON.parse(JSON.stringify(learnStyleTree(docs()))) as StyleTree;

function assertModelError(x: unknown, pattern: RegExp): void {
  assert.throws(() => validateStyleTree(x), (e: unknown) => e instanceof ThresherError && e.code === 'E_SITE_MODEL' && pattern.test(e.message), String(pattern));
  assert.throws(() => mapStyleTree(x as StyleTree, toDoc(site[0].html)), { code: 'E_SITE_MODEL' });
}

test('another version, another kind, or not a tree: E_SITE_MODEL with a clear message', () => {
  const v2 = { ...good(), version: 2 };
  assertModelError(v2, /version 2 is not the supported version 1; learn the style tree again/);
  assert.throws(() => validateStyleTree(v2), (e: unknown) => (e as ThresherError).details?.found === 2);
  assertModelError({ ...good(), kind: 'thresher.text-templates' }, /kind is "thresher.text-templates"/);
  assertModelError(null, /expected an object/);
  assertModelError([], /expected an object/);
  assertModelError('{"kind":"thresher.style-tree"', /expected an object/);
});

test('damaged trees: bad indices, cycles, shared styles, values out of range, bad options', () => {
  const t1 = good(); t1.styles[0].elements.push(t1.elements.length + 5);
  assertModelError(t1, /not an element index/);
  const t2 = good(); t2.styles[t2.elements[1].styles[0]].elements.push(0);
  assertModelError(t2, /element 0 is its own descendant/);
  const t3 = good(); t3.elements[2].styles.push(t3.elements[1].styles[0]);
  assertModelError(t3, /belongs to two elements/);
  const t4 = good(); t4.elements[3].imp = 1.5;
  assertModelError(t4, /imp must be null or a number in \[0, 1\]/);
  const t5 = good(); (t5.elements[3] as { mark: string }).mark = 'boring';
  assertModelError(t5, /mark must be one of/);
  const t6 = good(); t6.threshold = NaN;
  assertModelError(t6, /threshold/);
  const t7 = good(); t7.options.gamma = 7;
  assertModelError(t7, /options.*gamma/);
  const t8 = good(); delete (t8 as Partial<StyleTree>).elements;
  assertModelError(t8, /elements must be a non-empty array/);
  const t9 = good(); t9.elements[1].localNoise = [3 as never];
  assertModelError(t9, /localNoise/);
});

test('property: any single damage to a tree is E_SITE_MODEL or still maps without throwing', () => {
  const base = JSON.stringify(learnStyleTree(docs()));
  const junk = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer({ min: -3, max: 400 }), fc.double(), fc.string({ maxLength: 5 }),
    fc.constant([]), fc.constant({}), fc.array(fc.integer({ min: -1, max: 60 }), { maxLength: 3 }));
  const target = toDoc(site[5].html);
  fc.assert(fc.property(fc.nat(), fc.nat(), junk, (pick, pick2, value) => {
    const t = JSON.parse(base);
    // Walk to a random container and overwrite one random key or index in it.
    let node: Record<string, unknown> = t;
    for (let step = 0; step < 3; step++) {
      const keys = Object.keys(node);
      if (!keys.length) break;
      const k = keys[(pick >> (step * 4)) % keys.length];
      const next = node[k];
      if (step < 2 && typeof next === 'object' && next !== null && (pick2 >> step) % 2 === 0) { node = next as Record<string, unknown>; continue; }
      node[k] = value;
      break;
    }
    try {
      validateStyleTree(t);
    } catch (e) {
      assert.ok(e instanceof ThresherError && e.code === 'E_SITE_MODEL', String(e));
      return;
    }
    styleTreeLabels(t, target);
  }), { numRuns: 400 });
});
