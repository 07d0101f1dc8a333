/**
 * The element lists every metadata source reads from: meta tags, itemprop elements, <time>
 * elements, author links, headings, and the elements whose class or id hint at a date or a byline.
 * Metadata must cost a small fraction of an extraction, so the sources never walk the tree
 * themselves; they read these short lists.
 *
 * The lists were filled by one walk over every element and its attributes, most of it spent on
 * elements no list keeps (a quarter of metadata's own time in a profile). Now the parser notes the
 * elements with the scan's tags, microdata attributes and possible author links as it creates them
 * (dom/scan-candidates.ts), and the scan reads those notes in pre-order, skipping any that are not
 * in the tree (doc.elements), and applying every condition of the walk, so the lists are the
 * walk's, element for element. The lists only the date and byline markup source reads (times,
 * authorLinks, hinted: markup.ts, on pages whose structured data leaves a date or the authors
 * missing: half of the dates set's pages, nearly all of cleaneval's and l3s-gn1's) are collected
 * when first read; the hinted elements by a walk over the body that reads the attributes of
 * elements of a byline's size only (the class pattern was most of the old walk's work), and goes
 * only as far as its reader asks (the authors' reader, only to just past the headline). A tree
 * built by hand, or one without features, is walked whole, as before.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { walkElements } from '../../dom/node.js';
import { ScanTag, scanTag, type ScanNotes } from '../../dom/scan-candidates.js';

export interface PageScan {
  /** Every element in pre-order (doc.elements, or a walk of our own on a tree without features). */
  elements: DomElement[];
  metas: DomElement[];
  /** <link> elements with a rel of interest (canonical, image_src, author). */
  links: DomElement[];
  /** Elements with itemprop, and (RDFa) elements other than <meta> with property. */
  itemprops: DomElement[];
  /** <time> elements, and <abbr> with a title (the hAtom `published` idiom). */
  readonly times: DomElement[];
  /** Small visible elements whose class/id says date, time, byline, author, posted, published... */
  readonly hinted: DomElement[];
  /** A prefix of `hinted` holding at least its elements with an id below `end` (readAuthors reads only those). */
  hintedBefore(end: number): DomElement[];
  /** <a rel=author>, and links to an author page. */
  readonly authorLinks: DomElement[];
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
/** A class or id value longer than this is never tested for a hint (a hostile page's megabyte class). */
const MAX_HINT_VALUE = 300;

// Substrings of class/id values that mark dates and bylines in every CMS theme we know of:
// date, datum, time, publi, posted, byline, author, autor, auteur, meta, submitted, created, fecha,
// the capitalised forms of most, and DATE, TIME, AUTHOR. Tested on the raw class and id values:
// el.classId would build a lower-cased copy for every element. The cases are spelled out (a
// case-insensitive regex measured slower), and the words share their prefixes (the flat list of
// the 25 words, which matches the same strings, measured a quarter slower).
const DATE_HINT = /[dD]at(?:e|um)|DATE|[tT]ime|TIME|[pP](?:ubli|osted)|[bB]yline|aut(?:hor|or|eur)|A(?:uthor|UTHOR)|[mM]eta|submitted|[cC]reated|fecha/;
const AUTHOR_HREF = /\/(?:author|autor|auteur|autore)s?\//i;
const LINK_REL = /canonical|image_src|author/i;

class Scan implements PageScan {
  metas: DomElement[] = [];
  links: DomElement[] = [];
  itemprops: DomElement[] = [];
  h1s: DomElement[] = [];
  titleEl: DomElement | null = null;
  itemtypes: string[] = [];
  articles = 0;
  articleText = 0;
  private _times: DomElement[] | null = null;
  private _authorLinks: DomElement[] | null = null;
  private _hinted: DomElement[] | null = null;
  /** Where the hinted elements' walk goes on (Infinity: done). */
  private hintAt = Infinity;
  /** The parser's notes, and the body's place in pre-order, for the lists not yet collected. */
  private notes: ScanNotes | null = null;
  private bodyId = Infinity;
  constructor(public elements: DomElement[], public featured: boolean) {}

  /** The markup source's lists are collected when first read, from `notes` and the body's elements. */
  collectLater(notes: ScanNotes, bodyId: number): void {
    this.notes = notes;
    this.bodyId = bodyId;
  }

  /** The markup source's lists, collected by the walk over every element. */
  setMarkupLists(times: DomElement[], authorLinks: DomElement[], hinted: DomElement[]): void {
    this._times = times; this._authorLinks = authorLinks; this._hinted = hinted;
  }

