/**
 * One conformance suite for the interchangeable labelers (DESIGN: "one conformance suite for
 * interchangeable parts", hono's routers). Every entry of LABELERS is run on the same parsed
 * pages directly, and every algorithm is run through extract() on the same inputs. A new
 * labeler added to LABELERS (and ALGORITHMS) is tested here without a line changed.
 *
 * What every labeler must do, on every case:
 *  - never throw, except a ThresherError with a code (extract) — a labeler itself never throws;
 *  - return Labels over the document it was given: one mark per element, every mark UNSET,
 *    CONTENT or NOISE, a reason for every mark and no reason without one (so labels reference
 *    only valid element ids), and a page type that is topic, hub or image when there is one;
 *  - leave the tree as it found it (DESIGN: "a labeler does not mutate the tree");
 *  - give the same labels and the same Extraction (timings aside) twice in a row;
 *  - invent no text: the output, whitespace aside, is a subsequence of the page's text (in
 *    document order);
 *  - on its own clean HTML output, add no word that the first pass did not give, and keep
 *    (nearly) the same text;
 *  - never give the <head> as content.
 * Where a labeler is known not to hold yet, its test runs as `todo`, with the reason (the
 * tables IDEMPOTENCE_TODO and ORDER_TODO, and the <head> test): it reports, it does not fail.
 * Each case is generated here (no fixture files), and the heavy ones are sized to keep the
 * suite fast (the bad-input suite covers sizes ten times larger, in a worker).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { extract, ALGORITHMS, ThresherError, decodeHtml, type Algorithm, type ExtractOptions, type Extraction } from '../src/index.js';
import { LABELERS, DEFAULT_BUDGET, type Labeler } from '../src/page/extract.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument } from '../src/dom/node.js';
import { CONTENT, NOISE, UNSET } from '../src/page/labels.js';
import { renderElementText, renderText, finish } from '../src/render/text.js';
import { syntheticLayoutOf } from '../src/visual/synthetic-layout.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

const PROSE = [
  'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields.',
  'Every sheaf was beaten until the grain fell free, and the chaff was carried off by the evening wind toward the river.',
  'Farmers compared their yields at the market and argued about the weather, the price of seed and the state of the roads.',
  'By the end of the month the barns were full, and the village held its customary supper in the long hall by the church.',
];
const ARTICLE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The late harvest</title></head><body>' +
  '<header><nav><a href="/">Home</a> <a href="/farm">Farming</a> <a href="/about">About</a></nav></header>' +
  `<main><article><h1>The late harvest</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>` +
  '<aside class="related"><h3>Related</h3><ul><li><a href="/1">Seed prices rise again</a></li><li><a href="/2">New grain store opens</a></li></ul></aside></main>' +
  '<footer>© 2026 The Valley Courier · <a href="/contact">Contact</a></footer></body></html>';

/** windows-1251 by hand: А–я are 0xC0–0xFF in order, ASCII is ASCII. */
function cp1251(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => {
    const c = ch.charCodeAt(0);
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    throw new Error(`not in this little windows-1251 table: ${ch}`);
  });
}
const RUSSIAN = 'Урожай в тот год собрали поздно, и на току работали от рассвета до темноты. Каждый сноп обмолачивали, ' +
  'пока зерно не отделялось от соломы, а вечерний ветер уносил мякину к реке. На рынке крестьяне сравнивали урожаи ' +
  'и спорили о погоде, о цене семян и о состоянии дорог.';
const LATIN1 = 'Café society, naïve façades and the crème brûlée at the fête were all the talk of the season in the old town.';

interface Case {
  name: string;
  input: string | Uint8Array;
  options?: ExtractOptions;
  /** extract() must throw a ThresherError with this code. */
  error?: string;
  /** extract() must give text (the case has content every labeler can find, directly or by the cascade). */
  hasText?: boolean;
  /** A diagnostic code extract() must give. */
  diagnostic?: string;
  /** Large: each labeler is called directly with its default options only. */
  heavy?: boolean;
  /** Skip the second run for determinism and the idempotence pass (a time budget is not deterministic). */
  timed?: boolean;
}

