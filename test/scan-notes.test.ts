// The metadata scan (src/page/metadata/scan.ts) reads the elements the parser noted as it created
// them (src/dom/scan-candidates.ts) instead of walking the tree. Its lists must be those of the one
// walk over every element it replaced (referenceScan below, a copy of that walk), element for
// element and in the same order, on markup where creation order and tree order part: foster
// parenting, the adoption agency's clones, content after </body>, a second <body> or <html> tag,
// elements the parser drops, hidden elements, the lists' caps; and on trees without notes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml, parseHtmlReference } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { DomElement, DomText, walkElements, type DomDocument } from '../src/dom/node.js';
import { scanPage, type PageScan } from '../src/page/metadata/scan.js';
import { scanTag } from '../src/dom/scan-candidates.js';

// ---- the walk the notes replaced (scan.ts before the parser noted its elements) ----------------

const OLD_DATE_HINT = /date|time|publi|posted|byline|author|meta|submitted|created|datum|fecha|autor|auteur|Date|Time|Publi|Posted|Byline|Author|Meta|Created|Datum|DATE|TIME|AUTHOR/;
const AUTHOR_HREF = /\/(?:author|autor|auteur|autore)s?\//i;
const LINK_REL = /canonical|image_src|author/i;

interface Lists { metas: DomElement[]; links: DomElement[]; itemprops: DomElement[]; times: DomElement[]; hinted: DomElement[]; authorLinks: DomElement[]; h1s: DomElement[]; titleEl: DomElement | null; itemtypes: string[]; articles: number; articleText: number }

function referenceScan(doc: DomDocument): Lists {
  const elements = doc.elements.length ? doc.elements : [...walkElements(doc.root)];
  const featured = doc.elements.length > 0 && doc.root.id === 0;
  const s: Lists = { metas: [], links: [], itemprops: [], times: [], hinted: [], authorLinks: [], h1s: [], titleEl: null, itemtypes: [], articles: 0, articleText: 0 };
  let inBody = false;
  for (const el of elements) {
    if (el === doc.body) inBody = true;
    const tag = el.tag;
    if (tag === 'meta') {
      if (s.metas.length < 400) s.metas.push(el);
      if (el.attr('itemprop') !== undefined && s.itemprops.length < 400) s.itemprops.push(el);
      continue;
    }
    if (tag === 'title') { if (!s.titleEl) s.titleEl = el; continue; }
    if (tag === 'link') {
      const rel = el.attr('rel');
      if (rel && LINK_REL.test(rel) && s.links.length < 100) s.links.push(el);
      continue;
    }
    let hinted = false, hasTitle = false, authorLink = false;
    const mayHint = inBody && !el.hidden && s.hinted.length < 150 && el.textLen <= 200 && (el.textLen > 0 || !featured);
    for (const { name: n, value: v } of el.attrs) {
      if (n === 'class' || n === 'id') { if (mayHint && !hinted && v.length <= 300 && OLD_DATE_HINT.test(v)) hinted = true; }
      else if (n === 'href') { if (v.length < 300 && v.includes('/aut') && AUTHOR_HREF.test(v)) authorLink = true; }
      else if (n === 'rel') { if (v.length < 100 && /\bauthor\b/i.test(v)) authorLink = true; }
      else if (n === 'title') { if (v) hasTitle = true; }
      else if (n === 'itemprop' || n === 'property') { if (s.itemprops.length < 400 && s.itemprops[s.itemprops.length - 1] !== el) s.itemprops.push(el); }
      else if (n === 'itemtype') { if (s.itemtypes.length < 50) s.itemtypes.push(v); }
    }
    if (hinted) s.hinted.push(el);
    if (!inBody) continue;
    if (tag === 'h1') s.h1s.push(el);
    else if (tag === 'time' || (tag === 'abbr' && hasTitle)) { if (s.times.length < 100) s.times.push(el); }
    else if (tag === 'article') { s.articles++; s.articleText += el.textLen; }
    else if (tag === 'a' && authorLink && s.authorLinks.length < 20) s.authorLinks.push(el);
  }
  return s;
}

