/**
 * HTML for the fuzz campaign: a grammar of hostile documents (grammar), their byte encodings
 * (encodings that lie), the hostile snippets the dataset mutator inserts, and the shapes whose
 * time must stay linear (shapes). Whatever a browser would never show carries MARK (cases.ts).
 */
import type { ExtractOptions } from '../types.js';
import { MARK, type Part } from './cases.js';
import type { Rng } from './rng.js';

const WORDS = ('the council met on tuesday to discuss new bridge across river and agreed fund it after long debate about cost ' +
  'traffic ferry town harbour children school morning traders market budget vote plan engineers said would open next year ' +
  'residents asked whether tolls be charged mayor answered that none were planned').split(' ');

/** Entity runs: named, numeric, legacy without ";", and references to no character at all. */
export const ENTITIES = ['&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&nbsp;', '&copy;', '&hellip;', '&notin;', '&not', '&notit;', '&AElig',
  '&ampx', '&amp', '&#65;', '&#x41;', '&#x110000;', '&#0;', '&#x0;', '&#xD800;', '&#xDFFF;', '&#128;', '&#x80;', '&#150;', '&#x9F;',
  '&#99999999999999999;', '&#x;', '&#;', '&;', '&#x0d;', '&#13;', '&#x0a;', '&#9;', '&#xFEFF;', '&#x202E;', '&#x200B;', '&#xAD;',
  '&#x1F600;', '&#x1;', '&#x7F;', '&Tab;', '&NewLine;', '&colon;', '&lpar;', '&#0000000000065;', '&#x000041', '&bogus;', '&Aacute',
  '&#x2028;', '&#xFFFE;', '&#xFFFF;', '&#x10FFFF;'];

/** Schemes a browser runs or renders inline; never to reach an output link. */
const BAD_SCHEMES = ['javascript:', 'JaVaScRiPt:', 'vbscript:', 'VBScript:', 'data:text/html,', 'data:text/html;base64,', 'DATA:image/svg+xml,',
  'livescript:', 'file:///', 'jar:', 'mocha:', 'view-source:'];
const SAFE_URLS = ['https://example.com/a', 'http://example.com/b?x=1&y=2', '/relative/path', 'rel/path.html', '#frag', '?q=1',
  'mailto:desk@example.com', '//proto.example/x', 'https://xn--bcher-kva.example/', 'http://[::1]:8080/', 'https://ex.com/%zz',
  'https://example.com/ä ö', ' https://example.com/padded ', 'HTTPS://EXAMPLE.COM/UPPER'];
/** What a browser's URL parser drops inside or around a URL, written in several ways. */
const URL_NOISE = ['&#x09;', '&#9;', '&Tab;', '&#x0A;', '&#10;', '&NewLine;', '&#x0D;', '&#13;', '\t', '\n', '\r'];
const URL_LEAD = ['&#x01;', '&#x1F;', '&#x00;', '&#0;', ' ', '\u0001', '&#32;', '&#x20;', '\f', '&#x0C;', '&#x08;'];

function word(r: Rng): string { return r.pick(WORDS); }

export function words(r: Rng, k: number): string {
  const out: string[] = [];
  for (let i = 0; i < k; i++) out.push(word(r));
  return out.join(' ');
}

/** Prose with the odd entity run. */
function text(r: Rng, k = r.range(3, 25)): string {
  const out: string[] = [];
  for (let i = 0; i < k; i++) {
    if (r.chance(0.06)) out.push(r.pick(ENTITIES) + (r.chance(0.5) ? r.pick(ENTITIES) : ''));
    else if (r.chance(0.02)) out.push(r.pick(['<', '& ', '>', '"', "'", '</', '<3', 'a<b', '&&', '<!', '\u0000', '\r', '\ufffd', '\ud800', '\u202e']));
    else out.push(word(r));
  }
  return out.join(' ');
}

/** A javascript:/vbscript:/data: URL, obfuscated the ways a browser still reads as the scheme. */
export function hostileUrl(r: Rng): string {
  let scheme = r.pick(BAD_SCHEMES);
  const payload = scheme.startsWith('data:') ? `<script>${MARK}()</script>` : `${MARK}()`;
  // Noise inside the scheme name, entity-encoded or raw.
  const noisy = r.int(3);
  for (let k = 0; k < noisy; k++) {
    const at = r.int(scheme.length - 1) + 1;
    scheme = scheme.slice(0, at) + r.pick(URL_NOISE) + scheme.slice(at);
  }
  if (r.chance(0.3)) scheme = scheme.replace(':', r.pick(['&colon;', '&#58;', '&#x3a;', '&#x3A', '&#0000058;']));
  if (r.chance(0.2)) scheme = scheme.replace(/^j/i, r.pick(['&#106;', '&#x6A;', '&#x6a', '&#0000106']));
  const lead = r.chance(0.3) ? r.pick(URL_LEAD) + (r.chance(0.3) ? r.pick(URL_LEAD) : '') : '';
  return lead + scheme + payload;
}

/**
 * A URL value that is text to the HTML parser but a character reference to a Markdown renderer:
 * the attribute's "&amp;#106;" is the value "&#106;", a relative link to the URL parser, and
 * CommonMark decodes it in a link destination.
 */
function markdownHostileUrl(r: Rng): string {
  return r.pick([`&amp;#106;avascript:${MARK}()`, `javascript&amp;colon;${MARK}()`, `&amp;#x6A;avascript&amp;#x3A;${MARK}()`,
    `javascript&amp;#58;${MARK}()`, `vbscript&amp;colon;${MARK}`, `data&amp;colon;text/html,${MARK}`, `&amp;#x09;javascript:${MARK}()`]);
}