const DEEP = 50_000;
const FLAT = 5_000;
const CASES: Case[] = [
  { name: 'a plain article page', input: ARTICLE, hasText: true },
  { name: 'empty input', input: '', error: 'E_INPUT_EMPTY' },
  { name: 'empty body', input: '<!doctype html><html><head><title>Nothing here</title></head><body></body></html>', diagnostic: 'W_NO_CONTENT' },
  { name: 'whitespace-only body', input: '<html><body>\n  \t \u00a0 <div> </div>\n</body></html>', diagnostic: 'W_NO_CONTENT' },
  { name: 'text only, no tags', input: PROSE.join('\n\n'), hasText: true },
  { name: 'frameset page', input: '<html><head><title>Frames</title></head><frameset cols="20%,80%"><frame src="nav.html">' +
    `<frameset rows="50%,50%"><frame src="a.html"><frame src="b.html"></frameset><noframes><body><p>${PROSE[0]}</p></body></noframes></frameset></html>` },
  { name: 'only script and style', input: '<html><head><style>p { color: red }</style><script>var a = "<p>not text</p>";</script></head>' +
    '<body><script>document.write("<p>" + a + "</p>")</script><style>body { margin: 0 }</style><script type="text/template"><div>tpl</div></script></body></html>',
  diagnostic: 'W_NO_CONTENT' },
  { name: `deeply nested (${DEEP.toLocaleString('en')} levels)`, heavy: true, input: '<html><body>' + '<div>'.repeat(DEEP) + PROSE.map((p) => `<p>${p}</p>`).join('') + '</body></html>', hasText: true },
  { name: `huge flat page (${FLAT.toLocaleString('en')} paragraphs)`, hasText: true, heavy: true,
    input: '<html><head><title>Flat</title></head><body><nav><a href="/">Home</a> <a href="/b">Blog</a></nav><article>' +
      Array.from({ length: FLAT }, (_, i) => `<p>Paragraph ${i}. ${PROSE[i % 4]}</p>\n`).join('') + '</article><footer>Footer</footer></body></html>' },
  { name: 'windows-1251 bytes declared by <meta>', hasText: true,
    input: new Uint8Array([...enc('<html><head><meta charset="windows-1251"><title>t</title></head><body><article><p>'), ...cp1251(RUSSIAN), ...enc('</p><p>'), ...cp1251(RUSSIAN), ...enc('</p></article></body></html>')]) },
  { name: 'windows-1252 bytes, no charset anywhere', hasText: true,
    input: new Uint8Array([...enc('<html><body><article><p>'), ...Uint8Array.from(`${PROSE[0]} ${LATIN1}`, (c) => c.charCodeAt(0)), ...enc('</p><p>'), ...Uint8Array.from(`${PROSE[1]} ${LATIN1}`, (c) => c.charCodeAt(0)), ...enc('</p></article></body></html>')]) },
  { name: 'invalid UTF-8 declared UTF-8', hasText: true,
    input: new Uint8Array([...enc(`<meta charset="utf-8"><article><p>${PROSE[0]} `), 0xff, 0xc3, 0x28, 0xe2, 0x82, ...enc(` ${PROSE[1]}</p><p>${PROSE[2]} ${PROSE[3]}</p></article>`)]) },
  { name: 'a node budget that truncates the page', options: { budget: { maxNodes: 60 } }, diagnostic: 'W_BUDGET_NODES',
    input: '<html><body><article>' + PROSE.map((p) => `<p>${p} <b>bold</b> <i>it</i></p>`).join('').repeat(20) + '</article></body></html>' },
  { name: 'a byte budget below the page size', options: { budget: { maxBytes: 100 } }, input: ARTICLE, error: 'E_INPUT_TOO_LARGE' },
  { name: 'a time budget of 0 ms', options: { budget: { maxMillis: 0 } }, input: ARTICLE, timed: true },
];

/** Known failures of the idempotence check, by "case / algorithm": run as todo, with the reason. */
const IDEMPOTENCE_TODO: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------
// Helpers.

