/**
 * The second pass of the learned stage: stacked generalisation (Wolpert 1992) over the first
 * pass's probabilities, in document order.
 *
 * The first pass (learned.ts) judges each text unit from its own features and a fixed window of
 * its neighbours' markup. Topic content, though, comes in runs: a short paragraph between two
 * confident ones is content, a confident-looking line inside a run of doubtful teasers is not.
 * The second model reads the unit's first-pass features again plus what the first pass thought of
 * the units around it, and of the page as a whole. It is trained on out-of-fold first-pass
 * probabilities (scripts/train-block-model.mjs), so it learns how far to trust them on pages the
 * first model never saw.
 *
 * Every feature here is computed from the first-pass rows and probabilities alone, so the trainer
 * computes exactly what the extractor computes, from stored rows.
 */
import { BLOCK_FEATURES, N_BLOCK_FEATURES } from './block-features.js';
import { orderBy } from '../learn/order.js';

export const SMOOTHING_FEATURES: readonly string[] = [
  'p', 'p_prev', 'p_next', 'p_mean_2', 'p_mean_5', 'p_max_2', 'p_min_2',
  'page_p_mean', 'kept_text_before', 'kept_text_after', 'log_gap_to_confident', 'p_rank', 'log_run_len',
];
/** Row width of the second pass: the first pass's features, then SMOOTHING_FEATURES. */
export const N_SMOOTHED_FEATURES = N_BLOCK_FEATURES + SMOOTHING_FEATURES.length;
export const SMOOTHED_FEATURE_NAMES: readonly string[] = [...BLOCK_FEATURES, ...SMOOTHING_FEATURES];

const LOG_LEN = BLOCK_FEATURES.indexOf('log_len');
/** A first-pass probability above this counts as "confident content" for the run features. */
const CONFIDENT = 0.5;

/**
 * Second-pass rows for one page: `rows` holds p.length first-pass rows of N_BLOCK_FEATURES. With
 * `only` (unit indices), rows for those units alone, in that order; the page-level and window
 * features still read every unit.
 */
export function smoothingRows(rows: Float32Array, p: ArrayLike<number>, only?: ArrayLike<number>): Float32Array {
  const n = p.length, F = N_BLOCK_FEATURES, G = N_SMOOTHED_FEATURES;
  const m = only ? only.length : n;
  const out = new Float32Array(m * G);
  const len = new Float64Array(n);
  let total = 0, weighted = 0;
  for (let k = 0; k < n; k++) {
    len[k] = Math.expm1(rows[k * F + LOG_LEN]);
    total += len[k];
    weighted += p[k] * len[k];
  }
  const pageMean = total > 0 ? weighted / total : 0;
  // Confident text before each unit (prefix sums), and the runs of confident units.
  const before = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) before[k + 1] = before[k] + (p[k] > CONFIDENT ? len[k] : 0);
  const runLen = confidentRuns(p, len);
  const gap = gapToConfident(p);
  const rank = rankQuantiles(p);
  for (let o = 0; o < m; o++) {
    const k = only ? only[o] : o;
    out.set(rows.subarray(k * F, (k + 1) * F), o * G);
    let j = o * G + F;
    out[j++] = p[k];
    out[j++] = k > 0 ? p[k - 1] : -1;
    out[j++] = k + 1 < n ? p[k + 1] : -1;
    out[j++] = windowMean(p, len, k, 2);
    out[j++] = windowMean(p, len, k, 5);
    let max = -1, min = 2;
    for (let i = Math.max(0, k - 2); i <= Math.min(n - 1, k + 2); i++) {
      if (i === k) continue;
      if (p[i] > max) max = p[i];
      if (p[i] < min) min = p[i];
    }
    out[j++] = max;
    out[j++] = min > 1 ? -1 : min;
    out[j++] = pageMean;
    out[j++] = total > 0 ? before[k] / total : 0;
    out[j++] = total > 0 ? (before[n] - before[k + 1]) / total : 0;
    out[j++] = Math.log1p(gap[k]);
    out[j++] = rank[k];
    out[j++] = Math.log1p(runLen[k]);
  }
  return out;
}

/** Length-weighted mean of p over the `w` units on either side of k, k excluded; -1 with none. */
function windowMean(p: ArrayLike<number>, len: Float64Array, k: number, w: number): number {
  let s = 0, c = 0;
  for (let i = Math.max(0, k - w), end = Math.min(p.length - 1, k + w); i <= end; i++) {
    if (i === k) continue;
    s += p[i] * (len[i] + 1); c += len[i] + 1;
  }
  return c ? s / c : -1;
}

/** Per unit: the text length of the run of consecutive confident units it is in (0 outside one). */
function confidentRuns(p: ArrayLike<number>, len: Float64Array): Float64Array {
  const n = p.length;
  const out = new Float64Array(n);
  for (let k = 0; k < n;) {
    if (p[k] <= CONFIDENT) { k++; continue; }
    let end = k, sum = 0;
    while (end < n && p[end] > CONFIDENT) sum += len[end++];
    out.fill(sum, k, end);
    k = end;
  }
  return out;
}

/** Per unit: how many units away the nearest other confident unit is (n when there is none). */
function gapToConfident(p: ArrayLike<number>): Float64Array {
  const n = p.length;
  const out = new Float64Array(n).fill(n);
  let last = -1;
  for (let k = 0; k < n; k++) {
    if (last >= 0) out[k] = k - last;
    if (p[k] > CONFIDENT) last = k;
  }
  last = -1;
  for (let k = n - 1; k >= 0; k--) {
    if (last >= 0) out[k] = Math.min(out[k], last - k);
    if (p[k] > CONFIDENT) last = k;
  }
  return out;
}

/** Per unit: the share of the page's units with a lower first-pass probability. */
function rankQuantiles(p: ArrayLike<number>): Float64Array {
  const n = p.length;
  const order = orderBy(p);
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) out[order[r]] = n > 1 ? r / (n - 1) : 0.5;
  return out;
}