function anyUrl(r: Rng): string {
  const k = r.int(10);
  if (k < 5) return hostileUrl(r);
  if (k < 6) return markdownHostileUrl(r);
  return r.pick(SAFE_URLS);
}

function attrQuote(v: string, r: Rng): string {
  const q = r.weighted(['"', "'", ''], [6, 2, 1]);
  if (q === '') return v.replace(/[\s>"'=<`]/g, '') || 'x';
  return q + v.split(q).join(q === '"' ? '&quot;' : '&#39;') + q;
}

const EVENTS = ['click', 'load', 'error', 'mouseover', 'focus', 'Click', 'ERROR', 'animationstart', 'pointerenter', 'toggle', 'begin'];

/** Attributes a browser would run or resolve: event handlers, style with script URLs, and URL attributes. */
function hostileAttrs(r: Rng): string {
  const out: string[] = [];
  const k = r.int(3);
  for (let i = 0; i < k; i++) {
    switch (r.int(7)) {
      case 0: case 1: out.push(`on${r.pick(EVENTS)}=${attrQuote(`${MARK}()`, r)}`); break;
      case 2: out.push(`style=${attrQuote(r.pick([`background:url(javascript:${MARK})`, `x:expression(${MARK})`, `behavior:url(${MARK}.htc)`]), r)}`); break;
      case 3: out.push(`formaction=${attrQuote(hostileUrl(r), r)}`); break;
      case 4: out.push(`srcset=${attrQuote(`${hostileUrl(r)} 1x`, r)}`); break;
      case 5: out.push(`xlink:href=${attrQuote(hostileUrl(r), r)}`); break;
      default: out.push(`title=${attrQuote(words(r, 3), r)}`); break;
    }
  }
  return out.length ? ' ' + out.join(' ') : '';
}

/** Fixed hostile snippets: script and its disguises (mXSS shapes, raw text, foreign content). */
export const HOSTILE_SNIPPETS: readonly string[] = [
  `<script>alert("${MARK}")</script>`,
  `<SCRIPT>${MARK}()</SCRIPT>`,
  `<script src="//x.test/a.js">${MARK}()</script>`,
  `<script type="module">${MARK}()</script>`,
  `<script type="text/template"><p>${MARK}</p></script>`,
  `<script><!--<script>${MARK}()</script>--></script>`,
  `<script>document.write("<p>${MARK}</p>")</script>`,
  `<scr<script>ipt>${MARK}()</script>`,
  `<img src=x onerror="${MARK}()">`,
  `<img src="x\` \`<script>${MARK}()</script>"\` \`>`,
  `<a href="java&#x09;script:${MARK}()">the vote</a>`,
  `<a href="&#x01;javascript:${MARK}()">the vote</a>`,
  `<a href=" JaVaScRiPt:${MARK}()">the vote</a>`,
  `<a href="vb&#x0D;script:${MARK}">the vote</a>`,
  `<a href="data:text/html,<script>${MARK}()</script>">the vote</a>`,
  `<a href="javascript&colon;${MARK}()">the vote</a>`,
  `<a href="&#106;avascript:${MARK}()">the vote</a>`,
  `<a href="&amp;#106;avascript:${MARK}()">the vote</a>`,
  `<a href="javascript&amp;colon;${MARK}()">the vote</a>`,
  `<a href="#" onclick="${MARK}()">the vote</a>`,
  `<iframe src="javascript:${MARK}()"></iframe>`,
  `<iframe srcdoc="<script>${MARK}()</script>"><p>${MARK}</p></iframe>`,
  `<svg><script>${MARK}()</script></svg>`,
  `<svg onload=${MARK}()><desc>figure</desc></svg>`,
  `<svg><a xlink:href="javascript:${MARK}()"><text>x</text></a></svg>`,
  `<svg><style>*{x:url(${MARK})}</style><foreignObject><p>inside foreign object</p></foreignObject></svg>`,
  `<svg><p>breaks out of svg</p><script>${MARK}()</script>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${MARK}()>`,
  `<math><annotation-xml encoding="text/html"><script>${MARK}()</script></annotation-xml></math>`,
  `<math><mi><b>bold math</b></mi><malignmark><style>${MARK}</style></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${MARK}()>">noscript text</p></noscript>`,
  `<xmp><script>${MARK}()</script></xmp>`,
  `<noembed><script>${MARK}()</script></noembed>`,
  `<noframes><img src=x onerror=${MARK}()></noframes>`,
  `<style>@import 'javascript:${MARK}';</style>`,
  `<style><!--</style><p>after style</p>`,
  `<object data="javascript:${MARK}()"></object>`,
  `<embed src="javascript:${MARK}()">`,
  `<form action="javascript:${MARK}()"><button formaction="javascript:${MARK}()">send</button></form>`,
  `<base href="javascript:${MARK}/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${MARK}()">`,
  `<link rel=stylesheet href="javascript:${MARK}()">`,
  `<div style="background:url(javascript:${MARK})">styled text</div>`,
  `<p onmouseover="${MARK}()">hover text</p>`,
  `<!--<script>${MARK}()</script>-->`,
  `<!--[if IE]><script>${MARK}()</script><![endif]-->`,
  `<!-- ${MARK} --!><p>after comment</p>`,
  `<template><script>${MARK}()</script><p>${MARK}</p></template>`,
  `<textarea><script>${MARK}()</script></textarea>`,
  `<title><script>${MARK}()</script></title>`,
  `<img srcset="javascript:${MARK}() 1x">`,
  `<img src="data:image/svg+xml,<svg onload=${MARK}()>" alt="plan">`,
  `<img data-src="javascript:${MARK}()" alt="plan">`,
  `<img src="data:image/gif;base64,R0lGOD" data-src="vbscript:${MARK}" alt="plan">`,
  `<img src="jav&#x09;ascript:${MARK}()" alt="plan">`,
  `<a href="java\u0000script:${MARK}()">nul</a>`,
  `<a href="jav&#x0A;ascript:${MARK}()">nl</a>`,
  `<blockquote cite="javascript:${MARK}()"><p>quoted</p></blockquote>`,
  `<q cite="vbscript:${MARK}">quote</q>`,
  `<video poster="javascript:${MARK}()"><source src="javascript:${MARK}()"></video>`,
  `<table background="javascript:${MARK}()"><tr><td>cell</td></tr></table>`,
  `<details open ontoggle=${MARK}()><summary>more</summary>details text</details>`,
  `<a href="javascript:${MARK}()"><img src="https://example.com/i.png" alt="linked image"></a>`,
  `<plaintext><script>${MARK}()</script>`,
];

/** Hostile content in visible text: markup written as text, Markdown syntax, links spelled out. */
const TEXT_TRAPS = ['&lt;script&gt;alert(1)&lt;/script&gt;', '[click](javascript:alert(1))', '![x](javascript:alert(1))',
  '&lt;img src=x onerror=alert(1)&gt;', '`code` *star* _under_ ~tilde~ | pipe', '<!-- not a comment in text -->'.replace(/</g, '&lt;'),
  '# not a heading', '1. not a list', '> not a quote', '\\escaped\\', '&amp;lt;script&amp;gt;', 'javascript&#58;alert(1)'];

const INLINE = ['b', 'i', 'em', 'strong', 'span', 'code', 'small', 'u', 's', 'sup', 'sub', 'font', 'nobr', 'abbr', 'q', 'mark', 'kbd', 'tt', 'big'];
const BLOCKS = ['p', 'div', 'section', 'article', 'main', 'aside', 'header', 'footer', 'nav', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'blockquote', 'pre', 'center', 'address', 'details', 'figure', 'listing', 'dialog', 'hgroup', 'search', 'menu'];
const COMMENTS = ['<!-- c -->', '<!-->', '<!--->', '<!-- a -- b -->', '<!--!>', '<? pi ?>', '</ bogus>', '<!DOCTYPE html>', '<![CDATA[ cdata ]]>',
  '--!>', `<!-- ${MARK} -->`, `<!--${MARK}--!>`, '<!---->', '<!--->-->', '<!-- <!-- nested --> -->', `<?${MARK}>`, `</${MARK} x>`];
const RAW = ['script', 'style', 'xmp', 'textarea', 'title', 'noembed', 'noframes', 'noscript', 'iframe', 'template', 'noembed'];
const MISNEST = ['<b><i>misnested</b> text</i>', '<a href="/a">one<a href="/b">two</a>', '<p><table><tr><td>in p</td></tr></table>', '</p>', '</br>',
  '</div></span></body></html>', '<body onload="' + MARK + '()">', '<html lang="xx">', '<frameset><frame src="javascript:' + MARK + '()">',
  '<image src="/i.png">', '<isindex prompt="x">', '<select><option>opt<p>in select</select>', '<form><form>nested form</form>',
  '<button><p>in button</button>', '<li><ul><li>item</ul>', '<table><tr><td><table><tr><td>inner</table>outer</table>', '<dd><dt>x',
  '<h1><h2>heading</h1></h2>', '<b><p>formatting</b>reconstructed</p>', '<font color=red><p>font</font>para</p>', '<a><div>block in a</div></a>',
  '<ruby>kanji<rt>kana</rt></ruby>', '<pre>\n\nlines\n</pre>', '<hr><br/><wbr>', '<nobr><nobr>x', '<marquee>m</marquee>', '<keygen>', '<menuitem>x'];

interface Gen { r: Rng; nodes: number; max: number }

function attrsOf(g: Gen, hostile: boolean): string {
  let s = '';
  if (g.r.chance(0.2)) s += ` class=${attrQuote(g.r.pick(['content', 'article-body', 'nav menu', 'comment', 'share social', 'hidden', 'ad banner', 'post-text']), g.r)}`;
  if (g.r.chance(0.05)) s += ' hidden';
  if (g.r.chance(0.05)) s += ' style="display:none"';
  if (g.r.chance(0.05)) s += ` lang=${attrQuote(g.r.pick(['en', 'fr', 'zh', 'ar', '\u0000', 'x'.repeat(40)]), g.r)}`;
  if (hostile) s += hostileAttrs(g.r);
  return s;
}

function children(g: Gen, depth: number, k: number): string {
  let s = '';
  for (let i = 0; i < k && g.nodes < g.max; i++) s += node(g, depth + 1);
  return s;
}

/** One random node of the grammar. */
function node(g: Gen, depth: number): string {
  const r = g.r;
  g.nodes++;
  if (depth > 12 || g.nodes >= g.max) return text(r, r.range(2, 12));
  const k = r.int(100);
  const hostile = r.chance(0.25);
  if (k < 22) return text(r);
  if (k < 34) {
    const t = r.pick(INLINE);
    return `<${t}${attrsOf(g, hostile)}>${children(g, depth, r.range(1, 3))}${r.chance(0.9) ? `</${t}>` : ''}`;
  }
  if (k < 42) return `<a href=${attrQuote(anyUrl(r), r)}${attrsOf(g, hostile)}>${r.chance(0.7) ? text(r, r.range(1, 5)) : children(g, depth, 1)}</a>`;
  if (k < 46) {
    const src = anyUrl(r);
    return `<img src=${attrQuote(src, r)} alt=${attrQuote(r.chance(0.8) ? words(r, 3) : r.pick(TEXT_TRAPS), r)}${attrsOf(g, hostile)}>`;
  }
  if (k < 58) {
    const t = r.pick(BLOCKS);
    const inner = t === 'figure' ? `<img src=${attrQuote(anyUrl(r), r)}><figcaption>${text(r, 6)}</figcaption>` : children(g, depth, r.range(1, 5));
    return `<${t}${attrsOf(g, hostile)}>${inner}${r.chance(0.85) ? `</${t}>` : ''}`;
  }
  if (k < 63) {
    const t = r.pick(['ul', 'ol', 'dl']);
    const item = t === 'dl' ? () => `<dt>${text(r, 3)}<dd>${children(g, depth + 1, 2)}` : () => `<li${attrsOf(g, hostile)}>${children(g, depth + 1, r.range(1, 3))}${r.chance(0.5) ? '</li>' : ''}`;
    let s = `<${t}${t === 'ol' && r.chance(0.3) ? ` start="${r.pick(['-5', '99999999999', 'x', '3'])}"` : ''}>`;
    for (let i = r.range(1, 6); i > 0; i--) s += item();
    return s + `</${t}>`;
  }
  if (k < 69) return table(g, depth);
  if (k < 75) {
    const t = r.pick(RAW);
    const body = r.chance(0.5) ? `${MARK}() ${r.pick(['<p>in raw</p>', '<!--', '</scr', '<' + '/' + t + ' x', '<script>', ''])}` : text(r, 5);
    // Raw text whose element a browser never shows carries the mark; the rest is prose.
    const inner = ['script', 'style', 'iframe', 'template', 'noembed', 'noframes'].includes(t) ? `${MARK} ${body}` : body;
    return `<${t}>${inner}${r.chance(0.85) ? `</${t}>` : ''}`;
  }
  if (k < 80) return foreign(g, depth);
  if (k < 84) return r.pick(COMMENTS);
  if (k < 88) return r.pick(MISNEST);
  if (k < 95) return r.pick(HOSTILE_SNIPPETS);
  if (k < 97) return `<p>${r.pick(TEXT_TRAPS)} ${text(r, 8)}</p>`;
  return `<pre><code${r.chance(0.5) ? ' class="language-js"' : ''}>${text(r, 10).replace(/ /g, r.pick([' ', '\n  ', '\t']))}\`\`\`</code></pre>`;
}

/** Tables, well-formed or with text and elements where only rows belong (foster parenting). */
function table(g: Gen, depth: number): string {
  const r = g.r;
  let s = '<table>';
  if (r.chance(0.2)) s += `<caption>${text(r, 4)}</caption>`;
  if (r.chance(0.3)) s += text(r, 4); // foster-parented text
  if (r.chance(0.2)) s += `<p>${text(r, 4)}</p>`; // foster-parented element
  if (r.chance(0.15)) s += r.pick(HOSTILE_SNIPPETS);
  for (let i = r.range(1, 4); i > 0; i--) {
    s += r.chance(0.8) ? '<tr>' : '';
    for (let j = r.range(1, 4); j > 0; j--) {
      s += `${r.pick(['<td>', '<th>', '<td colspan="2">', '<td rowspan="-1">', '<td colspan="99999999">'])}${children(g, depth, r.range(0, 2))}`;
      if (r.chance(0.1)) s += `${text(r, 2)}</tr>${text(r, 2)}`;
      if (r.chance(0.7)) s += '</td>';
    }
    if (r.chance(0.7)) s += '</tr>';
  }
  return s + (r.chance(0.9) ? '</table>' : '');
}

/** svg and math, with HTML inside, breaking out, or hiding script. */
function foreign(g: Gen, depth: number): string {
  const r = g.r;
  switch (r.int(6)) {
    case 0: return `<svg><foreignObject><p>${text(r, 6)}</p>${children(g, depth, 1)}</foreignObject></svg>`;
    case 1: return `<svg><desc>${text(r, 3)}</desc><title>${text(r, 2)}</title><text>${text(r, 4)}</text><script>${MARK}()</script></svg>`;
    case 2: return `<svg>${r.pick(['<p>', '<b>', '<font color=x>', '<table>', '<img src=x>', '<br>'])}${text(r, 6)}`; // breakout
    case 3: return `<math><mi>${text(r, 2)}</mi><mtext><b>${text(r, 3)}</b></mtext><annotation-xml encoding="text/html"><div>${text(r, 3)}</div></annotation-xml></math>`;
    case 4: return `<math><mtext><table><mglyph><style>${MARK}</style><img src=x onerror=${MARK}()>`;
    default: return `<svg><style>${MARK}</style><a href="javascript:${MARK}()"><text>${text(r, 2)}</text></a><script>${MARK}</script></svg>${text(r, 5)}`;
  }
}

/** A long paragraph, so that the labelers keep something and the renderers have work to do. */
function prose(g: Gen, depth: number): string {
  const r = g.r;
  const parts: string[] = [];
  for (let i = r.range(2, 6); i > 0; i--) parts.push(r.chance(0.3) ? node(g, depth + 3) : words(r, r.range(8, 25)) + '.');
  return `<p>${parts.join(' ')}</p>`;
}

const DOCTYPES = ['<!DOCTYPE html>', '<!doctype html public "-//W3C//DTD HTML 4.01//EN">', '<!DOCTYPE>', '', '', '<?xml version="1.0"?>',
  '<!DOCTYPE html SYSTEM "about:legacy-compat">', '\ufeff<!DOCTYPE html>'];

/**
 * An empty shell whose article is in its JSON-LD only (extract's JSON article fallback), with
 * text traps in the body and the headline.
 */
function jsonShell(r: Rng): string {
  const title = r.chance(0.7) ? words(r, r.range(2, 8)) : r.pick(TEXT_TRAPS);
  const paragraphs = Array.from({ length: r.range(1, 6) }, () => (r.chance(0.3) ? r.pick(TEXT_TRAPS) + ' ' : '') + words(r, r.range(10, 40)) + '.');
  const data = { '@context': 'https://schema.org', '@type': r.pick(['NewsArticle', 'Article', 'BlogPosting']), headline: title, articleBody: paragraphs.join(r.pick(['\n', '\n\n', ' '])) };
  return `<html><head><title>${title.replace(/</g, '&lt;')}</title><script type="application/ld+json">${JSON.stringify(data)}</script></head>` +
    `<body><div id="root">${r.chance(0.3) ? r.pick(HOSTILE_SNIPPETS) : ''}</div></body></html>`;
}

/** A whole document of the grammar: head (with its own traps), chrome, an article of prose with hostile nodes, chrome. */
export function grammarDocument(r: Rng): string {
  if (r.chance(0.08)) return jsonShell(r);
  const g: Gen = { r, nodes: 0, max: r.size(10, 400) };
  const title = words(r, r.range(2, 8));
  let head = '';
  if (r.chance(0.8)) head += `<title>${r.chance(0.1) ? r.pick(ENTITIES) : ''}${title}${r.chance(0.05) ? '' : '</title>'}`;
  if (r.chance(0.3)) head += `<meta property="og:title" content=${attrQuote(r.chance(0.8) ? title : r.pick(TEXT_TRAPS), r)}>`;
  if (r.chance(0.2)) head += `<meta charset="${r.pick(['utf-8', 'windows-1252', 'utf-16', 'x-user-defined', 'bogus', 'iso-2022-jp', 'shift_jis'])}">`;
  if (r.chance(0.2)) head += `<base href=${attrQuote(anyUrl(r), r)}>`;
  if (r.chance(0.2)) {
    const body = r.chance(0.7) ? words(r, 40) : MARK;
    head += `<script type="application/ld+json">${r.pick([
      JSON.stringify({ '@type': 'NewsArticle', headline: title, articleBody: body, author: { name: words(r, 2) }, datePublished: '2020-01-01' }),
      '{"@type":"Article","articleBody":', '[[[[[[[[', `{"@graph":[{"@type":"Article","articleBody":"${words(r, 30)}"}]}`, '{"a":' + '['.repeat(200)])}</script>`;
  }
  if (r.chance(0.3)) head += r.pick(HOSTILE_SNIPPETS);
  if (r.chance(0.1)) head += r.pick(COMMENTS);
  const nav = r.chance(0.6) ? `<nav><ul>${Array.from({ length: r.range(2, 6) }, () => `<li><a href="/${word(r)}">${word(r)}</a></li>`).join('')}</ul></nav>` : '';
  const blocks: string[] = [];
  if (r.chance(0.5)) blocks.push(`<h1>${title}</h1>`);
  for (let i = r.range(1, 7); i > 0; i--) blocks.push(r.chance(0.5) ? prose(g, 0) : node(g, 0));
  const container = r.pick(['article', 'main', 'div class="content"', 'div', 'section', 'td']);
  const footer = r.chance(0.5) ? `<footer>${text(r, 6)}${r.chance(0.3) ? r.pick(HOSTILE_SNIPPETS) : ''}</footer>` : '';
  const close = container.split(' ')[0];
  const body = `${nav}<${container}>${blocks.join('\n')}</${close}>${footer}`;
  switch (r.int(5)) {
    case 0: return body; // a fragment
    case 1: return `${r.pick(DOCTYPES)}<html><head>${head}</head><body>${body}`; // unclosed
    case 2: return `${r.pick(COMMENTS)}${head}${body}`; // no html/head/body tags
    default: return `${r.pick(DOCTYPES)}<html${r.chance(0.2) ? ' lang="en"' : ''}><head>${head}</head><body${r.chance(0.1) ? hostileAttrs(r) : ''}>${body}</body></html>${r.chance(0.1) ? text(r, 5) : ''}`;
  }
}

// ------------------------------------------------------------------------------- encodings

const enc = new TextEncoder();

/** Invalid UTF-8: overlongs, surrogates, lone continuation bytes, truncated sequences, bytes never in UTF-8. */
const BAD_UTF8 = [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xbf, 0xbf], [0xff], [0xfe], [0xe2, 0x82], [0xf0, 0x9f], [0xc3], [0xf8, 0x88, 0x80, 0x80, 0x80]];

function concat(parts: Uint8Array[]): Uint8Array {
  const n = parts.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

function utf16(s: string, le: boolean): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 * i + (le ? 1 : 0)] = c >>> 8;
  }
  return out;
}