function lists(s: PageScan): Lists {
  return {
    metas: s.metas, links: s.links, itemprops: s.itemprops, times: s.times, hinted: s.hinted, authorLinks: s.authorLinks,
    h1s: s.h1s, titleEl: s.titleEl, itemtypes: s.itemtypes, articles: s.articles, articleText: s.articleText,
  };
}

/** Lists as comparable data: each element by its place in pre-order and its tag. */
function named(l: Lists, doc: DomDocument): unknown {
  const elements = doc.elements.length ? doc.elements : [...walkElements(doc.root)];
  const at = (el: DomElement): string => `${elements.indexOf(el)}:${el.tag}`;
  return Object.fromEntries(Object.entries(l).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : at(x))) : v instanceof DomElement ? at(v) : v]));
}

/** The scan from the parser's notes, the scan of the same tree without them, and the reference walk, all agree. */
function sameScan(html: string, parse = parseHtml): Lists {
  const doc = parse(html);
  computeFeatures(doc);
  assert.ok(doc.scanNotes, 'the parser notes the scan\'s elements');
  const ref = referenceScan(doc);
  const fromNotes = lists(scanPage(doc));
  assert.deepEqual(named(fromNotes, doc), named(ref, doc), `notes vs the walk: ${html}`);
  // Element identity, not only place: the same objects.
  for (const k of Object.keys(ref) as (keyof Lists)[]) if (Array.isArray(ref[k])) assert.ok((ref[k] as unknown[]).every((x, i) => (fromNotes[k] as unknown[])[i] === x), k);
  // Read in parts (the authors' reader asks only up to just past the headline): each part a prefix
  // of the whole list holding every element before the cut, and the list read after it the whole.
  for (const cut of [0, doc.elements.length >> 2, doc.elements.length >> 1]) {
    const part = scanPage(doc);
    const before = part.hintedBefore(cut).slice();
    assert.ok(before.every((x, i) => ref.hinted[i] === x), `a prefix, cut at ${cut}`);
    assert.ok(ref.hinted.every((x, i) => x.id >= cut || before[i] === x), `all before ${cut}`);
    assert.ok(part.hinted.length === ref.hinted.length && part.hinted.every((x, i) => ref.hinted[i] === x), `whole after a cut at ${cut}`);
  }
  const bare: DomDocument = { ...doc, scanNotes: undefined };
  assert.deepEqual(named(lists(scanPage(bare)), doc), named(ref, doc), `no notes vs the walk: ${html}`);
  // Without features (no doc.elements): the scan walks the tree itself, as the reference does.
  const raw = parse(html);
  assert.deepEqual(named(lists(scanPage(raw)), raw), named(referenceScan(raw), raw), `no features: ${html}`);
  return ref;
}

const D = 'Posted 3 March 2024';

test('scan from the parser\'s notes: a plain article page', () => {
  const r = sameScan(`<!doctype html><html lang=en itemscope itemtype="https://schema.org/WebPage"><head><title>Storm | Coast News</title>
    <meta property="og:title" content="Storm"><meta name=author content="Jane"><link rel=canonical href="/storm"><link rel=stylesheet href=a.css>
    <meta itemprop=datePublished content=2024-03-03></head><body class="single post-template">
    <header class=site-header><a href="/" rel=home>Coast</a></header><article itemscope itemtype="https://schema.org/NewsArticle">
    <h1 itemprop=headline>Storm</h1><p class=byline>By <a href="/author/jane/" rel=author>Jane</a> · <time datetime=2024-03-03>${D}</time></p>
    <abbr class=published title=2024-03-03T10:00Z>3 March</abbr><abbr title="">x</abbr><span class="entry-meta">${D}</span>
    <div class=content><p>Text of the story, long enough to be a paragraph of its own.</p></div></article></body></html>`);
  assert.equal(r.titleEl?.tag, 'title');
  assert.deepEqual(r.authorLinks.map((a) => a.attr('href')), ['/author/jane/']);
  assert.equal(r.times.length, 2);
  assert.ok(r.hinted.length >= 3);
  assert.deepEqual(r.itemtypes, ['https://schema.org/WebPage', 'https://schema.org/NewsArticle']);
});

