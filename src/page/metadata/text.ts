/**
 * Text of small elements, and a flat, capped text of the page body with a map back from a position
 * to the element holding it. Dates and bylines are read from element text; the body text is
 * searched once for dates (text-date.ts, byline.ts) instead of running patterns per text node.
 */
import type { DomElement, DomNode } from '../../dom/node.js';
import { BLOCK_TAGS } from '../../dom/tags.js';

const WS_ONLY = /^\s*$/;
const WS_RUN = /\s\s|[\t\n\r\f\v\u00a0\u2000-\u200b\u2028\u2029\u3000]/;

/** Visible text below `el`, blocks separated by a newline, white space collapsed; at most `cap` chars. */
export function textOf(el: DomElement, cap = 400): string {
  let out = '';
  // The cap counts text, not the markup's indentation: on a pretty-printed page the white space
  // between a block's tags filled it before its first word ("Źródło: Statista.com" read as "").
  // A text node counts its words and single spaces; one of white space alone counts one, so the
  // walk stays bounded by the cap's worth of text nodes.
  let counted = 0;
  const stack: Array<DomElement | string> = [el];
  while (stack.length && counted < cap) {
    const n = stack.pop()!;
    if (typeof n === 'string') { out += n; counted += WS_ONLY.test(n) ? 1 : WS_RUN.test(n) ? oneLine(n).length : n.length; continue; }
    const ch = n.children;
    if (n !== el && BLOCK_TAGS.has(n.tag)) stack.push('\n');
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 3) stack.push(c.data);
      else if (!c.hidden) stack.push(c);
    }
    if (n !== el && BLOCK_TAGS.has(n.tag)) stack.push('\n');
  }
  const text = clean(out);
  return text.length > cap ? text.slice(0, cap) : text;
}

/** Collapses white space within lines and drops empty lines. */
export function clean(s: string): string {
  // Only a run of spaces, another space character or a newline changes: most short texts have none.
  if (!SPACING.test(s)) return s.trim();
  return s.replace(/[ \t\r\f\v\u00a0\u200b]+/g, ' ').replace(/ ?\n[\s]*/g, '\n').trim();
}

const SPACING = /[\t\n\r\f\v\u00a0\u200b]| {2}/;

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


/** Accumulates the flat text of subtrees, in the order they are appended. */
class TextBuilder {
  parts: string[] = [];
  starts: number[] = [];
  owners: DomElement[] = [];
  len = 0;
  markAt = -1;
  private nl = true;
  constructor(private cap: number, private mark: DomElement | null) {}

  private newline(): void {
    // Runs of empty blocks would leave runs of newlines: one is kept.
    if (!this.nl) { this.parts.push('\n'); this.len++; this.nl = true; }
  }

  /** Appends the visible text of `root` (a text node or an element), until the cap is reached. */
  append(root: DomNode): void {
    const stack: Array<DomNode | null> = [root];
    while (stack.length && this.len < this.cap) {
      const n = stack.pop()!;
      if (n === null) { this.newline(); continue; }
      if (n.kind === 3) { this.text(n.data, n.parent!); continue; }
      if (n === this.mark) this.markAt = this.len;
      if (n.tag === 'br') { this.newline(); continue; }
      if (BLOCK_TAGS.has(n.tag)) { this.newline(); stack.push(null); }
      const ch = n.children;
      for (let i = ch.length - 1; i >= 0; i--) {
        const c = ch[i];
        if (c.kind === 3 || !c.hidden) stack.push(c);
      }
    }
  }

  private text(data: string, owner: DomElement): void {
    // Most text nodes are indentation or already single-spaced: the regex runs only when needed.
    if (WS_ONLY.test(data)) {
      if (!this.nl && this.parts[this.parts.length - 1] !== ' ') { this.parts.push(' '); this.len++; }
      return;
    }
    const t = WS_RUN.test(data) ? data.replace(/\s+/g, ' ') : data;
    this.starts.push(this.len); this.owners.push(owner);
    this.parts.push(t); this.len += t.length; this.nl = false;
  }

  finish(): TextIndex {
    let text = this.parts.join('');
    if (text.length > this.cap) text = text.slice(0, this.cap);
    return { text, starts: this.starts, owners: this.owners, markAt: this.markAt };
  }
}

/**
 * The text below `body` (the page body, or a smaller container) up to `cap` characters, as one
 * string, with the offset where `mark` (the headline) starts. Hidden subtrees are skipped: a date in
 * a collapsed menu is not the article's. Iterative: pages nest deep.
 */
export function buildTextIndex(body: DomElement, cap: number, mark: DomElement | null = null): TextIndex {
  const b = new TextBuilder(cap, mark);
  b.append(body);
  return b.finish();
}

/**
 * The text just around `mark` (the headline), in document order: about `before` characters of
 * what precedes it and `after` of what follows, found by walking siblings outward level by level,
 * so that the cost does not depend on the page's size. Element text lengths (computeFeatures)
 * bound the walk; on a tree without them, whole siblings are taken up to the cap.
 */
export function buildAroundIndex(mark: DomElement, stop: DomElement, before: number, after: number): TextIndex {
  const prevs: DomNode[] = [], nexts: DomNode[] = [];
  let got = 0;
  for (let e: DomElement = mark; e !== stop && e.parent && got < before; e = e.parent) {
    const ch = e.parent.children;
    for (let i = ch.indexOf(e) - 1; i >= 0 && got < before; i--) {
      const c = ch[i];
      if (c.kind === 1 && c.hidden) continue;
      prevs.push(c);
      got += c.kind === 3 ? c.data.length : c.textLen || 200;
    }
  }
  got = 0;
  const want = after + mark.textLen;
  for (let e: DomElement = mark; e !== stop && e.parent && got < want; e = e.parent) {
    const ch = e.parent.children;
    for (let i = ch.indexOf(e) + 1; i < ch.length && got < want; i++) {
      const c = ch[i];
      if (c.kind === 1 && c.hidden) continue;
      nexts.push(c);
      got += c.kind === 3 ? c.data.length : c.textLen || 200;
    }
  }
  const b = new TextBuilder(before + want + 200, mark);
  for (let i = prevs.length - 1; i >= 0; i--) b.append(prevs[i]);
  b.append(mark);
  for (const n of nexts) b.append(n);
  return b.finish();
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
