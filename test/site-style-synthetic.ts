/**
 * Synthetic multi-page sites for the Site Style Tree tests and bench: a fixed template (header,
 * navigation, sidebar, footer), a varying article, and an advertisement slot that changes on
 * every page (one of three creatives, with per-page banner and click ids). Every template part
 * carries `data-part="template"` and every article part `data-part="content"` — attributes the
 * style tree ignores — so tests can check a mapping against the truth.
 * Helper module: it holds no tests.
 */
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument, DomElement } from '../src/dom/node.js';

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ar', 'bel', 'cor', 'dan', 'el', 'fin', 'gor', 'hal', 'is', 'jun', 'kel', 'lor', 'mun', 'nor', 'ol', 'pra', 'quel', 'ros', 'sil', 'tam', 'ur', 'vin', 'wes', 'yor', 'zel'];
const GLUE = ['the', 'of', 'and', 'in', 'to', 'a', 'with', 'for', 'on', 'that', 'was', 'by'];
const AUTHORS = ['Ada Brenner', 'Tomas Quill', 'Mei Ling Ho', 'Rafael Ortiz', 'Sara Lindqvist'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SLOGANS = ['Fresh coffee delivered to your door every single morning', 'Learn a new language in ten minutes a day',
  'The mattress that sleep scientists recommend', 'Save on flights to sunny places this winter'];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function makeVocabulary(r: () => number, size: number): string[] {
  const out = new Set<string>();
  while (out.size < size) {
    let w = '';
    const k = 2 + Math.floor(r() * 2);
    for (let i = 0; i < k; i++) w += pick(r, SYLLABLES);
    out.add(w);
  }
  return [...out];
}

function sentence(r: () => number, vocab: string[], min = 8, spread = 10): string {
  const n = min + Math.floor(r() * spread);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(r() < 0.3 ? pick(r, GLUE) : vocab[Math.floor(r() * vocab.length)]);
  const s = ws.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

function paragraph(r: () => number, vocab: string[]): string {
  const k = 2 + Math.floor(r() * 3);
  return Array.from({ length: k }, () => sentence(r, vocab)).join(' ');
}

export interface SiteOptions {
  /** Pages to make. */
  count: number;
  seed?: number;
  site?: SiteName;
}

/**
 * 'ledger': the default site; 'gazette': the same site with optional blocks (a breaking-news bar,
 * a related-stories box) so that `<body>` has several styles; 'harbor': another site (other
 * classes, a table layout).
 */
export type SiteName = 'ledger' | 'gazette' | 'harbor';

export interface SitePage { html: string; index: number }

/** A site whose page i can be made on its own (the bench makes 1,000 without keeping them). */
export function styleSite(seed = 7, site: SiteName = 'ledger'): (i: number) => string {
  const vocab = makeVocabulary(seeded(seed), 2000);
  if (site === 'harbor') return (i) => harborPage(seeded(seed * 1_000_003 + i), vocab, i);
  return (i) => ledgerPage(seeded(seed * 1_000_003 + i), vocab, i, site === 'gazette');
}

/** A news site's first `count` pages. */
export function syntheticStyleSite(o: SiteOptions): SitePage[] {
  const page = styleSite(o.seed ?? 7, o.site ?? 'ledger');
  return Array.from({ length: o.count }, (_, i) => ({ index: i, html: page(i) }));
}

function ad(r: () => number, i: number): string {
  const id = 1000 + Math.floor(r() * 9000);
  const kind = Math.floor(r() * 3);
  const click = `/ads/click?id=${id}&amp;page=${i}`;
  if (kind === 0) return `<div class="ad-slot" id="slot-${id}" data-part="template"><a href="${click}"><img src="/ads/banner.gif?cb=${id}" alt=""></a><span class="ad-label">Advertisement</span></div>`;
  if (kind === 1) return `<div class="ad-slot" id="slot-${id}" data-part="template"><p class="ad-text"><a href="${click}">${pick(r, SLOGANS)}</a></p><span class="ad-label">Advertisement</span></div>`;
  return `<div class="ad-slot" id="slot-${id}" data-part="template"><div class="ad-box"><img src="/ads/box.jpg?cb=${id}" alt=""><p>${pick(r, SLOGANS)}</p></div><span class="ad-label">Advertisement</span></div>`;
}

const BREAKING = ['Storm warning for the coast tonight', 'Election results due at midnight', 'Markets close at record high'];
const RELATED = ['Harbour bridge reopens after repairs', 'Council approves new library', 'Local team wins the cup',
  'Rail strike called off', 'Museum opens a new wing', 'Heatwave expected next week'];

function ledgerPage(r: () => number, vocab: string[], i: number, optional = false): string {
  const title = sentence(r, vocab, 5, 5).slice(0, -1);
  const paras = 2 + Math.floor(r() * 6);
  const body: string[] = [];
  for (let p = 0; p < paras; p++) {
    body.push(`<p>${paragraph(r, vocab)}</p>`);
    if (p === 1 && r() < 0.3) body.push(`<h2>${sentence(r, vocab, 3, 3).slice(0, -1)}</h2>`);
    if (p === 0 && r() < 0.3) body.push(`<figure><img src="/photos/${5000 + i}.jpg" alt=""><figcaption>${sentence(r, vocab, 4, 4)}</figcaption></figure>`);
  }
  const date = `${1 + Math.floor(r() * 28)} ${pick(r, MONTHS)} ${2015 + Math.floor(r() * 9)}`;
  return `<!doctype html><html><head><title>${title} | The Daily Ledger</title></head>
<body class="article-page postid-${100 + i}">
<header class="site-header" data-part="template"><div class="logo"><a href="/"><img src="/img/ledger-logo.png" alt="The Daily Ledger"></a></div><div class="tagline">Independent news since 1921</div></header>
${optional && r() < 0.3 ? `<div class="breaking" data-part="template"><b>Breaking:</b> <a href="/live">${pick(r, BREAKING)}</a></div>\n` : ''}<nav class="main-nav" data-part="template"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/business">Business</a></li><li><a href="/science">Science</a></li><li><a href="/culture">Culture</a></li><li><a href="/opinion">Opinion</a></li></ul></nav>
<div class="layout">
<main class="content"><article class="story" id="story-${100 + i}" data-part="content">
<h1 class="headline">${title}</h1>
<div class="story-body">${body.join('\n')}</div>
</article>${optional && r() < 0.5 ? `<section class="related" data-part="template"><h3>Related stories</h3><ul>${[0, 1, 2].map(() => `<li><a href="/story/${Math.floor(r() * 90)}">${pick(r, RELATED)}</a></li>`).join('')}</ul></section>` : ''}</main>
${ad(r, i)}
<aside class="sidebar" data-part="template"><div class="widget popular"><h3>Most read</h3><ol><li><a href="/story/17">Harbour bridge reopens after repairs</a></li><li><a href="/story/23">Council approves new library</a></li><li><a href="/story/31">Local team wins the cup</a></li></ol></div>
<div class="widget newsletter"><h3>Newsletter</h3><p>Get the morning briefing in your inbox. <a href="/newsletter">Sign up</a></p></div></aside>
</div>
<footer class="site-footer" data-part="template"><p class="copyright">© ${2015 + (i % 9)} The Daily Ledger. All rights reserved.</p><ul class="footer-links"><li><a href="/about">About us</a></li><li><a href="/privacy">Privacy policy</a></li><li><a href="/contact">Contact</a></li></ul></footer>
</body></html>`;
}

function harborPage(r: () => number, vocab: string[], i: number): string {
  const title = sentence(r, vocab, 4, 4).slice(0, -1);
  const paras = 1 + Math.floor(r() * 5);
  const body = Array.from({ length: paras }, () => `<div class="txt">${paragraph(r, vocab)}</div>`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body>
<table width="100%" class="frame"><tr><td class="menu" data-part="template"><a href="/a">Boats</a><br><a href="/b">Tides</a><br><a href="/c">Charts</a></td>
<td class="main" data-part="content"><h2 class="t">${title}</h2>${body}</td></tr></table>
<div id="bottom" data-part="template">Harbor Weekly, ${2000 + (i % 20)}</div></body></html>`;
}

/** Parses and annotates a page, as the style tree expects. */
export function toDoc(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

/** The `data-part` of the nearest marked ancestor-or-self. */
export function partOf(el: DomElement): string | undefined {
  for (let p: DomElement | null = el; p; p = p.parent) {
    const v = p.attr('data-part');
    if (v) return v;
  }
  return undefined;
}

/** A short CSS-like name: tag, classes and id. */
export function nameOf(el: DomElement): string {
  const cls = el.attr('class');
  const id = el.attr('id');
  return el.tag + (cls ? '.' + cls.trim().split(/\s+/).join('.') : '') + (id ? '#' + id : '');
}