/** The page as extract() parses it: decoded as extract decodes it, with the same node budget. */
function parsePage(input: string | Uint8Array, options: ExtractOptions = {}): DomDocument {
  const html = typeof input === 'string' ? input : decodeHtml(input, { contentType: options.contentType }).text;
  const budget = { ...DEFAULT_BUDGET, ...options.budget };
  const doc = parseHtml(html, { maxNodes: budget.maxNodes, maxMillis: Math.max(budget.maxMillis, DEFAULT_BUDGET.maxMillis) });
  computeFeatures(doc);
  return doc;
}

/**
 * The options with a layout, for the labelers that need one (dvps): the page laid out by the
 * synthetic layout engine, as a browser's snapshot would describe it.
 */
function laidOut(doc: DomDocument, options: ExtractOptions): ExtractOptions {
  return { ...options, layout: syntheticLayoutOf(doc) };
}

/** withLayout for extract(): only dvps needs it, and a test may pass its own. */
function withLayout(input: string | Uint8Array, options: ExtractOptions): ExtractOptions {
  if (options.algorithm !== 'dvps' || options.layout) return options;
  return laidOut(parsePage(input, options), options);
}

/** All the text of a document (head included), rendered as the text renderer renders content. */
function documentText(doc: DomDocument): string {
  const out: string[] = [];
  renderElementText(doc.root, null, out);
  return finish(out);
}

const squeeze = (s: string): string => s.replace(/\s+/gu, '');

/** Asserts that `part`, whitespace aside, is a subsequence of `whole` (no invented or reordered text). */
function assertSubsequence(part: string, whole: string, what: string): void {
  const p = squeeze(part), w = squeeze(whole);
  let j = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    while (j < w.length && w.charCodeAt(j) !== c) j++;
    if (j === w.length) assert.fail(`${what}: output text is not a subsequence of the page text; stuck at "${p.slice(Math.max(0, i - 40), i + 40)}"`);
    j++;
  }
}

/** A fingerprint of everything a labeler could mutate: structure, attributes, text and features. */
function fingerprint(doc: DomDocument): string {
  const parts: string[] = [String(doc.elements.length), String(doc.truncated)];
  for (const el of doc.elements) {
    parts.push(`${el.id}:${el.tag}:${el.parent?.id ?? -1}:${el.children.length}:${el.attrs.map((a) => a.name + '=' + a.value).join(',')}:` +
      `${el.textLen},${el.linkTextLen},${el.ownTextLen},${el.words},${el.links},${el.images},${el.tags},${el.force},${el.hidden},${el.depth}`);
    for (const c of el.children) if (c.kind === 3) parts.push(c.data);
  }
  return parts.join('\n');
}

/** The labels' invariants over `doc`. */
function checkLabels(name: string, labels: ReturnType<Labeler>, doc: DomDocument): void {
  assert.equal(labels.doc, doc, `${name}: the labels are over the document given`);
  assert.equal(labels.marks.length, doc.elements.length, `${name}: one mark per element`);
  for (let i = 0; i < labels.marks.length; i++) {
    const m = labels.marks[i];
    assert.ok(m === UNSET || m === CONTENT || m === NOISE, `${name}: mark ${m} of element ${i}`);
    if (m !== UNSET) assert.ok(typeof labels.reasons.get(i) === 'string' && labels.reasons.get(i)!.length > 0, `${name}: element ${i} (${doc.elements[i].tag}) is labelled without a reason`);
  }
  for (const id of labels.reasons.keys()) {
    assert.ok(Number.isInteger(id) && id >= 0 && id < doc.elements.length, `${name}: a reason for element ${id}, not in the document`);
    assert.notEqual(labels.marks[id], UNSET, `${name}: a reason for element ${id}, which is not labelled`);
  }
  for (const root of labels.contentRoots()) assert.equal(doc.elements[root.id], root, `${name}: a content root not in the document`);
  if (labels.pageType !== undefined) assert.ok(['topic', 'hub', 'image'].includes(labels.pageType), `${name}: page type ${labels.pageType}`);
}

