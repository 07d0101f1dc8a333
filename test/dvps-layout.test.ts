/**
 * The layout input of paper 002 (src/visual/layout.ts, colour.ts, synthetic-layout.ts): the
 * snapshot's checks, its join to thresher's tree (tolerant of elements missing on either side),
 * the states it derives (display:none, hidden, zero-size, off the page), painted backgrounds, and
 * the synthetic layout engine the other DVPS tests stand on.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument, DomElement } from '../src/dom/node.js';
import { ThresherError } from '../src/errors.js';
import { colourDistance, composite, parseColour } from '../src/visual/colour.js';
import {
  elementPath, joinLayout, LAYOUT_SNAPSHOT_VERSION, Shown, snapshotPath, validateLayout, type ElementLayout, type LayoutSnapshot,
} from '../src/visual/layout.js';
import { buildSyntheticPage, syntheticLayoutOf, type PageSpec } from '../src/visual/synthetic-layout.js';
import { labelDvps } from '../src/visual/dvps.js';

function parse(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

const SPEC: PageSpec = {
  title: 'T',
  body: { padding: 8, gap: 10, children: [
    { tag: 'header', background: '#333333', children: ['Logo ', { tag: 'a', children: ['Home'] }] },
    { flow: 'row', gap: 20, children: [
      { tag: 'article', children: [{ tag: 'h1', children: ['Title'] }, { tag: 'p', children: ['Some text. '.repeat(30)] }] },
      { tag: 'aside', width: 300, background: 'rgb(238, 238, 238)', children: [{ tag: 'ul', children: [{ tag: 'li', children: [{ tag: 'a', children: ['x'] }] }] }] },
    ] },
    { attrs: { class: 'gone' }, display: 'none', children: [{ tag: 'p', children: ['hidden'] }] },
    { tag: 'table', children: [{ tag: 'tr', children: [{ tag: 'td', children: ['a'] }, { tag: 'td', children: ['b'] }] }] },
  ] },
};

const find = (doc: DomDocument, pred: (e: DomElement) => boolean): DomElement => doc.elements.find(pred)!;

function throwsBad(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION' && pattern.test(e.message));
}

describe('colours', () => {
  test('computed colour syntaxes parse; unknown ones are null', () => {
    assert.deepEqual(parseColour('rgb(255, 0, 10)'), { r: 255, g: 0, b: 10, a: 1 });
    assert.deepEqual(parseColour('rgba(0, 0, 0, 0)'), { r: 0, g: 0, b: 0, a: 0 });
    assert.deepEqual(parseColour('transparent'), { r: 0, g: 0, b: 0, a: 0 });
    assert.deepEqual(parseColour('#fff'), { r: 255, g: 255, b: 255, a: 1 });
    assert.deepEqual(parseColour('color(srgb 1 0 0 / 0.5)'), { r: 255, g: 0, b: 0, a: 0.5 });
    assert.deepEqual(parseColour('rgb(0 128 255 / 50%)'), { r: 0, g: 128, b: 255, a: 0.5 });
    assert.equal(parseColour('oklch(0.7 0.1 200)'), null);
    assert.equal(parseColour('color(display-p3 1 0 0)'), null);
    assert.equal(parseColour('#ggg'), null);
  });

  test('compositing and distance', () => {
    const half = composite({ r: 0, g: 0, b: 0, a: 0.5 }, { r: 255, g: 255, b: 255, a: 1 });
    assert.deepEqual([Math.round(half.r), half.a], [128, 1]);
    assert.ok(Math.abs(colourDistance({ r: 0, g: 0, b: 0, a: 1 }, { r: 255, g: 255, b: 255, a: 1 }) - 1) < 1e-12);
  });
});

describe('layout snapshot checks', () => {
  const ok = (): LayoutSnapshot => buildSyntheticPage(SPEC).layout;
  test('a synthetic snapshot passes', () => validateLayout(ok()));
  test('malformed snapshots throw E_BAD_OPTION naming the problem', () => {
    throwsBad(() => validateLayout(null), /not an object/);
    throwsBad(() => validateLayout({ ...ok(), version: 2 }), /version 2/);
    throwsBad(() => validateLayout({ ...ok(), page: { width: 0, height: 10 } }), /page must have a positive/);
    throwsBad(() => validateLayout({ ...ok(), elements: 'x' }), /elements must be an array/);
    const bad = (patch: Partial<ElementLayout>, at = 5): LayoutSnapshot => {
      const s = ok();
      s.elements[at] = { ...s.elements[at], ...patch };
      return s;
    };
    throwsBad(() => validateLayout(bad({ parent: 9 })), /parent must be -1 or the index of an earlier entry/);
    throwsBad(() => validateLayout(bad({ nth: 0 })), /nth must be an integer >= 1/);
    throwsBad(() => validateLayout(bad({ x: NaN })), /x must be a finite number/);
    throwsBad(() => validateLayout(bad({ width: -1 })), /negative size/);
    throwsBad(() => validateLayout(bad({ display: undefined as unknown as string })), /display, visibility and background/);
    const dup = ok();
    dup.elements.push({ ...dup.elements[dup.elements.length - 1] });
    throwsBad(() => validateLayout(dup), /repeats/);
  });
  test('joinLayout needs computed features', () => {
    throwsBad(() => joinLayout(parseHtml('<p>x'), ok()), /computeFeatures/);
  });
});

describe('join', () => {
  test('a synthetic page joins completely, by path', () => {
    const page = buildSyntheticPage(SPEC);
    const doc = parse(page.html);
    const j = joinLayout(doc, page.layout);
    assert.equal(j.unmatchedDom, 0);
    assert.equal(j.unmatchedSnapshot, 0);
    for (let i = 1; i < doc.elements.length; i++) {
      const e = j.entry[i]!;
      assert.equal(snapshotPath(page.layout, page.layout.elements.indexOf(e)), elementPath(doc.elements[i]));
    }
    assert.equal(elementPath(find(doc, (e) => e.tag === 'td' && e.textLen > 0 && e.children.some((c) => c.kind === 3 && c.data === 'b'))),
      '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[2]');
  });

  test('elements thresher drops (script, button, iframe) shift no other element', () => {
    const html = '<!doctype html><html><head></head><body><script>1</script><div>a</div><button>b</button><div>c</div><iframe></iframe><div>d</div></body></html>';
    const doc = parse(html);
    const s: LayoutSnapshot = { version: LAYOUT_SNAPSHOT_VERSION, viewport: { width: 100, height: 100 }, page: { width: 100, height: 100 }, elements: [] };
    const add = (parent: number, tag: string, nth: number, y = 0): number => {
      s.elements.push({ parent, tag, nth, x: 0, y, width: 100, height: 10, display: 'block', visibility: 'visible', background: 'transparent', fontSize: 16, fontWeight: 400 });
      return s.elements.length - 1;
    };
    const html0 = add(-1, 'html', 1), body = add(html0, 'body', 1);
    add(html0, 'head', 1);
    add(body, 'script', 1); add(body, 'div', 1, 0); add(body, 'button', 1); add(body, 'div', 2, 10); add(body, 'iframe', 1); add(body, 'div', 3, 20);
    const j = joinLayout(doc, s);
    const divs = doc.elements.filter((e) => e.tag === 'div');
    assert.deepEqual(divs.map((d) => j.entry[d.id]!.y), [0, 10, 20]);
    assert.equal(j.unmatchedDom, 0);
    assert.equal(j.unmatchedSnapshot, 3);
  });

  test('an entry missing from the snapshot leaves its subtree without a box, and nothing else', () => {
    const page = buildSyntheticPage(SPEC);
    const doc = parse(page.html);
    const layout = structuredClone(page.layout);
    const articleIdx = layout.elements.findIndex((e) => e.tag === 'article');
    // Drop the article entry and re-point nothing: its children now name a parent that has no partner.
    layout.elements[articleIdx] = { ...layout.elements[articleIdx], tag: 'section' };
    const j = joinLayout(doc, layout);
    const article = find(doc, (e) => e.tag === 'article');
    assert.equal(j.entry[article.id], undefined);
    assert.equal(j.state[article.id], Shown.NO_BOX);
    assert.equal(j.unmatchedDom, 1 + article.tags);
    assert.equal(j.unmatchedSnapshot, 1 + article.tags);
    assert.equal(j.unmatchedExamples[0], '/html[1]/body[1]/div[1]/article[1]');
    const aside = find(doc, (e) => e.tag === 'aside');
    assert.equal(j.state[aside.id], Shown.VISIBLE);
  });

  test('states: display:none reaches the subtree; zero-size, hidden, opacity and off-page are told apart', () => {
    const page = buildSyntheticPage({ body: { children: [
      { attrs: { id: 'none' }, display: 'none', children: [{ attrs: { id: 'inside' }, children: ['x'] }] },
      { attrs: { id: 'zero' }, width: 1, height: 1, children: ['x'] },
      { attrs: { id: 'hid' }, visibility: 'hidden', children: ['x', { tag: 'span', attrs: { id: 'back' }, visibility: 'visible', children: ['y'] }] },
      { attrs: { id: 'op' }, opacity: 0, children: [{ tag: 'span', attrs: { id: 'op-in' }, visibility: 'visible', children: ['y'] }] },
      { attrs: { id: 'off' }, at: { x: -5000, y: 10 }, width: 200, children: ['x'] },
      { attrs: { id: 'on' }, children: ['x'] },
    ] } });
    const doc = parse(page.html);
    const j = joinLayout(doc, page.layout);
    const st = (id: string): number => j.state[find(doc, (e) => e.attr('id') === id).id];
    assert.equal(st('none'), Shown.NONE);
    assert.equal(st('inside'), Shown.NONE, 'a child of display:none whose own display is block');
    assert.equal(st('zero'), Shown.ZERO);
    assert.equal(st('hid'), Shown.HIDDEN);
    assert.equal(st('back'), Shown.VISIBLE, 'visibility: visible inside visibility: hidden shows');
    assert.equal(st('op'), Shown.HIDDEN);
    assert.equal(st('op-in'), Shown.HIDDEN, 'nothing inside opacity 0 shows');
    assert.equal(st('off'), Shown.OFF_PAGE);
    assert.equal(st('on'), Shown.VISIBLE);
  });

  test('backgrounds are painted: transparent takes the parent\'s, translucent is composited, the canvas is white', () => {
    const page = buildSyntheticPage({ body: { children: [
      { attrs: { id: 'dark' }, background: '#000000', children: [{ attrs: { id: 'clear' }, children: ['x'] }, { attrs: { id: 'veil' }, background: 'rgba(255, 255, 255, 0.5)', children: ['y'] }] },
      { attrs: { id: 'plain' }, children: ['z'] },
    ] } });
    const doc = parse(page.html);
    const j = joinLayout(doc, page.layout);
    const bg = (id: string) => j.background[find(doc, (e) => e.attr('id') === id).id];
    assert.deepEqual(bg('clear'), { r: 0, g: 0, b: 0, a: 1 });
    assert.equal(Math.round(bg('veil').r), 128);
    assert.deepEqual(bg('plain'), { r: 255, g: 255, b: 255, a: 1 });
  });
});

describe('synthetic layout engine', () => {
  test('deterministic, and the HTML parses to the tree it laid out', () => {
    const a = buildSyntheticPage(SPEC), b = buildSyntheticPage(structuredClone(SPEC));
    assert.deepEqual(a, b);
    assert.match(a.html, /<table><tbody><tr><td>a<\/td><td>b<\/td><\/tr><\/tbody><\/table>/);
  });

  test('boxes: columns stack with gaps, rows share the width, text wraps at 0.5 em per character', () => {
    const { layout } = buildSyntheticPage({ viewport: { width: 1000, height: 600 }, body: { padding: 10, gap: 5, children: [
      { height: 50 },
      { flow: 'row', gap: 20, children: [{ width: 300, height: 40 }, { height: 10 }] },
      { tag: 'p', children: ['x'.repeat(250)] },
    ] } });
    const divs = layout.elements.filter((e) => e.tag === 'div');
    assert.deepEqual(divs.map((d) => [d.x, d.y, d.width, d.height]), [[10, 10, 980, 50], [10, 65, 980, 40], [10, 65, 300, 40], [330, 65, 660, 10]]);
    const p = layout.elements.find((e) => e.tag === 'p')!;
    // 980 px hold 122 characters of 8 px: 250 characters are 3 lines of 19.2 px.
    assert.deepEqual([p.y, p.height], [110, 57.6]);
    assert.deepEqual(layout.page, { width: 1000, height: 600 });
  });

  test('inline boxes: a span on one line, a run over several lines takes their full width; images sit on their own lines', () => {
    const { layout } = buildSyntheticPage({ viewport: { width: 200, height: 100 }, body: { children: [
      'ab', { tag: 'a', children: ['cd'] }, { tag: 'span', children: ['x'.repeat(60)] }, { tag: 'img', width: 50, height: 20 },
    ] } });
    const [a, span, img] = ['a', 'span', 'img'].map((t) => layout.elements.find((e) => e.tag === t)!);
    assert.deepEqual([a.x, a.y, a.width, a.height], [16, 0, 16, 19.2]);
    assert.deepEqual([span.x, span.width, span.height], [0, 200, 57.6]);
    assert.deepEqual([img.y, img.width, img.height], [57.6, 50, 20]);
  });

  test('a spec it cannot lay out throws E_BAD_OPTION', () => {
    throwsBad(() => buildSyntheticPage({ body: { flow: 'row', children: ['text in a row'] } }), /row .* inline content/);
    throwsBad(() => buildSyntheticPage({ body: { children: [{ tag: 'a', children: [{ tag: 'div', children: ['x'] }] }] } }), /<div> inside an inline element/);
  });

  test('syntheticLayoutOf: any parsed page gets a layout that joins (blocks in links, table white space, hidden, deep nesting)', () => {
    const deep = '<div>'.repeat(600) + 'deep text' + '</div>'.repeat(600);
    const html = '<!doctype html><html><head><link rel="canonical" href="/x"><title>T</title></head><body>' +
      '<a href="/a"><div>block in a link</div></a><table> <tr> <td>cell</td> </tr> </table><p hidden>gone</p>' +
      `<span>inline <b>bold</b></span>${deep}</body></html>`;
    const doc = parse(html);
    const layout = syntheticLayoutOf(doc);
    const j = joinLayout(doc, layout);
    const deeper = doc.elements.filter((e) => e.depth > 512).length;
    assert.ok(deeper > 0);
    assert.equal(j.unmatchedDom, deeper + 1, 'the deep elements and the <link> in the head');
    const st = (tag: string) => j.state[find(doc, (e) => e.tag === tag).id];
    assert.equal(st('td'), Shown.VISIBLE);
    assert.equal(st('p'), Shown.NONE);
    const a = find(doc, (e) => e.tag === 'a');
    assert.equal(j.entry[a.id]!.display, 'block');
    assert.equal(j.entry[find(doc, (e) => e.tag === 'b').id]!.display, 'inline');
    const labels = labelDvps(doc, layout);
    assert.equal(labels.marks.length, doc.elements.length);
  });
});