/** Latin-1 bytes of a string (code units above 0xff become "?"). */
function latin1(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); out[i] = c < 256 ? c : 0x3f; }
  return out;
}

/**
 * The page as bytes, often lying about its encoding: a <meta charset> or Content-Type that says
 * otherwise, a BOM that contradicts, UTF-16 without a BOM, invalid UTF-8 spliced in.
 */
export function encodePage(r: Rng, html: string): { input: Uint8Array; contentType?: string } {
  const metaLie = (): string => `<meta charset="${r.pick(['utf-16', 'utf-16be', 'windows-1252', 'shift_jis', 'iso-2022-jp', 'x-user-defined', 'utf-7', 'bogus', 'euc-kr', 'gb18030', 'replacement', 'UTF-8'])}">`;
  const contentType = r.chance(0.25) ? r.pick(['text/html; charset=utf-16', 'text/html; charset=windows-1252', 'text/html;charset="bogus"',
    'text/html; charset=iso-2022-jp', 'text/html; charset=utf-8', 'text/plain', 'application/octet-stream', 'text/html; charset=', 'text/html; charset=x-user-defined;charset=utf-8']) : undefined;
  switch (r.int(8)) {
    case 0: return { input: concat([new Uint8Array([0xef, 0xbb, 0xbf]), enc.encode(html)]), contentType };
    case 1: return { input: concat([new Uint8Array(r.chance(0.5) ? [0xff, 0xfe] : [0xfe, 0xff]), enc.encode(html)]), contentType }; // a UTF-16 BOM on UTF-8
    case 2: { const le = r.chance(0.5); return { input: concat([r.chance(0.5) ? new Uint8Array(le ? [0xff, 0xfe] : [0xfe, 0xff]) : new Uint8Array(0), utf16(html, le)]), contentType }; }
    case 3: return { input: enc.encode(metaLie() + html), contentType };
    case 4: return { input: latin1(`<meta charset="utf-8">` + html), contentType };
    case 5: {
      // invalid UTF-8 spliced in at random places
      const b = enc.encode(html);
      const parts: Uint8Array[] = [];
      let at = 0;
      for (let k = r.range(1, 6); k > 0; k--) {
        const cut = at + r.int(Math.max(1, b.length - at));
        parts.push(b.subarray(at, cut), new Uint8Array(r.pick(BAD_UTF8)));
        at = cut;
      }
      parts.push(b.subarray(at));
      return { input: concat(parts), contentType };
    }
    default: return { input: enc.encode(html), contentType };
  }
}

