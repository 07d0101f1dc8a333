// The page title repair (src/page/metadata/title.ts): the site name off either end of <title>,
// checked against the page's <h1> and its metadata titles; and paper 000 §6's placeholder repair
// (title-placeholder.ts). Every page here is a small hand-written one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument } from '../src/dom/node.js';
import { chooseTitle, type TitleCandidates } from '../src/page/metadata/title.js';
import { placeholderReason, repairTitle } from '../src/page/metadata/title-placeholder.js';

function page(body: string, head = ''): DomDocument {
  const doc = parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
  computeFeatures(doc);
  return doc;
}

const ARTICLE = '<article><p>The storm came in from the sea overnight and the harbour wall held, just.</p></article>';
const empty = page(ARTICLE);
const SEPARATORS = ['|', '-', '–', '—', ':', '·', '»', '/', '::', '~', '||'];

test('the known site name comes off the end, after any separator', () => {
  for (const sep of SEPARATORS) {
    const t = chooseTitle(empty, { titleTag: `Storm hits the coast ${sep} The Daily Bugle`, siteName: 'The Daily Bugle' });
    assert.equal(t.title, 'Storm hits the coast', sep);
    assert.equal(t.source, 'title-tag');
    assert.equal(t.headline, null);
  }
});

test('the known site name comes off the start, after any separator', () => {
  for (const sep of SEPARATORS) {
    const titleTag = sep === ':' ? 'The Daily Bugle: Storm hits the coast' : `The Daily Bugle ${sep} Storm hits the coast`;
    assert.equal(chooseTitle(empty, { titleTag, siteName: 'The Daily Bugle' }).title, 'Storm hits the coast', sep);
  }
});

test('without og:site_name: the host names the site, by its words or its initials', () => {
  const url = 'https://www.dailybugle.example/news/2024/storm.html';
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast - Daily Bugle', url }).title, 'Storm hits the coast');
  assert.equal(chooseTitle(empty, { titleTag: 'DAILY BUGLE: Storm hits the coast', url }).title, 'Storm hits the coast');
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast | DB News', url: 'https://news.db.example/x' }).title, 'Storm hits the coast');
  // Initials, then a word spelled out: New York + Times.
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast - The New York Times', url: 'https://www.nytimes.example/a' }).title, 'Storm hits the coast');
});

test('with no name known: a short end segment after a strong separator goes; a colon needs more', () => {
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast of Maine | Bugle' }).title, 'Storm hits the coast of Maine');
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast of Maine - Bugle Online' }).title, 'Storm hits the coast of Maine');
  assert.equal(chooseTitle(empty, { titleTag: 'Bugle | Storm hits the coast of Maine' }).title, 'Storm hits the coast of Maine');
  assert.equal(chooseTitle(empty, { titleTag: 'Review: the storm that hit the coast' }).title, 'Review: the storm that hit the coast');
  // Two long halves: nothing is a brand by shape.
  const both = 'Storm hits the coast of Maine - Harbour wall holds through the night';
  assert.equal(chooseTitle(empty, { titleTag: both }).title, both);
});

test('"Headline - Section - Site" and "Site > Section > Headline"', () => {
  const siteName = 'The Daily Bugle';
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast of Maine - Weather - The Daily Bugle', siteName }).title, 'Storm hits the coast of Maine');
  assert.equal(chooseTitle(empty, { titleTag: 'The Daily Bugle > Weather > Storm hits the coast of Maine', siteName }).title, 'Storm hits the coast of Maine');
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast of Maine | News | Weather | Bugle' }).title, 'Storm hits the coast of Maine');
});

test('an <h1> that agrees with a variant of the title is the headline, as the page shows it', () => {
  const doc = page(`<header><a href="/">Bugle</a></header><h1 class="entry-title">Storm hits the coast — and the wall holds</h1>${ARTICLE}`);
  const t = chooseTitle(doc, { titleTag: 'Storm hits the coast - and the wall holds | The Daily Bugle', siteName: 'The Daily Bugle' });
  assert.equal(t.title, 'Storm hits the coast — and the wall holds');
  assert.equal(t.source, 'title-tag');
  assert.equal(t.headline?.tag, 'h1');
});

