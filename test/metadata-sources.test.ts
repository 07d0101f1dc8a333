// Page metadata sources (src/page/metadata/): JSON-LD, meta tags (OpenGraph, Twitter, Dublin
// Core, plain names), microdata and RDFa, markup (<time>, rel=author), the byline, URLs and the
// merge's `sources` record; author normalisation; a property test that extractMetadata never
// throws. Every page here is a small hand-written one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { extractMetadata, type MetadataResult } from '../src/page/metadata/index.js';
import { authorField, normaliseAuthors, splitAuthor } from '../src/page/metadata/authors.js';
import { parseLenient } from '../src/page/metadata/jsonld.js';
import { readLinkTags } from '../src/page/metadata/meta-tags.js';
import { detectLang } from '../src/page/metadata/lang.js';
import { stripTags } from '../src/page/metadata/app-article.js';

const PROSE = '<p>The storm came in from the sea overnight and the harbour wall held, just. Fishermen who had '
  + 'tied up their boats the evening before came down at dawn to find the quay covered in weed and stones.</p>';

function meta(head: string, body = `<article><h1>Storm hits the coast</h1>${PROSE}</article>`, url = 'https://news.example.com/coast/storm'): MetadataResult {
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  const doc = parseHtml(html);
  computeFeatures(doc);
  return extractMetadata(doc, { url });
}

const ld = (o: unknown): string => `<script type="application/ld+json">${typeof o === 'string' ? o : JSON.stringify(o)}</script>`;

test('JSON-LD: @graph, nested author objects, publisher as site name, image object, keywords', () => {
  const r = meta(ld({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', '@id': '#site', name: 'Coast News' },
      { '@type': 'Person', '@id': '#jane', name: 'Jane Doe' },
      {
        '@type': 'NewsArticle', headline: 'Storm hits the coast', datePublished: '2024-03-05T14:30:00+01:00',
        dateModified: '2024-03-06', author: [{ '@id': '#jane' }, { '@type': 'Person', name: 'John Roe' }],
        publisher: { '@type': 'Organization', name: 'Coast News Ltd' }, image: { '@type': 'ImageObject', url: '/img/storm.jpg' },
        keywords: ['storm', 'coast', 'Storm'], inLanguage: 'en-GB', articleBody: 'The storm came in from the sea overnight.',
        mainEntityOfPage: { '@id': 'https://news.example.com/coast/storm#webpage' },
      },
    ],
  }));
  const m = r.metadata;
  assert.equal(m.published, '2024-03-05T14:30:00+01:00');
  assert.equal(m.modified, '2024-03-06');
  assert.deepEqual(m.authors, ['Jane Doe', 'John Roe']);
  assert.equal(m.siteName, 'Coast News Ltd');
  assert.equal(m.image, 'https://news.example.com/img/storm.jpg');
  assert.deepEqual(m.tags, ['storm', 'coast']);
  assert.equal(m.kind, 'article');
  assert.equal(m.canonicalUrl, 'https://news.example.com/coast/storm');
  assert.equal(r.articleBody, 'The storm came in from the sea overnight.');
  assert.equal(r.sources.published, 'json-ld');
  assert.equal(r.sources.authors, 'json-ld');
});

test('JSON-LD: a top-level array, the Article preferred over a WebPage; broken JSON repaired or skipped', () => {
  const arr = meta(ld([
    { '@type': 'WebPage', datePublished: '2020-01-01', name: 'Page' },
    { '@type': 'BlogPosting', datePublished: '2021-02-03', author: 'By Jane Doe' },
  ]));
  assert.equal(arr.metadata.published, '2021-02-03');
  assert.deepEqual(arr.metadata.authors, ['Jane Doe']);
  // Trailing commas and a raw newline inside a string.
  const trailing = meta(ld('{"@type": "Article", "datePublished": "2022-05-06", "headline": "A\nB",}'));
  assert.equal(trailing.metadata.published, '2022-05-06');
  // Garbage after the object, inside an HTML comment.
  assert.deepEqual(parseLenient('<!-- {"a": [1, 2,], } -->'), { a: [1, 2] });
  assert.deepEqual(parseLenient('{"a": 1} trailing garbage'), { a: 1 });
  assert.deepEqual(parseLenient('{"a": 1}\n{"b": 2}'), [{ a: 1 }, { b: 2 }]);
  // Hopeless JSON is skipped; the next source speaks.
  const broken = meta(ld('{"@type": "Article", "datePublished": ') + '<meta property="article:published_time" content="2019-09-09">');
  assert.equal(broken.metadata.published, '2019-09-09');
  assert.equal(broken.sources.published, 'opengraph');
});

