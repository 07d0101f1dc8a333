/**
 * Interval union with gap merging, for template cleaning.
 *
 * Paper 004 (Foschini), §3.4.1: the intervals matched by all the template expressions are united
 * (the order-invariant alternative to applying expressions one after another), and "if two
 * intervals to be removed are separated by less than a user-defined number of characters, the
 * intervals are merged and all the text between them is removed". Departure: the gap is measured
 * in non-space characters, so that it reads the same on a text and on its cleaned copy (whose
 * whitespace may differ); this keeps cleaning idempotent.
 *
 * Positions are token positions in any order-preserving numbering (array indices, or the original
 * indices of the tokens still alive in a linked list); `gap` measures the tokens strictly between
 * two positions.
 */

/** Non-space characters strictly between token positions `a` and `b` (a < b), counted at least up to `cap`. */
export type GapMeasure = (a: number, b: number, cap: number) => number;

/**
 * Unites intervals given in order of their end positions ([starts[i], ends[i]], inclusive, ends
 * non-decreasing; starts in any order), bridging gaps of fewer than `mergeGapChars` non-space
 * characters. Returns the components as flat [start0, end0, start1, end1, …] in text order.
 * A stack makes it linear: each interval is pushed once and popped at most once, and each
 * comparison measures at most `mergeGapChars` characters.
 */
export function uniteIntervals(starts: ArrayLike<number>, ends: ArrayLike<number>, count: number,
  mergeGapChars: number, gap: GapMeasure): number[] {
  const st: number[] = [];
  const cap = Math.max(1, mergeGapChars);
  for (let i = 0; i < count; i++) {
    let s = starts[i];
    while (st.length > 0) {
      const ps = st[st.length - 2], pe = st[st.length - 1];
      if (s > pe && gap(pe, s, cap) >= cap) break;
      if (ps < s) s = ps;
      st.length -= 2;
    }
    st.push(s, ends[i]);
  }
  return st;
}
