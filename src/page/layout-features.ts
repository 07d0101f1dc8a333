/**
 * Layout features of the text units (issue 26, part 3): where a browser put each unit and how it
 * looks, for a block model trained with them (`BlockModel.layoutFeatures`). They describe the
 * page as a reader sees it, the cue paper 002 segments by (§4.2: block position and size against
 * the page), in a form the learned labeler can weigh with its structural features:
 *
 *   lay_x, lay_y          the unit's centre across the page, and its top down the page (0–1)
 *   lay_w, lay_h          its width and height in viewports
 *   lay_screen            1 when its top lies in the first screen
 *   lay_visible           1 when it is shown with an area (layout.ts Shown.VISIBLE)
 *   lay_font              its font size over the body text's (text-weighted median of the units)
 *   lay_main_column       the share of its width inside the main column: the run of columns
 *                         across the page holding at least half the peak text-weighted coverage
 *
 * A unit without a box (the join found no entry) gets −1 everywhere but lay_visible (0): a
 * value no rendered unit has, so the trees can tell it apart.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { joinLayout, Shown, type LayoutJoin, type LayoutSnapshot } from '../visual/layout.js';

export const LAYOUT_FEATURES: readonly string[] = ['lay_x', 'lay_y', 'lay_w', 'lay_h', 'lay_screen', 'lay_visible', 'lay_font', 'lay_main_column'];
export const N_LAYOUT_FEATURES = LAYOUT_FEATURES.length;

/** Width of a column of the main-column histogram, in CSS px. */
const COLUMN_PX = 16;

/** One row of LAYOUT_FEATURES per unit, concatenated. */
export function layoutFeatures(doc: DomDocument, units: readonly DomElement[], layout: LayoutSnapshot): Float32Array {
  const join = joinLayout(doc, layout);
  const L = N_LAYOUT_FEATURES;
  const out = new Float32Array(units.length * L).fill(-1);
  const page = layout.page, vp = layout.viewport;
  const bodyFont = medianFont(units, join);
  const main = mainColumn(units, join, page.width);
  units.forEach((u, k) => {
    const e = join.entry[u.id];
    const o = k * L;
    out[o + 5] = join.state[u.id] === Shown.VISIBLE ? 1 : 0;
    if (!e) return;
    out[o] = clamp01((e.x + e.width / 2) / page.width);
    out[o + 1] = clamp01(e.y / page.height);
    out[o + 2] = e.width / vp.width;
    out[o + 3] = e.height / vp.height;
    out[o + 4] = e.y < vp.height ? 1 : 0;
    out[o + 6] = bodyFont > 0 ? join.fontSize[u.id] / bodyFont : -1;
    out[o + 7] = e.width > 0 ? overlap(e.x, e.x + e.width, main[0], main[1]) / e.width : 0;
  });
  return out;
}

/** Rows of width F and rows of width L, side by side: rows of width F + L (what a layout model's first pass reads). */
export function widenRows(rows: Float32Array, F: number, layoutRows: Float32Array, L: number): Float32Array {
  const n = rows.length / F;
  const out = new Float32Array(n * (F + L));
  for (let k = 0; k < n; k++) {
    out.set(rows.subarray(k * F, (k + 1) * F), k * (F + L));
    out.set(layoutRows.subarray(k * L, (k + 1) * L), k * (F + L) + F);
  }
  return out;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** The font size of the body text: the median over the shown units, each weighted by its text. */
function medianFont(units: readonly DomElement[], join: LayoutJoin): number {
  const sized: [number, number][] = [];
  let total = 0;
  for (const u of units) {
    if (join.state[u.id] !== Shown.VISIBLE || u.inlineLen <= 0) continue;
    sized.push([join.fontSize[u.id], u.inlineLen]);
    total += u.inlineLen;
  }
  sized.sort((a, b) => a[0] - b[0]);
  let acc = 0;
  for (const [size, w] of sized) if ((acc += w) * 2 >= total) return size;
  return 0;
}

/**
 * [left, right] of the main column: each shown unit spreads its text over the columns its box
 * spans; the main column is the run around the fullest column where coverage stays at least half
 * of it. [0, 0] when nothing is shown.
 */
function mainColumn(units: readonly DomElement[], join: LayoutJoin, pageWidth: number): [number, number] {
  const n = Math.max(1, Math.ceil(pageWidth / COLUMN_PX));
  const cover = new Float64Array(n);
  for (const u of units) {
    const e = join.entry[u.id];
    if (!e || join.state[u.id] !== Shown.VISIBLE || u.inlineLen <= 0 || e.width <= 0) continue;
    const c0 = Math.max(0, Math.floor(e.x / COLUMN_PX)), c1 = Math.min(n - 1, Math.floor((e.x + e.width - 1) / COLUMN_PX));
    const per = u.inlineLen / Math.max(1, c1 - c0 + 1);
    for (let c = c0; c <= c1; c++) cover[c] += per;
  }
  let peak = 0;
  for (let c = 1; c < n; c++) if (cover[c] > cover[peak]) peak = c;
  if (cover[peak] <= 0) return [0, 0];
  let lo = peak, hi = peak;
  while (lo > 0 && cover[lo - 1] * 2 >= cover[peak]) lo--;
  while (hi < n - 1 && cover[hi + 1] * 2 >= cover[peak]) hi++;
  return [lo * COLUMN_PX, (hi + 1) * COLUMN_PX];
}
