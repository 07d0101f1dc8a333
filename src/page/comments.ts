/**
 * User comments, a class of their own: never in the body, and with `comments: true` a list of
 * their own, one entry per comment where the page shows them.
 *
 * Which units are comments is learned (the block model's `comments` ensemble, trained on dragnet's
 * truth, which appends a page's comments after a marker line): it reads the same first-pass rows
 * as the body model, so markup ("comment", "disqus", "respond"), opening words ("Reply", "says:",
 * "71 Kommentare") and shape (short runs of prose after the article, under repeated records) all
 * count, in any language the vocabularies know. Units the body kept are never comments.
 *
 * Entries: the comment units' lowest common ancestor is the thread; each of its children holding
 * comment units is one entry (a top-level comment with its replies, where the page nests them).
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { predictProbaRows } from '../learn/gbdt.js';
import { N_BLOCK_FEATURES, unitText } from './block-features.js';
import type { BlockModel, UnitScores } from './learned.js';
import type { CommentEntry } from '../types.js';

/** A unit is part of a comment from this probability on. */
export const COMMENT_THRESHOLD = 0.5;

/** The page's comment units, grouped per comment, in page order. */
export function findComments(doc: DomDocument, scores: UnitScores, model: BlockModel): DomElement[][] {
  if (!model.comments || !scores.units.length) return [];
  const { units, rows, keep } = scores;
  const pc = predictProbaRows(model.comments.gbdt, rows, units.length, N_BLOCK_FEATURES);
  const found: DomElement[] = [];
  for (let k = 0; k < units.length; k++) if (!keep[k] && pc[k] >= COMMENT_THRESHOLD) found.push(units[k]);
  return groupByThread(found);
}

/** Comment units grouped by the child of their common ancestor that holds them. */
export function groupByThread(found: readonly DomElement[]): DomElement[][] {
  if (found.length <= 1) return found.length ? [[found[0]]] : [];
  const thread = commonAncestor(found);
  const groups: DomElement[][] = [];
  let current: DomElement | null = null;
  for (const u of found) {
    let top: DomElement = u;
    while (top.parent && top.parent !== thread) top = top.parent;
    if (top === thread || top !== current) { groups.push([u]); current = top === thread ? null : top; }
    else groups[groups.length - 1].push(u);
  }
  return groups;
}

function commonAncestor(els: readonly DomElement[]): DomElement {
  // Ancestors of the first, then the deepest of them holding every other one (ids are pre-order,
  // `tags` counts descendants, so "holds" is an interval test).
  let lca = els[0];
  for (const el of els) {
    while (lca.parent && !(el.id >= lca.id && el.id <= lca.id + lca.tags)) lca = lca.parent;
  }
  return lca;
}

/** One entry per comment: its units' text, one per line; Markdown paragraphs. */
export function renderComments(groups: readonly DomElement[][], repair: (s: string) => string): CommentEntry[] {
  return groups.map((g) => {
    const lines = g.map(unitText).filter(Boolean).map(repair);
    return { text: lines.join('\n'), markdown: lines.join('\n\n') };
  });
}