function run(input: string | Uint8Array, options: ExtractOptions): Extraction | ThresherError {
  try {
    return extract(input, withLayout(input, options));
  } catch (e) {
    if (e instanceof ThresherError) {
      assert.match(e.code, /^E_[A-Z_]+$/);
      assert.ok(e.message.length >= 10, `a ThresherError says what was wrong: "${e.message}"`);
      return e;
    }
    assert.fail(`extract threw something other than a ThresherError:\n${e instanceof Error ? e.stack : String(e)}`);
  }
}

/** What an Extraction says, timings aside. */
function comparable(r: Extraction): unknown {
  const { timings: _timings, ...rest } = r;
  return rest;
}

/**
 * The words of `second` beyond those of `first`, counted with multiplicity: text a second pass
 * invented. Words, not lines: dropping a block can join the text on either side into one line.
 */
function addedText(first: string, second: string): string[] {
  const have = new Map<string, number>();
  for (const w of first.split(/\s+/u)) if (w) have.set(w, (have.get(w) ?? 0) + 1);
  const added: string[] = [];
  for (const w of second.split(/\s+/u)) {
    if (!w) continue;
    const n = have.get(w) ?? 0;
    if (n === 0) added.push(w); else have.set(w, n - 1);
  }
  return added;
}

// ---------------------------------------------------------------------------------------------

test('LABELERS has one entry per algorithm, and nothing else', () => {
  assert.deepEqual(Object.keys(LABELERS).sort(), [...ALGORITHMS].sort());
  for (const [name, labeler] of Object.entries(LABELERS)) assert.equal(typeof labeler, 'function', name);
});

test('dvps without a layout is a typed option error that says what to pass', () => {
  assert.throws(() => extract(ARTICLE, { algorithm: 'dvps' }), (e: unknown) =>
    e instanceof ThresherError && e.code === 'E_BAD_OPTION' && /options\.layout/.test(e.message));
});

/** Option sets every labeler is called with directly (each ignores what it does not read). */
const LABELER_OPTIONS: ExtractOptions[] = [{}, { model: false }, { mode: 'precision' }, { mode: 'recall' }];

test('the <head> is never topic content, also on a page without <body> (a frameset page)', () => {
  const doc = parsePage('<html><head><title>A long page title about the harvest, the mill and the threshing floor, and the river</title></head>' +
    '<frameset cols="20%,80%"><frame src="nav.html"><frame src="main.html"></frameset></html>');
  for (const [name, labeler] of Object.entries(LABELERS)) {
    const labels = labeler(doc, laidOut(doc, {}));
    for (const root of labels.contentRoots()) {
      for (let p: typeof root | null = root; p; p = p.parent) assert.notEqual(p.tag, 'head', `${name}: content inside <head>`);
      assert.ok(!['html', '#document'].includes(root.tag) || renderText(labels) === '', `${name}: the document root is content: "${renderText(labels)}"`);
    }
  }
});

describe('conformance: every labeler, on the parsed page', () => {
  for (const c of CASES) {
    if (c.error) continue; // extract refuses these before parsing
    test(c.name, () => {
      const doc = parsePage(c.input, c.options);
      const before = fingerprint(doc);
      const pageText = documentText(doc);
      for (const [name, labeler] of Object.entries(LABELERS)) {
        for (const options of c.heavy ? LABELER_OPTIONS.slice(0, 1) : LABELER_OPTIONS) {
          const what = `${name} ${JSON.stringify(options)}`;
          const labels = labeler(doc, laidOut(doc, options));
          checkLabels(what, labels, doc);
          assert.equal(fingerprint(doc), before, `${what}: the labeler mutated the tree`);
          const text = renderText(labels);
          assertSubsequence(text, pageText, what);
          const again = labeler(doc, laidOut(doc, options));
          assert.deepEqual(again.marks, labels.marks, `${what}: labels differ between two runs`);
          assert.deepEqual([...again.reasons], [...labels.reasons], `${what}: reasons differ between two runs`);
          assert.equal(again.pageType, labels.pageType, `${what}: page type differs between two runs`);
        }
      }
    });
  }
});

