/**
 * Where an element sits, for the title chooser (title.ts): in the page's banner or a sidebar, in a
 * box that is no headline, or on a line of its own as an old page's headline in a <font> or a
 * table cell is.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { BLOCK_TAGS } from '../../dom/tags.js';

/** Class or id words of the site's name or of a box's title. */
export const NOT_HEADLINE = /logo|brand|masthead|banner|site[-_]?(?:title|name)|blog[-_]?(?:title|name)|widget|sidebar|subtitle|sub[-_]title|subhead|related|promo|teaser|nav|menu|footer|comment|section[-_]?title|module|card|list/;

/** Class or id words of the page's banner, where a blog's <h1> holds its name. */
const SITE_HEADER = /logo|brand|masthead|banner|site[-_]?(?:title|name|header|branding)|blog[-_]?(?:title|name|header)|sidebar|widget/;

/**
 * Whether an element sits in the page's banner or a sidebar: within six levels, a <header>,
 * role="banner" or a container named so, that is no article's (no <article> or <main> above it
 * within twelve). Blogs and older sites put the site's name in such an <h1>, and the post's
 * title in an <h2> or <h3>; an article's own <header> holds its headline.
 */
export function inSiteHeader(el: DomElement): boolean {
  let banner = false;
  let p = el.parent;
  for (let up = 0; p && up < 12; up++, p = p.parent) {
    const tag = p.tag;
    if (tag === 'article' || tag === 'main') return false;
    if (tag === 'body') break;
    if (banner || up >= 6) continue;
    if (tag === 'header' || p.attr('role') === 'banner') banner = true;
    else if (p.classId && SITE_HEADER.test(p.classId.length > 200 ? p.classId.slice(0, 200) : p.classId)) banner = true;
  }
  return banner;
}

/** Tags that run inside a line of text; the others make a block of their own. */
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 'font', 'span', 'small', 'big', 'u', 'q', 'cite', 'abbr', 'mark', 'time', 'sub', 'sup']);
/** Blocks of running text, lists and quotes: one that repeats the title is a tagline or a teaser. */
const PROSE_TAGS = new Set(['p', 'li', 'dd', 'dt', 'blockquote', 'q', 'cite', 'figcaption', 'caption', 'address', 'pre', 'code']);

/** Elements that repeat the title but never show it as a headline: a stray <title> in the body, a form's legend. */
const NOT_PLAIN_TAGS = new Set(['title', 'legend', 'label', 'option', 'button']);

/**
 * Whether a plain element is a headline by its place: a block that is no paragraph or list item,
 * or an inline run on a line of its own (`<td><font><b>Headline</b></font><br>Text…`). A bold
 * phrase or a quote inside a paragraph, or the last item of a breadcrumb, may repeat part of the
 * title but is no headline; neither is a tagline in the page's banner.
 */
export function standsAlone(el: DomElement): boolean {
  if (PROSE_TAGS.has(el.tag) || NOT_PLAIN_TAGS.has(el.tag) || inSiteHeader(el)) return false;
  // A teaser's, a widget's or the logo's text repeats the title in a box that is no headline.
  if (el.classId && NOT_HEADLINE.test(el.classId.length > 200 ? el.classId.slice(0, 200) : el.classId)) return false;
  let top = el;
  for (let up = 0; up < 6 && top.parent && INLINE_TAGS.has(top.parent.tag); up++) top = top.parent;
  const parent = top.parent;
  if (!INLINE_TAGS.has(top.tag) || !parent) return true;
  if (PROSE_TAGS.has(parent.tag)) return false;
  const kids = parent.children;
  const at = kids.indexOf(top);
  return lineBreak(kids, at, -1) && lineBreak(kids, at, 1);
}

/** Whether the nearest sibling with content on side `dir` of kids[at] ends the line: none, a <br>, a block. */
function lineBreak(kids: DomElement['children'], at: number, dir: 1 | -1): boolean {
  for (let k = at + dir, seen = 0; k >= 0 && k < kids.length && seen < 20; k += dir, seen++) {
    const c = kids[k];
    if (c.kind === 3) { if (c.data.trim()) return false; continue; }
    if (c.tag === 'br' || !INLINE_TAGS.has(c.tag)) return true;
    if (c.textLen > 0) return false;
  }
  return true;
}

/** Elements read after a heading, at most. */
const PROSE_WALK = 3000;
const HEADINGS = new Set(['h1', 'h2', 'h3']);
/** Boxes whose text is never the article's, skipped whole. */
const NOT_PROSE = new Set(['nav', 'footer', 'aside', 'form', 'select', 'noscript', 'template', 'script', 'style']);

/**
 * The prose in doc.elements[from, to): the text, outside links, of the blocks with sentence
 * punctuation of their own; with `stopAtHeading`, up to the next h1–h3.
 */
function proseIn(doc: DomDocument, from: number, to: number, stopAtHeading: boolean): number {
  const els = doc.elements;
  let prose = 0;
  for (let k = from, end = Math.min(els.length, to); k < end; k++) {
    const el = els[k];
    if (stopAtHeading && HEADINGS.has(el.tag)) break;
    if (el.hidden || NOT_PROSE.has(el.tag)) { k += el.tags; continue; }
    if (!BLOCK_TAGS.has(el.tag) || el.inlineLen === 0 || el.inlineLinkLen * 2 > el.inlineLen) continue;
    if (el.inlinePunct > 0) prose += el.inlineLen - el.inlineLinkLen;
  }
  return prose;
}

/**
 * The prose a heading heads, up to the next h1–h3. A story's headline heads its story; a
 * section's name or a sidebar's title heads a list of links or another heading.
 */
export function proseHeaded(doc: DomDocument, heading: DomElement): number {
  const from = heading.id + heading.tags + 1;
  return proseIn(doc, from, from + PROSE_WALK, true);
}

/** The prose of the whole of `root`, read in at most `cap` elements. */
export function proseWithin(doc: DomDocument, root: DomElement, cap: number): number {
  return proseIn(doc, root.id + 1, root.id + 1 + Math.min(root.tags, cap), false);
}