test('"Site: Headline" where the page shows the headline: the shown part wins', () => {
  const doc = page(`<h1>Storm hits the coast</h1>${ARTICLE}`);
  const t = chooseTitle(doc, { titleTag: 'Bugle: Storm hits the coast' });
  assert.equal(t.title, 'Storm hits the coast');
  assert.equal(t.headline?.tag, 'h1');
});

test('an <h1> that is the logo or the site name is passed over', () => {
  const doc = page(
    '<h1 class="logo"><a href="/"><img src="/logo.png" alt="The Daily Bugle"></a></h1>' +
    '<h1><a href="/">The Daily Bugle</a></h1>' +
    `<h2 class="article-title">Storm hits the coast</h2>${ARTICLE}`,
  );
  const t = chooseTitle(doc, { titleTag: 'Storm hits the coast | The Daily Bugle', url: 'https://dailybugle.example/storm' });
  assert.equal(t.title, 'Storm hits the coast');
  assert.equal(t.headline?.tag, 'h2');
  // A title that is only the site's name gives way to the headline the page shows.
  const bare = chooseTitle(page(`<h1>The Daily Bugle</h1><h1>Storm hits the coast overnight</h1>${ARTICLE}`), { titleTag: 'The Daily Bugle', siteName: 'The Daily Bugle' });
  assert.equal(bare.title, 'Storm hits the coast overnight');
  assert.equal(bare.source, 'h1');
});

test("a blog's name in its banner <h1> gives way to the post title shown below it", () => {
  const doc = page(
    '<div class="banner"><h1><a href="/">Harbour Notes</a></h1></div>' +
    `<div class="post"><h3 class="post-title">The wall held</h3>${ARTICLE}</div>`,
  );
  const t = chooseTitle(doc, { titleTag: 'Harbour Notes: The wall held' });
  assert.equal(t.title, 'The wall held');
  assert.equal(t.headline?.tag, 'h3');
  // The banner's link home names the site, so a short headline keeps its place at the start.
  const home = page(`<header><a rel="home" href="/">Cook Republic</a></header><article><h2>Noodlecakes</h2>${ARTICLE}</article>`);
  assert.equal(chooseTitle(home, { titleTag: 'Noodlecakes | Cook Republic' }).title, 'Noodlecakes');
  assert.equal(chooseTitle(home, { titleTag: 'Cook Republic › Noodlecakes' }).title, 'Noodlecakes');
});

test('an <h1> that shows the whole <title> gives the headline without the known site name', () => {
  const doc = page(`<article><h1>Bugle - Storm hits the coast</h1>${ARTICLE}</article>`);
  const t = chooseTitle(doc, { titleTag: 'Bugle - Storm hits the coast', url: 'https://bugle.example/a' });
  assert.equal(t.title, 'Storm hits the coast');
  assert.equal(t.headline?.tag, 'h1');
});

test('CJK titles: full-width bars and underscores; JSON-LD character references', () => {
  assert.equal(chooseTitle(empty, { titleTag: '河谷稻田迎来丰收｜河谷日报', siteName: '河谷日报' }).title, '河谷稻田迎来丰收');
  assert.equal(chooseTitle(empty, { titleTag: '河谷稻田迎来丰收_河谷日报', siteName: '河谷日报' }).title, '河谷稻田迎来丰收');
  assert.equal(chooseTitle(empty, { jsonLdHeadline: 'It&#8217;s a storm &amp; a tide' }).title, 'It’s a storm & a tide');
});