test('OpenGraph, Twitter and Dublin Core, each recorded as its own source', () => {
  const r = meta(`
    <title>Storm hits the coast | Coast News</title>
    <meta property="og:title" content="Storm hits the coast">
    <meta property="og:site_name" content="Coast News">
    <meta property="og:type" content="article">
    <meta property="og:locale" content="en_GB">
    <meta name="twitter:description" content="Waves over the harbour wall.">
    <meta name="twitter:image" content="https://cdn.example.com/storm.jpg">
    <meta name="DC.date.issued" content="2023-07-08">
    <meta name="DC.creator" content="Jane Doe">
    <meta name="keywords" content="storm, harbour; weather">
    <link rel="canonical" href="/coast/storm?ref=1">`, undefined);
  const m = r.metadata;
  assert.equal(m.siteName, 'Coast News');
  assert.equal(r.sources.siteName, 'opengraph');
  assert.equal(m.description, 'Waves over the harbour wall.');
  assert.equal(r.sources.description, 'twitter');
  assert.equal(m.image, 'https://cdn.example.com/storm.jpg');
  assert.equal(m.published, '2023-07-08');
  assert.equal(r.sources.published, 'dublin-core');
  assert.deepEqual(m.authors, ['Jane Doe']);
  assert.equal(r.sources.authors, 'dublin-core');
  assert.deepEqual(m.tags, ['storm', 'harbour', 'weather']);
  assert.equal(m.kind, 'article');
  assert.equal(m.canonicalUrl, 'https://news.example.com/coast/storm?ref=1');
  assert.equal(m.title, 'Storm hits the coast');
});

test('plain meta names, and article:published_time over a generic date', () => {
  const r = meta('<meta name="date" content="2010-01-01"><meta property="article:published_time" content="2018-04-05T08:00:00Z"><meta name="author" content="von Max Mustermann">');
  assert.equal(r.metadata.published, '2018-04-05T08:00:00Z');
  assert.equal(r.sources.published, 'opengraph');
  assert.deepEqual(r.metadata.authors, ['Max Mustermann']);
  const plain = meta('<meta name="sailthru.date" content="2016-11-12 09:00:00"><meta name="description" content="  Many\n words ">');
  assert.equal(plain.metadata.published, '2016-11-12');
  assert.equal(plain.sources.published, 'meta');
  assert.equal(plain.metadata.description, 'Many words');
});

test('microdata: datePublished, a Person author scope, publisher name; comment scopes ignored', () => {
  const body = `<article itemscope itemtype="https://schema.org/BlogPosting">
    <h1 itemprop="headline">Storm hits the coast</h1>
    <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane Doe</span></span>
    <meta itemprop="datePublished" content="2015-06-07">
    <div itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Coast News</span></div>
    ${PROSE}
    <div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
      <span itemprop="author">Troll</span><time itemprop="datePublished" datetime="2015-06-09">9 June</time></div>
  </article>`;
  const r = meta('', body);
  assert.equal(r.metadata.published, '2015-06-07');
  assert.equal(r.sources.published, 'microdata');
  assert.deepEqual(r.metadata.authors, ['Jane Doe']);
  assert.equal(r.metadata.siteName, 'Coast News');
  assert.equal(r.metadata.kind, 'article');
});

