/**
 * The debug view (DESIGN "parse once", after defuddle's removal log): every block of the body
 * that holds text or images, with its features, its effective label and the reason behind it.
 *
 * Linear in page size: effective labels and the element that decided each one are computed in one
 * pre-order pass (a parent's entry is always filled before its children's), and paths read at
 * most PATH_SEGMENTS ancestors each, so a page nested 100,000 deep costs no more than a flat one.
 */
import type { DomElement } from '../dom/node.js';
import { BLOCK_TAGS, CONTAINER_TAGS } from '../dom/tags.js';
import type { BlockDebug } from '../types.js';
import { CONTENT, NOISE, UNSET, type Labels } from './labels.js';

/** At most this many trailing path segments; elided ancestors show as "…". */
const PATH_SEGMENTS = 6;
const MAX_SEGMENT = 48;
const MAX_CLASSES = 2;
const NOT_BLOCKS = new Set(['br', 'hr', 'html', 'title', 'noframes']);

/** Every block element of the body with text or images, in document order. */
export function blockDebug(labels: Labels): BlockDebug[] {
  const doc = labels.doc;
  const els = doc.elements;
  const n = els.length;
  // decider[i]: id of the nearest labelled ancestor-or-self of element i, or -1.
  const decider = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const el = els[i];
    if (labels.marks[i] !== UNSET) decider[i] = i;
    else decider[i] = el.parent && el.parent.id >= 0 ? decider[el.parent.id] : -1;
  }
  const scope = doc.body ?? doc.root;
  const out: BlockDebug[] = [];
  for (let i = scope.id, end = scope.id + scope.tags; i <= end; i++) {
    const el = els[i];
    if (!isBlock(el) || (el.textLen === 0 && el.images === 0)) continue;
    const d = decider[i];
    const mark = d < 0 ? UNSET : labels.marks[d];
    out.push({
      path: cssPath(el),
      tag: el.tag,
      label: mark === CONTENT ? 'content' : 'noise',
      reason: d < 0 ? 'outside every content root' : reasonFor(labels, els[d], d === i, mark),
      features: features(el),
    });
  }
  return out;
}

function isBlock(el: DomElement): boolean {
  return (BLOCK_TAGS.has(el.tag) || CONTAINER_TAGS.has(el.tag)) && !NOT_BLOCKS.has(el.tag);
}

function reasonFor(labels: Labels, decider: DomElement, self: boolean, mark: number): string {
  const r = labels.reason(decider) ?? (mark === NOISE ? 'labelled noise' : 'labelled content');
  return self ? r : `inside ${decider.tag}: ${r}`;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function features(el: DomElement): Record<string, number> {
  return {
    textLen: el.textLen,
    linkTextLen: el.linkTextLen,
    linkDensity: el.textLen > 0 ? round(el.linkTextLen / el.textLen, 3) : 0,
    words: el.words,
    punct: el.punct,
    links: el.links,
    images: el.images,
    force: round(el.force, 2),
    depth: el.depth,
  };
}

/** tag#id.class1.class2, each part cleaned of characters that would break the path. */
export function segment(el: DomElement): string {
  let s = el.tag;
  const id = el.attr('id')?.trim();
  if (id) s += '#' + clean(id);
  const cls = el.attr('class')?.trim();
  if (cls) {
    const parts = cls.split(/\s+/);
    for (let i = 0; i < parts.length && i < MAX_CLASSES; i++) s += '.' + clean(parts[i]);
  }
  return s.length > MAX_SEGMENT ? s.slice(0, MAX_SEGMENT - 1) + '…' : s;
}

function clean(s: string): string {
  return s.replace(/[\s>#.]+/g, '_');
}

/** A short CSS-like path: the last PATH_SEGMENTS segments from the body down. */
export function cssPath(el: DomElement): string {
  const segs: string[] = [];
  let p: DomElement | null = el;
  for (; p && segs.length < PATH_SEGMENTS; p = p.parent) {
    if (p.tag === '#document' || p.tag === 'html') { p = null; break; }
    segs.push(segment(p));
    if (p.tag === 'body') { p = null; break; }
  }
  if (p && p.tag !== '#document' && p.tag !== 'html') segs.push('…');
  return segs.reverse().join('>');
}
