/**
 * The "topic content page" of paper 000 (§4): a clean HTML5 document that keeps the original
 * structure of the kept subtrees — their tags and a short whitelist of attributes — with the NOISE
 * subtrees removed. Iterative: pages nest 100,000 deep.
 *
 * Where it departs from a plain serializer:
 *  - html/body wrappers inside a content root are unwrapped and <head> is dropped, so the output
 *    is one valid document;
 *  - a root that only parses inside a table or list (td, tr, tbody, li, dd, ...) is wrapped in the
 *    context it needs, and an inline root is wrapped in a <div>, so that re-parsing the output
 *    gives the same text (the renderers put every content root on its own line);
 *  - raw-text elements that survived pruning (xmp, listing, plaintext) become <pre>, noembed and
 *    noframes become <div>: escaped text inside a raw-text element would re-parse differently;
 *  - URLs (href, src, cite) are resolved against the base URL; javascript:/vbscript:/data: links
 *    are dropped; a lazy-loaded image's real source (data-src, ...) replaces a placeholder.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { NOISE, type Labels } from '../page/labels.js';

export interface RenderOptions {
  /** The page URL: relative links and image sources are resolved against it (and <base href>). */
  baseUrl?: string;
  /** Keep <img> elements (default true; extract() passes its `images` option). */
  images?: boolean;
  /** Open the body with the title as an <h1> (extract()'s `title` option). */
  headline?: boolean;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'frame']);
const KEEP_ATTRS = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'lang', 'dir', 'datetime', 'cite',
  // Beyond the brief's list: list numbering is content ("step 3" must stay step 3).
  'start', 'reversed', 'value']);
const URL_ATTRS = new Set(['href', 'src', 'cite']);
/** Wrappers unwrapped (children kept) and elements dropped with their subtree. */
const UNWRAP = new Set(['html', 'body', '#document', '#fragment', 'font', 'basefont', 'blink', 'marquee']);
const DROP = new Set(['head', 'meta', 'base', 'link']);
const NO_IMAGES = new Set([...DROP, 'img', 'picture']);
const DOCUMENT_TAGS = new Set(['html', 'body', '#document', '#fragment']);
/** Elements renamed on output. */
const RENAME: Record<string, string> = { xmp: 'pre', listing: 'pre', plaintext: 'pre', noembed: 'div', noframes: 'div', center: 'div' };
/** Context a root needs to parse as itself: opening and closing wrapper markup. */
const CONTEXT: Record<string, [string, string]> = {
  td: ['<table><tbody><tr>', '</tr></tbody></table>'], th: ['<table><tbody><tr>', '</tr></tbody></table>'],
  tr: ['<table><tbody>', '</tbody></table>'], tbody: ['<table>', '</table>'], thead: ['<table>', '</table>'],
  tfoot: ['<table>', '</table>'], caption: ['<table>', '</table>'], colgroup: ['<table>', '</table>'],
  col: ['<table><colgroup>', '</colgroup></table>'], li: ['<ul>', '</ul>'], dt: ['<dl>', '</dl>'], dd: ['<dl>', '</dl>'],
};
const UNSAFE_SCHEME = /^\s*(?:javascript|vbscript|data)\s*:/i;
const LAZY_SRC = ['data-src', 'data-original', 'data-lazy-src', 'data-lazy', 'data-url'];

/** Renders the topic content of `labels` as a standalone HTML5 document. */
export function renderHtml(labels: Labels, title: string, opts: RenderOptions = {}): string {
  const doc = labels.doc;
  const base = documentBase(doc, opts.baseUrl);
  const lang = doc.html?.attr('lang');
  const dir = doc.html?.attr('dir');
  const out: string[] = ['<!DOCTYPE html>\n<html'];
  if (lang) out.push(` lang="${escapeAttr(lang)}"`);
  if (dir) out.push(` dir="${escapeAttr(dir)}"`);
  out.push(`>\n<head>\n<meta charset="utf-8">\n<title>${escapeText(title)}</title>\n</head>\n<body>\n`);
  if (opts.headline && title) out.push(`<h1>${escapeText(title)}</h1>\n`);
  const skip = opts.images === false ? NO_IMAGES : DROP;
  for (const root of labels.outerContentRoots()) {
    // A root below a <pre> keeps its white space: it is wrapped in a <pre> of its own (around the
    // table or list context it needs, if any). Each root is a block of its own, as in the text
    // rendering: an inline root (font and its kind are unwrapped) gets a <div>; html and body
    // stand for the whole document.
    const pre = insidePre(root);
    const wrap = CONTEXT[root.tag] ?? (pre || BLOCK_TAGS.has(root.tag) || DOCUMENT_TAGS.has(root.tag) ? null : ['<div>', '</div>']);
    if (pre) out.push('<pre>');
    if (wrap) out.push(wrap[0]);
    serializeElement(root, labels, base, out, skip);
    if (wrap) out.push(wrap[1]);
    if (pre) out.push('</pre>');
    out.push('\n');
  }
  out.push('</body>\n</html>\n');
  return out.join('');
}