// ------------------------------------------------------------------------------- options

/** The option sets idempotence is checked under (the issue's), and a few others. */
export const OPTION_SETS: readonly ExtractOptions[] = [{}, { model: false }, { title: true }, { images: true },
  { algorithm: 'tagtree' }, { mode: 'precision' }, { title: true, images: true, model: false }];

export function randomOptions(r: Rng): ExtractOptions {
  const o: ExtractOptions = { ...r.weighted(OPTION_SETS, [3, 3, 3, 3, 1, 1, 1]), formats: ['html', 'markdown'] };
  if (r.chance(0.5)) o.url = r.pick(['https://news.example/2024/a/story.html', 'http://news.example/', 'https://x.example/a?b=c#d']);
  if (r.chance(0.2)) o.comments = true;
  return o;
}

// ------------------------------------------------------------------------------- shapes

/** A unit of markup, repeated n times, inside a prefix and a suffix (both may be repeated too). */
type ShapeBuilder = (r: Rng) => Part[];

const T = (s: string): Part => [s, false];
const R = (s: string): Part => [s, true];

/** Shapes for extract(): each stresses one part of the parser, the labelers or the renderers as n grows. */
export const HTML_SHAPES: Record<string, ShapeBuilder> = {
  'nest-div': () => [R('<div>'), T('deep text of the bridge story'), R('</div>')],
  'nest-div-open': () => [R('<div>'), T('deep text')],
  'nest-span': () => [R('<span>'), T('deep text'), R('</span>')],
  'nest-b': () => [R('<b>'), T('bold text')],
  'nest-a': () => [R('<a href="/x">'), T('link text')],
  'nest-table': () => [R('<table><tr><td>'), T('cell text')],
  'nest-ul': () => [R('<ul><li>'), T('item text')],
  'nest-ol-closed': () => [R('<ol><li>'), T('item text'), R('</li></ol>')],
  'nest-blockquote': () => [R('<blockquote>'), T('quoted text of the story'), R('</blockquote>')],
  'nest-blockquote-p': () => [R('<blockquote><p>line {i}</p>')],
  'nest-svg': () => [R('<svg>'), T('x')],
  'nest-math': () => [R('<math><mi>'), T('x')],
  'nest-form': () => [R('<form>'), T('x')],
  'nest-button-p': () => [R('<button><p>'), T('x')],
  'nest-font': () => [R('<font color="red">'), T('x')],
  'nest-q': () => [R('<q>'), T('quoted'), R('</q>')],
  'nest-pre': () => [R('<pre>'), T('pre\ntext')],
  'misnest-bi': () => [R('<b><i>x</b>y</i>')],
  'misnest-a-div': () => [R('<a href="/a"><div>block {i}</div></a>')],
  'formatting-distinct': () => [R('<b id="b{i}">'), R('<p>para')],
  'formatting-same': () => [R('<b>'), R('<p>para')],
  'table-foster-text': () => [T('<table>'), R('x<br>')],
  'table-foster-words': () => [T('<table>'), R('words of the story ')],
  'table-foster-p': () => [T('<table>'), R('<p>para {i}</p>')],
  'table-cells': () => [T('<table><tr>'), R('<td>cell')],
  'table-rows': () => [T('<table>'), R('<tr><td>a<td>b')],
  'li-run': () => [T('<ul>'), R('<li>item {i}')],
  'dd-dt': () => [R('<dd><dt>x')],
  'p-run': () => [R('<p>para {i} of the bridge story with several words.')],
  'h1-run': () => [R('<h1>heading {i}</h1>')],
  'article-run': () => [R('<article><h1>title {i}</h1><p>words of the article about the bridge.</p></article>')],
  'select-option': () => [R('<select><option>x')],
  'comment-open': () => [R('<!--')],
  'comment-closed': () => [R('<!-- c --><p>x</p>')],
  'comment-dashes': () => [T('<!--'), R('-')],
  'entity-amp': () => [T('<p>'), R('&amp;')],
  'entity-bare': () => [T('<p>'), R('&')],
  'entity-hash': () => [T('<p>'), R('&#')],
  'entity-hex-open': () => [T('<p>'), R('&#x')],
  'entity-legacy': () => [T('<p>'), R('&notin')],
  'entity-invalid': () => [T('<p>'), R('&#x110000;')],
  'entity-nul': () => [T('<p>'), R('&#0;')],
  'entity-long-digits': () => [T('<p>&#'), R('9'), T(';</p>')],
  'title-unclosed': () => [T('<title>'), R('title words ')],
  'title-unclosed-tags': () => [T('<html><head><title>'), R('<p>text {i}</p>')],
  'title-many': () => [R('<title>t')],
  'title-in-comments': () => [R('<!-- <title> -->'), T('<title>'), R('x</p>')],
  'script-escape': () => [T('<script>'), R('<!--<script>')],
  'script-unclosed': () => [T('<script>'), R('x')],
  'script-close-partial': () => [T('<script>'), R('</scrip')],
  'style-unclosed': () => [T('<style>'), R('a{}')],
  'textarea-close-partial': () => [T('<textarea>'), R('</textare')],
  'xmp-lines': () => [T('<xmp>'), R('line  {i}\n')],
  'plaintext': () => [T('<plaintext>'), R('<p>x</p>')],
  'noscript-run': () => [R('<noscript><p>x</p></noscript>')],
  'attr-many': () => [T('<p '), R('a{i}=1 '), T('>x</p>')],
  'attr-dup': () => [T('<p '), R('a=1 '), T('>x</p>')],
  'attr-long-value': () => [T('<p title="'), R('x'), T('">x</p>')],
  'attr-long-class': () => [T('<div class="'), R('c{i} '), T('">text of the bridge</div>')],
  'attr-unclosed-quote': () => [T('<p title="'), R('<p>x')],
  'links-many': () => [T('<p>'), R('<a href="/l{i}">word</a> ')],
  'links-hostile': () => [T('<article><p>'), R('<a href="java&#x09;script:' + MARK + '()">word {i}</a> ')],
  'images-many': () => [R('<img src="/i{i}.png" alt="alt {i}">')],
  'figure-many': () => [R('<figure><img src="/i{i}.png"><figcaption>caption {i}</figcaption></figure>')],
  'word-long': () => [T('<p>'), R('x')],
  'words': () => [T('<p>'), R('word ')],
  'sentences': () => [T('<p>'), R('. ')],
  'punct-run': () => [T('<p>'), R('!?')],
  'mojibake-e': () => [T('<p>'), R('Ã©')],
  'mojibake-quote': () => [T('<p>'), R('â€™')],
  'mojibake-half': () => [T('<p>'), R('Ã')],
  'surrogate-lone': () => [T('<p>'), R('\ud800')],
  'surrogate-swapped': () => [T('<p>'), R('\udc00\ud800')],
  'nul-run': () => [T('<p>'), R('\u0000')],
  'cr-run': () => [T('<pre>'), R('\r')],
  'crlf-run': () => [T('<p>'), R('a\r\n')],
  'nbsp-run': () => [T('<p>'), R('&nbsp;')],
  'zwsp-run': () => [T('<p>'), R('\u200b')],
  'bidi-run': () => [T('<p>'), R('\u202e')],
  'br-run': () => [T('<p>'), R('<br>')],
  'base-many': () => [R('<base href="/b{i}/">'), T('<a href="x">link</a>')],
  'meta-many': () => [R('<meta property="og:title" content="t{i}">')],
  'time-many': () => [R('<time datetime="2020-01-{i}">d</time>')],
  'jsonld-nest-array': () => [T('<script type="application/ld+json">'), R('['), R(']'), T('</script>')],
  'jsonld-nest-graph': () => [T('<script type="application/ld+json">'), R('{"@graph":'), T('{}'), R('}'), T('</script>')],
  'jsonld-body': () => [T('<script type="application/ld+json">{"@type":"Article","articleBody":"'), R('w '), T('"}</script>')],
  'jsonld-many': () => [R('<script type="application/ld+json">{"@type":"Article","headline":"h{i}"}</script>')],
  'md-stars': () => [T('<p>'), R('*')],
  'md-underscores': () => [T('<p>'), R('_a')],
  'md-backticks': () => [T('<p><code>'), R('`')],
  'md-backtick-mix': () => [T('<p><code>'), R('`{i}')],
  'md-brackets': () => [T('<p>'), R('[')],
  'md-link-text': () => [T('<p><a href="/x">'), R('] ( [ '), T('</a>')],
  'md-backslash': () => [T('<p>'), R('\\')],
  'md-fence': () => [T('<pre><code>'), R('```\n')],
  'md-emph-nest': () => [R('<em><strong>'), T('x')],
  'md-list-lines': () => [T('<ul><li>'), R('line<br>')],
  'md-table-wide': () => [T('<table><tr>'), R('<th>h</th>'), T('</tr><tr>'), R('<td>c|</td>'), T('</tr></table>')],
  'md-table-long': () => [T('<table>'), R('<tr><td>a</td><td>b</td></tr>')],
  'hidden-nest': () => [R('<div hidden>'), T('x')],
  'comments-in-tags': () => [R('<p<!-- -->x')],
  'lt-run': () => [T('<p>'), R('<')],
  'lt-slash-run': () => [T('<p>'), R('</')],
  'tag-open-run': () => [R('<a')],
  'cdata-run': () => [R('<![CDATA[')],
  'doctype-run': () => [R('<!DOCTYPE html>')],
  'frameset-run': () => [R('<frameset>')],
  'html-run': () => [R('<html lang="x{i}">')],
  'body-run': () => [R('<body class="c{i}">')],
};

