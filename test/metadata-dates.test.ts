// Publication dates (src/page/metadata/dates.ts and the date sources): raw strings to ISO 8601,
// dates in text in several languages and scripts, the validity rules (no future date, none before
// 1995, none from a copyright line), URL dates, and the choice between published and modified.
// Every page here is a small hand-written one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { extractMetadata, type MetadataResult } from '../src/page/metadata/index.js';
import { findDates, parseDate } from '../src/page/metadata/dates.js';
import { urlDate } from '../src/page/metadata/url-date.js';
import { roleOf } from '../src/page/metadata/date-context.js';
import { reconcilePublished } from '../src/page/metadata/reconcile.js';

const PROSE = '<p>The storm came in from the sea overnight and the harbour wall held, just. Fishermen who had '
  + 'tied up their boats the evening before came down at dawn to find the quay covered in weed and stones.</p>';

function meta(head: string, body: string, url = 'https://news.example.com/coast/storm'): MetadataResult {
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  const doc = parseHtml(html);
  computeFeatures(doc);
  return extractMetadata(doc, { url });
}

const days = (text: string, mdy = false): string[] => findDates(text, { mdy }).map((d) => d.day);

test('parseDate: ISO forms keep the time only with a zone, and never invent one', () => {
  assert.deepEqual(parseDate('2024-03-05'), { iso: '2024-03-05', day: '2024-03-05' });
  assert.equal(parseDate('2024-03-05T14:30:00+01:00')?.iso, '2024-03-05T14:30:00+01:00');
  assert.equal(parseDate('2024-03-05T14:30+0100')?.iso, '2024-03-05T14:30:00+01:00');
  assert.equal(parseDate('2024-03-05T14:30:00.123Z')?.iso, '2024-03-05T14:30:00Z');
  assert.equal(parseDate('2024-03-05 14:30:00')?.iso, '2024-03-05');
  assert.equal(parseDate('2024-03-05T14:30:00')?.iso, '2024-03-05');
  assert.equal(parseDate('Tue, 05 Mar 2024 14:30:00 GMT')?.iso, '2024-03-05T14:30:00Z');
  assert.equal(parseDate('5 Mar 2024 14:30 +0100')?.iso, '2024-03-05T14:30:00+01:00');
  assert.equal(parseDate('20240305')?.iso, '2024-03-05');
  assert.equal(parseDate('2024/03/05')?.iso, '2024-03-05');
  assert.equal(parseDate('1709649000')?.iso, '2024-03-05T14:30:00Z');
  assert.equal(parseDate('March 5, 2024')?.iso, '2024-03-05');
  assert.equal(parseDate('2024-02-30'), null);
  assert.equal(parseDate('not a date'), null);
  assert.equal(parseDate(''), null);
});

test('future dates and dates before 1995 are rejected', () => {
  const now = Date.UTC(2024, 5, 1);
  assert.equal(parseDate('2024-05-31', { now })?.day, '2024-05-31');
  assert.equal(parseDate('2024-06-02', { now })?.day, '2024-06-02'); // a day ahead: a zone east of ours
  assert.equal(parseDate('2024-07-01', { now }), null);
  assert.equal(parseDate('1994-12-31'), null);
  assert.equal(parseDate('1995-01-01')?.day, '1995-01-01');
  assert.deepEqual(findDates('Am 5. März 2099 und am 3. Mai 1990', { now }), []);
  const r = meta('<meta property="article:published_time" content="2999-01-01">', `<h1>Storm</h1>${PROSE}`);
  assert.equal(r.metadata.published, undefined);
});

