/**
 * The published date checked against what the page shows. Structured data wins the merge, but two
 * of its habits make its day differ from the day a reader sees:
 *
 *  - A UTC instant (…Z, +00:00) near midnight falls on another day than the publisher's local one:
 *    2023-11-09T01:49Z is the evening of 2023-11-08 in the US. When the page shows a day (in its
 *    URL, or in the byline next to the headline) that the instant reaches with a plausible zone
 *    offset (±10 h), the shown day is the publisher's: it is taken, as a day, with no zone
 *    invented.
 *  - Some sites show, as the article's only date, the day it was last revised, and say so in
 *    dateModified. When the byline's unlabelled date (not "updated …") is the modified day and not
 *    the published day, the page presents that version's date as its date: the shown date wins,
 *    credited to the byline. A date labelled as an update never does (byline.ts sets those aside).
 */
import type { DateValue } from './dates.js';
import type { MetadataSource } from './types.js';

export interface Shown { day: string; source: MetadataSource }

/** How far a publisher's zone may plausibly lie from UTC, in ms. */
const MAX_OFFSET = 10 * 3600 * 1000;

/** True when the value is an instant given in UTC (its local day is unknown). */
export function isUtcInstant(v: DateValue): boolean {
  return v.iso.length > 10 && (v.iso.endsWith('Z') || v.iso.endsWith('+00:00'));
}

/** True when `day` is the local day of the UTC instant for some offset within ±MAX_OFFSET. */
function reachable(v: DateValue, day: string): boolean {
  const t = Date.parse(v.iso);
  if (Number.isNaN(t)) return false;
  const start = Date.parse(`${day}T00:00:00Z`), end = start + 24 * 3600 * 1000;
  return t + MAX_OFFSET >= start && t - MAX_OFFSET < end;
}

/** Whether a shown day could change the published one: else the page need not be looked at. */
export function worthChecking(pub: DateValue, modified: DateValue | undefined): boolean {
  return isUtcInstant(pub) || (modified !== undefined && modified.day !== pub.day);
}

export function reconcilePublished(pub: DateValue, pubSource: MetadataSource, modified: DateValue | undefined,
  shown: readonly Shown[]): { value: DateValue; source: MetadataSource } {
  for (const s of shown) {
    if (s.day === pub.day) break;
    if (s.source === 'byline' && modified && s.day === modified.day) return { value: modified, source: 'byline' };
    if (isUtcInstant(pub) && reachable(pub, s.day)) return { value: { iso: s.day, day: s.day }, source: s.source };
  }
  return { value: pub, source: pubSource };
}