test('scan from the parser\'s notes: foster parenting and the adoption agency (creation order is not tree order)', () => {
  // Elements foster-parented out of a table land before it, after elements created earlier.
  sameScan(`<body><div class=post-date>x</div><table><tr><td>cell</td></tr><a href="/author/ann/">Ann</a><time datetime=2020-01-02>2 Jan</time>
    <span class=date>2 Jan 2020</span><span itemprop=author>Ann</span><h1>Head</h1><tr><td class=byline>By Bob</td></tr></table><p class=meta>${D}</p>`);
  // Misnested formatting: the adoption agency clones <b>, <a> and <i> (clones are created later).
  sameScan(`<body><b class=byline><p>By <a rel=author href="/x">Ann</a></b> text</p><p>${D}</p>`);
  sameScan(`<body><a href="/author/x/" class=author-link>1<p class=date>2 Jan 2020</a>3</p><b itemprop=name><i class=posted>a<p>b</b>c</i></p>`);
  sameScan(`<body><table><b class=date>Jan 1 2020<tr><td>x<i class=author>y</table>z</i><time>2020</time>`);
  sameScan(`<body><p><b class="entry-date"><i class=author>x</p><p>y</b>z</i></p><article><h1>T</h1><a class=byline href="/authors/q/"><div>q</div></a></article>`);
});

test('scan from the parser\'s notes: content after </body> and </html>, a second <body> and <html>', () => {
  sameScan(`<html><head><title>T</title></head><body><p class=date>${D}</p></body><meta property="og:title" content=After><time>2021</time></html>
    <span class=posted>${D}</span><a rel=author href=/me>me</a><h1>late</h1>`);
  // The second tags' attributes join the first's: the body becomes microdata and date-classed.
  const r = sameScan(`<html><body><p>x</p><body itemscope itemtype="https://schema.org/Article" class="post-meta" id=published><html itemtype="https://schema.org/WebSite"><p>${D}</p>`);
  assert.deepEqual(r.itemtypes, ['https://schema.org/WebSite', 'https://schema.org/Article']);
  // An element noted twice: microdata on its first tag and more on the second (the scan keeps it once).
  const twice = sameScan(`<html itemprop=a><body itemprop=b><p>${D}</p><html itemtype=https://schema.org/WebSite><body itemtype=https://schema.org/Article>`);
  assert.deepEqual(twice.itemtypes, ['https://schema.org/WebSite', 'https://schema.org/Article']);
  assert.deepEqual(twice.itemprops.map((e) => e.tag), ['html', 'body']);
  // Without a <body> tag, or a frameset page (the parser's own empty body).
  sameScan(`<title>T</title><meta name=date content=2020-01-01><span class=date>${D}</span>`);
  sameScan(`<html><head><title>T</title></head><frameset><frame src=a></frameset></html>`);
});

test('scan from the parser\'s notes: dropped, hidden and head elements', () => {
  sameScan(`<head><title>T</title><script id=date-script type=application/ld+json>{}</script><style class=date></style></head><body>
    <button class=author itemprop=author>Me</button><select class=date><option class=date>${D}</option></select>
    <svg class=posted><a href="/author/x/"><title>svg title</title><text class=date>${D}</text></a></svg>
    <template><time class=date>${D}</time><a rel=author href=/t>t</a></template><iframe class=byline itemprop=video></iframe>
    <span class=date hidden>${D}</span><div style="display:none"><span class=author>Bob</span><time>2020</time></div>
    <p aria-hidden=true class=byline>By Al</p><meta class=date content=x name=date><title class=date>${D}</title><link rel=author class=byline href=/a>
    <h1 hidden>hidden headline</h1><article hidden class=post>${D}</article><div class=date></div><span class=date>   </span>`);
  // Both tokenizers (the fast paths and plain parse5) note the same elements.
  sameScan(`<body><p class=date>${D}<a href='/author/x/' rel=nofollow>x</a><time datetime="2020-01-01T00:00Z">t</time></p>`, parseHtmlReference);
});