/** Wrappers a shape may be put in: bare, in an article between prose, in a full document. */
const PROSE = 'The council met on Tuesday to discuss the new bridge across the river, and agreed to fund it after a long debate. ';
const WRAPPERS: [string, string][] = [
  ['', ''],
  [`<html><head><title>Bridge story</title></head><body><article><h1>Bridge story</h1><p>${PROSE.repeat(3)}</p>`, `<p>${PROSE.repeat(3)}</p></article></body></html>`],
  [`<article><p>${PROSE.repeat(2)}</p>`, ''],
  ['<!DOCTYPE html><html><body>', '</body></html>'],
];

/** A shape for extract(), its wrapper and its n: about `target` characters at n. */
export function htmlShape(r: Rng, name = r.pick(Object.keys(HTML_SHAPES))): { name: string; parts: Part[]; n: number } {
  const core = HTML_SHAPES[name](r);
  const [pre, post] = r.pick(WRAPPERS);
  const parts: Part[] = [...(pre ? [T(pre)] : []), ...core, ...(post ? [T(post)] : [])];
  return { name, parts, n: shapeN(r, core) };
}

/** n such that the repeated parts make about 1–6 KB. */
export function shapeN(r: Rng, parts: readonly Part[], lo = 1000, hi = 6000): number {
  const unit = parts.filter((p) => p[1]).reduce((s, p) => s + p[0].replace('{i}', '000').length, 0) || 1;
  return Math.max(1, Math.round(r.range(lo, hi) / unit));
}

