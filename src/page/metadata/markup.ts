/**
 * Dates and authors the page's markup marks as such without schema.org: <time datetime>, <time
 * pubdate>, hAtom's <abbr class="published" title>, elements whose class or id says date, posted,
 * published, byline or author, and rel=author links.
 *
 * A page shows many such dates (comments, sidebars of other articles, a "today" widget in the
 * header), so each candidate is placed (date-context.ts) and the article's is the one nearest the
 * headline that is neither in comments nor in the page's furniture.
 */
import type { DomElement } from '../../dom/node.js';
import { findDates, findShortDates, parseDate, type DateValue } from './dates.js';
import { placementOf, roleOf, type DateRole } from './date-context.js';
import { Found } from './found.js';
import { normaliseAuthors } from './authors.js';
import { textOf } from './text.js';
import type { PageScan } from './scan.js';

export interface DomDate {
  value: DateValue;
  el: DomElement;
  role: DateRole;
  /** Element distance from the headline (candidate id − headline id); NaN without a headline. */
  dist: number;
}

const AUTHOR_CLASS = /author|byline|writer|autor|auteur|verfasser/;
const NOT_AUTHOR_CLASS = /comment|avatar|bio|about|description|share|social|img|image|photo/;

export interface MarkupWants { dates: boolean; authors: boolean }

export function readMarkup(scan: PageScan, headline: DomElement | null, mdy: boolean, want: MarkupWants = { dates: true, authors: true },
  url: { day?: string; month?: string } = {}): Found {
  const found = new Found();
  const hid = headline ? headline.id : NaN;
  const dates: DomDate[] = [];
  if (want.authors) found.add('authors', readAuthors(scan, hid), 'markup');
  if (!want.dates) return found;
  for (const el of scan.times) {
    const raw = el.tag === 'time' ? el.attr('datetime') : el.attr('title');
    const v = parseDate(raw, { mdy }) ?? (el.tag === 'time' ? parseDate(textOf(el, 120), { mdy }) : null);
    if (!v) continue;
    addCandidate(dates, el, v, el.attr('pubdate') !== undefined ? 'published' : 'neutral', headline);
  }
  for (const el of scan.hinted) {
    // A <time> inside was read already, from its attribute.
    if (el.tag === 'time') continue;
    // A machine-readable date in an attribute of a date-classed element: title="2020-09-20T14:20Z".
    const attrDate = parseDate(el.attr('datetime') ?? el.attr('content') ?? el.attr('title') ?? el.attr('data-date'), { mdy });
    if (attrDate) { addCandidate(dates, el, attrDate, 'neutral', headline); continue; }
    const text = textOf(el, 200);
    let hits = findDates(text, { mdy, limit: 2 });
    if (!hits.length) hits = findShortDates(text, undefined, 1);
    for (const h of hits) {
      const role = roleOf(text.slice(0, h.start));
      addCandidate(dates, el, { iso: h.day, day: h.day }, role, headline);
    }
  }
  // Dates that contradict the URL's month are another text's; the URL's own day is this one's.
  const agreeing = url.month ? dates.filter((d) => d.value.day.startsWith(url.month!)) : dates;
  const pub = agreeing.find((d) => d.value.day === url.day && d.role !== 'modified') ?? pickDate(agreeing, 'published');
  found.add('published', pub?.value, 'markup');
  found.add('modified', pickDate(dates, 'modified')?.value, 'markup');
  return found;
}

/** Names from author/byline-classed elements and author links near the article's top. */
function readAuthors(scan: PageScan, hid: number): string[] {
  const authors: string[] = [];
  // Only the hinted elements near the top can be read: those up to NEAR_AFTER past the headline.
  for (const el of scan.hintedBefore(Number.isNaN(hid) ? Infinity : hid + NEAR_AFTER)) {
    if (authors.length >= 6) break;
    // The place first: the class tests build the element's lower-cased class/id copy.
    if (!isNearTop(el, hid)) continue;
    const cid = el.classId;
    if (!AUTHOR_CLASS.test(cid) || NOT_AUTHOR_CLASS.test(cid)) continue;
    const t = textOf(el, 160);
    if (t && t.length < 100 && !t.includes('\n')) authors.push(t);
  }
  for (const a of scan.authorLinks) {
    if (authors.length >= 6 || !isNearTop(a, hid)) continue;
    const t = textOf(a, 100);
    if (t && t.length < 80) authors.push(t);
  }
  return normaliseAuthors(authors);
}

function addCandidate(out: DomDate[], el: DomElement, value: DateValue, role: DateRole, headline: DomElement | null): void {
  const hid = headline ? headline.id : NaN;
  const pl = placementOf(el, headline);
  if (pl.inComments || pl.inFurniture || role === 'copyright') return;
  const r: DateRole = role !== 'neutral' ? role : pl.hint ?? 'neutral';
  out.push({ value, el, role: r, dist: el.id - hid });
}

/** Authors come from the article's top: near the headline, or early in the page without one. */
function isNearTop(el: DomElement, hid: number): boolean {
  if (Number.isNaN(hid)) return true;
  const d = el.id - hid;
  return d > -NEAR_BEFORE && d < NEAR_AFTER;
}
/** The article's top, in elements before and after the headline. */
const NEAR_BEFORE = 60;
const NEAR_AFTER = 200;

/**
 * The article's date among the candidates: `published` (or neutral) ones for the published date,
 * `modified` ones for the modified date; the one nearest the headline, after it before before it.
 */
export function pickDate(dates: readonly DomDate[], want: 'published' | 'modified'): DomDate | undefined {
  let best: DomDate | undefined, bestScore = -Infinity;
  for (const d of dates) {
    if (want === 'modified' ? d.role !== 'modified' : d.role === 'modified') continue;
    let score = d.role === want ? 2 : 0;
    if (!Number.isNaN(d.dist)) {
      const a = Math.abs(d.dist);
      // Just after the headline (the byline) is best; just before it (a kicker) next.
      score -= d.dist >= 0 ? a / 40 : a / 20;
    } else score -= d.el.id / 1000;
    if (score > bestScore) { bestScore = score; best = d; }
  }
  // The same day given with its time and zone elsewhere (the <time> inside a byline): the fuller one.
  if (best) for (const d of dates) if (d.value.day === best.value.day && d.value.iso.length > best.value.iso.length) best = d;
  return best;
}
