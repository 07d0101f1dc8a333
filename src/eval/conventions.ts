/**
 * The dev sets' truths follow different conventions, and thresher's output contract (README "The
 * result") follows none of them exactly: the body holds neither the headline nor user comments.
 * Each set is scored with the options a user of its convention would pass, and its output read
 * the way its truth is written. `thresher eval` and the trainer's held-out run both apply this, and
 * `thresher eval` prints it. Peers are scored on their plain output.
 */
import type { ExtractOptions, Extraction } from '../types.js';

export interface SetConvention {
  /** Options passed to extract() for this set. */
  options: Pick<ExtractOptions, 'title' | 'comments' | 'byline'>;
  /** Why, in a line. */
  why: string;
}

export const SET_CONVENTIONS: Readonly<Record<string, SetConvention>> = {
  dragnet: { options: { title: true, comments: true, byline: true }, why: 'its truth starts with the headline (on 82% of its pages), keeps the byline, and appends the user comments after the article (comments listed after the body)' },
  cleaneval: { options: { byline: true }, why: 'its truth is inclusive: it keeps the byline' },
  'l3s-gn1': { options: { title: true, byline: true }, why: 'its truth starts with the headline, then the byline' },
  big9: { options: { title: true }, why: 'its truth starts with the headline' },
};

/** The options for a set (none for a set without a convention of its own). */
export function conventionOptions(set: string): SetConvention['options'] {
  return SET_CONVENTIONS[set]?.options ?? {};
}

/** The text scored for a set: the body, then the comments when the convention asked for them. */
export function conventionText(r: Pick<Extraction, 'text' | 'comments'>): string {
  const comments = r.comments?.map((c) => c.text).filter(Boolean) ?? [];
  return comments.length ? [r.text, ...comments].filter(Boolean).join('\n') : r.text;
}

/** "comments: true" / "title: true" / "" for a set, for the eval table. */
export function describeConvention(set: string): string {
  return Object.entries(conventionOptions(set)).map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}
