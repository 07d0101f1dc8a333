/** The learned refinement of the default labeler (src/page/learned.ts, block-features.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addedUnitsScore, keepTableRowsWhole, selectExpectedF1, shareVerdictInAlikeRuns, type UnitScores } from '../src/page/learned.js';
import { CONTENT, Labels } from '../src/page/labels.js';
import { BLOCK_FEATURES, blockFeatures, textUnits, unitText } from '../src/page/block-features.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { labelDefault } from '../src/page/default.js';
import { extract } from '../src/index.js';

const probs = fc.array(fc.record({ p: fc.double({ min: 0, max: 1, noNaN: true }), w: fc.integer({ min: 1, max: 500 }) }), { maxLength: 60 });

test('selectExpectedF1: keeps every unit more probable than a kept one (property)', () => {
  fc.assert(fc.property(probs, (us) => {
    const keep = selectExpectedF1(us.map((u) => u.p), us.map((u) => u.w));
    const minKept = Math.min(...us.filter((_, i) => keep[i]).map((u) => u.p));
    us.forEach((u, i) => { if (!keep[i]) assert.ok(u.p <= minKept, `dropped ${u.p} above kept ${minKept}`); });
  }));
});

test('selectExpectedF1: the kept set maximises expected F1 over all probability prefixes (property)', () => {
  fc.assert(fc.property(probs, (us) => {
    const p = us.map((u) => u.p), w = us.map((u) => u.w);
    const E = us.reduce((s, u) => s + u.p * u.w, 0);
    const f1 = (keep: boolean[]) => { let a = 0, b = 0; keep.forEach((k, i) => { if (k) { a += p[i] * w[i]; b += w[i]; } }); return b + E ? (2 * a) / (b + E) : 0; };
    const chosen = f1(selectExpectedF1(p, w));
    for (const t of new Set(p)) assert.ok(chosen >= f1(p.map((x) => x >= t)) - 1e-9);
  }));
});

test('selectExpectedF1: confident units are kept, hopeless ones dropped', () => {
  assert.deepEqual(selectExpectedF1([0.95, 0.02, 0.9, 0.01], [100, 100, 100, 100]), [true, false, true, false]);
  assert.deepEqual(selectExpectedF1([0, 0], [10, 10]), [false, false]);
});

test('alike runs: consecutive units alike in markup and length share one verdict; unlike units keep their own', () => {
  const lines = Array.from({ length: 6 }, (_, k) => `<div class="c${k}"><p>Line ${k} of the log, with <a href="/l${k}">a link</a> in it.</p></div>`).join('');
  const paragraphs = ['Short.', 'A paragraph of a very different length from the first one, which goes on for a good while longer than it.', 'Mid-length paragraph here.'].map((t) => `<p>${t}</p>`).join('');
  const doc = parseHtml(`<body><article>${lines}</article><section>${paragraphs}</section></body>`);
  computeFeatures(doc);
  const units = textUnits(doc);
  assert.equal(units.length, 9);
  const p = Float64Array.from([0.9, 0.3, 0.8, 0.4, 0.7, 0.5, 0.9, 0.1, 0.6]);
  const shared = shareVerdictInAlikeRuns(units, p);
  // The six log lines: one verdict, their mean; the three paragraphs differ too much in length.
  for (let k = 0; k < 6; k++) assert.ok(Math.abs(shared[k] - 0.6) < 1e-9, `line ${k}: ${shared[k]}`);
  assert.deepEqual([...shared.slice(6)], [0.9, 0.1, 0.6]);
  assert.deepEqual([...p], [0.9, 0.3, 0.8, 0.4, 0.7, 0.5, 0.9, 0.1, 0.6], 'the input is left alone');
});

test('table rows: the cells of a data table\'s row take the verdict of its likeliest cell; a row of links or of long cells is left alone', () => {
  const long = 'A long cell of a layout table, which holds a column of the page rather than a value. '.repeat(3);
  const doc = parseHtml('<body><table>' +
    '<tr><td>ttl</td><td>5m</td><td>how long an entry stays fresh</td></tr>' +
    '<tr><td><a href="/a">Home</a></td><td><a href="/b">News</a></td></tr>' +
    `<tr><td>menu</td><td>${long}</td></tr></table><p>After the table.</p></body>`);
  computeFeatures(doc);
  const units = textUnits(doc);
  assert.deepEqual(units.map((u) => u.tag), ['td', 'td', 'td', 'td', 'td', 'td', 'td', 'p']);
  const p = Float64Array.from([0.7, 0.3, 0.2, 0.6, 0.1, 0.8, 0.2, 0.5]);
  assert.deepEqual([...keepTableRowsWhole(units, p)], [0.7, 0.7, 0.7, 0.6, 0.1, 0.8, 0.2, 0.5]);
  assert.deepEqual([...p], [0.7, 0.3, 0.2, 0.6, 0.1, 0.8, 0.2, 0.5], 'the input is left alone');
});

test('alike runs: a long article of alike lines is kept whole (the serve tests\' heavy page)', () => {
  const body = Array.from({ length: 2000 }, (_, k) => `<div class="c${k % 7}"><p>Paragraph ${k} about the harbour and the boats, with <a href="/l${k}">a link</a> and more words to read.</p></div>`).join('');
  const text = extract(`<html><head><title>Heavy</title></head><body><article>${body}</article></body></html>`).text;
  assert.equal(text.split('\n').filter((l) => /^Paragraph \d+ about/.test(l)).length, 2000);
});

test('block features: one row per text unit, and the shipped model reads the same features', () => {
  const doc = parseHtml('<body><nav><a href=/>Home</a> <a href=/a>About</a></nav><article><h1>Title</h1><p>First paragraph, with prose.</p><p>Second <b>bold</b> one.</p></article></body>');
  computeFeatures(doc);
  const units = textUnits(doc);
  assert.deepEqual(units.map(unitText), ['Home About', 'Title', 'First paragraph, with prose.', 'Second bold one.']);
  const base = labelDefault(doc);
  const rows = blockFeatures(doc, units, { labels: base, root: base.root, hub: false, title: 'Title' });
  assert.equal(rows.length, units.length * BLOCK_FEATURES.length);
  assert.ok(rows.every(Number.isFinite));
  assert.deepEqual([...BLOCK_MODEL.features], [...BLOCK_FEATURES]);
});

test('learned labeler: drops the navigation of a plain article, keeps its prose; --no-model gives the structural result', () => {
  const prose = 'The river rose slowly through the night, and by morning the low fields were under water. ';
  const html = `<html><head><title>Flood waters rise across the valley overnight | Example Media</title></head><body><header><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>
    <main><article><h1>Flood waters rise across the valley overnight</h1>${[1, 2, 3, 4].map((i) => `<p>${prose.repeat(i)}</p>`).join('')}</article></main>
    <footer><p>© 2026 Example Media. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;
  const learned = extract(html);
  // The headline is the title, not the body (README "The result").
  assert.equal(learned.title, 'Flood waters rise across the valley overnight');
  assert.match(learned.text, /^The river rose/);
  assert.match(extract(html, { title: true }).text, /^Flood waters rise across the valley overnight\nThe river rose/);
  assert.doesNotMatch(learned.text, /Home|Sport|rights reserved|Privacy/);
  const structural = extract(html, { model: false });
  assert.match(structural.text, /The river rose/);
});

test('user comments never go into the body; comments: true lists them apart, one entry per comment', () => {
  const prose = 'The council voted on Tuesday to rebuild the old footbridge over the river before the winter floods. ';
  const replies = ['I walk across that bridge every morning and it has been shaking for years, glad they finally agreed to fix it.',
    'Does anyone know whether the bridge will be closed during the works? My kids use it to get to school.',
    'About time. The railings have been loose since the flood two winters ago and nobody listened.'];
  // A blog's thread as the common CMS themes write it: author, date, text, a reply link, then the reply form.
  const thread = replies.map((t, i) => `<li class="comment" id="comment-${i}"><div class="comment-author vcard"><cite class="fn">Reader ${i + 1}</cite> <span class="says">says:</span></div>` +
    `<div class="comment-meta"><a href="#comment-${i}">March ${i + 3}, 2026 at 9:1${i} am</a></div><p>${t}</p><div class="reply"><a href="#respond">Reply</a></div></li>`).join('');
  const html = `<html><head><title>Council votes to rebuild the footbridge</title></head><body><div id="page"><article><h1>Council votes to rebuild the footbridge</h1>${[3, 4, 5].map((i) => `<p>${prose.repeat(i)}</p>`).join('')}</article>
    <div id="comments" class="comments-area"><h3>3 Responses to “Council votes to rebuild the footbridge”</h3><ol class="commentlist">${thread}</ol>
    <div id="respond"><h3>Leave a Reply</h3><form><p>Name (required)</p><p>Mail (will not be published)</p></form></div></div></div></body></html>`;
  for (const comments of [false, true]) {
    const r = extract(html, { comments });
    assert.equal(r.text.split('\n').length, 3);
    assert.match(r.text, /^The council voted/);
    assert.doesNotMatch(r.text, /walk across that bridge|Reader|Responses|Reply/);
  }
  const listed = extract(html, { comments: true }).comments!;
  assert.equal(listed.length, 3);
  listed.forEach((c, i) => assert.ok(c.text.includes(replies[i]), c.text));
  assert.doesNotMatch(listed.map((c) => c.text).join('\n'), /Leave a Reply|Name \(required\)/);
  assert.equal(extract(html).comments, undefined);
  // The debug view says why the thread is out. The block model may drop its units before any
  // rule does (then the reason is their probability); with the thread inside the article, the
  // structural labeler keeps the article, and the reason for the thread names the comments.
  const inArticle = html.replace('</article>', '').replace('</div></div></body>', '</div></article></div></body>');
  const r = extract(inArticle, { debug: true, model: false });
  assert.doesNotMatch(r.text, /walk across that bridge/);
  const threadBlocks = r.blocks!.filter((b) => b.path.includes('comments'));
  assert.ok(threadBlocks.length > 0 && threadBlocks.every((b) => /comments/.test(b.reason)), threadBlocks.map((b) => b.reason).join('\n'));
});

test('cascade veto: the model\'s mean probability over what another labeler adds, weighted by length', () => {
  const doc = parseHtml('<body><p>The first paragraph of the article, kept by both.</p><p>Site footer.</p><p>A comment under the article, with some words.</p></body>');
  computeFeatures(doc);
  const units = textUnits(doc);
  assert.equal(units.length, 3);
  const learned = new Labels(doc) as Labels & { scores: UnitScores };
  learned.scores = { units, rows: new Float32Array(0), p: Float64Array.from([0.9, 0.02, 0.5]), keep: [true, false, false] };
  learned.set(units[0], CONTENT, 'kept');
  const fallback = new Labels(doc);
  for (const u of units) fallback.set(u, CONTENT, 'kept');
  const [, footer, comment] = units;
  const expected = (footer.inlineLen * 0.02 + comment.inlineLen * 0.5) / (footer.inlineLen + comment.inlineLen);
  assert.ok(Math.abs(addedUnitsScore(learned, fallback)! - expected) < 1e-12);
  // Nothing added, or no scores to judge by: no opinion.
  assert.equal(addedUnitsScore(learned, learned), null);
  assert.equal(addedUnitsScore(new Labels(doc), fallback), null);
});