// ------------------------------------------------------------------------------- random bytes

/** Tag soup: fragments of markup in random order. */
const SOUP = ['<', '>', '</', '/>', '<!--', '-->', '<![CDATA[', ']]>', '<!', '<?', '&', '&#', '&#x', ';', '=', '"', "'", '`', ' ', '\n', '\t', '\0',
  'a', 'p', 'div', 'table', 'tr', 'td', 'svg', 'math', 'script', 'style', 'title', 'textarea', 'plaintext', 'xmp', 'noscript', 'template',
  'href', 'src', 'onload', 'javascript:', MARK, 'amp', 'lt', 'nbsp', '\ud800', '\ufffd', '\u202e', 'é', '中文', 'base', 'meta', 'charset', 'utf-16'];

export function randomString(r: Rng): string {
  const n = r.size(1, 20000);
  switch (r.int(3)) {
    case 0: { // random UTF-16 code units, lone surrogates and controls included
      const cs: number[] = [];
      for (let i = 0; i < n; i++) cs.push(r.chance(0.7) ? r.range(0, 127) : r.int(0x10000));
      let s = '';
      for (let i = 0; i < cs.length; i += 4096) s += String.fromCharCode(...cs.slice(i, i + 4096));
      return s;
    }
    case 1: { // tag soup
      const out: string[] = [];
      for (let len = 0; len < n;) { const t = r.pick(SOUP); out.push(t); len += t.length; }
      return out.join('');
    }
    default: { // random bytes read as Latin-1
      return Buffer.from(r.bytes(n)).toString('latin1');
    }
  }
}

