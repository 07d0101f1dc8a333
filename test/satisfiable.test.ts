/**
 * Paper 003 (Qi & Sun), the satisfiable sub-tree labeler: golden fixtures, the paper's §3.2
 * example, and property tests that the result is exactly the maximal satisfiable sub-tree set.
 *
 * Golden fixtures: test/fixtures/satisfiable/<case>/input.html (pages written for the purpose) and
 * expected.md (a ```json head with the page type and title, then the text), reviewed by hand
 * against §3.2 and §3.3.3. A missing expected file fails; `node scripts/add-fixture.mjs
 * satisfiable <case>` writes one from the current output for review.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { isAncestor, type DomDocument, type DomElement } from '../src/dom/node.js';
import { CJK_WEIGHT, measureText } from '../src/text/measure.js';
import {
  isSatisfiable, labelSatisfiable, satisfiableSubtrees, SATISFIABLE_PARAMS, type SatisfiableParams,
} from '../src/page/satisfiable.js';
import { renderElementText, renderText, finish } from '../src/render/text.js';
import { renderExpected } from './fixture-format.js';

const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures', 'satisfiable');

function parse(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

const LENGTH = (s: string): number => measureText(s).len;

// ---------------------------------------------------------------------------------------------
// Golden fixtures.

describe('satisfiable fixtures', () => {
  for (const name of readdirSync(ROOT).sort()) {
    test(name, () => {
      const dir = join(ROOT, name);
      const expectedPath = join(dir, 'expected.md');
      assert.ok(existsSync(expectedPath), `${expectedPath} is missing: write it with scripts/add-fixture.mjs satisfiable ${name} and review it`);
      const r = extract(readFileSync(join(dir, 'input.html')), { algorithm: 'satisfiable' });
      // A golden fixture tests its own labeler: the fallback cascade must not have replaced it.
      assert.equal(r.attempts[0].algorithm, 'satisfiable');
      assert.ok(r.attempts[0].accepted, `the cascade replaced satisfiable's result: ${JSON.stringify(r.attempts)}`);
      assert.equal(renderExpected(r), readFileSync(expectedPath, 'utf8'));
    });
  }

  test('paper-example: the §3.2 example, ROOT(SST) = {N1, N2} and ROOT(SST_max) = {N1}; L1 (the headline) is lost', () => {
    const doc = parse(readFileSync(join(ROOT, 'paper-example', 'input.html'), 'utf8'));
    const body = doc.body!;
    const [n1, linksDiv] = body.children.filter((c): c is DomElement => c.kind === 1 && c.tag === 'div');
    const n2 = n1.children.find((c): c is DomElement => c.kind === 1 && c.tag === 'p')!; // <p><b>Paragraph one</b>
    const { sst, roots } = satisfiableSubtrees(doc);
    assert.deepEqual(sst, [n1.id, n2.id]);
    assert.deepEqual(roots, [n1.id]);
    assert.ok(!sst.includes(linksDiv.id), 'the link list is all anchor text');
    const text = renderText(labelSatisfiable(doc));
    assert.ok(!text.includes('River ferry returns'), 'the <h2> (L1) is outside N1');
  });

  test('several-roots: two maximal sub-trees; the quote inside the story is satisfiable but not maximal; the link list fails γ, the tag cloud fails α', () => {
    const doc = parse(readFileSync(join(ROOT, 'several-roots', 'input.html'), 'utf8'));
    const byClass = (cls: string): DomElement => doc.elements.find((e) => e.attr('class') === cls)!;
    const quote = doc.elements.find((e) => e.tag === 'blockquote')!;
    const { sst, roots, measures } = satisfiableSubtrees(doc);
    assert.deepEqual(roots, [byClass('story').id, byClass('box').id]);
    assert.ok(sst.includes(quote.id));
    const li = byClass('mostread').children.find((c): c is DomElement => c.kind === 1)!.children.find((c): c is DomElement => c.kind === 1)!;
    assert.equal(li.tag, 'li');
    assert.ok(measures.maxNearText[li.id] >= SATISFIABLE_PARAMS.alpha && measures.slAnchor[li.id] > SATISFIABLE_PARAMS.gamma * measures.slText[li.id]);
    const tags = byClass('tags');
    assert.ok(measures.slText[tags.id] >= SATISFIABLE_PARAMS.beta && measures.maxNearText[tags.id] < SATISFIABLE_PARAMS.alpha);
    assert.ok(!sst.includes(li.id) && !sst.includes(tags.id));
  });

  test('cjk: no paragraph has 40 characters, yet with CJK-weighted LENGTH (a Han character counts 3) the article is satisfiable', () => {
    const html = readFileSync(join(ROOT, 'cjk', 'input.html'), 'utf8');
    const paras = [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]);
    assert.ok(paras.length >= 10 && paras.every((p) => p.length < SATISFIABLE_PARAMS.alpha), 'every paragraph is under α characters');
    assert.ok(paras.every((p) => LENGTH(p) >= SATISFIABLE_PARAMS.alpha), 'every paragraph is at least α by LENGTH');
    const doc = parse(html);
    const { roots } = satisfiableSubtrees(doc);
    assert.deepEqual(roots.map((id) => doc.elements[id].attr('class')), ['article']);
  });
});

describe('satisfiable: LENGTH', () => {
  test('CJK characters count CJK_WEIGHT, whitespace runs count one, surrounding whitespace nothing', () => {
    assert.equal(LENGTH('茶园'), 2 * CJK_WEIGHT);
    assert.equal(LENGTH('  tea   garden \n'), 'tea garden'.length);
    assert.equal(LENGTH('春茶 tea'), 2 * CJK_WEIGHT + 4);
  });

  test('the paper\'s thresholds and a text node exactly at α and β', () => {
    assert.deepEqual({ ...SATISFIABLE_PARAMS }, { G: 2, alpha: 40, beta: 100, gamma: 0.3 });
    const forty = 'x'.repeat(40), sixty = 'y'.repeat(60);
    // body > div > p > text: the pgNode of both texts is the div; 40 + 60 = 100 = β.
    const doc = parse(`<body><div><p>${forty}</p><p>${sixty}</p></div></body>`);
    const div = doc.body!.children.find((c): c is DomElement => c.kind === 1)!;
    assert.deepEqual(satisfiableSubtrees(doc).roots, [div.id]);
    const short = parse(`<body><div><p>${'x'.repeat(39)}</p><p>${'y'.repeat(39)}</p><p>${'z'.repeat(39)}</p></div></body>`);
    assert.deepEqual(satisfiableSubtrees(short).roots, [], 'no text node reaches α');
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: a brute-force reading of §3.2 and §3.3.3 on random small pages.

const WORDS = ['tea', 'garden', 'spring', 'leaves', 'harvest', 'the', 'picked', 'morning', '茶', '春天', '采摘', ' ', '\n  '];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 24 }).map((ws) => ws.join(' '));
const TAGS = ['div', 'p', 'span', 'b', 'section', 'td', 'li', 'a href="/x"', 'a', 'h2', 'blockquote'];
const { node } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    text,
    text,
    fc.tuple(fc.constantFrom(...TAGS), fc.array(tie('node'), { maxLength: 4 })).map(([t, xs]) =>
      t === 'td' ? `<table><tr><td>${xs.join('')}</td></tr></table>` : t === 'li' ? `<ul><li>${xs.join('')}</li></ul>` : `<${t}>${xs.join('')}</${t.split(' ')[0]}>`),
  ),
}));
// Mostly sections at the top, so that a page often has several maximal sub-trees (about one in eight).
const section = fc.tuple(fc.constantFrom('div', 'section', 'article'), fc.array(node, { minLength: 1, maxLength: 5 })).map(([t, xs]) => `<${t}>${xs.join('')}</${t}>`);
const page = fc.array(fc.oneof(section, section, section, node), { minLength: 1, maxLength: 6 })
  .map((xs) => `<html><head><title>t</title></head><body>${xs.join('')}</body></html>`);
const params = fc.record({
  G: fc.integer({ min: 1, max: 4 }),
  alpha: fc.integer({ min: 0, max: 60 }),
  beta: fc.integer({ min: 0, max: 200 }),
  gamma: fc.double({ min: 0, max: 1, noNaN: true }),
});
const RUNS = 300;

interface TextNode { data: string; len: number; parent: DomElement; anchor: boolean }

/** Every text node of the body with its LENGTH and whether it is anchor text (inside <a href>). */
function textNodes(doc: DomDocument): TextNode[] {
  const out: TextNode[] = [];
  const walk = (el: DomElement, anchor: boolean): void => {
    const a = anchor || (el.tag === 'a' && el.attr('href') !== undefined);
    for (const c of el.children) if (c.kind === 3) out.push({ data: c.data, len: LENGTH(c.data), parent: el, anchor: a }); else walk(c, a);
  };
  let anchor = false;
  for (let p = doc.body!.parent; p; p = p.parent) if (p.tag === 'a' && p.attr('href') !== undefined) anchor = true;
  walk(doc.body!, anchor);
  return out;
}