test('RDFa property dates are read like microdata', () => {
  const r = meta('', `<article><h1>Storm hits the coast</h1><span property="schema:dateCreated" content="2022-01-28T12:45:46+00:00"></span>${PROSE}</article>`);
  assert.equal(r.metadata.published, '2022-01-28T12:45:46+00:00');
  assert.equal(r.sources.published, 'microdata');
});

test('markup: <time datetime> near the headline, rel=author; a sidebar time is not the article\'s', () => {
  const body = `<aside class="sidebar"><ul><li><a href="/a">Older story</a> <time datetime="2001-01-01">1 Jan</time></li></ul></aside>
    <article><h1>Storm hits the coast</h1><p class="meta">By <a rel="author" href="/people/jane">Jane Doe</a>,
    <time datetime="2024-03-05T14:30:00+01:00">5 March 2024</time></p>${PROSE}</article>`;
  const r = meta('', body);
  assert.equal(r.metadata.published, '2024-03-05T14:30:00+01:00');
  assert.equal(r.sources.published, 'markup');
  assert.deepEqual(r.metadata.authors, ['Jane Doe']);
  assert.equal(r.sources.authors, 'markup');
});

test('byline: "By Jane Doe and John Roe" next to the headline gives two authors and the date', () => {
  const r = meta('', `<div><h1>Storm hits the coast</h1><div>By Jane Doe and John Roe | 12 February 2021</div>${PROSE}</div>`);
  assert.deepEqual(r.metadata.authors, ['Jane Doe', 'John Roe']);
  assert.equal(r.sources.authors, 'byline');
  assert.equal(r.metadata.published, '2021-02-12');
  assert.equal(r.sources.published, 'byline');
});

test('author normalisation: prefixes, e-mails, separators, non-persons, URLs, long strings', () => {
  assert.deepEqual(splitAuthor('By Jane Doe and John Roe'), ['Jane Doe', 'John Roe']);
  assert.deepEqual(splitAuthor('Von Max Mustermann und Erika Musterfrau'), ['Max Mustermann', 'Erika Musterfrau']);
  assert.deepEqual(splitAuthor('Par Jean Dupont & Marie Curie'), ['Jean Dupont', 'Marie Curie']);
  assert.deepEqual(splitAuthor('Por Ana García, Luis Pérez'), ['Ana García', 'Luis Pérez']);
  assert.deepEqual(splitAuthor('By Associated Press | October 31, 2013 | 7:17pm'), ['Associated Press'], 'a date and a time split off the byline are no names');
  assert.deepEqual(splitAuthor('Von Anna Berg, 12. März'), ['Anna Berg']);
  assert.deepEqual(splitAuthor('Jane Doe <jane.doe@example.com>'), ['Jane Doe']);
  assert.deepEqual(splitAuthor('jane.doe@example.com'), []);
  assert.deepEqual(splitAuthor('Staff'), []);
  assert.deepEqual(splitAuthor('Admin'), []);
  assert.deepEqual(splitAuthor('Redaktion'), []);
  assert.deepEqual(splitAuthor('https://www.facebook.com/janedoe'), []);
  assert.deepEqual(splitAuthor('This is a whole sentence that a byline selector caught by mistake on the page'), []);
  assert.deepEqual(splitAuthor('John A. Smith'), ['John A. Smith']);
  assert.deepEqual(splitAuthor('Robert De Niro'), ['Robert De Niro']);
  assert.deepEqual(splitAuthor('Автор: Иван Петров'), ['Иван Петров']);
  assert.deepEqual(splitAuthor('بقلم: أحمد العلي'), ['أحمد العلي']);
  assert.deepEqual(splitAuthor('作者：张伟'), ['张伟']);
  assert.deepEqual(splitAuthor('Oleh Budi Santoso'), ['Budi Santoso']);
  assert.equal(authorField('来源：晨报网 作者：李明 2026-11-20 09:15'), '李明');
  assert.equal(authorField('来源：晨报网 2026-11-20'), null);
  assert.deepEqual(normaliseAuthors(['Jane Doe', 'jane doe', 'By John Roe']), ['Jane Doe', 'John Roe']);
});