export function randomBytes(r: Rng): Uint8Array {
  const n = r.size(1, 20000);
  switch (r.int(5)) {
    case 0: return r.bytes(n);
    case 1: { // mostly printable ASCII with markup bytes
      const b = r.bytes(n);
      for (let i = 0; i < n; i++) if (b[i] > 0x7e || (b[i] < 0x20 && b[i] !== 10 && r.chance(0.9))) b[i] = r.pick([0x3c, 0x3e, 0x26, 0x20, 0x61, 0x2f, 0x22, 0x3d]);
      return b;
    }
    case 2: { // random code points as UTF-8, some encoded invalidly
      const parts: Uint8Array[] = [];
      for (let len = 0; len < n;) {
        const p = r.chance(0.1) ? new Uint8Array(r.pick(BAD_UTF8)) : enc.encode(String.fromCodePoint(r.chance(0.5) ? r.range(0x20, 0x7e) : r.int(0x110000) & ~0x800 || 0x41));
        parts.push(p); len += p.length;
      }
      return concat(parts);
    }
    case 3: // a BOM or a gzip header, then noise
      return concat([new Uint8Array(r.pick([[0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0x1f, 0x8b], [0x1f, 0x8b, 0x08, 0x00], [0x00, 0x00, 0xfe, 0xff]])), r.bytes(n)]);
    default: return enc.encode(randomString(r));
  }
}