test('a section-name <h1> does not replace the title; a headline that names the site is kept', () => {
  const doc = page(`<h1>Weather</h1>${ARTICLE}`);
  assert.equal(chooseTitle(doc, { titleTag: 'Storm hits the coast of Maine | Bugle' }).title, 'Storm hits the coast of Maine');
  const named = page(`<h1>Pricing changes for Acme Cloud</h1>${ARTICLE}`);
  const t = chooseTitle(named, { titleTag: 'Pricing changes for Acme Cloud - Acme', url: 'https://www.acme.example/blog/pricing' });
  assert.equal(t.title, 'Pricing changes for Acme Cloud');
  assert.equal(t.headline?.tag, 'h1');
  // Nothing on the page to check against: the headline that names the host is still no site name.
  assert.equal(chooseTitle(empty, { titleTag: 'Acme announces a new collider for the lab - Physics Today', url: 'https://acme.example/n' }).title, 'Acme announces a new collider for the lab');
  assert.equal(chooseTitle(empty, { titleTag: 'Twenty years of computing at Acme | Lab News', url: 'https://acme.example/n' }).title, 'Twenty years of computing at Acme');
  // The host written out marks a tagline, however long.
  assert.equal(chooseTitle(empty, { titleTag: 'WACM.com, Northern News and Weather for the Valley - Storm hits the coast', url: 'https://www.wacm.example/' }).title, 'Storm hits the coast');
});

test('the visible <h1> beats a <title> and og:title the editors rewrote for search and sharing', () => {
  const doc = page(`<h1>Harbour wall holds as the storm hits the coast</h1>${ARTICLE}`);
  const t = chooseTitle(doc, { titleTag: 'Maine storm: what we know - Bugle', ogTitle: 'Maine storm: what we know' });
  assert.equal(t.title, 'Harbour wall holds as the storm hits the coast');
  assert.equal(t.source, 'h1');
});

test('og:title or JSON-LD alone; the source says which', () => {
  assert.deepEqual(chooseTitle(empty, { ogTitle: 'Storm hits the coast | Bugle' }), { title: 'Storm hits the coast', source: 'opengraph', headline: null });
  assert.deepEqual(chooseTitle(empty, { jsonLdHeadline: 'Storm hits the coast' }), { title: 'Storm hits the coast', source: 'json-ld', headline: null });
  const doc = page(`<h1>Storm hits the coast</h1>${ARTICLE}`);
  const t = chooseTitle(doc, { jsonLdHeadline: 'Storm hits the coast', ogTitle: 'Storm hits the coast', titleTag: 'Storm hits the coast | Bugle' });
  assert.equal(t.source, 'json-ld');
});

test('no title at all: the <h1>, else nothing', () => {
  assert.deepEqual(chooseTitle(empty, {}), { title: '', source: 'h1', headline: null });
  const doc = page(`<h1>Storm</h1>${ARTICLE}`);
  const t = chooseTitle(doc, {});
  assert.equal(t.title, 'Storm');
  assert.equal(t.headline?.tag, 'h1');
});

test('no title at all: a headline named by its class or id in any case, or by itemprop; a logo class is passed over', () => {
  // collect() reads raw class and id values for its words (title.ts classNamesWord): the case
  // must not matter, as it did not when it read the lower-cased copy.
  for (const attrs of ['class="Entry-Title"', 'id="STORY-HEADLINE"', 'itemprop="headline"', 'class="x" itemprop="headline"']) {
    const doc = page(`<div class="Site-Logo">Harbour Notes daily news</div><div ${attrs}>The storm came in from the sea</div>${ARTICLE}`);
    const t = chooseTitle(doc, {});
    assert.equal(t.title, 'The storm came in from the sea', attrs);
    assert.equal(t.headline?.tag, 'div', attrs);
  }
});

test('a placeholder or broken <title> counts as none', () => {
  const doc = page(`<h1>Storm hits the coast</h1>${ARTICLE}`);
  assert.equal(chooseTitle(doc, { titleTag: 'Untitled Document' }).title, 'Storm hits the coast');
  assert.equal(chooseTitle(doc, { titleTag: 'New Page 1', url: 'https://bugle.example/' }).title, 'Storm hits the coast');
  assert.equal(chooseTitle(doc, { titleTag: 'Storm hits the co<a href="/x">' }).title, 'Storm hits the coast');
  assert.equal(chooseTitle(empty, { titleTag: '=> Storm hits the coast <=' }).title, 'Storm hits the coast');
  // With nothing better, the placeholder stays, for the DocView's keyword repair to replace.
  assert.deepEqual(chooseTitle(empty, { titleTag: 'Untitled Document' }), { title: 'Untitled Document', source: 'title-tag', headline: null });
});

