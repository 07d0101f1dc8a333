/**
 * The one walk over the page's elements that every metadata source reads from: meta tags,
 * itemprop elements, <time> elements, author links, headings, and the elements whose class or id
 * hint at a date or a byline. Metadata must cost a small fraction of an extraction, so the sources
 * never walk the tree themselves; they read these short lists.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { walkElements } from '../../dom/node.js';

export interface PageScan {
  /** Every element in pre-order (doc.elements, or a walk of our own on a tree without features). */
  elements: DomElement[];
  metas: DomElement[];
  itemprops: DomElement[];
  /** <time> elements, and <abbr> with a title (the hAtom `published` idiom). */
  times: DomElement[];
  /** Small visible elements whose class/id says date, time, byline, author, posted, published... */
  hinted: DomElement[];
  /** <a rel=author>, and links to an author page. */
  authorLinks: DomElement[];
  h1s: DomElement[];
  titleEl: DomElement | null;
  /** itemtype URLs of itemscope elements, in order (schema.org types, for the page kind). */
  itemtypes: string[];
  /** How many <article> elements: a listing has many, an article page one. */
  articles: number;
}

/** Caps on the lists, so a hostile page cannot make any source's work grow without bound. */
const MAX_METAS = 400;
const MAX_ITEMPROPS = 400;
const MAX_TIMES = 100;
const MAX_HINTED = 150;
const MAX_AUTHOR_LINKS = 20;
/** A hinted element with more text than this is a container, not a date or a byline. */
const MAX_HINTED_TEXT = 200;

// Substrings of class/id values that mark dates and bylines in every CMS theme we know of.
const DATE_HINT = /date|time|publi|posted|byline|author|dateline|meta|submitted|created|datum|fecha|data-|autor|auteur/;
const AUTHOR_HREF = /\/(?:author|authors|autor|auteur|autore|profile|people|staff|user|writers?)\//i;

export function scanPage(doc: DomDocument): PageScan {
  const elements = doc.elements.length ? doc.elements : [...walkElements(doc.root)];
  const s: PageScan = {
    elements, metas: [], itemprops: [], times: [], hinted: [], authorLinks: [], h1s: [], titleEl: null,
    itemtypes: [], articles: 0,
  };
  const body = doc.body;
  let inBody = false;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const tag = el.tag;
    if (el === body) inBody = true;
    if (tag === 'meta') { if (s.metas.length < MAX_METAS) s.metas.push(el); continue; }
    if (tag === 'title') { if (!s.titleEl) s.titleEl = el; continue; }
    if (el.attrs.length) scanAttrs(el, s, inBody);
    if (!inBody) continue;
    if (tag === 'h1') s.h1s.push(el);
    else if (tag === 'time' || (tag === 'abbr' && el.attr('title'))) { if (s.times.length < MAX_TIMES) s.times.push(el); }
    else if (tag === 'article') s.articles++;
    else if (tag === 'a' && s.authorLinks.length < MAX_AUTHOR_LINKS) {
      const rel = el.attr('rel'), href = el.attr('href');
      if ((rel && /\bauthor\b/i.test(rel)) || (href && href.length < 300 && AUTHOR_HREF.test(href))) s.authorLinks.push(el);
    }
  }
  return s;
}

function scanAttrs(el: DomElement, s: PageScan, inBody: boolean): void {
  const a = el.attrs;
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name;
    if (n === 'itemprop') { if (s.itemprops.length < MAX_ITEMPROPS) s.itemprops.push(el); }
    else if (n === 'itemtype') { if (s.itemtypes.length < 50) s.itemtypes.push(a[k].value); }
  }
  if (!inBody || el.hidden || s.hinted.length >= MAX_HINTED) return;
  const cid = el.classId;
  if (!cid || cid.length > 300) return;
  // Features may be missing on a hand-built tree (textLen 0): keep the element then.
  if (el.textLen > MAX_HINTED_TEXT) return;
  if (DATE_HINT.test(cid)) s.hinted.push(el);
}
