/**
 * Paper 002 (DVPS) algorithm cores: Table 1's rules one by one, Eq. 5 and Eq. 9 on worked
 * examples, separators, the function-block thesaurus in ten languages, and property tests:
 * reconstruction never loses or duplicates a block and stops where the paper says; Doc stays on
 * its scale; Eq. 5 is invariant to translating or scaling the page with its blocks; the whole
 * labeler is deterministic, keeps every basic block exactly once, and never gives hidden text as
 * content, on random synthetic pages. One scaling check compares n with 10·n (no absolute times).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument } from '../src/dom/node.js';
import { ThresherError } from '../src/errors.js';
import { CONTENT, UNSET } from '../src/page/labels.js';
import { buildSyntheticPage, type BoxSpec, type PageSpec } from '../src/visual/synthetic-layout.js';
import { dvps, labelDvps } from '../src/visual/dvps.js';
import { DVPS_PARAMS } from '../src/visual/dvps-params.js';
import { applyRules, type RuleInput } from '../src/visual/dvps-rules.js';
import { relativeAmount, semanticImportance, spatialImportance } from '../src/visual/importance.js';
import { Shown, type Rect } from '../src/visual/layout.js';
import { reconstructBlocks } from '../src/visual/reconstruct.js';
import { detectSeparators, propertyDifference, separatorWeight, type Separator, type SeparatorSide } from '../src/visual/separators.js';
import { FUNCTION_THESAURUS, isFunctionBlock, matchFunctionTerms, THESAURUS_LANGS } from '../src/visual/thesaurus.js';
import { describeForest, describePool, describeSemantic, describeSeparators } from '../src/visual/describe.js';

const P = DVPS_PARAMS;

function parse(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

function throwsBad(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION' && pattern.test(e.message));
}

// ---------------------------------------------------------------------------------------------
describe('Table 1 rules', () => {
  // A block that no rule but rule 3 decides: divisible, mid-sized sub-nodes, enough words, mixed content.
  const base: RuleInput = { basic: false, hr: 0, nestedTables: 0, mixedTables: 0, largestShare: 0.2, virtualText: false, words: 100, sameBackground: true, bodyTagSubtrees: 1 };
  const v = (patch: Partial<RuleInput>) => applyRules({ ...base, ...patch }, P);

  test('rule 1: an <hr> divides, before any other rule', () => {
    assert.deepEqual([v({ hr: 1, virtualText: true }).mark, v({ hr: 1 }).rule], ['D', 'rule 1']);
  });
  test('rule 5: a nested table, or one whose cells look different, divides', () => {
    assert.equal(v({ nestedTables: 1 }).rule, 'rule 5');
    assert.deepEqual([v({ mixedTables: 2 }).mark, v({ mixedTables: 2 }).rule], ['D', 'rule 5']);
  });
  test('size gate: a divisible block with a sub-node of largeShare of the viewport divides; a basic block does not', () => {
    assert.deepEqual([v({ largestShare: 0.3 }).mark, v({ largestShare: 0.3 }).rule], ['D', 'container']);
    assert.notEqual(v({ largestShare: 0.3, basic: true }).rule, 'container');
  });
  test('rule 2: virtual text only → I, Doc 9', () => {
    assert.deepEqual([v({ virtualText: true }).mark, v({ virtualText: true }).doc, v({ virtualText: true }).rule], ['I', 9, 'rule 2']);
  });
  test('rule 6: fewer than T words → I, Doc 6', () => {
    assert.deepEqual([v({ words: P.fewWords - 1 }).doc, v({ words: P.fewWords - 1 }).rule], [6, 'rule 6']);
    assert.notEqual(v({ words: P.fewWords }).rule, 'rule 6');
  });
  test('rule 4: largest sub-node under the size threshold → I, Doc 7', () => {
    assert.deepEqual([v({ largestShare: 0.05 }).doc, v({ largestShare: 0.05 }).rule], [7, 'rule 4']);
  });
  test('rule 3: one background → I, Doc 8/7/6 by sub-trees with body tags; otherwise D', () => {
    assert.deepEqual([0, 1, 2, 3, 9].map((k) => v({ bodyTagSubtrees: k }).doc), [8, 8, 7, 6, 6]);
    assert.deepEqual([v({ sameBackground: false }).mark, v({ sameBackground: false }).rule], ['D', 'rule 3']);
  });
  test('every I verdict is above PDoc, every D verdict is the dividable Doc below it', () => {
    fc.assert(fc.property(
      fc.record({ basic: fc.boolean(), hr: fc.nat(2), nestedTables: fc.nat(1), mixedTables: fc.nat(1), largestShare: fc.double({ min: 0, max: 3, noNaN: true }),
        virtualText: fc.boolean(), words: fc.nat(200), sameBackground: fc.boolean(), bodyTagSubtrees: fc.nat(5) }),
      (x) => {
        const r = applyRules(x, P);
        return r.mark === 'I' ? r.doc > P.pDoc && r.doc <= 10 : r.doc === P.dividableDoc && r.doc <= P.pDoc;
      }));
  });
});

// ---------------------------------------------------------------------------------------------
describe('Eq. 5 and Eq. 9', () => {
  test('Eq. 5 on worked examples', () => {
    // The whole (square) page: centre 1, aspect 0, size 2 → (0.5 + 0 + 0.6) / 1.
    assert.ok(Math.abs(spatialImportance({ x: 0, y: 0, width: 1000, height: 1000 }, { x: 0, y: 0, width: 1000, height: 1000 }) - 1.1) < 1e-12);
    // A narrow left column: centre (0.05, 0.25), aspect 1 − 100/400, size 0.1 + 0.5.
    const d = Math.sqrt(0.45 ** 2 + 0.25 ** 2) / (Math.SQRT2 / 2);
    const want = 0.5 * (1 - d) + 0.2 * 0.75 + 0.3 * 0.6;
    assert.ok(Math.abs(spatialImportance({ x: 0, y: 0, width: 100, height: 400 }, { x: 0, y: 0, width: 1000, height: 800 }) - want) < 1e-12);
  });

  test('Eq. 9 on a worked example; Eq. 6–8 are shares', () => {
    // (0.7·300/1000 + 0.2·(1 − 30/300) + 0.1·(1 − 10/100)) / 1 = 0.21 + 0.18 + 0.09.
    assert.ok(Math.abs(semanticImportance({ textLen: 300, linkTextLen: 30, htmlNumber: 10 }, { textLen: 1000, htmlNumber: 100 }) - 0.48) < 1e-12);
    assert.equal(semanticImportance({ textLen: 0, linkTextLen: 0, htmlNumber: 0 }, { textLen: 0, htmlNumber: 0 }), 0);
    assert.deepEqual([relativeAmount(3, 12), relativeAmount(3, 0)], [0.25, 0]);
  });

  const rect = (maxW: number, maxH: number) => fc.record({
    x: fc.double({ min: 0, max: maxW, noNaN: true }), y: fc.double({ min: 0, max: maxH, noNaN: true }),
    width: fc.double({ min: 1, max: maxW, noNaN: true }), height: fc.double({ min: 1, max: maxH, noNaN: true }),
  });

  test('Eq. 5 is invariant to translating, and to scaling, the page together with its blocks', () => {
    fc.assert(fc.property(rect(2000, 5000), fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.double({ min: 0.01, max: 100, noNaN: true }), (b, dx, dy, k) => {
        const page: Rect = { x: 0, y: 0, width: 2000 + b.width, height: 5000 + b.height };
        const base = spatialImportance(b, page);
        const moved = spatialImportance({ ...b, x: b.x + dx, y: b.y + dy }, { ...page, x: dx, y: dy });
        const scaled = spatialImportance({ x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k },
          { x: 0, y: 0, width: page.width * k, height: page.height * k });
        return Math.abs(moved - base) < 1e-9 && Math.abs(scaled - base) < 1e-9;
      }));
  });

  test('Eq. 5 stays in [0, 1.3] for blocks on the page; Eq. 9 in [0, 1]', () => {
    fc.assert(fc.property(rect(1000, 1000), fc.nat(1000), fc.nat(1000), fc.nat(50), (b, t, l, h) => {
      const page = { x: 0, y: 0, width: 1000, height: 1000 };
      const box = { ...b, width: Math.min(b.width, 1000 - b.x) || 1, height: Math.min(b.height, 1000 - b.y) || 1 };
      const s = spatialImportance(box, page);
      const y = semanticImportance({ textLen: t, linkTextLen: Math.min(l, t), htmlNumber: h }, { textLen: 1000, htmlNumber: 50 });
      return s >= 0 && s <= 1.3 + 1e-12 && y >= 0 && y <= 1;
    }));
  });
});

// ---------------------------------------------------------------------------------------------
describe('separators', () => {
  const side = (box: Rect, patch: Partial<SeparatorSide> = {}): SeparatorSide => ({
    box, font: [16, 400], background: { r: 255, g: 255, b: 255, a: 1 }, linkDensity: 0, ...patch,
  });
  const pairs = (s: Separator[]) => s.map((x) => `${x.a}|${x.b} ${x.orientation[0]}`);

  test('neighbours only: a block in between hides the one beyond; side by side is vertical; overlapping blocks have none', () => {
    const blocks = [
      side({ x: 0, y: 0, width: 100, height: 10 }), side({ x: 0, y: 20, width: 100, height: 10 }),
      side({ x: 0, y: 40, width: 100, height: 10 }), side({ x: 120, y: 0, width: 50, height: 50 }),
      side({ x: 10, y: 5, width: 20, height: 20 }),
    ];
    // Block 4 overlaps 0 and 1: no separator with either; a line at x = 50 still joins 0 and 1.
    assert.deepEqual(pairs(detectSeparators(blocks, P)), ['0|1 h', '0|3 v', '1|2 h', '1|3 v', '2|3 v', '3|4 v']);
  });

  test('a line through a gutter still reaches the block beyond (the footer under two columns)', () => {
    const blocks = [side({ x: 0, y: 0, width: 300, height: 10 }), side({ x: 0, y: 20, width: 140, height: 50 }),
      side({ x: 160, y: 20, width: 140, height: 50 }), side({ x: 0, y: 80, width: 300, height: 10 })];
    assert.deepEqual(pairs(detectSeparators(blocks, P)), ['0|1 h', '0|2 h', '0|3 h', '1|2 v', '1|3 h', '2|3 h']);
  });

  test('weight: spacing in lines, difference the largest property gap', () => {
    const a = side({ x: 0, y: 0, width: 10, height: 10 }), b = side({ x: 0, y: 0, width: 10, height: 10 }, { font: [32, 700] });
    assert.equal(propertyDifference(a, b), 0.5);
    assert.equal(propertyDifference(a, side(a.box!, { linkDensity: 0.9 })), 0.9);
    assert.equal(propertyDifference(a, side(a.box!, { background: { r: 250, g: 250, b: 250, a: 1 } })), 0.5 + 0.5 * Math.sqrt(75) / (255 * Math.sqrt(3)));
    const w = separatorWeight(24, a, b, P);
    assert.deepEqual([w.spacing, w.difference, w.weight], [0.25, 0.5, 0.375]);
    assert.equal(separatorWeight(1000, a, a, P).spacing, 1);
  });
});

// ---------------------------------------------------------------------------------------------
describe('semantic block reconstruction', () => {
  // Two distinct blocks: b is a + d (mod n), 0 < d < n.
  const sepArb = (n: number) => fc.array(fc.record({ a: fc.nat(n - 1), d: fc.integer({ min: 1, max: n - 1 }), weight: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map(({ a, d, weight }): Separator => {
      const b = (a + d) % n;
      return { a: Math.min(a, b), b: Math.max(a, b), orientation: 'horizontal', gap: 0, spacing: 0, difference: 0, weight };
    }), { maxLength: 3 * n });
  const input = fc.integer({ min: 2, max: 30 }).chain((n) => fc.tuple(
    fc.array(fc.oneof(fc.constantFrom(5, 6, 7, 8, 9), fc.double({ min: 0, max: 10, noNaN: true })), { minLength: n, maxLength: n }), sepArb(n)));

  test('merging never loses or duplicates a block; merged blocks meet Doc > PDoc; Doc never grows; no separator is left that could merge', () => {
    fc.assert(fc.property(input, ([docs, seps]) => {
      const r = reconstructBlocks(docs, seps, P);
      const all = r.groups.flat().sort((x, y) => x - y);
      assert.deepEqual(all, docs.map((_, i) => i));
      const groupOf = new Map<number, number>();
      r.groups.forEach((g, k) => {
        assert.deepEqual([...g].sort((x, y) => x - y), g);
        for (const i of g) groupOf.set(i, k);
        const d = r.docs[k];
        assert.ok(d >= 0 && d <= 10);
        assert.ok(d <= Math.min(...g.map((i) => docs[i])));
        if (g.length > 1) assert.ok(d > P.pDoc);
        else assert.equal(d, docs[g[0]]);
      });
      for (const s of seps) {
        const ga = groupOf.get(s.a)!, gb = groupOf.get(s.b)!;
        if (ga !== gb) assert.ok(Math.min(r.docs[ga], r.docs[gb], 10 * (1 - s.weight)) <= P.pDoc, 'a mergeable separator was left');
      }
    }));
  });

  test('deterministic: the order the separators come in does not matter', () => {
    fc.assert(fc.property(input, fc.nat(), ([docs, seps], seed) => {
      const shuffled = [...seps].map((s, i) => ({ s, k: (i * 7919 + seed) % (seps.length + 1) })).sort((x, y) => x.k - y.k).map((x) => x.s);
      assert.deepEqual(reconstructBlocks(docs, shuffled, P).groups, reconstructBlocks(docs, seps, P).groups);
    }));
  });
});

// ---------------------------------------------------------------------------------------------
describe('function-block thesaurus', () => {
  test('every concept has terms in every language', () => {
    for (const [concept, entry] of Object.entries(FUNCTION_THESAURUS)) {
      for (const lang of THESAURUS_LANGS) assert.ok(entry[lang].length > 0, `${concept}/${lang}`);
    }
  });

  const footers: [string, string, string[]][] = [
    ['en', '© 2026 Courier. All rights reserved. Contact us · Privacy policy · Terms of use', ['contact', 'copyright', 'privacy', 'terms']],
    ['de', 'Impressum | Datenschutz | Kontakt | Alle Rechte vorbehalten', ['contact', 'copyright', 'disclaimer', 'privacy']],
    ['fr', 'Mentions légales - Plan du site - Nous contacter - Tous droits réservés', ['contact', 'copyright', 'disclaimer', 'sitemap']],
    ['es', 'Aviso legal · Política de privacidad · Contacto · Todos los derechos reservados', ['contact', 'copyright', 'disclaimer', 'privacy']],
    ['it', 'Chi siamo | Contatti | Note legali | Tutti i diritti riservati', ['about', 'contact', 'copyright', 'disclaimer']],
    ['pt', 'Sobre nós | Fale conosco | Termos de uso | Todos os direitos reservados', ['about', 'contact', 'copyright', 'terms']],
    ['nl', 'Over ons | Contact | Privacybeleid | Alle rechten voorbehouden', ['about', 'contact', 'copyright', 'privacy']],
    ['pl', 'O nas | Kontakt | Polityka prywatności | Wszelkie prawa zastrzeżone', ['about', 'contact', 'copyright', 'privacy']],
    ['ru', 'О нас | Контакты | Карта сайта | Все права защищены', ['about', 'contact', 'copyright', 'sitemap']],
    ['zh', '关于我们 | 联系我们 | 免责声明 | 版权所有 © 2013 新浪网', ['about', 'contact', 'copyright', 'disclaimer']],
  ];
  for (const [lang, text, concepts] of footers) {
    test(`${lang}: a footer is a function block`, () => {
      const m = matchFunctionTerms(text);
      assert.deepEqual(m.concepts, concepts);
      assert.ok(isFunctionBlock(m, P.thesaurus), JSON.stringify(m));
    });
  }

  test('tool lines (print, close, share) in several languages; a lone "Print" is one too', () => {
    for (const t of ['Print · Close · Share', 'Drucken | Schließen | Teilen', 'Imprimer Fermer Partager', 'Печать Закрыть Поделиться', '打印本页 关闭窗口', 'Print']) {
      assert.ok(isFunctionBlock(matchFunctionTerms(t), P.thesaurus), t);
    }
  });

  test('prose that mentions function words is not a function block', () => {
    const prose = 'The search for the missing boat went on until the close of the day; volunteers came home late, and the ' +
      'council will share the cost of the next search with the county, which has agreed to print new maps of the estuary for the crews.';
    const m = matchFunctionTerms(prose);
    assert.ok(m.concepts.length >= 3, m.concepts.join());
    assert.equal(isFunctionBlock(m, P.thesaurus), false);
    const zh = '今年秋收来得较晚，打谷场从黎明一直忙到田野上的最后一缕光消失，农民们在集市上比较各自的收成。';
    assert.equal(isFunctionBlock(matchFunctionTerms(zh), P.thesaurus), false);
  });

  test('Chinese terms are counted once, longest first; words are counted as the thesaurus sees them', () => {
    const m = matchFunctionTerms('版权所有');
    assert.deepEqual([m.terms, m.termWords, m.words], [['版权所有'], 4, 4]);
    assert.deepEqual(matchFunctionTerms('').words, 0);
  });
});

// ---------------------------------------------------------------------------------------------
// Random synthetic pages.
const WORDS = ['harvest', 'mill', 'river', 'barn', 'grain', 'road', 'bridge', 'supper', 'church', 'market', 'seed', 'weather'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 14 }).map((w) => w.join(' ') + '. ');
const inline = fc.oneof(text, fc.record({ tag: fc.constant('a'), children: fc.array(text, { minLength: 1, maxLength: 2 }) }));
const palette = fc.option(fc.constantFrom('#ffffff', '#f2f2f2', '#1a1a2e', 'rgba(0, 0, 0, 0)'), { nil: undefined });
const hide = fc.option(fc.constantFrom<Partial<BoxSpec>>({ display: 'none' }, { visibility: 'hidden' }, { width: 1, height: 1 }, { at: { x: -3000, y: 0 } }), { nil: undefined, freq: 8 });
const leaf = fc.record({ tag: fc.constantFrom('p', 'h2', 'blockquote'), children: fc.array(inline, { minLength: 1, maxLength: 3 }), hide });
const { node } = fc.letrec<{ node: BoxSpec }>((tie) => ({
  node: fc.oneof({ maxDepth: 4, depthIdentifier: 'page' },
    leaf.map(({ hide: h, ...b }) => ({ ...b, ...h })),
    fc.record({
      tag: fc.constantFrom('div', 'div', 'section', 'aside', 'nav', 'header', 'footer'), flow: fc.constantFrom<'column' | 'row'>('column', 'column', 'row'),
      gap: fc.constantFrom(0, 8, 24), padding: fc.constantFrom(0, 8), background: palette, hide,
      children: fc.array(fc.oneof({ depthIdentifier: 'page' }, tie('node'), inline), { maxLength: 4 }),
    }).map(({ hide: h, ...b }) => ({ ...b, ...h, children: b.flow === 'row' ? b.children.filter((c) => typeof c !== 'string' && c.tag !== 'a') : b.children })),
  ),
}));
const pageArb = fc.array(node, { minLength: 1, maxLength: 5 }).map((children): PageSpec => ({ body: { children } }));

describe('dvps on random synthetic pages', () => {
  test('every basic block lands in exactly one pool block and one semantic block; Docs on the 1–10 scale; deterministic', () => {
    fc.assert(fc.property(pageArb, (spec) => {
      const page = buildSyntheticPage(spec);
      const doc = parse(page.html);
      const r = dvps(doc, page.layout);
      assert.equal(r.join.unmatchedDom, 0);
      const shown = r.forest.nodes.filter((n) => n.own.visibleLeaves > 0).map((n) => n.index);
      const pooled = r.pool.blocks.flatMap((b) => b.nodes.map((n) => n.index)).sort((x, y) => x - y);
      assert.deepEqual(pooled, shown);
      assert.deepEqual(r.reconstruction.groups.flat().sort((x, y) => x - y), r.pool.blocks.map((b) => b.index));
      for (const b of r.pool.blocks) assert.ok(b.doc >= 1 && b.doc <= 10);
      for (const b of r.blocks) assert.ok(b.doc >= 0 && b.doc <= 10 && (b.members.length === 1 || b.doc > P.pDoc));
      const again = dvps(parse(page.html), buildSyntheticPage(spec).layout);
      assert.equal(describeForest(again.forest) + describePool(again.pool, again.forest) + describeSeparators(again.separators) + describeSemantic(again),
        describeForest(r.forest) + describePool(r.pool, r.forest) + describeSeparators(r.separators) + describeSemantic(r));
    }), { numRuns: 80 });
  });

  test('labels: a reason for every mark, the same twice, and nothing the browser hides is content', () => {
    fc.assert(fc.property(pageArb, (spec) => {
      const page = buildSyntheticPage(spec);
      const doc = parse(page.html);
      const labels = labelDvps(doc, page.layout);
      const twice = labelDvps(parse(page.html), page.layout);
      assert.deepEqual([...labels.marks], [...twice.marks]);
      assert.deepEqual([...labels.reasons], [...twice.reasons]);
      for (let i = 0; i < labels.marks.length; i++) assert.equal(labels.marks[i] !== UNSET, labels.reasons.has(i));
      const j = dvps(doc, page.layout).join;
      const eff = labels.effectiveAll();
      for (const el of doc.elements) {
        if (j.state[el.id] === Shown.VISIBLE || el.ownTextLen === 0) continue;
        const shownInside = doc.elements.slice(el.id + 1, el.id + el.tags + 1).some((d) => j.state[d.id] === Shown.VISIBLE);
        if (!shownInside) assert.notEqual(eff[el.id], CONTENT, `${el.tag} is not shown but is content`);
      }
    }), { numRuns: 80 });
  });
});

describe('dvps errors and diagnostics', () => {
  const page = buildSyntheticPage({ body: { children: [{ tag: 'p', children: ['A short page about the harvest and the mill by the river.'] }] } });
  test('bad parameters throw E_BAD_OPTION', () => {
    const doc = parse(page.html);
    throwsBad(() => labelDvps(doc, page.layout, { pDoc: Number.NaN }), /pDoc must be a finite number/);
    throwsBad(() => labelDvps(doc, page.layout, { spatialWeights: [0, 0, 0] }), /spatialWeights/);
    throwsBad(() => labelDvps(doc, page.layout, { spacingShare: 2 }), /spacingShare/);
    throwsBad(() => labelDvps(doc, { ...page.layout, version: 9 as 1 }), /version 9/);
  });
  test('a layout of another page is a W_LAYOUT_JOIN diagnostic, not an error', () => {
    const doc = parse('<!doctype html><html><head></head><body><main><div><p>Other text entirely, laid out elsewhere.</p></div></main></body></html>');
    const l = labelDvps(doc, page.layout);
    assert.equal(l.diagnostics?.[0].code, 'W_LAYOUT_JOIN');
    assert.match(l.diagnostics![0].message, /matches \d+ of the page's \d+ elements \(first without a box: \/html\[1\]\/body\[1\]\/main\[1\]\)/);
  });
});

describe('dvps scaling', () => {
  /** A page with n paragraphs, n sidebar links and n/10 cards: the pool grows with n too. */
  const big = (n: number): PageSpec => ({ body: { children: [
    { flow: 'row', gap: 24, children: [
      { tag: 'article', children: Array.from({ length: n }, (_, i) => ({ tag: 'p', children: [`${WORDS[i % 12]} and ${WORDS[(i * 5) % 12]} by the river, paragraph ${i}. `.repeat(3)] })) },
      { tag: 'aside', width: 300, background: '#f2f2f2', children: [{ tag: 'ul', children: Array.from({ length: n }, (_, i) => ({ tag: 'li', children: [{ tag: 'a', children: [`Link ${i}`] }] })) }] },
    ] },
    ...Array.from({ length: n / 10 }, (_, i): BoxSpec => ({ attrs: { class: 'card' }, gap: 4, children: [{ tag: 'h2', children: [`Card ${i}`] }, { tag: 'p', children: [`${WORDS[i % 12]} news in brief. `] }] })),
  ] } });
  function time(n: number): number {
    const page = buildSyntheticPage(big(n));
    const doc = parse(page.html);
    let best = Infinity;
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      dvps(doc, page.layout);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  }
  test('10·n elements take well under 100 times as long as n (near-linear)', () => {
    time(100); // warm up
    const small = time(200), large = time(2000);
    assert.ok(large < 30 * Math.max(small, 1), `n: ${small.toFixed(1)} ms, 10·n: ${large.toFixed(1)} ms`);
  });
});
