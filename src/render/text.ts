/**
 * Plain-text rendering of the topic content: the text a browser would show, one block per line,
 * whitespace collapsed except inside <pre>, table cells separated by tabs.
 */
import type { DomElement } from '../dom/node.js';
import { BLOCK_TAGS, PRE_TAGS } from '../dom/tags.js';
import { NOISE, type Labels } from '../page/labels.js';
import { collapseSpace } from '../text/whitespace.js';

const CELL_TAGS = new Set(['td', 'th']);

/** Renders the content roots of `labels` to plain text, in document order. */
export function renderText(labels: Labels): string {
  const out: string[] = [];
  for (const root of labels.outerContentRoots()) renderElementText(root, labels, out);
  return finish(out);
}

/**
 * Renders one subtree, skipping subtrees labelled NOISE. Iterative: deep pages do not overflow.
 * `inPlace`: a CONTENT element inside a NOISE subtree, rendered where it stands in the text around
 * it, so it starts a line only if it is a block; `inPre` then says whether the text it stands in
 * keeps its white space. `skip`: elements left out with their subtrees (without labels).
 */
export function renderElementText(root: DomElement, labels: Labels | null, out: string[], inPlace = false, inPre = false,
  skip?: (el: DomElement) => boolean): void {
  type Frame = { el: DomElement; i: number; pre: boolean };
  // White space is kept as the clean HTML keeps it (render/html.ts): a content root below a <pre>
  // is wrapped in a <pre> of its own there; a CONTENT element inside a NOISE subtree is written in
  // place, inside whatever <pre> the rendered text around it is in, never inside a dropped one.
  let pre = inPlace ? inPre || PRE_TAGS.has(root.tag) : false;
  if (!inPlace) for (let p: DomElement | null = root; p && !pre; p = p.parent) pre = PRE_TAGS.has(p.tag);
  const stack: Frame[] = [{ el: root, i: 0, pre }];
  // A cell rendered in place lost its row with the NOISE around it; the clean HTML gives it a table
  // of its own, so it stands on lines of its own here too.
  const ownTable = inPlace && CELL_TAGS.has(root.tag);
  if (!inPlace || BLOCK_TAGS.has(root.tag)) out.push('\n');
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) {
      stack.pop();
      const t = f.el.tag;
      if (CELL_TAGS.has(t)) out.push('\t'); else if (BLOCK_TAGS.has(t)) out.push('\n');
      continue;
    }
    const c = ch[f.i++];
    if (c.kind === 3) { out.push(f.pre ? c.data : collapseSpace(c.data)); continue; }
    if (labels && labels.marks[c.id] === NOISE) {
      for (const inner of labels.contentInside(c)) renderElementText(inner, labels, out, true, f.pre);
      continue;
    }
    if (skip?.(c)) continue;
    const t = c.tag;
    if (t === 'br') { out.push('\n'); continue; }
    if (t === 'img') { continue; }
    if (BLOCK_TAGS.has(t) && !CELL_TAGS.has(t)) out.push('\n');
    stack.push({ el: c, i: 0, pre: f.pre || PRE_TAGS.has(t) });
  }
  if (ownTable) out.push('\n');
}

/** What the slow path of finish() rewrites: a tab, a no-break space, or two spaces in a row. */
const SPACE_RUN_OR_TAB = /[\t\u00a0]|  /;

/** Joins pieces, trims each line, drops empty lines and collapses blank runs. */
export function finish(pieces: string[]): string {
  const lines = pieces.join('').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    // Most lines hold single spaces only (text nodes were collapsed): a trim is all they need.
    if (!SPACE_RUN_OR_TAB.test(line)) { const t = line.trim(); if (t) kept.push(t); continue; }
    const t = line.replace(/[ \t\u00a0]+/g, (m) => (m.includes('\t') ? '\t' : ' ')).trim();
    if (t) kept.push(t.replace(/\s*\t\s*/g, '\t'));
  }
  return kept.join('\n');
}
