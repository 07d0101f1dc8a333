/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §4.2 and §4.3: the
 * spatial importance of a block (Eq. 3–5) and its semantic importance (Eq. 6–9).
 *
 * Eq. 5, as printed:
 *   Imp_s = [w1·(1 − √((X−0.5)² + (Y−0.5)²) / (√2/2)) + w2·(1 − min(BW, BH)/max(BW, BH))
 *            + w3·(BW/PageWidth + BH/PageHeight)] / (w1 + w2 + w3),   w1–w3 = 0.5, 0.2, 0.3,
 * with (X, Y) the block's centre (Eq. 3–4: DIVLeft + BWidth/2, DIVTop + BHeight/2) over the page
 * size. Implemented as printed, with two remarks:
 *  - The prose says narrow blocks (ads, copyright, navigation) are the unimportant ones, but the
 *    printed aspect term 1 − min/max grows as a block gets narrower. The formula is kept as
 *    printed: the paper's weights were fitted with it, and the size term (w3) dominates anyway.
 *  - The size term ranges over [0, 2], so Imp_s ranges over [0, (w1 + w2 + 2·w3)/(w1 + w2 + w3)]
 *    = [0, 1.3] with the paper's weights (centre term clamped at 0 for a centre off the page).
 * Eq. 5 reads only ratios of lengths and offsets from the page's origin, so translating the page
 * with its blocks, or scaling both, leaves it unchanged (property-tested).
 *
 * Eq. 9: Imp_y = [w4·DIVTextLen/PageTextLen + w5·(1 − LinkTextLen/DIVTextLen)
 *                 + w6·(1 − HtmlNumber/TotalHtmlNumber)] / (w4 + w5 + w6),  w4–w6 = 0.7, 0.2, 0.1.
 * A block without text gets 0 for its link term (nothing to read is not prose). Lengths are the
 * CJK-weighted visible text lengths of div-forest.ts. Eq. 6–8 (RT, RTopicTag, RFunctionalTag)
 * are the paper's relative amounts, reported with each block.
 */
import type { Rect } from './layout.js';

export const SPATIAL_WEIGHTS = [0.5, 0.2, 0.3] as const;
export const SEMANTIC_WEIGHTS = [0.7, 0.2, 0.1] as const;

/** Eq. 3–4, normalised (§4.2.2): the block's centre as a share of the page's width and height. */
export function normalisedCentre(box: Rect, page: Rect): [number, number] {
  return [(box.x + box.width / 2 - page.x) / page.width, (box.y + box.height / 2 - page.y) / page.height];
}

/** Eq. 5. */
export function spatialImportance(box: Rect, page: Rect, w: readonly [number, number, number] = SPATIAL_WEIGHTS): number {
  const [X, Y] = normalisedCentre(box, page);
  const centre = Math.max(0, 1 - Math.sqrt((X - 0.5) ** 2 + (Y - 0.5) ** 2) / (Math.SQRT2 / 2));
  const long = Math.max(box.width, box.height);
  const aspect = long > 0 ? 1 - Math.min(box.width, box.height) / long : 0;
  const size = box.width / page.width + box.height / page.height;
  return (w[0] * centre + w[1] * aspect + w[2] * size) / (w[0] + w[1] + w[2]);
}

export interface SemanticCounts {
  textLen: number;
  linkTextLen: number;
  htmlNumber: number;
}

/** Eq. 9. `page` holds PageTextLen and TotalHtmlNumber. */
export function semanticImportance(block: SemanticCounts, page: { textLen: number; htmlNumber: number },
  w: readonly [number, number, number] = SEMANTIC_WEIGHTS): number {
  const text = page.textLen > 0 ? block.textLen / page.textLen : 0;
  const prose = block.textLen > 0 ? 1 - block.linkTextLen / block.textLen : 0;
  const markup = page.htmlNumber > 0 ? 1 - block.htmlNumber / page.htmlNumber : 0;
  return (w[0] * text + w[1] * prose + w[2] * markup) / (w[0] + w[1] + w[2]);
}

/** Eq. 6–8: a block's share of a page-wide count (RT, RTopicTag, RFunctionalTag); 0 when the page has none. */
export function relativeAmount(block: number, page: number): number {
  return page > 0 ? block / page : 0;
}