describe('conformance: every algorithm, through extract', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const doc = c.error ? null : parsePage(c.input, c.options);
      const pageText = doc ? documentText(doc) : '';
      for (const algorithm of ALGORITHMS) {
        const options: ExtractOptions = { ...c.options, algorithm, formats: ['markdown', 'html'], debug: true };
        const r = run(c.input, options);
        if (c.error) {
          assert.ok(r instanceof ThresherError, `${algorithm}: expected ${c.error}`);
          assert.equal(r.code, c.error);
          continue;
        }
        if (r instanceof ThresherError) assert.fail(`${algorithm}: expected a result, got ${r.code}: ${r.message}`);
        assert.equal(r.algorithm, algorithm);
        assert.ok(['topic', 'hub', 'image'].includes(r.pageType), r.pageType);
        assert.equal(r.attempts.filter((a) => a.accepted).length, 1, `${algorithm}: exactly one attempt accepted`);
        if (!c.timed) assert.equal(r.attempts[0].algorithm, algorithm, `${algorithm}: the chosen algorithm runs first`);
        assert.equal(typeof r.markdown, 'string');
        assert.equal(typeof r.html, 'string');
        assert.ok(r.blocks!.every((b) => b.label === 'content' || b.label === 'noise'));
        if (r.text === '') assert.ok(r.diagnostics.length > 0, `${algorithm}: an empty text comes with a diagnostic`);
        if (c.hasText) assert.ok(r.text.length > 0, `${algorithm}: no text from a page with content`);
        if (c.diagnostic) assert.ok(r.diagnostics.some((d) => d.code === c.diagnostic), `${algorithm}: expected ${c.diagnostic}, got ${JSON.stringify(r.diagnostics)}`);
        assertSubsequence(r.text, pageText, algorithm);
        if (c.timed) continue;
        const again = run(c.input, options);
        assert.deepEqual(comparable(again as Extraction), comparable(r), `${algorithm}: two runs differ`);
      }
    });
  }
});