/** Generations from `el` down to its descendant text node `t` (a direct text child is generation 1), or -1. */
function generation(el: DomElement, t: TextNode): number {
  let g = 1;
  for (let p: DomElement | null = t.parent; p; p = p.parent, g++) if (p === el) return g;
  return -1;
}

/** §3.2, read directly: conditions (1) and (2) for the sub-tree rooted at `el`. */
function satisfiableByDefinition(el: DomElement, texts: TextNode[], p: SatisfiableParams): boolean {
  let near = false, slText = 0, slAnchor = 0;
  for (const t of texts) {
    const g = generation(el, t);
    if (g < 0) continue;
    if (g <= p.G && t.len >= p.alpha) near = true;
    slText += t.len;
    if (t.anchor) slAnchor += t.len;
  }
  return near && slText >= p.beta && slAnchor <= p.gamma * slText;
}

/** §3.3.3 deNoise: from every non-empty text node, G generations up (never above <body>): the candidate pgNodes. */
function candidates(doc: DomDocument, texts: TextNode[], G: number): Set<DomElement> {
  const out = new Set<DomElement>();
  for (const t of texts) {
    if (t.len === 0) continue;
    let pg = t.parent;
    for (let k = 1; k < G && pg !== doc.body && pg.parent; k++) pg = pg.parent;
    out.add(pg);
  }
  return out;
}