test('paper 000 §6: a placeholder title is replaced with the top keywords', () => {
  const kw = (...terms: string[]) => terms.map((term, i) => ({ term, weight: 1 - i / 10 }));
  assert.ok(placeholderReason('Untitled Document'));
  assert.ok(placeholderReason('bugle.example', { url: 'https://www.bugle.example/a' }));
  assert.ok(placeholderReason('WordPress 6.4', { generator: 'WordPress 6.4' }));
  assert.equal(placeholderReason('Storm hits the coast'), null);
  assert.deepEqual(repairTitle('New Page', kw('storm', 'harbour', 'wall')), { title: 'Storm harbour', original: 'New Page', reason: 'an editor or CMS default title' });
  assert.deepEqual(repairTitle('Storm hits the coast', kw('storm')), { title: 'Storm hits the coast' });
});

test('hostile input: nested headline-named elements full of empty ones stay cheap', () => {
  const inner = '<span></span>'.repeat(3000);
  const doc = page('<div class="headline"><h1>'.repeat(40) + 'Storm' + inner + '</h1></div>'.repeat(40) + ARTICLE);
  const t0 = performance.now();
  chooseTitle(doc, { titleTag: 'Storm | Bugle' });
  assert.ok(performance.now() - t0 < 200);
});

test('hostile input: huge and separator-only titles stay cheap and bounded', () => {
  const long = 'a | '.repeat(50_000);
  const t0 = performance.now();
  const t = chooseTitle(empty, { titleTag: long, ogTitle: '-'.repeat(100_000), siteName: 'x'.repeat(100_000), url: 'not a url' });
  assert.ok(performance.now() - t0 < 200);
  assert.ok(t.title.length <= 600);
});

/** The longest text any candidate offers: the metadata titles and the page's shown texts. */
function longest(c: TitleCandidates, shown: string[]): number {
  const all = [c.titleTag, c.ogTitle, c.twitterTitle, c.jsonLdHeadline, c.microdataHeadline, ...shown];
  return Math.max(0, ...all.map((s) => (s ?? '').replace(/\s+/g, ' ').trim().length));
}