test('scan from the parser\'s notes: the caps apply in page order', () => {
  const many = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => f(i)).join('');
  const r = sameScan(`<head>${many(420, (i) => `<meta name=m${i} content=${i} itemprop=p${i}>`)}${many(120, (i) => `<link rel=canonical href=/c${i}>`)}</head><body>
    ${many(160, (i) => `<span class=date>${i} March 2024</span>`)}${many(110, (i) => `<time>${i}</time>`)}${many(30, (i) => `<a href="/author/a${i}/">A${i}</a>`)}
    ${many(60, (i) => `<div itemscope itemtype=https://schema.org/T${i} itemprop=x${i}>.</div>`)}`);
  assert.equal(r.metas.length, 400);
  assert.equal(r.links.length, 100);
  assert.equal(r.hinted.length, 150);
  assert.equal(r.times.length, 100);
  assert.equal(r.authorLinks.length, 20);
  assert.equal(r.itemprops.length, 400);
  assert.equal(r.itemtypes.length, 50);
});

test('scan from the parser\'s notes: random markup of the kinds above (property)', () => {
  const piece = fc.constantFrom(
    '<table>', '</table>', '<tr>', '<td>', '</td>', '<b>', '</b>', '<i class=byline>', '</i>', '<p>', '</p>', '<div class=post-meta>', '</div>',
    '<a href="/author/x/">', '<a rel=author href=#>', '</a>', '<time datetime=2020-01-01>', '</time>', '<abbr title=2020>', '</abbr>',
    '<span class=date>', '<span class=Date hidden>', '</span>', '<h1>', '</h1>', '<article>', '</article>', '<meta name=date content=2020>',
    '<span itemprop=author>', '<div itemscope itemtype=https://schema.org/Article>', '<body class=posted>', '</body>', '</html>', '<html itemtype=x>',
    '<svg>', '</svg>', '<template>', '</template>', '<button class=author>', '<title>', '</title>', '<select>', '<option>', '<li>',
    '<meta itemprop=datePublished content=2020>', '<link rel=author href=/a>', '<form>', '</form>', '<noscript>', '</noscript>',
    '<a href="/autor/y/" class=by>', '<caption>', '<h1 class=date>', '<frameset>', '<body itemprop=mainEntity>', '<html itemprop=p>',
    '3 March 2024', 'By Ann Lee', ' ', 'x',
  );
  // Sometimes under a node budget: the elements past it are created (and noted) but never attached.
  const budget = fc.constantFrom(undefined, 3, 8, 20);
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), budget, (parts, maxNodes) => {
    sameScan(parts.join(''), (h) => parseHtml(h, { maxNodes }));
  }), { numRuns: 500 });
});

test('scan from the parser\'s notes: noted elements out of the tree, and notes out of page order, are read as the walk reads', () => {
  // Foster parenting puts the <time> and <span itemprop> before the table created earlier; the
  // <template>'s and <svg>'s elements are created, noted and never attached.
  const html = `<body><h1>Head</h1><table><tr><td><article>x</article></td></tr><time datetime=2020-01-02>2 Jan</time><span itemprop=author>Ann</span></table>
    <template><time>2021</time><h1 itemprop=name>t</h1></template><svg><title>icon</title><a href="/author/svg/">s</a></svg><p class=date>${D}</p>`;
  const doc = parseHtml(html);
  computeFeatures(doc);
  const notes = doc.scanNotes!;
  const inTree = (el: DomElement): boolean => doc.elements[el.id] === el;
  const all = [...notes.tagged, ...notes.times, ...notes.links];
  assert.ok(all.some((el) => !inTree(el)), 'some noted element never reached the tree');
  const ids = notes.tagged.filter(inTree).map((el) => el.id);
  assert.ok(ids.some((id, i) => i > 0 && id < ids[i - 1]), 'the notes are out of page order');
  const r = sameScan(html);
  assert.deepEqual(r.times.map((e) => e.attr('datetime')), ['2020-01-02']);
  assert.deepEqual(r.itemprops.map((e) => e.tag), ['span']);
  assert.equal(r.titleEl, null);
  assert.deepEqual(r.authorLinks, []);
  assert.deepEqual(r.h1s.map((e) => e.tag), ['h1']);
});

