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
  /** <link> elements with a rel of interest (canonical, image_src, author). */
  links: DomElement[];
  /** Elements with itemprop, and (RDFa) elements other than <meta> with property. */
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
  /** Text in those <article>s: a listing's are short teasers, a forum thread's are posts. */
  articleText: number;
  /** Whether computeFeatures ran (element text lengths are known). */
  featured: boolean;
}

/** Caps on the lists, so a hostile page cannot make any source's work grow without bound. */
const MAX_METAS = 400;
const MAX_LINKS = 100;
const MAX_ITEMPROPS = 400;
const MAX_TIMES = 100;
const MAX_HINTED = 150;
const MAX_AUTHOR_LINKS = 20;
/** A hinted element with more text than this is a container, not a date or a byline. */
const MAX_HINTED_TEXT = 200;

// Substrings of class/id values that mark dates and bylines in every CMS theme we know of.
// Tested on the raw class and id values: el.classId would build a lower-cased copy for every
// element, the largest cost of this walk on a fresh tree. Lower case and the camelCase and
// capitalised forms are spelled out: a case-insensitive regex measured slower.
const DATE_HINT = /date|time|publi|posted|byline|author|meta|submitted|created|datum|fecha|autor|auteur|Date|Time|Publi|Posted|Byline|Author|Meta|Created|Datum|DATE|TIME|AUTHOR/;
const AUTHOR_HREF = /\/(?:author|autor|auteur|autore)s?\//i;

/** Tags the walk looks at, as small codes: one Map lookup per element instead of a chain of string compares. */
const enum T { Meta = 1, Title, H1, Time, Abbr, Article, A, Link }
const TAG_CODE = new Map<string, T>([['meta', T.Meta], ['title', T.Title], ['h1', T.H1], ['time', T.Time], ['abbr', T.Abbr], ['article', T.Article], ['a', T.A], ['link', T.Link]]);
const LINK_REL = /canonical|image_src|author/i;

export function scanPage(doc: DomDocument): PageScan {
  const elements = doc.elements.length ? doc.elements : [...walkElements(doc.root)];
  const s: PageScan = {
    elements, metas: [], links: [], itemprops: [], times: [], hinted: [], authorLinks: [], h1s: [], titleEl: null,
    itemtypes: [], articles: 0, articleText: 0, featured: doc.elements.length > 0 && doc.root.id === 0,
  };
  const body = doc.body;
  let inBody = false;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    if (el === body) inBody = true;
    const code = TAG_CODE.get(el.tag);
    if (code === T.Meta) {
      if (s.metas.length < MAX_METAS) s.metas.push(el);
      // <meta itemprop="datePublished" content> belongs to the microdata around it.
      if (el.attr('itemprop') !== undefined && s.itemprops.length < MAX_ITEMPROPS) s.itemprops.push(el);
      continue;
    }
    if (code === T.Title) { if (!s.titleEl) s.titleEl = el; continue; }
    if (code === T.Link) {
      const rel = el.attr('rel');
      if (rel && LINK_REL.test(rel) && s.links.length < MAX_LINKS) s.links.push(el);
      continue;
    }
    const flags = el.attrs.length ? scanAttrs(el, s, inBody) : 0;
    if (!inBody || code === undefined) continue;
    if (code === T.H1) s.h1s.push(el);
    else if (code === T.Time || (code === T.Abbr && flags & HAS_TITLE)) { if (s.times.length < MAX_TIMES) s.times.push(el); }
    else if (code === T.Article) { s.articles++; s.articleText += el.textLen; }
    else if (code === T.A && flags & AUTHOR_LINK && s.authorLinks.length < MAX_AUTHOR_LINKS) s.authorLinks.push(el);
  }
  return s;
}

const HAS_TITLE = 1;
const AUTHOR_LINK = 2;

/** One pass over an element's attributes; returns flags for the tag-specific tests of the walk. */
function scanAttrs(el: DomElement, s: PageScan, inBody: boolean): number {
  const a = el.attrs;
  let hinted = false, flags = 0;
  // Without text there is no date or name to read; a tree without features (textLen 0 on every
  // element: one built by hand) keeps all.
  const mayHint = inBody && !el.hidden && s.hinted.length < MAX_HINTED
    && el.textLen <= MAX_HINTED_TEXT && (el.textLen > 0 || !s.featured);
  // A chain of compares, most frequent name first: attribute names are not interned strings, and
  // a Map lookup (hashing each name) measured slower.
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name, v = a[k].value;
    if (n === 'class' || n === 'id') {
      if (mayHint && !hinted && v.length <= 300 && DATE_HINT.test(v)) hinted = true;
    } else if (n === 'href') {
      if (v.length < 300 && v.includes('/aut') && AUTHOR_HREF.test(v)) flags |= AUTHOR_LINK;
    } else if (n === 'rel') {
      if (v.length < 100 && /\bauthor\b/i.test(v)) flags |= AUTHOR_LINK;
    } else if (n === 'title') {
      if (v) flags |= HAS_TITLE;
    } else if (n === 'itemprop' || n === 'property') {
      // RDFa's property="schema:datePublished" is read with microdata's itemprop (microdata.ts).
      if (s.itemprops.length < MAX_ITEMPROPS && s.itemprops[s.itemprops.length - 1] !== el) s.itemprops.push(el);
    } else if (n === 'itemtype') {
      if (s.itemtypes.length < 50) s.itemtypes.push(v);
    }
  }
  if (hinted) s.hinted.push(el);
  return flags;
}