test('property: chooseTitle never throws and never returns more than the longest candidate', () => {
  const word = fc.stringMatching(/^[A-Za-z\u00e9\u4e2d|:·»\/~_()<>"'&-]{1,12}$/);
  const text = fc.array(word, { minLength: 0, maxLength: 12 }).map((w) => w.join(' '));
  const sep = fc.constantFrom(' | ', ' - ', ': ', ' » ', ' — ', ' :: ', '_', ' / ');
  const title = fc.tuple(text, sep, text).map(([a, s, b]) => a + s + b);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  fc.assert(fc.property(
    fc.record({ titleTag: fc.option(title, { nil: undefined }), ogTitle: fc.option(title, { nil: undefined }), jsonLdHeadline: fc.option(text, { nil: undefined }), siteName: fc.option(text, { nil: undefined }) }),
    fc.array(fc.tuple(fc.constantFrom('h1', 'h2', 'h3', 'div class="headline"', 'p'), text), { maxLength: 5 }),
    fc.constantFrom(undefined, 'https://www.bugle.example/a', 'not a url'),
    (c, els, url) => {
      const doc = page(els.map(([tag, t]) => `<${tag}>${esc(t)}</${tag.split(' ')[0]}>`).join(''));
      const got = chooseTitle(doc, { ...c, url });
      assert.equal(typeof got.title, 'string');
      assert.ok(got.title.length <= longest(c, els.map(([, t]) => t)), JSON.stringify({ c, els, got: got.title }));
    },
  ), { numRuns: 400 });
});

test('a plain element on a line of its own that shows part of the title is the headline when the rest names the site', () => {
  const url = 'https://www.kbug.example/Global/story.asp?S=1';
  const titleTag = 'Harbour Town News, Weather and Sports - KBUG 4 - Your News Leader | Storm hits the coast of Maine';
  const doc = page(`<table><tr><td><font size="4"><b>Storm hits the coast of Maine</b></font><br>The storm came in from the sea overnight and the harbour wall held, just.</td></tr></table>`);
  const t = chooseTitle(doc, { titleTag, url });
  assert.equal(t.title, 'Storm hits the coast of Maine');
  assert.equal(t.headline, null);
  // Inside a paragraph's running text, the same words are no headline.
  const inProse = page(`<p>Read on: <b>Storm hits the coast of Maine</b> and more, as the harbour wall held overnight.</p>`);
  assert.equal(chooseTitle(inProse, { titleTag, url }).headline, null);
  // The rest of the title names no site: a shown part may be a date, a section or the site's name.
  const noSite = page(`<table><tr><td><font><b>January 23, 2001</b></font><br>${ARTICLE}</td></tr></table>`);
  assert.equal(chooseTitle(noSite, { titleTag: 'Online Hour: Storm on the coast -- January 23, 2001' }).title, 'Online Hour: Storm on the coast -- January 23, 2001');
  // A tagline shown, and the other end of the title shown too (a column's name in the footer):
  // either could be the banner's, and the title stays whole.
  const tagline = page(`<table><tr><td><b>Iambe, Intimate and Interactive</b><br>${ARTICLE}</td></tr></table><p>The Daily Schtick, every week</p>`);
  assert.equal(chooseTitle(tagline, { titleTag: 'The Daily Schtick - Iambe, Intimate and Interactive' }).title, 'The Daily Schtick - Iambe, Intimate and Interactive');
});

test('a plain element showing one end of the title is the headline when the page shows the other end nowhere', () => {
  const titleTag = 'Valley News Source in Harbour Town: News, Sports and Weather | Storm hits the coast of Maine';
  const shown = page(`<table><tr><td><font size="4"><b>Storm hits the coast of Maine</b></font><br>${ARTICLE}</td></tr></table>`);
  const t = chooseTitle(shown, { titleTag });
  assert.equal(t.title, 'Storm hits the coast of Maine');
  assert.equal(t.headline, null);
  // The other end in the page's text: it may be the banner's name, so the title stays as stripped.
  const banner = page(`<p>Valley News Source in Harbour Town: News, Sports and Weather</p><table><tr><td><b>Storm hits the coast of Maine</b><br>${ARTICLE}</td></tr></table>`);
  assert.notEqual(chooseTitle(banner, { titleTag }).title, 'Storm hits the coast of Maine');
  // A link's label is no headline, and an <h1> is the better witness.
  const linked = page(`<table><tr><td><a href="/"><b>Storm hits the coast of Maine</b></a><br>${ARTICLE}</td></tr></table>`);
  assert.notEqual(chooseTitle(linked, { titleTag }).title, 'Storm hits the coast of Maine');
  const withH1 = page(`<h1>Harbour wall holds</h1><table><tr><td><b>Storm hits the coast of Maine</b><br>${ARTICLE}</td></tr></table>`);
  assert.equal(chooseTitle(withH1, { titleTag }).title, 'Harbour wall holds');
});

test('the whole title shown in a table cell beats a section heading in an <h1>; the title keeps its spelling', () => {
  const doc = page(`<h1>Other News in Science</h1><table><tr><td class="top">» Messenger Probe Prepares For Mercury Flyby «</td></tr></table>${ARTICLE}`);
  const t = chooseTitle(doc, { titleTag: 'MESSENGER probe prepares for Mercury flyby' });
  assert.equal(t.title, 'MESSENGER probe prepares for Mercury flyby');
  assert.equal(t.headline, null);
  // A teaser box or a stray <title> repeating it is not the headline.
  const teaser = page(`<h1>Other News in Science</h1><div class="teaser">MESSENGER probe prepares for Mercury flyby</div>${ARTICLE}`);
  assert.equal(chooseTitle(teaser, { titleTag: 'MESSENGER probe prepares for Mercury flyby' }).title, 'Other News in Science');
});

test('a plain element showing only the start of an <h1> does not replace it', () => {
  const doc = page(`<h1>Hydrogen as the key. The minister visits the plant.</h1><div><strong>Hydrogen as the key.</strong></div>${ARTICLE}`);
  const t = chooseTitle(doc, { titleTag: 'Minister', ogTitle: 'Hydrogen as the key. | Minister' });
  assert.equal(t.headline?.tag, 'h1');
});

test('a hyphen with a space after it only separates ("Music- Headline"); a suspended hyphen does not', () => {
  const url = 'https://www.harboursun.example/Entertainment/Music/1.html';
  assert.equal(chooseTitle(empty, { titleTag: 'harboursun.com - Music- Band settles its lawsuit', url }).title, 'Band settles its lawsuit');
  assert.equal(chooseTitle(empty, { titleTag: 'Storm hits the coast of Maine- Harbour Sun', url }).title, 'Storm hits the coast of Maine');
  const suspended = 'Feuerwehr- und Katastrophenschutz-Ehrenzeichen verliehen';
  assert.equal(chooseTitle(empty, { titleTag: suspended }).title, suspended);
  assert.equal(chooseTitle(empty, { titleTag: 'Pre- and post-war housing in the harbour town' }).title, 'Pre- and post-war housing in the harbour town');
});

test('a <title> that is only the site\'s name: the heading over the page\'s prose is the headline, but not on the home page nor over a date', () => {
  const prose = '<p>The council voted on Tuesday to rebuild the harbour wall, after a winter of storms, high tides and flooding.</p>'.repeat(4);
  const body = `<div id="side"><h2>Most read stories today</h2><ul><li><a href="/a">One</a></li><li><a href="/b">Two</a></li></ul></div>`
    + `<div id="story"><h3>Council votes to rebuild the harbour wall</h3>${prose}</div>`;
  const doc = page(body);
  const url = 'https://www.dailybugle.example/story/4102891.html';
  const t = chooseTitle(doc, { titleTag: 'Daily Bugle', url });
  assert.equal(t.title, 'Council votes to rebuild the harbour wall');
  assert.equal(t.headline?.tag, 'h3');
  // The site's home page is named by the site's name.
  assert.equal(chooseTitle(doc, { titleTag: 'Daily Bugle', url: 'https://www.dailybugle.example/' }).title, 'Daily Bugle');
  // A <title> that names an article keeps it.
  assert.equal(chooseTitle(doc, { titleTag: 'Storm season ends at last', url }).title, 'Storm season ends at last');
  // Two stories, neither heading most of the prose (a front page): the site's name stays.
  const front = page(`<h3>Council votes to rebuild the harbour wall</h3>${prose}<h3>Ferry timetable changes for the winter</h3>${prose}`);
  assert.equal(chooseTitle(front, { titleTag: 'Daily Bugle', url }).title, 'Daily Bugle');
  // A blog's day heading is no headline.
  const day = page(`<h2>Saturday, June 04, 2005</h2>${prose}`);
  assert.equal(chooseTitle(day, { titleTag: 'Daily Bugle', url }).title, 'Daily Bugle');
});

test('title: another metadata title that is the <title> less one end names that end the site, where the page shows no headline', () => {
  const shell = page('<div id="app"><a href="/">Coast Journal</a><p>Loading…</p></div>');
  const titleTag = 'Why tides matter – Coast Journal';
  // "Coast Journal" is too long beside a short headline for the shape test alone.
  assert.equal(chooseTitle(shell, { titleTag }).title, titleTag);
  assert.equal(chooseTitle(shell, { titleTag, ogTitle: 'Why tides matter' }).title, 'Why tides matter');
  assert.equal(chooseTitle(shell, { titleTag, appHeadline: 'Why tides matter' }).title, 'Why tides matter');
  // Either end; and not a metadata title that is some other part of it.
  assert.equal(chooseTitle(shell, { titleTag: 'Coast Journal – Why tides matter', ogTitle: 'Why tides matter' }).title, 'Why tides matter');
  assert.equal(chooseTitle(shell, { titleTag, ogTitle: 'Why tides' }).title, titleTag);
});
