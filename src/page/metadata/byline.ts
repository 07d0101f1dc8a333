/**
 * The visible byline: the date and the "By ..." line printed next to the headline. Read from the
 * body text just before the headline (a kicker, a dateline) and just after it (the byline, the
 * standfirst), a window of a few hundred characters, so a date met there is this article's and
 * not one of a sidebar's many.
 */
import type { DomElement } from '../../dom/node.js';
import { findDates, findShortDates } from './dates.js';
import { placementOf, roleOf } from './date-context.js';
import { Found } from './found.js';
import { BYLINE_START, authorField, normaliseAuthors } from './authors.js';
import { ownerAt, type TextIndex } from './text.js';

/** Characters of text looked at before and after the headline. */
const BEFORE = 250;
const AFTER = 600;


export interface BylineResult {
  found: Found;
  /** Where the headline's text starts in the body text, or -1. */
  headlineAt: number;
}

/**
 * `url`: the day or month the URL gives (url-date.ts). A byline date of another month belongs to
 * something else (a related story, an event the article announces); with a full day in the URL,
 * only that day is taken. (A URL's year alone is not used: "/2021/22/" is a season, not a date.)
 */
export function readByline(idx: TextIndex, headline: DomElement | null, headlineText: string, mdy: boolean,
  url: { day?: string; month?: string } = {}): BylineResult {
  const found = new Found();
  const res: BylineResult = { found, headlineAt: -1 };
  const at = idx.markAt;
  if (!headline || at < 0) return res;
  res.headlineAt = at;
  const end = at + Math.min(headlineText.length, 600) + 1;
  const from = Math.max(0, at - BEFORE);
  const text = idx.text.slice(from, end + AFTER);
  let after: { day: string; d: number } | null = null, before: { day: string; d: number } | null = null;
  let modified: string | null = null;
  let agreed: { day: string; d: number } | null = null;
  // Full dates first; a byline that writes "8.5.12" has none, and its short date is read then.
  let hits = findDates(text, { mdy, limit: 20 });
  if (!hits.length) hits = findShortDates(text);
  for (const h of hits) {
    const pos = from + h.start;
    if (pos >= at && pos < end) continue; // a date in the headline itself is its topic
    // A full day in the URL is the article's: a byline date is only taken when it agrees.
    if (url.day ? h.day !== url.day : url.month ? !h.day.startsWith(url.month) : false) continue;
    const role = roleOf(text.slice(Math.max(0, h.start - 48), h.start));
    if (role === 'copyright') continue;
    const pl = placementOf(ownerAt(idx, pos), headline);
    if (pl.inComments || pl.inFurniture) continue;
    if (role === 'modified' || (role === 'neutral' && pl.hint === 'modified')) { modified ??= h.day; continue; }
    if (h.day === url.day) { agreed = { day: h.day, d: 0 }; continue; }
    if (pos >= end) { if (!after) after = { day: h.day, d: pos - end }; }
    else before = { day: h.day, d: at - pos };
  }
  const pick = agreed ?? (after && (!before || after.d <= before.d * 3) ? after : before);
  if (pick) found.add('published', { iso: pick.day, day: pick.day }, 'byline');
  if (modified) found.add('modified', { iso: modified, day: modified }, 'byline');
  found.add('authors', normaliseAuthors(bylineLines(idx.text.slice(end, end + AFTER))), 'byline');
  return res;
}

/** Lines after the headline that read "By Jane Doe", cut before a date or a separator. */
function bylineLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n').slice(0, 8)) {
    const l = line.trim();
    if (l.length > 120) continue;
    if (!BYLINE_START.test(l)) {
      const field = authorField(l);
      if (field) out.push(field);
      if (out.length >= 2) break;
      continue;
    }
    out.push(l.split(/\s[|•·–—]\s|,\s(?=\d)|\s(?:on|am|le|el)\s(?=\d)/)[0]);
    if (out.length >= 2) break;
  }
  return out;
}