  get times(): DomElement[] {
    if (this._times === null) {
      const out: DomElement[] = (this._times = []);
      const notes = this.inOrder(this.notes!.times);
      for (let i = 0; i < notes.length && out.length < MAX_TIMES; i++) if (this.inBody(notes[i])) addTime(notes[i], out);
    }
    return this._times;
  }

  get authorLinks(): DomElement[] {
    if (this._authorLinks === null) {
      const out: DomElement[] = (this._authorLinks = []);
      const notes = this.inOrder(this.notes!.links);
      for (let i = 0; i < notes.length && out.length < MAX_AUTHOR_LINKS; i++) if (this.inBody(notes[i]) && isAuthorLink(notes[i])) out.push(notes[i]);
    }
    return this._authorLinks;
  }

  get hinted(): DomElement[] {
    return this.hintedBefore(Infinity);
  }

  /**
   * The hinted elements are collected from the body's start on as far as a reader needs them:
   * the authors' reader looks only near the headline, and on most pages that is early in a walk
   * that, for the dates, would go on to the page's end.
   */
  hintedBefore(end: number): DomElement[] {
    if (this._hinted === null) { this._hinted = []; this.hintAt = this.bodyId; }
    if (this.hintAt < end) this.hintAt = this.collectHinted(this.hintAt, end);
    return this._hinted;
  }

  /** Walks elements from `from` until `end` (or the cap); returns where a later walk goes on. */
  private collectHinted(from: number, end: number): number {
    const out = this._hinted!;
    // A walk over the body's elements (the parser does not note classes: see scan-candidates.ts),
    // reading an element's attributes only when its size allows a date or a byline. An element
    // without text has none below it either: its subtree is passed over.
    const els = this.elements;
    let k = from;
    for (; k < els.length && k < end; k++) {
      if (out.length >= MAX_HINTED) return Infinity;
      const el = els[k], len = el.textLen;
      if (len === 0) { k += el.tags; continue; }
      // hinted()'s tests, those on the element itself first: a container's attributes stay unread.
      if (len > MAX_HINTED_TEXT || el.hidden || !hasHint(el)) continue;
      const code = scanTag(el.tag);
      // As the walk below: <meta>, <title> and <link> are never tested for a hint.
      if (code === undefined || code >= ScanTag.H1) out.push(el);
    }
    return k < els.length && out.length < MAX_HINTED ? k : Infinity;
  }

  /** The notes in pre-order (the list itself when it is), those out of the tree still in it: see inBody. */
  private inOrder(notes: DomElement[]): DomElement[] {
    return inPreOrder(this.elements, notes);
  }

  /** A noted element in the tree and in the body (the body itself, or after it in pre-order). */
  private inBody(el: DomElement): boolean {
    return el.id >= this.bodyId && this.elements[el.id] === el;
  }
}

export function scanPage(doc: DomDocument): PageScan {
  const featured = doc.elements.length > 0 && doc.root.id === 0;
  const elements = doc.elements.length ? doc.elements : [...walkElements(doc.root)];
  const s = new Scan(elements, featured);
  const body = doc.body;
  const notes = doc.scanNotes;
  if (featured && notes) {
    // The body and what follows it in pre-order are in the body, as in the walk below.
    const bodyId = body && elements[body.id] === body ? body.id : Infinity;
    const tagged = inPreOrder(elements, notes.tagged);
    for (let i = 0; i < tagged.length; i++) {
      const el = tagged[i];
      if (el.id >= 0 && elements[el.id] === el) visitTagged(el, scanTag(el.tag), el.id >= bodyId, s);
    }
    s.collectLater(notes, bodyId);
    return s;
  }
  // A tree built by hand, or one without features: every element.
  const times: DomElement[] = [], authorLinks: DomElement[] = [], hintedEls: DomElement[] = [];
  let inBody = false;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i], code = scanTag(el.tag);
    if (el === body) inBody = true;
    visitTagged(el, code, inBody, s);
    // The markup source's lists: body elements other than <meta>, <title> and <link>.
    if (!inBody || (code !== undefined && code < ScanTag.H1)) continue;
    if (hintedEls.length < MAX_HINTED && hinted(el, featured)) hintedEls.push(el);
    if (code === ScanTag.Time || code === ScanTag.Abbr) { if (times.length < MAX_TIMES) addTime(el, times); }
    else if (code === ScanTag.A && authorLinks.length < MAX_AUTHOR_LINKS && isAuthorLink(el)) authorLinks.push(el);
  }
  s.setMarkupLists(times, authorLinks, hintedEls);
  return s;
}