function insidePre(el: DomElement): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.tag === 'pre') return true;
  return false;
}

/** Serializes one subtree, skipping NOISE subtrees. Iterative. */
export function serializeElement(root: DomElement, labels: Labels | null, base: string | undefined, out: string[], drop: ReadonlySet<string> = DROP): void {
  type Frame = { el: DomElement; i: number; close: string };
  const stack: Frame[] = [];
  const open = (el: DomElement): void => {
    if (drop.has(el.tag)) return;
    if (UNWRAP.has(el.tag)) { stack.push({ el, i: 0, close: '' }); return; }
    const tag = RENAME[el.tag] ?? el.tag;
    out.push('<', tag, attributes(el, base));
    out.push('>');
    if (VOID.has(tag)) return;
    if (tag === 'pre') {
      // The parser drops one newline right after <pre>: restore it when the text starts with one.
      const first = el.children[0];
      if (first && first.kind === 3 && first.data.startsWith('\n')) out.push('\n');
    }
    stack.push({ el, i: 0, close: `</${tag}>` });
  };
  open(root);
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) { stack.pop(); out.push(f.close); continue; }
    const c = ch[f.i++];
    if (c.kind === 3) { out.push(escapeText(c.data)); continue; }
    if (labels && labels.marks[c.id] === NOISE) {
      // Content kept inside a dropped subtree lost its container with it (a row of a dropped
      // table, an item of a dropped list): it gets the context a root gets, or a parser would
      // drop or move it.
      for (const inner of labels.contentInside(c)) {
        const wrap = CONTEXT[inner.tag];
        if (wrap) out.push(wrap[0]);
        serializeElement(inner, labels, base, out, drop);
        if (wrap) out.push(wrap[1]);
      }
      continue;
    }
    open(c);
  }
}

function attributes(el: DomElement, base: string | undefined): string {
  let s = '';
  const isImg = el.tag === 'img';
  for (const a of el.attrs) {
    if (!KEEP_ATTRS.has(a.name)) continue;
    let v = a.value;
    if (isImg && a.name === 'src') {
      const src = imageSource(el, base);
      if (src === null) continue;
      s += ` src="${escapeAttr(src)}"`;
      continue;
    }
    if (URL_ATTRS.has(a.name)) {
      const r = resolveUrl(v, base);
      if (r === null) continue;
      v = r;
    }
    s += ` ${a.name}="${escapeAttr(v)}"`;
  }
  // A code block's language (class="language-js") is content too; other classes are not kept.
  if (el.tag === 'code' || el.tag === 'pre') {
    const lang = /(?:^|\s)((?:language|lang)-[\w+#.-]{1,30})(?=\s|$)/.exec(el.attr('class') ?? '');
    if (lang) s += ` class="${lang[1]}"`;
  }
  if (isImg && el.attr('src') === undefined) {
    const src = imageSource(el, base);
    if (src !== null) s += ` src="${escapeAttr(src)}"`;
  }
  return s;
}

/** The base URL of a document: its <base href> resolved against the page URL. */
export function documentBase(doc: DomDocument, pageUrl: string | undefined): string | undefined {
  const head = doc.head;
  if (head) {
    for (const c of head.children) {
      if (c.kind !== 1 || c.tag !== 'base') continue;
      const href = c.attr('href');
      if (href === undefined) continue;
      try {
        return new URL(href.trim(), pageUrl).href;
      } catch {
        break;
      }
    }
  }
  if (pageUrl === undefined) return undefined;
  try {
    return new URL(pageUrl).href;
  } catch {
    return undefined;
  }
}

/**
 * A URL attribute resolved against `base` (kept as written when it cannot be resolved), or null
 * for script and data links, which are never kept.
 */
export function resolveUrl(value: string, base: string | undefined): string | null {
  const v = value.trim();
  if (UNSAFE_SCHEME.test(v)) return null;
  if (base === undefined) return v;
  try {
    return new URL(v, base).href;
  } catch {
    return v;
  }
}

/** An image's real source: src, or a lazy-loading attribute when src is missing or a data: placeholder. */
export function imageSource(img: DomElement, base: string | undefined): string | null {
  let src = img.attr('src')?.trim();
  if (!src || /^data:/i.test(src)) {
    for (const name of LAZY_SRC) {
      const v = img.attr(name)?.trim();
      if (v && !/^data:/i.test(v)) { src = v; break; }
    }
  }
  if (!src || UNSAFE_SCHEME.test(src)) return null;
  return resolveUrl(src, base);
}

const TEXT_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;', '\r': '&#13;', '"': '&quot;' };

/** Escapes text content: &, <, >, no-break space and CR (the parser would turn a raw CR into LF). */
export function escapeText(s: string): string {
  return s.replace(/[&<>\u00a0\r]/g, (c) => TEXT_ESC[c]);
}

/** Escapes a double-quoted attribute value. */
export function escapeAttr(s: string): string {
  return s.replace(/[&<>"\u00a0\r]/g, (c) => TEXT_ESC[c]);
}