function textOf(el: DomElement): string {
  const out: string[] = [];
  renderElementText(el, null, out);
  return finish(out);
}

describe('satisfiable property: the maximal satisfiable sub-tree set', () => {
  test('SST is exactly the satisfiable pgNodes of §3.3.3, by a brute-force reading of §3.2', () => {
    fc.assert(fc.property(page, params, (html, p) => {
      const doc = parse(html);
      const texts = textNodes(doc);
      const expected = [...candidates(doc, texts, p.G)].filter((el) => satisfiableByDefinition(el, texts, p)).map((el) => el.id).sort((a, b) => a - b);
      const { sst, measures } = satisfiableSubtrees(doc, p);
      assert.deepEqual(sst, expected);
      for (const id of sst) assert.ok(isSatisfiable(id, measures, p));
    }), { numRuns: RUNS });
  });

  test('ROOT(SST_max): every root is in SST, no root lies inside another SST member, and every SST member lies in a root', () => {
    fc.assert(fc.property(page, params, (html, p) => {
      const doc = parse(html);
      const { sst, roots } = satisfiableSubtrees(doc, p);
      const els = doc.elements;
      for (const r of roots) {
        assert.ok(sst.includes(r), `root ${r} is not in SST`);
        for (const s of sst) assert.ok(!isAncestor(els[s], els[r]), `root ${r} lies inside SST member ${s}`);
      }
      for (const s of sst) assert.ok(roots.some((r) => r === s || isAncestor(els[r], els[s])), `SST member ${s} is in no root`);
      assert.deepEqual([...roots].sort((a, b) => a - b), roots, 'roots in document order');
    }), { numRuns: RUNS });
  });

  test('the labels: the content roots are ROOT(SST_max), and the text is getText of each root, in order', () => {
    fc.assert(fc.property(page, params, (html, p) => {
      const doc = parse(html);
      const { roots } = satisfiableSubtrees(doc, p);
      const labels = labelSatisfiable(doc, p);
      assert.deepEqual(labels.contentRoots().map((e) => e.id), roots);
      assert.equal(renderText(labels), roots.map((id) => textOf(doc.elements[id])).filter(Boolean).join('\n'));
    }), { numRuns: RUNS });
  });

  test('stricter thresholds (α, β up, γ down; G fixed) give a subset of SST and keep a subset of the text', () => {
    const stricter = params.chain((p) => fc.record({
      G: fc.constant(p.G),
      alpha: fc.integer({ min: p.alpha, max: p.alpha + 40 }),
      beta: fc.integer({ min: p.beta, max: p.beta + 150 }),
      gamma: fc.double({ min: 0, max: p.gamma, noNaN: true }),
    }).map((q) => [p, q] as const));
    fc.assert(fc.property(page, stricter, (html, [loose, strict]) => {
      const doc = parse(html);
      const a = satisfiableSubtrees(doc, loose), b = satisfiableSubtrees(doc, strict);
      for (const id of b.sst) assert.ok(a.sst.includes(id), `${id} satisfiable under ${JSON.stringify(strict)} but not ${JSON.stringify(loose)}`);
      const els = doc.elements;
      for (const r of b.roots) assert.ok(a.roots.some((q) => q === r || isAncestor(els[q], els[r])), `strict root ${r} is not covered`);
    }), { numRuns: RUNS });
  });

  test('deterministic: two parses give the same SST, roots and labels', () => {
    fc.assert(fc.property(page, params, (html, p) => {
      const [a, b] = [parse(html), parse(html)];
      assert.deepEqual(satisfiableSubtrees(a, p).sst, satisfiableSubtrees(b, p).sst);
      const [la, lb] = [labelSatisfiable(a, p), labelSatisfiable(b, p)];
      assert.deepEqual(la.marks, lb.marks);
      assert.deepEqual([...la.reasons], [...lb.reasons]);
    }), { numRuns: RUNS });
  });
});
