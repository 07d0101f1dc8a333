/**
 * Paper 000 §6, "Identify the paragraphs of the content": "In the topic content tree, first
 * locate the node that is the lowest common ancestor of all leaf nodes (we call it topic root)
 * ... Then, the son nodes of the topic root correspond with the paragraphs of the topic content."
 *
 * The topic content tree is the page's tag tree (page/tag-tree.ts) seen through the labels of
 * whichever labeler cleaned the page: its leaves are the blocks holding content text. The topic
 * root is their lowest common ancestor in the tag tree; a paragraph is the content text under one
 * child block of the root. Departure: text attached to the root itself (between its child
 * blocks, e.g. a <div> of text and <br>s) is not dropped: each run of it is a paragraph too, in
 * document order. Block-level boundaries inside a paragraph become line breaks, so a heading is
 * never glued to the sentence after it.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { CONTENT, type Labels } from '../page/labels.js';
import type { TagTree } from '../page/tag-tree.js';

/** 1 for the elements whose effective label is CONTENT (nearest labelled ancestor-or-self). One pass. */
export function contentMask(doc: DomDocument, labels: Labels): Uint8Array {
  const els = doc.elements;
  const out = new Uint8Array(els.length);
  for (let i = 0; i < els.length; i++) {
    const m = labels.marks[i];
    const p = els[i].parent;
    out[i] = m === 0 ? (p && p.id >= 0 ? out[p.id] : 0) : m === CONTENT ? 1 : 0;
  }
  return out;
}

function hasText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!(c === 32 || (c >= 9 && c <= 13) || c === 0xa0)) return true;
  }
  return false;
}

/** The topic root: the lowest common ancestor of the blocks holding content text, -1 when none. */
export function topicRoot(t: TagTree, mask: Uint8Array): number {
  let first = -1, last = -1;
  for (let b = 0; b < t.size; b++) {
    const el = t.el[b];
    if (!blockHasContentText(t, b, el, mask)) continue;
    if (first < 0) first = b;
    last = b;
  }
  if (first < 0) return -1;
  // Blocks are in pre-order, so the LCA of a set is the LCA of its first and last members.
  let a = first;
  while (!(last >= a && last <= a + t.sub[a])) a = t.parent[a];
  return a;
}

/** Whether content text is attached to block b itself (in its element or inline descendants). */
function blockHasContentText(t: TagTree, b: number, el: DomElement, mask: Uint8Array): boolean {
  const els = t.doc.elements;
  for (let i = el.id, end = el.id + el.tags; i <= end; i++) {
    const e = els[i];
    if (i !== el.id && t.blockOf[i] !== b) { i += e.tags; continue; }
    if (!mask[i] || e.ownTextLen === 0) continue;
    for (const c of e.children) if (c.kind === 3 && hasText(c.data)) return true;
  }
  return false;
}

/**
 * The paragraphs of the topic content, in document order: the content text under each child
 * block of the topic root, and each run of content text attached to the root itself.
 */
export function paragraphs(t: TagTree, mask: Uint8Array, root = topicRoot(t, mask)): string[] {
  if (root < 0) return [];
  // top[b]: the child of the root whose subtree holds block b (-1 for the root itself).
  const top = new Int32Array(t.size).fill(-1);
  for (let b = root + 1, end = root + t.sub[root]; b <= end; b++) top[b] = t.parent[b] === root ? b : top[t.parent[b]];
  const out: string[] = [];
  let key = -2;
  let pieces: string[] = [];
  const flush = (): void => {
    const s = pieces.join('').split('\n').map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim()).filter(Boolean).join('\n');
    if (s) out.push(s);
    pieces = [];
  };
  type Frame = { el: DomElement; i: number };
  const stack: Frame[] = [{ el: t.el[root], i: 0 }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) {
      stack.pop();
      if (BLOCK_TAGS.has(f.el.tag)) pieces.push('\n');
      continue;
    }
    const c = ch[f.i++];
    if (c.kind === 3) {
      if (!mask[f.el.id]) continue;
      // White space between inline elements separates words; it starts no paragraph.
      if (!hasText(c.data)) { pieces.push(' '); continue; }
      const k = top[t.blockOf[f.el.id]];
      if (k !== key) { flush(); key = k; }
      pieces.push(c.data);
      continue;
    }
    if (c.tag === 'br' || BLOCK_TAGS.has(c.tag)) pieces.push('\n');
    stack.push({ el: c, i: 0 });
  }
  flush();
  return out;
}
