/**
 * What the metadata scan (page/metadata/scan.ts) reads, noted by the parser as it creates the
 * elements (parse.ts), when their tag and attributes are in cache anyway. A walk of the scan's own
 * after parsing touched every element, its attribute list and its attributes once more, mostly
 * on elements no list keeps.
 *
 * `tagged` holds what every page's sources read: <meta>, <title>, <link>, <h1>, <article>, and
 * the elements with microdata or RDFa attributes (itemprop, property, itemtype). `times` and
 * `links` hold what only the date and byline markup source reads, on pages whose structured data
 * leaves a date or the authors missing: <time> and <abbr>, and the <a>s that may be author links
 * (an href with "/aut" in it, or a rel). Each list is in creation order and is a superset: it
 * holds elements the tree construction moved (foster parenting, the adoption agency), and some
 * that never reached the tree or left it; the scan reads only those in doc.elements, in pre-order,
 * and applies its own conditions (place in the page, hidden, caps, the patterns) to them.
 *
 * Elements with a date or byline class are not noted: a class or id is on half a page's
 * elements, and noting those (the pattern itself is too slow for the parser) cost the parser
 * more than the scan saved. The scan finds them by a walk of its own, when they are asked for.
 */
import type { DomElement } from './node.js';

export interface ScanNotes {
  tagged: DomElement[];
  times: DomElement[];
  links: DomElement[];
}

export function newScanNotes(): ScanNotes {
  // Arrays from the constructor, not literals: see DomElement.children (pretenuring).
  return { tagged: new Array<DomElement>(), times: new Array<DomElement>(), links: new Array<DomElement>() };
}

/** Tags the scan looks at, as small codes (the order matters: see noteForScan and scan.ts). */
export const enum ScanTag { Meta = 1, Title, Link, H1, Article, A, Time, Abbr }

/**
 * The scan's code for a tag, undefined for the others. Dispatched on the name's length, as the
 * parser's attribute pass is: the tokenizer's tag names are fresh strings, and most differ from
 * every wanted name in length alone. A Map of the eight names cost the parser 17M instructions
 * more per pass over 150 trafilatura pages (bench/metadata-instructions.mjs B, under cachegrind).
 */
export function scanTag(tag: string): ScanTag | undefined {
  switch (tag.length) {
    case 1: return tag === 'a' ? ScanTag.A : undefined;
    case 2: return tag === 'h1' ? ScanTag.H1 : undefined;
    case 4: return tag === 'meta' ? ScanTag.Meta : tag === 'link' ? ScanTag.Link : tag === 'time' ? ScanTag.Time : tag === 'abbr' ? ScanTag.Abbr : undefined;
    case 5: return tag === 'title' ? ScanTag.Title : undefined;
    case 7: return tag === 'article' ? ScanTag.Article : undefined;
    default: return undefined;
  }
}

/**
 * What an element's attributes make of it, as flags, found in the parser's one pass over a new
 * element's attributes (with the hidden-by-markup test): microdata or RDFa; an href with "/aut"
 * (case as written: the scan's own test is the same) or a rel, which matter on <a>. The names the
 * scan reads only on its own tags (title, datetime) need no flag: those tags are noted anyway.
 */
export const SCAN_MICRODATA = 2;
export const SCAN_AUTHOR = 4;

/** Notes a new element: `code` its tag's (scanTag), `f` its attributes' flags. */
export function noteForScan(notes: ScanNotes, el: DomElement, code: ScanTag | undefined, f: number): void {
  if (f & SCAN_MICRODATA || (code !== undefined && code < ScanTag.A)) notes.tagged.push(el);
  if (code === ScanTag.A) { if (f & SCAN_AUTHOR) notes.links.push(el); }
  else if (code === ScanTag.Time || code === ScanTag.Abbr) notes.times.push(el);
}