describe('conformance: every algorithm is idempotent on its own clean HTML', () => {
  const passes = new Map<string, [Extraction, Extraction]>();
  /** The first pass and the pass over its clean HTML, computed once per case and algorithm. */
  const twice = (c: Case, algorithm: Algorithm): [Extraction, Extraction] => {
    const key = `${c.name} / ${algorithm}`;
    let p = passes.get(key);
    if (!p) {
      const first = extract(c.input, withLayout(c.input, { ...c.options, algorithm, formats: ['html'] }));
      p = [first, extract(first.html!, withLayout(first.html!, { algorithm }))];
      passes.set(key, p);
    }
    return p;
  };
  for (const c of CASES) {
    if (c.error || c.timed) continue;
    for (const algorithm of ALGORITHMS) {
      const key = `${c.name} / ${algorithm}`;
      const todo = IDEMPOTENCE_TODO[key];
      // The hard part of the contract, on every case: no text the first pass did not give.
      test(`${key}: no new text`, () => {
        const [first, second] = twice(c, algorithm);
        assert.deepEqual(addedText(first.text, second.text), [], 'text the first pass did not give');
      });
      // Nearly the same text: at least 95% of it again.
      test(`${key}: keeps the text`, todo ? { todo } : {}, () => {
        const [first, second] = twice(c, algorithm);
        assert.ok(second.text.length >= 0.95 * first.text.length, `the second pass kept ${second.text.length} of ${first.text.length} chars`);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// The same contract on random pages: site chrome, prose, link lists, images, tables and nesting.

const word = fc.constantFrom('the', 'river', 'town', 'council', 'agreed', 'that', 'a', 'new', 'bridge', 'would', 'help',
  'traders', 'and', 'children', 'crossing', 'every', 'morning', '中文', '河流', 'über', 'AT&amp;T', '5&lt;6');
const sentence = fc.array(word, { minLength: 2, maxLength: 30 }).map((ws) => ws.join(' ') + '.');
const inline = fc.array(fc.tuple(sentence, fc.constantFrom('', '', 'b', 'a', 'em', 'span', 'h1')), { minLength: 1, maxLength: 3 })
  .map((xs) => xs.map(([s, t]) => (t === 'a' ? `<a href="/x">${s}</a>` : t ? `<${t}>${s}</${t}>` : s)).join(' '));
const { block } = fc.letrec((tie) => ({
  block: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    inline.map((s) => `<p>${s}</p>`),
    inline.map((s) => s),
    sentence.map((s) => `<h2>${s.slice(0, 40)}</h2>`),
    fc.array(inline, { minLength: 1, maxLength: 5 }).map((xs) => `<ul>${xs.map((x) => `<li>${x}</li>`).join('')}</ul>`),
    fc.array(sentence, { minLength: 1, maxLength: 6 }).map((xs) => `<ul>${xs.map((x) => `<li><a href="/y">${x}</a></li>`).join('')}</ul>`),
    sentence.map((s) => `<figure><img src="/i.jpg"><figcaption>${s}</figcaption></figure>`),
    fc.constant('<img src="/j.png"><br>'),
    fc.array(inline, { minLength: 1, maxLength: 3 }).map((xs) => `<table><tr>${xs.map((x) => `<td>${x}</td>`).join('')}</tr></table>`),
    fc.tuple(fc.constantFrom('div', 'section', 'article', 'main', 'nav', 'aside', 'footer', 'header', 'div class="comments"', 'div hidden', 'pre', 'blockquote'),
      fc.array(tie('block'), { maxLength: 4 })).map(([t, xs]) => `<${t}>${xs.join('')}</${t.split(' ')[0]}>`),
  ),
}));
const randomPage = fc.tuple(sentence, fc.array(block, { minLength: 1, maxLength: 8 }))
  .map(([title, bs]) => `<html><head><title>${title}</title></head><body>${bs.join('\n')}</body></html>`);

/** Known failures of "no invented or reordered text" on random pages, by labeler: run as todo. */
const ORDER_TODO: Record<string, string> = {};
const RUNS = 100;

describe('conformance: every labeler and algorithm, on random pages', () => {
  for (const [name, labeler] of Object.entries(LABELERS)) {
    test(`labeler ${name}: labels valid, the tree untouched, deterministic`, () => {
      fc.assert(fc.property(randomPage, (page) => {
        const doc = parsePage(page);
        const before = fingerprint(doc);
        for (const options of LABELER_OPTIONS) {
          const labels = labeler(doc, laidOut(doc, options));
          checkLabels(name, labels, doc);
          assert.equal(fingerprint(doc), before, `${name}: the labeler mutated the tree`);
          assert.deepEqual(labeler(doc, laidOut(doc, options)).marks, labels.marks, `${name}: labels differ between two runs`);
        }
      }), { numRuns: RUNS });
    });
    test(`labeler ${name}: no invented or reordered text`, ORDER_TODO[name] ? { todo: ORDER_TODO[name] } : {}, () => {
      fc.assert(fc.property(randomPage, (page) => {
        const doc = parsePage(page);
        const pageText = documentText(doc);
        for (const options of LABELER_OPTIONS) assertSubsequence(renderText(labeler(doc, laidOut(doc, options))), pageText, `${name} ${JSON.stringify(options)}`);
      }), { numRuns: RUNS });
    });
  }

  for (const algorithm of ALGORITHMS) {
    test(`extract ${algorithm}: deterministic, and no text added on its own clean HTML`, () => {
      fc.assert(fc.property(randomPage, (page) => {
        const first = extract(page, withLayout(page, { algorithm, formats: ['html'] }));
        assert.deepEqual(comparable(extract(page, withLayout(page, { algorithm, formats: ['html'] }))), comparable(first), 'two runs differ');
        assert.deepEqual(addedText(first.text, extract(first.html!, withLayout(first.html!, { algorithm })).text), [], 'text the first pass did not give');
      }), { numRuns: RUNS });
    });
    // Whichever labeler the cascade accepts; one with a known order failure is left to its todo above.
    test(`extract ${algorithm}: no invented or reordered text`, () => {
      fc.assert(fc.property(randomPage, (page) => {
        const r = extract(page, withLayout(page, { algorithm }));
        if (ORDER_TODO[r.attempts.find((a) => a.accepted)!.algorithm]) return;
        assertSubsequence(r.text, documentText(parsePage(page)), algorithm);
      }), { numRuns: RUNS });
    });
  }
});
