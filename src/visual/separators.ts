/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §3.3 "separator bar
 * detection": a separator is a virtual boundary on the page that crosses no block, horizontally
 * or vertically; its weight grows with the spacing between the blocks on its two sides, and
 * grows again with the difference of their properties. The weight measures how different the
 * semantic blocks on the two sides are.
 *
 * Choices where the paper is vague:
 *  - Separators are found between pairs of pool blocks, not as page-wide stripes: blocks A and B
 *    are separated by a horizontal separator when B lies below A and some vertical line goes from
 *    A's bottom edge to B's top edge without crossing any other block (and likewise sideways for
 *    a vertical separator). Blocks that overlap (a fixed banner over the text) have no separator
 *    between them, so they are never merged.
 *  - spacing = min(1, gap / (spacingEms × the larger main font size)): spacing is read in
 *    lines of text, so a paragraph gap is small and a three-line gutter full.
 *  - difference = the largest of four property differences, each in [0, 1]: painted background
 *    (0 when a reader cannot tell the colours apart, otherwise 0.5 + half their RGB distance: any
 *    visible edge is a strong cue), main font size (|a − b| / max), main font weight
 *    (|a − b| / 600: normal against bold is half), and link density (|a − b|; a block without text
 *    counts 1, nothing to read). Link density is a property of Table 3 (LinkTextLength over
 *    TextQuantity); it keeps a same-looking link column from merging into the text beside it.
 *  - weight = spacingShare·spacing + (1 − spacingShare)·difference, in [0, 1].
 *
 * Cost: O(P log P) for the sorting, plus, for each block, a scan of the blocks beyond it that
 * stops once its edge is covered: near-linear for stacked or gridded layouts, O(P²) at worst,
 * P being the number of pool blocks (a few hundred on a large page).
 */
import { colourDistance, sameColour, type Rgba } from './colour.js';
import type { Rect } from './layout.js';

/** What a separator reads of the block on each side. */
export interface SeparatorSide {
  box: Rect | null;
  /** Main font: [size px, weight]. */
  font: readonly [number, number];
  background: Rgba;
  /** Link text over text; 1 for a block without text. */
  linkDensity: number;
}

export interface Separator {
  /** The blocks on either side (indices into the input), a < b. */
  a: number;
  b: number;
  /** 'horizontal': one block above the other; 'vertical': side by side. */
  orientation: 'horizontal' | 'vertical';
  /** Empty space between the two, px (0 when they touch). */
  gap: number;
  spacing: number;
  difference: number;
  weight: number;
}

export interface SeparatorParams {
  spacingShare: number;
  spacingEms: number;
}

const EPS = 0.5;

/** The property difference of §3.3 between two sides, in [0, 1]. */
export function propertyDifference(x: SeparatorSide, y: SeparatorSide): number {
  const bg = sameColour(x.background, y.background) ? 0 : 0.5 + 0.5 * colourDistance(x.background, y.background);
  const size = Math.abs(x.font[0] - y.font[0]) / Math.max(x.font[0], y.font[0], 1);
  const weight = Math.min(1, Math.abs(x.font[1] - y.font[1]) / 600);
  const links = Math.abs(x.linkDensity - y.linkDensity);
  return Math.max(bg, size, weight, links);
}

/** The weight of a separator of `gap` px between two sides. */
export function separatorWeight(gap: number, x: SeparatorSide, y: SeparatorSide, p: SeparatorParams): { spacing: number; difference: number; weight: number } {
  const em = Math.max(x.font[0], y.font[0], 1);
  const spacing = Math.min(1, Math.max(0, gap) / (p.spacingEms * em));
  const difference = propertyDifference(x, y);
  return { spacing, difference, weight: p.spacingShare * spacing + (1 - p.spacingShare) * difference };
}

/** An axis view of a rectangle: `s`/`e` along the scan, `cs`/`ce` across it. */
interface Span { i: number; s: number; e: number; cs: number; ce: number }

