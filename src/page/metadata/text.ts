/**
 * Text of small elements, and a flat, capped text of the page body with a map back from a position
 * to the element holding it. Dates and bylines are read from element text; the body text is
 * searched once for dates (text-date.ts, byline.ts) instead of running patterns per text node.
 */
import type { DomElement, DomNode } from '../../dom/node.js';
import { BLOCK_TAGS } from '../../dom/tags.js';

/** Visible text below `el`, blocks separated by a newline, white space collapsed; at most `cap` chars. */
export function textOf(el: DomElement, cap = 400): string {
  let out = '';
  const stack: Array<DomElement | string> = [el];
  while (stack.length && out.length < cap) {
    const n = stack.pop()!;
    if (typeof n === 'string') { out += n; continue; }
    const ch = n.children;
    if (n !== el && BLOCK_TAGS.has(n.tag)) stack.push('\n');
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 3) stack.push(c.data);
      else if (!c.hidden) stack.push(c);
    }
    if (n !== el && BLOCK_TAGS.has(n.tag)) stack.push('\n');
  }
  return clean(out.length > cap ? out.slice(0, cap) : out);
}

/** Collapses white space within lines and drops empty lines. */
export function clean(s: string): string {
  return s.replace(/[ \t\r\f\v\u00a0\u200b]+/g, ' ').replace(/ ?\n[\s]*/g, '\n').trim();
}

/** One line: all white space collapsed to single spaces. */
export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export interface TextIndex {
  /** The body's visible text in document order, blocks on lines of their own, capped. */
  text: string;
  /** Start offset in `text` of each text run, and the element holding that run (parallel arrays). */
  starts: number[];
  owners: DomElement[];
  /** Offset in `text` where the marked element's text starts (-1: not reached, or none marked). */
  markAt: number;
}

/**
 * The text below `body` (the page body, or a smaller container) up to `cap` characters, as one
 * string, with the offset where `mark` (the headline) starts. Hidden subtrees are skipped: a date in
 * a collapsed menu is not the article's. Iterative: pages nest deep.
 */
export function buildTextIndex(body: DomElement, cap: number, mark: DomElement | null = null): TextIndex {
  const parts: string[] = [];
  const starts: number[] = [], owners: DomElement[] = [];
  let markAt = -1;
  let len = 0;
  // null closes a block (a newline after it).
  const stack: Array<DomNode | null> = [body];
  while (stack.length && len < cap) {
    const n = stack.pop()!;
    if (n === null) { parts.push('\n'); len++; continue; }
    if (n.kind === 3) {
      const t = n.data.replace(/\s+/g, ' ');
      if (t === ' ' || !t) { if (len && parts[parts.length - 1] !== ' ') { parts.push(' '); len++; } continue; }
      starts.push(len); owners.push(n.parent!);
      parts.push(t); len += t.length;
      continue;
    }
    if (n === mark) markAt = len;
    if (n.tag === 'br') { parts.push('\n'); len++; continue; }
    if (BLOCK_TAGS.has(n.tag)) { parts.push('\n'); len++; stack.push(null); }
    const ch = n.children;
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 3 || !c.hidden) stack.push(c);
    }
  }
  let text = parts.join('');
  if (text.length > cap) text = text.slice(0, cap);
  return { text, starts, owners, markAt };
}

/** The element holding the text at `offset` (binary search over the runs), or null. */
export function ownerAt(idx: TextIndex, offset: number): DomElement | null {
  const s = idx.starts;
  let lo = 0, hi = s.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (s[mid] <= offset) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found >= 0 ? idx.owners[found] : null;
}
