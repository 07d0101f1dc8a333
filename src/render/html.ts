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
 *  - raw-text elements that survived pruning (xmp, listing, plaintext) become <pre> (their white
 *    space is kept, as in the text): escaped text inside a raw-text element would re-parse differently;
 *  - URLs (href, src, cite) are read as a browser reads them (WHATWG URL) and resolved against the
 *    base URL; only http, https and mailto links (http and https images) are kept; a lazy-loaded
 *    image's real source (data-src, ...) replaces a placeholder.
 */
import { inSubtree, type DomDocument, type DomElement } from '../dom/node.js';
import { BLOCK_TAGS, PRE_TAGS } from '../dom/tags.js';
import { NOISE, type Labels } from '../page/labels.js';

export interface RenderOptions {
  /** The page URL: relative links and image sources are resolved against it (and <base href>). */
  baseUrl?: string;
  /** Keep <img> elements (default true; extract() passes its `images` option). */
  images?: boolean;
  /** Open the body with the title as an <h1> (extract()'s `title` option). */
  headline?: boolean;
  /**
   * Elements shown here whose subtrees the text leaves out (the figures `images: true` keeps):
   * every element written from inside them is marked data-thresher="figure", so that the clean
   * HTML extracts again to the same text.
   */
  textCut?: readonly DomElement[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'frame']);
const KEEP_ATTRS = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'lang', 'dir', 'datetime', 'cite',
  // Beyond the brief's list: list numbering is content ("step 3" must stay step 3).
  'start', 'reversed', 'value']);
const URL_ATTRS = new Set(['href', 'src', 'cite']);
/** Wrappers unwrapped (children kept) and elements dropped with their subtree. */
const UNWRAP = new Set(['html', 'body', '#document', '#fragment', 'font', 'basefont', 'blink', 'marquee']);
const DROP = new Set(['head', 'meta', 'base', 'link']);
const NO_IMAGES = new Set([...DROP, 'img']);
const DOCUMENT_TAGS = new Set(['html', 'body', '#document', '#fragment']);
/** Elements renamed on output. */
// <noscript>, parsed as markup (scripting disabled), is a span: a browser with scripting would hide what it holds.
const RENAME: Record<string, string> = { xmp: 'pre', listing: 'pre', plaintext: 'pre', center: 'div', noscript: 'span' };
/** Context a root needs to parse as itself: opening and closing wrapper markup. */
const CONTEXT: Record<string, [string, string]> = {
  td: ['<table><tbody><tr>', '</tr></tbody></table>'], th: ['<table><tbody><tr>', '</tr></tbody></table>'],
  tr: ['<table><tbody>', '</tbody></table>'], tbody: ['<table>', '</table>'], thead: ['<table>', '</table>'],
  tfoot: ['<table>', '</table>'], caption: ['<table>', '</table>'], colgroup: ['<table>', '</table>'],
  col: ['<table><colgroup>', '</colgroup></table>'], li: ['<ul>', '</ul>'], dt: ['<dl>', '</dl>'], dd: ['<dl>', '</dl>'],
};
const LAZY_SRC = ['data-src', 'data-original', 'data-lazy-src', 'data-lazy', 'data-url'];

/**
 * The clean HTML says it is thresher's own output (<meta name="generator">): extracting it again
 * keeps all of it (page/extract.ts), so that the clean HTML gives the same text as the page it
 * came from. Without the mark a labeler would read the bare document afresh, without the classes,
 * site frame and neighbours its first reading weighed, and could choose another root.
 */
export const CLEAN_HTML_GENERATOR = 'thresher';
/** The attribute on the headline the clean HTML starts with under `title: true`. */
export const HEADLINE_MARK = 'data-thresher="title"';
/** The attribute on a figure the clean HTML shows (`images: true`) and its text leaves out. */
export const FIGURE_MARK = 'data-thresher="figure"';

