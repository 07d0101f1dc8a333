// The contract's byline rule (src/page/byline-lines.ts): the byline, date and reading-time lines
// under the headline are metadata, not body text; `byline: true` keeps them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { extract } from '../src/index.js';
import { bylineElements, isBylineLine } from '../src/page/byline-lines.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';

test('isBylineLine: bylines, date lines and reading times, in several languages', () => {
  for (const line of [
    'By Ada Fielding, 3 March 2026',
    'By THE ASSOCIATED PRESS',
    'Posted by Jane Doe on March 5, 2024',
    'Par Claire Vidalenc et Hugo Mercadier',
    'Von Moritz Gathmann am 21. April 2020',
    '3 March 2026',
    'Updated 2 hours ago',
    '6 min read',
    'Published 14 October 2025, 18:20 BST',
    'Mis à jour le 12 juin 2025 à 11h02',
    'Lecture : 4 min',
  ]) assert.ok(isBylineLine(line), line);
  // A line of the authors' names and a date, when metadata knows the authors.
  assert.ok(isBylineLine('Tom Okafor, 14 October 2025, 18:20', ['tom okafor']));
  assert.ok(!isBylineLine('Tom Okafor, 14 October 2025, 18:20'));
});

test('isBylineLine: beyond Western Europe, "by" words and scripts without capitals; the author and a CJK time', () => {
  for (const line of [
    'Автор: Иван Петров',
    'Oleh Budi Santoso',
    'بقلم: أحمد العلي | نشر في: 20 نوفمبر 2026 | قراءة: 3 دقائق',
    '作者：张伟',
    'Opublikowano 12 minut temu',
    '3 дня назад',
  ]) assert.ok(isBylineLine(line), line);
  assert.ok(isBylineLine('山田太郎 2026年11月20日 10時30分', ['山田太郎']));
  assert.ok(isBylineLine('홍길동 기자 2026.11.20 10:30', ['홍길동']));
  // A line of labelled fields (source, author) with the date, as Chinese news print it.
  assert.ok(isBylineLine('来源：晨报网 作者：李明 2026-11-20 09:15'));
  assert.ok(!isBylineLine('来源：晨报网 作者：李明 专家解读'), 'no date among the fields');
  // A sentence that opens with the word is no byline: Arabic "wrote" is not a "by" word, and a
  // CJK "by" word needs its colon.
  for (const line of ['كتب الرئيس رسالة إلى البرلمان يوم الاثنين', '文学の世界では新しい作家が注目されている', 'Автор книги рассказал о своих планах на будущее и о новой работе над романом'])
    assert.ok(!isBylineLine(line), line);
});

test('isBylineLine: sentences that merely start with "by" or hold a date are body text', () => {
  for (const line of [
    'By the end of the year, the mill will grind flour again.',
    'by and large, the council agreed',
    'The vote on 3 March 2026 changed the plan for the harbour.',
    'Sport',
    'Share this article',
    'Opening hours 9:00 to 17:00 every day except Monday and public holidays',
    'By',
  ]) assert.ok(!isBylineLine(line), line);
});

test('isBylineLine: any line longer than a byline is body text (property)', () => {
  fc.assert(fc.property(fc.string({ minLength: 161, maxLength: 400 }), (s) => !isBylineLine(s)));
});

const PROSE = [
  'The old mill on the river was rebuilt this spring by a group of volunteers who spent every weekend since January on the roof and the wheel.',
  'Most of the timber came from a storm that felled a row of oaks along the towpath, and a carpenter from the village taught the volunteers how to cut it.',
  'The wheel turned again for the first time in forty years on Saturday, watched by a crowd that had walked down from the village with their children.',
];

function page(under: string, after = ''): string {
  return `<html><head><title>Volunteers bring the old mill back to life | Valley News</title></head><body><main><article>
<h1>Volunteers bring the old mill back to life</h1>${under}${PROSE.map((p) => `<p>${p}</p>`).join('')}${after}</article></main></body></html>`;
}

test('extract: the byline under the headline goes to metadata, not the text; byline: true keeps it', () => {
  const html = page('<p class="byline">By Ada Fielding, 3 March 2026</p><p>5 min read</p>');
  const r = extract(html, { debug: true });
  assert.ok(r.text.startsWith('The old mill'), r.text.slice(0, 80));
  assert.deepEqual(r.metadata.authors, ['Ada Fielding']);
  assert.equal(r.metadata.published?.slice(0, 10), '2026-03-03');
  assert.ok(r.blocks?.some((b) => /byline/.test(b.reason)), 'the cut has its reason');
  const kept = extract(html, { byline: true });
  assert.match(kept.text, /^By Ada Fielding, 3 March 2026\n5 min read\nThe old mill/);
});

test('bylineElements: only before the body begins; the outermost element of the line', () => {
  const doc = parseHtml(page('<div class="meta"><p>By Ada Fielding</p></div>', '<p>Saturday 14 June 2025</p>'));
  computeFeatures(doc);
  const h1 = doc.elements.find((e) => e.tag === 'h1')!;
  const found = bylineElements(doc, h1, { authors: [] });
  assert.deepEqual(found.map((e) => `${e.tag}.${e.attr('class')}`), ['div.meta']);
});

test('bylineElements: a box of lines is judged line by line (a date line beside an agency line)', () => {
  const doc = parseHtml(page('<div class="info"><p class="published">Published February 02, 2013</p><p class="source">Associated Press</p></div>'));
  computeFeatures(doc);
  const h1 = doc.elements.find((e) => e.tag === 'h1')!;
  // The box as one line ("Published February 02, 2013 Associated Press") reads as no byline: its
  // date line alone does.
  assert.deepEqual(bylineElements(doc, h1, { authors: [] }).map((e) => e.attr('class')), ['published']);
});

test('bylineElements: a date line the template sets above the headline; a kicker there is no byline', () => {
  const html = `<html><body><main><article><p class="kicker">Valley life</p><span class="date">30 May 2013 Last updated at 16:09 ET</span>
<h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article></main></body></html>`;
  const doc = parseHtml(html);
  computeFeatures(doc);
  const h1 = doc.elements.find((e) => e.tag === 'h1')!;
  assert.deepEqual(bylineElements(doc, h1, { authors: [] }).map((e) => e.attr('class')), ['date']);
  // A paragraph of prose above the headline ends the search: nothing above it is looked at.
  const prose = parseHtml(html.replace('<span class="date">', '<span class="x">').replace('<h1>', `<p>${PROSE[0]} ${PROSE[1]}</p><p class="date">3 March 2026</p><h1>`));
  computeFeatures(prose);
  assert.deepEqual(bylineElements(prose, prose.elements.find((e) => e.tag === 'h1')!, { authors: [] }).map((e) => e.attr('class')), ['date']);
});

test('bylineElements: boxes nested deep above the headline end the search, without recursion to match', () => {
  const depth = 50_000;
  const doc = parseHtml(`<html><body><article>${'<div>'.repeat(depth)}<p>3 March 2026</p>${'</div>'.repeat(depth)}<h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`);
  computeFeatures(doc);
  assert.deepEqual(bylineElements(doc, doc.elements.find((e) => e.tag === 'h1')!, { authors: [] }), []);
});
