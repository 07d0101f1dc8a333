/**
 * Repeated records: paper 000 §3's hub blocks, found by structure instead of by link density alone.
 *
 * A teaser list ("related articles", "latest news", a category's cards) is a run of sibling
 * records built from one template: each is the same tag with the same class, and each holds a
 * short headline linking to another page, often with a date, a category or a thumbnail. A
 * navigation menu is the same shape with one link per record. Paper 000 calls a block made of
 * such links a hub block; on a topic page it is noise, on a hub page it is the content. The
 * signal holds on any site because it reads the page's own repetition, not its class names: the
 * block model (block-features.ts) weighs it with the rest (a list of paragraphs of prose is also
 * repeated, but its records are long and hold few links).
 */
import type { DomDocument, DomElement } from '../dom/node.js';

/** A run of at least this many same-template siblings makes a list of records. */
export const MIN_RECORDS = 3;
/** A record longer than this (CJK-weighted characters) is an article section, not a teaser. */
const MAX_RECORD_TEXT = 400;

export interface RecordMarks {
  /** Per element id: how many same-template siblings its nearest record has (0: not inside a record). */
  size: Int32Array;
  /** Per element id: the anchor-text share of that record's text (0 when not inside a record). */
  linkShare: Float32Array;
}

/**
 * The class word a template names its elements by: the first that is no numbered name. The rest
 * of the class differs from record to record on the commonest engines (WordPress writes each
 * post's id, categories and tags into its card's class: "post-17624 product type-product
 * product_cat-dress …"; a comment's "depth-2"). A hashed name ("q7x", "css-1x2y3z") is the same
 * on every element of its template, and is kept. '' when there is none.
 */
export function templateClass(el: DomElement): string {
  const cls = el.attr('class');
  if (cls) for (const token of cls.split(/\s+/)) if (token && !NUMBERED_NAME.test(token)) return token;
  return '';
}
/** A name ending in a number of its own: "post-17624", "item_3", "depth-2", "123". */
const NUMBERED_NAME = /(?:^|[-_])\d+$/;

/**
 * Marks every element inside a record of a repeated-record list. Records are the children of one
 * parent that share a tag and a templateClass, at least MIN_RECORDS of them, each short and holding a link.
 * One pass over the elements in pre-order: a parent's records are decided before its descendants
 * inherit them.
 */
export function markRecords(doc: DomDocument): RecordMarks {
  const els = doc.elements;
  const size = new Int32Array(els.length);
  const linkShare = new Float32Array(els.length);
  const groups = new Map<string, DomElement[]>();
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const parent = el.parent;
    // Inherit the nearest record's marks; a record of its own (set below by its parent) wins.
    if (parent && size[i] === 0 && size[parent.id] > 0) { size[i] = size[parent.id]; linkShare[i] = linkShare[parent.id]; }
    if (el.children.length < MIN_RECORDS) continue;
    groups.clear();
    for (const c of el.children) {
      if (c.kind !== 1 || c.textLen === 0 || c.textLen > MAX_RECORD_TEXT || c.links === 0 && c.tag !== 'a') continue;
      const key = `${c.tag} ${templateClass(c)}`;
      const g = groups.get(key);
      if (g) g.push(c); else groups.set(key, [c]);
    }
    for (const g of groups.values()) {
      if (g.length < MIN_RECORDS) continue;
      for (const r of g) { size[r.id] = g.length; linkShare[r.id] = r.textLen ? r.linkTextLen / r.textLen : 0; }
    }
  }
  return { size, linkShare };
}
