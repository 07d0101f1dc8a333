/**
 * A page as the site level sees it: its text units (block elements with text of their own, the
 * grain the page level labels at) in document order, each with its own text and the spans of its
 * inline descendants inside that text. The site model learns text templates over these unit
 * lines (one line per unit), so a template match maps straight back onto elements.
 *
 * Paper 004 learns on a page's flattened text; lines per unit are a flattening that keeps block
 * boundaries, so a template does not run from a menu into the headline below it.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { textUnits } from '../page/block-features.js';

/** An inline element's text inside its unit's text: [start, end). */
export interface InlineSpan { el: DomElement; start: number; end: number }

export interface PageUnit {
  el: DomElement;
  /** The unit's own text, whitespace collapsed and trimmed (block-features' unitText). */
  text: string;
  /** Inline descendants with text, outermost first within document order. */
  inline: InlineSpan[];
}

const SPACE_RUN = /[\s\u00a0]+/g;

/** The text units of a parsed, feature-annotated page (computeFeatures has run). */
export function pageUnits(doc: DomDocument): PageUnit[] {
  const out: PageUnit[] = [];
  for (const el of textUnits(doc)) {
    const u = unitWithSpans(el);
    if (u.text) out.push(u);
  }
  return out;
}

/**
 * The unit's own text and where its inline descendants' text lies in it. Whitespace is collapsed
 * as it is written, so offsets are offsets in the collapsed text; nested blocks count as a space.
 */
function unitWithSpans(unit: DomElement): PageUnit {
  let text = '';
  let pendingSpace = false;
  const inline: InlineSpan[] = [];
  const emit = (s: string) => {
    const t = s.replace(SPACE_RUN, ' ');
    let a = 0, b = t.length;
    if (b > 0 && t.charCodeAt(0) === 32) { pendingSpace = true; a = 1; }
    const trailing = b > a && t.charCodeAt(b - 1) === 32;
    if (trailing) b--;
    if (a >= b) return;
    if (pendingSpace && text.length > 0) text += ' ';
    text += a === 0 && b === t.length ? t : t.slice(a, b);
    pendingSpace = trailing;
  };
  type Frame = { e: DomElement; i: number; span: InlineSpan | null };
  const frames: Frame[] = [{ e: unit, i: 0, span: null }];
  while (frames.length) {
    const f = frames[frames.length - 1];
    if (f.i >= f.e.children.length) {
      frames.pop();
      if (f.span) { f.span.end = text.length; if (f.span.end > f.span.start) inline.push(f.span); }
      continue;
    }
    const c = f.e.children[f.i++];
    if (c.kind === 3) { emit(c.data); continue; }
    if (BLOCK_TAGS.has(c.tag)) { pendingSpace = true; continue; }
    // The span starts where its first character will land: after a pending space, if any.
    const start = text.length + (pendingSpace && text.length > 0 ? 1 : 0);
    frames.push({ e: c, i: 0, span: { el: c, start, end: start } });
  }
  inline.sort((a, b) => a.start - b.start || b.end - a.end);
  return { el: unit, text, inline };
}

/** The lines the text templates are learned on and matched against: one unit per line. */
export function unitLines(units: readonly PageUnit[]): string {
  return units.map((u) => u.text.replace(/\n/g, ' ')).join('\n');
}

/** Per unit: its non-space characters, those that are template text, and per inline span whether all of it is. */
export interface UnitCover { total: number; gone: number; spans: boolean[] }

const isBlank = (c: number): boolean => c === 32 || c === 0xa0;

/**
 * Maps removed intervals of unitLines(units) (cleanText's `removed`) back onto the units.
 * `anchored`: only the template text that reaches the unit's start or its end counts. Template
 * text is chrome, and chrome fills whole blocks or opens and closes them ("By … · Updated 3 hours
 * ago"); a frequent string in the middle of a paragraph is language, not template — in Chinese,
 * where every character is a token, a common two-character word in a few of the sample's
 * articles would otherwise count as template.
 */
export function coverUnits(units: readonly PageUnit[], removed: ReadonlyArray<readonly [number, number]>, anchored: boolean): UnitCover[] {
  const out: UnitCover[] = [];
  let off = 0, r = 0;
  for (const u of units) {
    const len = u.text.length;
    const mask = new Uint8Array(len);
    while (r < removed.length && removed[r][1] <= off) r++;
    for (let k = r; k < removed.length && removed[k][0] < off + len; k++) {
      mask.fill(1, Math.max(0, removed[k][0] - off), Math.min(len, removed[k][1] - off));
    }
    if (anchored) anchorMask(u.text, mask);
    let total = 0, gone = 0;
    for (let i = 0; i < len; i++) {
      if (isBlank(u.text.charCodeAt(i))) continue;
      total++;
      if (mask[i]) gone++;
    }
    const spans = u.inline.map((s) => {
      let any = false;
      for (let i = s.start; i < s.end; i++) {
        if (isBlank(u.text.charCodeAt(i))) continue;
        if (!mask[i]) return false;
        any = true;
      }
      return any;
    });
    out.push({ total, gone, spans });
    off += len + 1; // the line break between units
  }
  return out;
}

/** Keeps only the masked run that starts the text and the one that ends it (spaces bridge). */
function anchorMask(text: string, mask: Uint8Array): void {
  const n = mask.length;
  let a = 0;
  while (a < n && (mask[a] || isBlank(text.charCodeAt(a)))) a++;
  let b = n;
  while (b > a && (mask[b - 1] || isBlank(text.charCodeAt(b - 1)))) b--;
  mask.fill(0, a, b);
}