test('the sources record names the winner of every field that has a value', () => {
  const r = meta(`<html lang="en"><meta property="og:site_name" content="Coast News">${ld({ '@type': 'Article', datePublished: '2020-02-02' })}`);
  for (const k of Object.keys(r.metadata) as Array<keyof typeof r.metadata>) {
    const v = r.metadata[k];
    if (v === undefined || (Array.isArray(v) && !v.length) || v === '') continue;
    assert.ok(r.sources[k], `source for ${k}`);
  }
  assert.equal(r.sources.siteName, 'opengraph');
  assert.equal(r.sources.published, 'json-ld');
});

test('image and canonical URLs: resolved against the page URL, http(s) only', () => {
  const r = meta('<meta property="og:image" content="javascript:alert(1)"><meta name="twitter:image" content="//cdn.example.com/a.png"><meta property="og:url" content="data:text/html,x">');
  assert.equal(r.metadata.image, 'https://cdn.example.com/a.png');
  assert.equal(r.metadata.canonicalUrl, undefined);
  const doc = parseHtml('<head><LINK REL="canonical" HREF="/x?a=1&amp;b=2"><link rel=stylesheet href=a.css><link rel="author" href="/ada"></head>');
  computeFeatures(doc);
  assert.deepEqual(readLinkTags(doc.elements.filter((e) => e.tag === 'link')), { canonical: '/x?a=1&b=2', author: '/ada' });
  const page = '<head><link rel="canonical" href="/story"></head><body><p>x</p></body>';
  const d2 = parseHtml(page); computeFeatures(d2);
  assert.equal(extractMetadata(d2, { url: 'https://news.example/story?utm=1' }).metadata.canonicalUrl, 'https://news.example/story');
});

test('language: <html lang> first, og:locale next, else a stop-word vote on the text', () => {
  assert.equal(meta('<meta property="og:locale" content="de_DE">').metadata.lang, 'de-de');
  const html = '<!doctype html><html lang="FR-ca"><head></head><body><p>x</p></body></html>';
  const doc = parseHtml(html); computeFeatures(doc);
  assert.equal(extractMetadata(doc, {}).metadata.lang, 'fr-ca');
  const de = meta('', '<p>Der Sturm kam in der Nacht vom Meer, und die Mauer des Hafens hielt, aber nur gerade so. Die Fischer waren am Abend mit ihren Booten in den Hafen gekommen und sie hatten nicht mit dem Wasser gerechnet.</p>');
  assert.equal(de.metadata.lang, 'de');
  assert.equal(de.sources.lang, 'detected');
  assert.equal(detectLang('東京で新しい店が開きました。たくさんの人が来ました。'.repeat(5)), 'ja');
  assert.equal(detectLang('short'), undefined);
});

test('kind: JSON-LD @type, og:type, the home page; undefined when unsure', () => {
  assert.equal(meta(ld({ '@type': 'Recipe', name: 'Soup' })).metadata.kind, 'recipe');
  assert.equal(meta('<meta property="og:type" content="video.movie">').metadata.kind, 'video');
  assert.equal(meta('', `<p>Welcome</p>`, 'https://www.example.com/').metadata.kind, 'homepage');
  assert.equal(meta('', `<p>Welcome</p>`).metadata.kind, undefined);
});