test('month names in English, German, French, Spanish, Italian, Portuguese, Dutch and more', () => {
  assert.deepEqual(days('Published March 5, 2024 and on Dec. 23rd, 2016'), ['2024-03-05', '2016-12-23']);
  assert.deepEqual(days('5 March 2024; 23rd of December 2016'), ['2024-03-05', '2016-12-23']);
  assert.deepEqual(days('Veröffentlicht am 5. März 2024, aktualisiert 23. Dezember 2016'), ['2024-03-05', '2016-12-23']);
  assert.deepEqual(days('Publié le 1er mars 2024 · 23 décembre 2016'), ['2024-03-01', '2016-12-23']);
  assert.deepEqual(days('Publicado el 5 de marzo de 2024'), ['2024-03-05']);
  assert.deepEqual(days('Pubblicato il 5 marzo 2024'), ['2024-03-05']);
  assert.deepEqual(days('Publicado em 5 de março de 2024'), ['2024-03-05']);
  assert.deepEqual(days('Gepubliceerd op 5 maart 2024'), ['2024-03-05']);
  assert.deepEqual(days('Opublikowano 5 marca 2024'), ['2024-03-05']);
  assert.deepEqual(days('Опубликовано 5 марта 2024 г.'), ['2024-03-05']);
  assert.deepEqual(days('Publicerad 5 mars 2024'), ['2024-03-05']);
});

test('numeric and CJK forms; an ambiguous 3/5/2024 follows the page\'s locale', () => {
  assert.deepEqual(days('2024年3月5日 12:00'), ['2024-03-05']);
  assert.deepEqual(days('2024년 3월 5일'), ['2024-03-05']);
  assert.deepEqual(days('2024.03.05 / 2024-03-06 / 2024/3/7'), ['2024-03-05', '2024-03-06', '2024-03-07']);
  assert.deepEqual(days('Stand: 05.03.2024'), ['2024-03-05']);
  assert.deepEqual(days('3/5/2024'), ['2024-05-03']);
  assert.deepEqual(days('3/5/2024', true), ['2024-03-05']);
  assert.deepEqual(days('13/5/2024', true), ['2024-05-13']);
  assert.deepEqual(days('Version 1.2.2024'), ['2024-02-01']);
  assert.deepEqual(days('Call 030 2024 1234'), []);
});

test('a copyright line gives no date; words before a date give its role', () => {
  assert.equal(roleOf('© Coast News '), 'copyright');
  assert.equal(roleOf('Copyright 2003-'), 'copyright');
  assert.equal(roleOf('Last updated: '), 'modified');
  assert.equal(roleOf('Aktualisiert am '), 'modified');
  assert.equal(roleOf('Veröffentlicht am '), 'published');
  assert.equal(roleOf('Posted on '), 'published');
  const r = meta('', `<h1>Storm</h1>${PROSE}<footer><p>© 12.01.2019 Coast News GmbH</p></footer>`);
  assert.equal(r.metadata.published, undefined);
});

test('URL dates: a full day is a day; a month alone is never emitted as one', () => {
  assert.equal(urlDate('https://blog.example.org/2016/12/23/release/').day?.day, '2016-12-23');
  assert.equal(urlDate('https://example.org/news/20161223/release').day?.day, '2016-12-23');
  assert.equal(urlDate('https://example.org/news/2016-12-23-release').day?.day, '2016-12-23');
  assert.equal(urlDate('https://example.org/2017/7/2/').day?.day, '2017-07-02');
  const month = urlDate('https://blog.example.org/2016/12/release.html');
  assert.equal(month.day, undefined);
  assert.equal(month.month, '2016-12');
  // "3-fragen" is the slug, not day 3.
  assert.equal(urlDate('https://blog.example.org/2023/10/3-fragen-an-tina/').day, undefined);
  assert.equal(urlDate('https://example.org/2099/01/01/future').day, undefined);
  const r = meta('', `<h1>Storm</h1>${PROSE}`, 'https://news.example.com/2019/04/17/storm');
  assert.equal(r.metadata.published, '2019-04-17');
  assert.equal(r.sources.published, 'url');
  // A month-only URL picks the text date of that month among others.
  const m = meta('', `<h1>Storm</h1>${PROSE}<p>See also 3 January 2018.</p><p>Written 14 February 2019.</p>`, 'https://news.example.com/2019/02/storm');
  assert.equal(m.metadata.published, '2019-02-14');
  assert.ok(m.sources.published === 'byline' || m.sources.published === 'text');
});

