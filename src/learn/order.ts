/**
 * Indices ranked by a numeric key, for the learned stage (page/learned.ts, page/smoothing.ts): two
 * rankings per page, of a few hundred units each.
 */

/** Runs this long are put in order by insertion before they are merged. */
const RUN = 16;

/**
 * The indices 0..n-1 of `key` in ascending (or descending) key order, equal keys by index: what
 * `indices.sort((a, b) => key[a] - key[b] || a - b)` gives (`key[b] - key[a] || a - b` descending).
 * A stable merge sort, written out because the builtin sort calls its comparator as a function
 * at every step, which cost more than the ranking's arithmetic.
 */
export function orderBy(key: ArrayLike<number>, descending = false): Int32Array {
  const n = key.length;
  const sign = descending ? -1 : 1;
  let from = new Int32Array(n), to = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  // Stable throughout: an index moves ahead of another only when its key is strictly better.
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(n, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const x = from[i], kx = sign * key[x];
      let j = i - 1;
      for (; j >= lo && sign * key[from[j]] > kx; j--) from[j + 1] = from[j];
      from[j + 1] = x;
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width), hi = Math.min(n, lo + 2 * width);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) to[k++] = sign * key[from[j]] < sign * key[from[i]] ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    const t = from; from = to; to = t;
  }
  return from;
}