function spans(rects: (Rect | null)[], vertical: boolean): Span[] {
  const out: Span[] = [];
  rects.forEach((r, i) => {
    if (!r || r.width <= 0 || r.height <= 0) return;
    out.push(vertical
      ? { i, s: r.y, e: r.y + r.height, cs: r.x, ce: r.x + r.width }
      : { i, s: r.x, e: r.x + r.width, cs: r.y, ce: r.y + r.height });
  });
  return out.sort((a, b) => a.s - b.s || a.cs - b.cs || a.i - b.i);
}

function overlaps(a: Span, b: Span): boolean {
  return a.s < b.e - EPS && b.s < a.e - EPS && a.cs < b.ce - EPS && b.cs < a.ce - EPS;
}

/** Removes [s, e) from a sorted list of disjoint intervals; returns whether any of it was there. */
function cover(free: [number, number][], s: number, e: number): boolean {
  let hit = false;
  for (let k = 0; k < free.length; k++) {
    const [fs, fe] = free[k];
    if (e <= fs + EPS || s >= fe - EPS) continue;
    hit = true;
    const parts: [number, number][] = [];
    if (s > fs + EPS) parts.push([fs, s]);
    if (e < fe - EPS) parts.push([e, fe]);
    free.splice(k, 1, ...parts);
    k += parts.length - 1;
  }
  return hit;
}

/** Pairs of overlapping spans, by a sweep along the scan axis (active list of open spans). */
function overlapLists(sp: Span[]): Map<number, Span[]> {
  const out = new Map<number, Span[]>();
  let active: Span[] = [];
  for (const b of sp) {
    active = active.filter((a) => a.e > b.s + EPS);
    for (const a of active) {
      if (!overlaps(a, b)) continue;
      (out.get(a.i) ?? out.set(a.i, []).get(a.i)!).push(b);
      (out.get(b.i) ?? out.set(b.i, []).get(b.i)!).push(a);
    }
    active.push(b);
  }
  return out;
}

/** First index in `sp` whose start is at least `at` − EPS. */
function firstFrom(sp: Span[], at: number): number {
  let lo = 0, hi = sp.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sp[mid].s < at - EPS) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Neighbour pairs along one axis: [before, after, gap]. */
function neighbours(rects: (Rect | null)[], vertical: boolean): [number, number, number][] {
  const sp = spans(rects, vertical);
  const over = overlapLists(sp);
  const out: [number, number, number][] = [];
  for (const a of sp) {
    const free: [number, number][] = [[a.cs, a.ce]];
    // A block overlapping A that reaches past A's far edge blocks the lines that start there.
    for (const o of over.get(a.i) ?? []) if (o.e > a.e + EPS) cover(free, o.cs, o.ce);
    for (let k = firstFrom(sp, a.e); k < sp.length && free.length > 0; k++) {
      const c = sp[k];
      if (c.i === a.i || overlaps(a, c)) continue;
      if (cover(free, c.cs, c.ce)) out.push([a.i, c.i, Math.max(0, c.s - a.e)]);
    }
  }
  return out;
}

/** §3.3 separator detection over the pool blocks; sorted by (a, b, orientation). */
export function detectSeparators(sides: SeparatorSide[], p: SeparatorParams): Separator[] {
  const rects = sides.map((s) => s.box);
  const out: Separator[] = [];
  for (const vertical of [true, false]) {
    for (const [x, y, gap] of neighbours(rects, vertical)) {
      const w = separatorWeight(gap, sides[x], sides[y], p);
      out.push({ a: Math.min(x, y), b: Math.max(x, y), orientation: vertical ? 'horizontal' : 'vertical', gap, ...w });
    }
  }
  return out.sort((s, t) => s.a - t.a || s.b - t.b || (s.orientation < t.orientation ? -1 : s.orientation > t.orientation ? 1 : 0));
}