test('scan from the parser\'s notes: a tree changed after its features, and its features computed again', () => {
  // A noted element taken out keeps the id of the first computeFeatures: the scan must not read it.
  const doc = parseHtml(`<head><meta itemprop=a content=1></head><body><p class=byline>By <a rel=author href=/a>Ann</a></p>
    <time>2020</time><div itemscope itemtype=https://schema.org/Article><h1 itemprop=headline>T</h1></div><abbr title=2021>x</abbr>`);
  computeFeatures(doc);
  const take = (el: DomElement): void => { const ch = el.parent!.children; ch.splice(ch.indexOf(el), 1); el.parent = null; };
  const [time] = doc.elements.filter((e) => e.tag === 'time');
  const [div] = doc.elements.filter((e) => e.tag === 'div');
  const [meta] = doc.elements.filter((e) => e.tag === 'meta');
  take(time); take(div); take(meta);
  computeFeatures(doc);
  for (const el of [time, div, meta]) assert.ok(el.id >= 0 && doc.elements[el.id] !== el, 'a stale id');
  const s = scanPage(doc);
  assert.deepEqual(named(lists(s), doc), named(referenceScan(doc), doc));
  assert.deepEqual(s.times.map((e) => e.tag), ['abbr']);
  assert.deepEqual([s.itemprops.length, s.itemtypes.length, s.h1s.length, s.metas.length], [0, 0, 0, 0]);
  assert.equal(s.authorLinks.length, 1);
});

test('scan from the parser\'s notes: meta tags in the body join the head\'s, in page order', () => {
  const r = sameScan(`<head><meta name=description content=D><meta itemprop=name content=N></head><body>
    <div itemscope itemtype=https://schema.org/Article><h1 itemprop=headline>T</h1><meta itemprop=datePublished content=2020-01-02>
    <p>Text.</p></div><meta property="article:published_time" content=2020-01-02><meta name=author content=Ann></body>`);
  assert.deepEqual(r.metas.map((e) => e.attr('name') ?? e.attr('property') ?? e.attr('itemprop')),
    ['description', 'name', 'datePublished', 'article:published_time', 'author']);
  assert.deepEqual(r.itemprops.map((e) => e.attr('itemprop')), ['name', 'headline', 'datePublished']);
  assert.deepEqual(r.itemtypes, ['https://schema.org/Article']);
});

test('scan from the parser\'s notes: a parse cut short by the node budget, and a page parsed again for an unclosed <title>', () => {
  const page = `<html itemscope itemtype=https://schema.org/WebPage><head><title>T</title><meta name=date content=2020-01-01></head><body>
    <h1>H</h1><p class=byline>By <a rel=author href=/a>Ann</a> <time>2020</time></p><meta itemprop=x content=y><article><p class=date>${D}</p></article>`;
  for (const maxNodes of [1, 4, 6, 9, 12]) sameScan(page, (h) => parseHtml(h, { maxNodes }));
  // The title runs to the end of the page: repaired at its first line's end and parsed again (parse.ts).
  const unclosed = `<html><head><title>Storm hits the coast\n<meta name=author content=Jane></head><body><h1 itemprop=headline>Storm</h1>
    <p class=byline>By <a href="/author/jane/">Jane</a> <time datetime=2024-03-03>${D}</time></p><p>${'Long text of the story. '.repeat(12)}</p></body></html>`;
  const r = sameScan(unclosed);
  assert.equal(r.h1s.length, 1, 'the repaired page has its body');
  assert.equal(r.authorLinks.length, 1);
});