test('Next.js payload: the longest prose under a body-like key becomes articleBody', () => {
  const body = '<p>The storm came in from the sea overnight.</p><p>The harbour wall held, just, and the fishermen came down at dawn.</p>'.repeat(4);
  const next = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { article: { id: 'x1', title: 'Storm', body } } } })}</script>`;
  const r = meta('', `<div id="__next"></div>${next}`);
  assert.ok(r.articleBody?.startsWith('The storm came in from the sea overnight.'), r.articleBody);
  assert.ok(!r.articleBody?.includes('<p>'));
  assert.equal(stripTags('a<b>b</b><p>c &amp; d</p><script>x()</script>e'), 'ab\n\nc & d\n\ne');
});

test("Next.js and Nuxt 3 payloads: the article record's headline and authors, beside its text", () => {
  const paras = ['The storm came in from the sea overnight.', 'The harbour wall held, just, and the fishermen came down at dawn.'];
  const body = paras.map((p) => `<p>${p}</p>`).join('').repeat(4);
  const title = '<title>Storm over the harbour wall – Coast Journal</title>';
  // Next.js: the fields sit beside the body, or one object above it.
  const next = { props: { pageProps: { article: { title: 'Storm over the harbour wall', author: [{ name: 'By Lena Kraus' }, 'Tom Berg'], content: { body } } } } };
  const r = meta(title, `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`);
  assert.deepEqual(r.metadata.authors, ['Lena Kraus', 'Tom Berg']);
  assert.equal(r.sources.authors, 'app-data');
  // The payload's headline says which end of the <title> is the site's name.
  assert.equal(r.metadata.title, 'Storm over the harbour wall');
  // Nuxt 3 (devalue): a flat array whose objects and arrays hold indices into it; ["Reactive", i] wraps a value.
  const nuxt = [['Reactive', 1], { data: 2 }, { story: 3 }, { headline: 4, authors: 5, text: 8 }, 'Storm over the harbour wall', [6], { name: 7 }, 'Lena Kraus', body];
  const n = meta(title, `<div id="__nuxt"></div><script type="application/json" id="__NUXT_DATA__" data-ssr="true">${JSON.stringify(nuxt)}</script>`);
  assert.ok(n.articleBody?.startsWith(paras[0]), n.articleBody);
  assert.deepEqual(n.metadata.authors, ['Lena Kraus']);
  assert.equal(n.metadata.title, 'Storm over the harbour wall');
  // Broken or hostile payloads give nothing, never an error: out-of-range and cyclic indices.
  for (const bad of ['[1, {"a": 99}]', '[{"text": 0}]', '{"x":', '"text"']) {
    const b = meta('', `<script type="application/json" id="__NUXT_DATA__">${bad}</script>`);
    assert.equal(b.articleBody, undefined);
  }
});

test('property: extractMetadata never throws on arbitrary strings, and its dates are ISO 8601', () => {
  const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2}))?$/;
  const fragments = fc.constantFrom(
    '<script type="application/ld+json">', '</script>', '{"@type":"Article","datePublished":"', '2024-13-45', '2019-02-03T25:61:00+99:99',
    '<meta property="article:published_time" content="', '">', '<time datetime="', '<h1>', '</h1>', 'By ', ' and ', '©',
    '5. März 2024', 'March 5, 2024', '2024年3月5日', '05.03.2024', '3/5/2024', '<html lang="', '<div class="date">', '</div>',
    '<span itemprop="datePublished" content="', '"', '<', '>', '&amp;', '\u0000', '1700000000',
  );
  fc.assert(fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 40 }), fc.option(fc.webUrl(), { nil: undefined }), (parts, url) => {
    const html = parts.join('');
    const doc = parseHtml(html);
    computeFeatures(doc);
    const r = extractMetadata(doc, { url });
    for (const d of [r.metadata.published, r.metadata.modified]) if (d !== undefined) assert.match(d, ISO);
    assert.ok(Array.isArray(r.metadata.authors) && Array.isArray(r.metadata.tags));
  }), { numRuns: Number(process.env.FC_RUNS ?? 300) });
});

test('a tree without features (computeFeatures not run) and an empty page still give metadata', () => {
  const html = '<html><head><meta name="author" content="By Jane Doe"></head><body><h1>Storm</h1><p class="date">5. März 2024</p></body></html>';
  const r = extractMetadata(parseHtml(html), { url: 'https://news.example.com/a' });
  assert.deepEqual(r.metadata.authors, ['Jane Doe']);
  assert.equal(r.metadata.published, '2024-03-05');
  const empty = extractMetadata(parseHtml(''), {});
  assert.deepEqual(empty.metadata, { title: '', authors: [], tags: [] });
  assert.deepEqual(empty.sources, {});
});