/** Renders the topic content of `labels` as a standalone HTML5 document. */
export function renderHtml(labels: Labels, title: string, opts: RenderOptions = {}): string {
  const doc = labels.doc;
  const base = documentBase(doc, opts.baseUrl);
  const lang = doc.html?.attr('lang');
  const dir = doc.html?.attr('dir');
  const out: string[] = ['<!DOCTYPE html>\n<html'];
  if (lang) out.push(` lang="${escapeAttr(lang)}"`);
  if (dir) out.push(` dir="${escapeAttr(dir)}"`);
  out.push(`>\n<head>\n<meta charset="utf-8">\n<meta name="generator" content="${CLEAN_HTML_GENERATOR}">\n<title>${escapeText(title)}</title>\n</head>\n<body>\n`);
  // Marked, so that extracting the clean HTML again tells it from a heading of the content.
  if (opts.headline && title) out.push(`<h1 ${HEADLINE_MARK}>${escapeText(title)}</h1>\n`);
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
    serializeElement(root, labels, base, out, skip, insideAny(opts.textCut));
    if (wrap) out.push(wrap[1]);
    if (pre) out.push('</pre>');
    out.push('\n');
  }
  out.push('</body>\n</html>\n');
  return out.join('');
}

function insidePre(el: DomElement): boolean {
  for (let p = el.parent; p; p = p.parent) if (PRE_TAGS.has(p.tag)) return true;
  return false;
}

/**
 * Serializes one subtree, skipping NOISE subtrees. Iterative. `textCut` tells the elements the
 * text leaves out: the outermost of them written gets FIGURE_MARK (`inMarked`: the root is
 * written inside a marked element already).
 */
export function serializeElement(root: DomElement, labels: Labels | null, base: string | undefined, out: string[], drop: ReadonlySet<string> = DROP,
  textCut?: (el: DomElement) => boolean, inMarked = false): void {
  /** `marked`: this element or one written around it carries FIGURE_MARK. */
  type Frame = { el: DomElement; i: number; close: string; marked: boolean };
  const stack: Frame[] = [];
  const open = (el: DomElement, parentMarked: boolean): void => {
    if (drop.has(el.tag)) return;
    // A tag name the parser took with odd characters ("<scr<script>" is one element named
    // "scr<script") is unwrapped: written out it would put "<script>" in the output's source.
    // A <picture> without images is unwrapped, not dropped: the text renderer keeps what it holds besides its images.
    const unwrap = UNWRAP.has(el.tag) || !PLAIN_TAG.test(el.tag) || (el.tag === 'picture' && drop.has('img'));
    const marked = !parentMarked && (textCut?.(el) ?? false);
    if (unwrap && !marked) { stack.push({ el, i: 0, close: '', marked: parentMarked }); return; }
    const tag = unwrap ? 'span' : RENAME[el.tag] ?? el.tag; // unwrapped but marked: an inline span carries the mark
    out.push('<', tag, unwrap ? '' : attributes(el, base));
    if (marked) out.push(` ${FIGURE_MARK}`);
    out.push('>');
    if (VOID.has(tag)) return;
    if (tag === 'pre') {
      // The parser drops one newline right after <pre>: restore it when the text starts with one.
      const first = el.children[0];
      if (first && first.kind === 3 && first.data.startsWith('\n')) out.push('\n');
    }
    stack.push({ el, i: 0, close: `</${tag}>`, marked: parentMarked || marked });
  };
  open(root, inMarked);
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
      const context = openContext(stack);
      for (const inner of labels.contentInside(c)) {
        const wrap = tableWrap(context, inner.tag) ?? CONTEXT[inner.tag];
        if (wrap) out.push(wrap[0]);
        serializeElement(inner, labels, base, out, drop, textCut, f.marked);
        if (wrap) out.push(wrap[1]);
      }
      continue;
    }
    open(c, f.marked);
  }
}

/** Whether an element lies in one of `roots`' subtrees (ids are pre-order, `tags` counts descendants); undefined for none. */
function insideAny(roots: readonly DomElement[] | undefined): ((el: DomElement) => boolean) | undefined {
  if (!roots?.length) return undefined;
  return (el) => roots.some((r) => inSubtree(el, r));
}