test('scan: a tree built by hand (no parser, no notes) is walked whole', () => {
  const el = (tag: string, attrs: Record<string, string>, ...children: (DomElement | string)[]): DomElement => {
    const e = new DomElement(tag, Object.entries(attrs).map(([name, value]) => ({ name, value })), 'http://www.w3.org/1999/xhtml');
    for (const c of children) { const n = typeof c === 'string' ? new DomText(c) : c; n.parent = e; e.children.push(n); }
    return e;
  };
  const head = el('head', {}, el('title', {}, 'T'), el('meta', { property: 'og:title', content: 'T' }));
  const body = el('body', {}, el('h1', {}, 'Headline'), el('p', { class: 'byline' }, 'By ', el('a', { href: '/author/ann/' }, 'Ann')), el('time', { datetime: '2020-01-01' }, 'Jan 1'));
  // An <abbr> with an empty title and a second, non-empty one (only a hand-built tree repeats a name).
  const abbr = new DomElement('abbr', [{ name: 'title', value: '' }, { name: 'title', value: '2020-01-02' }], 'http://www.w3.org/1999/xhtml');
  abbr.children.push(new DomText('2 Jan')); abbr.children[0].parent = abbr; abbr.parent = body; body.children.push(abbr);
  const html = el('html', {}, head, body);
  const root = el('#document', {}, html);
  const doc: DomDocument = { root, html, head, body, elements: [], truncated: false };
  for (const featured of [false, true]) {
    if (featured) computeFeatures(doc);
    const s = scanPage(doc);
    assert.deepEqual(named(lists(s), doc), named(referenceScan(doc), doc));
    assert.equal(s.h1s.length, 1);
    assert.deepEqual(s.times.map((e) => e.tag), ['time', 'abbr']);
    assert.equal(s.authorLinks.length, 1);
    assert.deepEqual(s.hinted.map((e) => e.tag), ['p']);
    assert.equal(s.metas.length, 1);
  }
});

test('scan: the date and byline class pattern matches what the flat list of words matched', () => {
  const words = 'date time publi posted byline author meta submitted created datum fecha autor auteur Date Time Publi Posted Byline Author Meta Created Datum DATE TIME AUTHOR'.split(' ');
  const near = (w: string): string[] => [w, `x-${w}-y`, w.slice(1), w.slice(0, -1), w.toUpperCase(), w.toLowerCase(), w[0].toUpperCase() + w.slice(1).toLowerCase(), `${w.slice(0, 2)} ${w.slice(2)}`];
  const classes = [...new Set(words.flatMap(near))];
  sameScan(`<body>${classes.map((c) => `<span class="${c}">3 March 2024</span><b id="${c}">By Ann</b>`).join('')}`);
  const letters = fc.string({ unit: fc.constantFrom(...'datumeDATEiTIMpublosPbynBhrAUHRMsbcCf-_ x'), maxLength: 14 });
  fc.assert(fc.property(fc.array(letters, { maxLength: 12 }), (cs) => {
    sameScan(`<body>${cs.map((c) => `<span class="${c}">3 March 2024</span>`).join('')}`);
  }), { numRuns: 300 });
});

test('scanTag: a code for the scan\'s eight tags, none for any other', () => {
  const wanted = ['meta', 'title', 'link', 'h1', 'article', 'a', 'time', 'abbr'];
  assert.equal(new Set(wanted.map(scanTag)).size, 8);
  for (const t of wanted) assert.notEqual(scanTag(t), undefined, t);
  const others = ['', 'b', 'p', 'h2', 'hr', 'span', 'main', 'html', 'body', 'head', 'form', 'titles', 'style', 'table', 'section', 'articl', 'aside', 'meta ', 'META', 'A', 'timer', 'abb', '#document'];
  for (const t of others) assert.equal(scanTag(t), undefined, t);
});