/**
 * The parser's notes in pre-order (the order of every list above), each once, with those out of
 * the tree still in it (their readers skip an element whose id does not find it in doc.elements:
 * created but never attached, or attached and taken out). Most pages' notes are in pre-order
 * already, and the list itself is returned: a copy of every list cost more allocation than the
 * rest of the scan. Re-parented elements (foster parenting, the adoption agency's clones) can
 * come out of creation order, and an element whose attributes grew (a second <body>) can be
 * noted twice: then a sorted copy of the elements in the tree.
 */
function inPreOrder(elements: DomElement[], notes: DomElement[]): DomElement[] {
  let last = -1;
  for (let i = 0; i < notes.length; i++) {
    const el = notes[i], id = el.id;
    if (id < 0 || elements[id] !== el) continue;
    if (id <= last) return sortedInTree(elements, notes);
    last = id;
  }
  return notes;
}

function sortedInTree(elements: DomElement[], notes: DomElement[]): DomElement[] {
  const out = notes.filter((el) => el.id >= 0 && elements[el.id] === el).sort((a, b) => a.id - b.id);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (w === 0 || out[w - 1] !== out[i]) out[w++] = out[i];
  out.length = w;
  return out;
}

/** An element for the lists every source reads; `inBody`: the body, or after it in pre-order. */
function visitTagged(el: DomElement, code: ScanTag | undefined, inBody: boolean, s: Scan): void {
  if (code === ScanTag.Meta) {
    if (s.metas.length < MAX_METAS) s.metas.push(el);
    // <meta itemprop="datePublished" content> belongs to the microdata around it.
    if (el.attr('itemprop') !== undefined && s.itemprops.length < MAX_ITEMPROPS) s.itemprops.push(el);
    return;
  }
  if (code === ScanTag.Title) { if (!s.titleEl) s.titleEl = el; return; }
  if (code === ScanTag.Link) {
    const rel = el.attr('rel');
    if (rel && LINK_REL.test(rel) && s.links.length < MAX_LINKS) s.links.push(el);
    return;
  }
  const a = el.attrs;
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name;
    if (n === 'itemprop' || n === 'property') {
      // RDFa's property="schema:datePublished" is read with microdata's itemprop (microdata.ts).
      if (s.itemprops.length < MAX_ITEMPROPS && s.itemprops[s.itemprops.length - 1] !== el) s.itemprops.push(el);
    } else if (n === 'itemtype') {
      if (s.itemtypes.length < 50) s.itemtypes.push(a[k].value);
    }
  }
  if (!inBody) return;
  if (code === ScanTag.H1) s.h1s.push(el);
  else if (code === ScanTag.Article) { s.articles++; s.articleText += el.textLen; }
}

/** A <time>, or an <abbr> with a title: hAtom's <abbr class="published" title="2020-09-20T14:20Z">. */
function addTime(el: DomElement, times: DomElement[]): void {
  if (el.tag === 'time' || hasTitle(el)) times.push(el);
}

/** A non-empty title attribute, any of them (a tree built by hand may repeat a name, as the walk allowed). */
function hasTitle(el: DomElement): boolean {
  const a = el.attrs;
  for (let k = 0; k < a.length; k++) if (a[k].name === 'title' && a[k].value) return true;
  return false;
}

/**
 * Whether an element may be a date or a byline by its size: without text there is no date or
 * name to read; a tree without features (textLen 0 on every element: one built by hand) keeps all.
 */
function hintable(el: DomElement, featured: boolean): boolean {
  return !el.hidden && el.textLen <= MAX_HINTED_TEXT && (el.textLen > 0 || !featured);
}

/** A small visible element whose class or id hints at a date or a byline. */
function hinted(el: DomElement, featured: boolean): boolean {
  return hintable(el, featured) && hasHint(el);
}

/** Whether the element's class or id hints at a date or a byline. */
function hasHint(el: DomElement): boolean {
  const a = el.attrs;
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name, v = a[k].value;
    if ((n === 'class' || n === 'id') && v.length <= MAX_HINT_VALUE && DATE_HINT.test(v)) return true;
  }
  return false;
}

/** <a rel=author>, or a link to an author page. */
function isAuthorLink(el: DomElement): boolean {
  const a = el.attrs;
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name, v = a[k].value;
    if (n === 'href') {
      if (v.length < 300 && v.includes('/aut') && AUTHOR_HREF.test(v)) return true;
    } else if (n === 'rel') {
      if (v.length < 100 && /\bauthor\b/i.test(v)) return true;
    }
  }
  return false;
}