test('modified never beats published; the modified date is kept as modified', () => {
  const r = meta(`<meta property="article:modified_time" content="2024-02-01T10:00:00+01:00">
    <meta property="article:published_time" content="2023-12-24T08:00:00+01:00">`, `<h1>Storm</h1>${PROSE}`);
  assert.equal(r.metadata.published, '2023-12-24T08:00:00+01:00');
  assert.equal(r.metadata.modified, '2024-02-01T10:00:00+01:00');
  // An "updated" date in the byline is not the published one, the other date is.
  const b = meta('', `<div><h1>Storm</h1><p>Updated 7 May 2022 · First published 2 May 2022</p>${PROSE}</div>`);
  assert.equal(b.metadata.published, '2022-05-02');
  assert.equal(b.metadata.modified, '2022-05-07');
  // With no published date anywhere, the modified one is the best the page has.
  const only = meta('<meta property="article:modified_time" content="2021-06-07">', `<h1>Storm</h1>${PROSE}`);
  assert.equal(only.metadata.published, '2021-06-07');
});

test('byline and text dates: the date next to the headline, not the sidebar\'s or the comments\'', () => {
  const body = `<nav class="menu"><p>Heute: 1. Februar 2024</p></nav>
    <aside class="related"><ul><li>Other story, 3. Januar 2024</li><li>Another, 4. Januar 2024</li></ul></aside>
    <article><h1>Sturm an der Küste</h1><div class="byline">Von Max Mustermann, 12. Dezember 2023</div>${PROSE}
    <section class="comments"><p>Leser, 20. Dezember 2023: Toll!</p></section></article>`;
  const r = meta('', body);
  assert.equal(r.metadata.published, '2023-12-12');
  assert.deepEqual(r.metadata.authors, ['Max Mustermann']);
  const fr = meta('', `<h1>Tempête</h1><p class="chapo">Publié le 7 janvier 2020</p>${PROSE}`);
  assert.equal(fr.metadata.published, '2020-01-07');
  const es = meta('', `<h1>Tormenta</h1><p>Madrid, 15 de agosto de 2019</p>${PROSE}`);
  assert.equal(es.metadata.published, '2019-08-15');
  const cjk = meta('', `<h1>嵐が来た</h1><p>2024年3月5日 14:30</p><p>東京で新しい店が開きました。</p>`);
  assert.equal(cjk.metadata.published, '2024-03-05');
});

test('<time pubdate> and a UTC instant checked against the day the page shows', () => {
  const t = meta('', `<article><h1>Storm</h1><time pubdate datetime="2012-05-08">8 May 2012</time>${PROSE}</article>`);
  assert.equal(t.metadata.published, '2012-05-08');
  assert.equal(t.sources.published, 'markup');
  // 01:49 UTC on the 9th is the evening of the 8th where the URL was made.
  const r = meta('<meta property="article:published_time" content="2023-11-09T01:49:09Z">', `<h1>Storm</h1>${PROSE}`,
    'https://news.example.com/2023/11/08/storm/');
  assert.equal(r.metadata.published, '2023-11-08');
  assert.equal(r.sources.published, 'url');
  const kept = reconcilePublished({ iso: '2023-11-09T12:00:00Z', day: '2023-11-09' }, 'json-ld', undefined, [{ day: '2023-11-08', source: 'url' }]);
  assert.equal(kept.value.iso, '2023-11-09T12:00:00Z');
});

test('hostile input: long digit and letter runs stay fast', () => {
  const t0 = performance.now();
  findDates('2024 '.repeat(20000) + 'a'.repeat(100000) + '1'.repeat(100000) + '. März '.repeat(10000));
  parseDate('2024-03-05T' + '1'.repeat(100000));
  assert.ok(performance.now() - t0 < 2000);
});

test('two-digit years are read in a byline or a date-classed element, not in running text', () => {
  const r = meta('', `<div><h1>Storm</h1><p>Von <a rel="author" href="/autor/max">Max Mustermann</a>, 8.5.12</p>${PROSE}</div>`);
  assert.equal(r.metadata.published, '2012-05-08');
  const m = meta('', `<div><h1>Storm</h1>${PROSE}${PROSE}${PROSE}</div><div><p>Other text</p><span class="date">28.09.19</span></div>`);
  assert.equal(m.metadata.published, '2019-09-28');
  assert.deepEqual(days('Version 1.2.19 is out'), []);
});