/** Tag names written as they are: others are unwrapped. */
const PLAIN_TAG = /^[a-z][a-z0-9._:-]*$/;
const TABLE_SECTIONS = new Set(['table', 'tbody', 'thead', 'tfoot']);

/** The tag of the innermost element written and still open (unwrapped ones write no tag). */
function openContext(stack: readonly { el: DomElement; close: string }[]): string | null {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k].close) return RENAME[stack[k].el.tag] ?? stack[k].el.tag;
  return null;
}

/**
 * The wrapper content kept inside a dropped table part needs where it is written: inside a <tr>
 * anything but a cell, inside a table or its sections anything but a row, would be moved out of
 * the table by the parser (foster parenting) and come before it when the clean HTML is read again.
 * Null when none is needed; undefined outside a table (then CONTEXT decides).
 */
function tableWrap(context: string | null, tag: string): [string, string] | null | undefined {
  if (context === 'tr') return tag === 'td' || tag === 'th' ? null : ['<td>', '</td>'];
  if (context !== null && TABLE_SECTIONS.has(context)) {
    if (tag === 'tr') return null;
    if (tag === 'td' || tag === 'th') return ['<tr>', '</tr>'];
    if (TABLE_SECTIONS.has(tag) || tag === 'caption' || tag === 'colgroup') return null;
    if (tag === 'col') return ['<colgroup>', '</colgroup>'];
    return ['<tr><td>', '</td></tr>'];
  }
  return undefined;
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

/**
 * The base URL of a document, as a browser sets it: the first <base href> in tree order (in the
 * head or, misplaced, in the body), resolved against the page URL.
 */
export function documentBase(doc: DomDocument, pageUrl: string | undefined): string | undefined {
  const base = doc.elements.find((e) => e.tag === 'base' && e.attr('href') !== undefined);
  if (base) {
    try {
      return new URL(base.attr('href')!.trim(), pageUrl).href;
    } catch {
      // An unusable <base href> is ignored, as browsers do.
    }
  }
  if (pageUrl === undefined) return undefined;
  try {
    return new URL(pageUrl).href;
  } catch {
    return undefined;
  }
}

/** Link schemes kept in the output; every other scheme (javascript:, vbscript:, data:, file:, ...) is dropped. */
const SAFE_LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const SAFE_IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** What the WHATWG URL parser ignores: C0 controls and spaces at either end, tabs and newlines anywhere. */
const URL_IGNORED_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_IGNORED_INSIDE = /[\t\n\r]/g;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A URL attribute resolved against `base`, or null when it is not a safe link. The value is read
 * as a browser reads it (the WHATWG URL parser: `java&#x09;script:` is `javascript:`), so what is
 * kept is decided on the scheme a browser would see: only http, https and mailto (and fragments and
 * relative links, which take the base's scheme). Without a base a relative link stays relative,
 * cleaned of what a browser ignores.
 */
export function resolveUrl(value: string, base: string | undefined, schemes: Set<string> = SAFE_LINK_SCHEMES): string | null {
  const v = value.replace(URL_IGNORED_ENDS, '').replace(URL_IGNORED_INSIDE, '');
  let url: URL;
  try {
    if (HAS_SCHEME.test(v)) url = new URL(v);
    else if (base !== undefined) url = new URL(v, base);
    else return v;
  } catch {
    return null;
  }
  return schemes.has(url.protocol) ? url.href : null;
}

/** An image's real source: src, or a lazy-loading attribute when src is missing or a data: placeholder. */
export function imageSource(img: DomElement, base: string | undefined): string | null {
  let src = img.attr('src');
  if (!src || isDataUrl(src)) {
    for (const name of LAZY_SRC) {
      const v = img.attr(name);
      if (v && !isDataUrl(v)) { src = v; break; }
    }
  }
  return src ? resolveUrl(src, base, SAFE_IMAGE_SCHEMES) : null;
}

function isDataUrl(v: string): boolean {
  return /^data:/i.test(v.replace(URL_IGNORED_ENDS, '').replace(URL_IGNORED_INSIDE, ''));
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
