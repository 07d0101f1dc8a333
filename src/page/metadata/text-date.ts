/**
 * The last resort for the publication date: dates written anywhere in the body text (month names
 * in the main European languages, numeric and CJK forms: dates.ts). A page's text holds many
 * dates — other articles' in sidebars, comments', the copyright line, a "today" widget — so each
 * is scored: words before it ("published", "updated"), where it sits (comments and furniture are
 * out), agreement with the URL's year and month, nearness to the headline, and how often it
 * recurs. The body text is searched once, up to a bounded length.
 */
import type { DomElement } from '../../dom/node.js';
import { findDates, type DateValue } from './dates.js';
import { placementOf, roleOf } from './date-context.js';
import { Found } from './found.js';
import { ownerAt, type TextIndex } from './text.js';
import type { UrlDate } from './url-date.js';

/** Dates considered, at most: enough for an article page, bounded on an archive listing. */
const MAX_DATES = 120;

interface Cand { day: string; pos: number; score: number }

export function readTextDates(idx: TextIndex, url: UrlDate, headline: DomElement | null, mdy: boolean): Found {
  const headlineAt = idx.markAt;
  const found = new Found();
  const text = idx.text;
  const hits = findDates(text, { mdy, limit: MAX_DATES });
  const count = new Map<string, number>();
  const cands: Cand[] = [];
  let modified: string | undefined;
  for (const h of hits) {
    const role = roleOf(text.slice(Math.max(0, h.start - 48), h.start));
    if (role === 'copyright') continue;
    // "Last edited 2019-11-10": the page's modified date (the merge may fall back on it).
    if (role === 'modified') { modified ??= h.day; continue; }
    const pl = placementOf(ownerAt(idx, h.start), headline);
    if (pl.inComments) continue;
    if (pl.hint === 'modified' && role !== 'published') continue;
    let score = 0;
    if (role === 'published' || pl.hint === 'published') score += 2;
    if (pl.inFurniture) score -= 3;
    if (url.month) score += h.day.startsWith(url.month) ? 4 : -2;
    else if (url.year) score += h.day.startsWith(url.year) ? 1 : -1;
    if (headlineAt >= 0) {
      const d = h.start - headlineAt;
      score += d >= 0 ? Math.max(0, 2 - d / 500) : Math.max(0, 1 - -d / 300);
    } else score += Math.max(0, 1 - h.start / 3000);
    count.set(h.day, (count.get(h.day) ?? 0) + 1);
    cands.push({ day: h.day, pos: h.start, score });
  }
  let best: Cand | undefined, bestScore = -Infinity;
  for (const c of cands) {
    const s = c.score + Math.min(1.5, ((count.get(c.day) ?? 1) - 1) * 0.5);
    if (s > bestScore) { bestScore = s; best = c; }
  }
  if (best) found.add('published', { iso: best.day, day: best.day } as DateValue, 'text');
  if (modified) found.add('modified', { iso: modified, day: modified }, 'text');
  return found;
}
