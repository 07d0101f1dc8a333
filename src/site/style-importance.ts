/**
 * Importance in the Site Style Tree, the noise threshold, and noisy / meaningful marking.
 *
 * Paper 001 (Yi, Liu, Li, KDD 2003), formulas as reconstructed in ../shared/papers/NOTES.md:
 *   - §3.2 Def. 3, node importance of E with m = |E.Ss| child style nodes:
 *       NodeImp(E) = −Σᵢ pᵢ·log_m pᵢ (m > 1),  1 (m = 1),  pᵢ the share of E's pages using Sᵢ;
 *   - §3.2 Def. 4, composite importance with the attenuating factor γ (0.9) and l = |E.Ss|:
 *       CompImp(E) = (1 − γˡ)·NodeImp(E) + γˡ·Σᵢ pᵢ·CompImp(Sᵢ),   CompImp(S) = mean of CompImp(Eⱼ);
 *   - §3.2 Def. 5, leaf importance from content-feature entropy (style-leaf-stats.ts);
 *   - §3.3 Defs. 6–9 and the marking algorithm: E is noisy when it and all its descendants have
 *     CompImp below the threshold t; meaningful when it has no noisy descendant; maximal when no
 *     ancestor is noisy (meaningful) too;
 *   - §3.4 enhancement 3, locally noisy features: inside a meaningful node, features of high
 *     entropy are dropped from the output.
 *
 * Departures, and why:
 *   - Evidence. A node seen on fewer than `minEvidencePages` pages (default 3, or all the pages
 *     when the sample is smaller) is `uncertain`, neither noisy nor meaningful. On two pages an
 *     article that the sample holds twice (a replica under another URL) has H = 1 like a
 *     template, and on one page a one-off banner has importance 1 like an article: the entropy
 *     cannot tell them apart, so the mapping leaves such parts to the page level, and they count
 *     neither as noisy descendants nor against a parent being noisy. (Found on the multi-page
 *     hosts of l3s-gn1, where duplicated wire stories were marked noisy.)
 *   - The threshold t is chosen from the data, not by eye (the paper looked at a few cleaned
 *     pages per site). The composite importances of the element nodes with enough evidence,
 *     each weighted by its page count, are split into two groups by exact one-dimensional two-means
 *     (the split that minimises the within-group sum of squares; the same energy cut as paper
 *     004's Eq. 3.1, on exact values instead of 100 bins), and t is halfway between the two
 *     groups' means. When the importances do not form two groups at least `MIN_SEPARATION` (a
 *     quarter of the [0, 1] scale) apart, or hold fewer than two distinct values, t is 0.5, the
 *     scale's midpoint, where a feature set is as spread over pages as it is concentrated. An
 *     explicit `threshold` option overrides the rule.
 *   - Leaves that never held a content feature (spacers, empty boxes) have no importance: they
 *     are `empty`, count neither as noisy nor as meaningful descendants, and are left out of
 *     averages (their parent's pᵢ are renormalised over the styles that have content). The paper
 *     does not say; counting them as 0 would make every article with a spacer "not meaningful".
 *   - Locally noisy features: H(a) ≥ 1 − t, on at least `localNoiseMinPages` pages. The paper's
 *     entropy bound was lost in conversion; tying it to t means a feature is locally noisy exactly
 *     when it would be noisy as a leaf of its own.
 */
import { featureEntropy, leafImportance } from './style-leaf-stats.js';
import { type ElementNode, LEAF_SEQ, postOrder, childrenOf } from './style-nodes.js';

/** Below this distance between the two groups' means, the importances do not form two groups. */
export const MIN_SEPARATION = 0.25;
/** The threshold when the data give no split: the midpoint of the importance scale. */
export const FALLBACK_THRESHOLD = 0.5;
/** Most locally noisy features kept per node (the highest-entropy ones). */
const MAX_LOCAL_NOISE = 512;

/**
 * Fills nodeImp, imp of every element node and imp of every style node, bottom-up. `order` is
 * postOrder(root), when the caller has it.
 */
export function computeImportance(root: ElementNode, gamma: number, order = postOrder(root)): void {
  for (const e of order) {
    const styles = e.styleList();
    for (const s of styles) {
      if (s.seq === LEAF_SEQ) { s.imp = leafImportance(e.leaf, s.pages); continue; }
      let sum = 0, k = 0;
      for (const c of s.elems) if (c.imp !== null) { sum += c.imp; k++; }
      s.imp = k ? sum / k : null;
    }
    if (e.isPureLeaf()) {
      e.nodeImp = null;
      e.imp = styles[0].imp;
      continue;
    }
    const m = styles.length;
    let total = 0;
    for (const s of styles) total += s.pages;
    let nodeImp = 1;
    if (m > 1) {
      nodeImp = 0;
      for (const s of styles) {
        const p = s.pages / total;
        if (p > 0) nodeImp -= p * Math.log(p);
      }
      nodeImp /= Math.log(m);
      nodeImp = Math.min(1, Math.max(0, nodeImp));
    }
    e.nodeImp = nodeImp;
    let acc = 0, w = 0;
    for (const s of styles) if (s.imp !== null) { acc += s.pages * s.imp; w += s.pages; }
    if (w === 0) { e.imp = null; continue; }
    const gl = Math.pow(gamma, m);
    e.imp = (1 - gl) * nodeImp + gl * (acc / w);
  }
}

export interface ThresholdChoice {
  threshold: number;
  /** 'two-means': the data's split; 'midpoint': no two groups; 'fixed': given by the caller. */
  method: 'two-means' | 'midpoint' | 'fixed';
  /** Weighted means of the low and the high group (two-means only). */
  low: number | null;
  high: number | null;
  /** Element nodes (seen on enough pages) the rule read. */
  nodes: number;
}

/**
 * Exact weighted one-dimensional two-means: the split of the sorted values minimising the
 * within-group sum of squares, and the midpoint of the two means. Null when fewer than two
 * distinct values.
 */
export function twoMeansSplit(values: readonly number[], weights: readonly number[]): { low: number; high: number; cut: number } | null {
  const idx = values.map((_, i) => i).sort((a, b) => values[a] - values[b] || a - b);
  const n = idx.length;
  if (n < 2 || values[idx[0]] === values[idx[n - 1]]) return null;
  // Prefix sums of w, w·x, w·x² in sorted order.
  const W = new Float64Array(n + 1), S = new Float64Array(n + 1), Q = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const x = values[idx[i]], w = weights[idx[i]];
    W[i + 1] = W[i] + w; S[i + 1] = S[i] + w * x; Q[i + 1] = Q[i] + w * x * x;
  }
  let best = Infinity, bestK = -1;
  for (let k = 1; k < n; k++) {
    // Split between equal values is no split.
    if (values[idx[k - 1]] === values[idx[k]]) continue;
    const w0 = W[k], w1 = W[n] - W[k];
    if (w0 <= 0 || w1 <= 0) continue;
    const s0 = S[k], s1 = S[n] - S[k];
    const sse = (Q[k] - (s0 * s0) / w0) + (Q[n] - Q[k] - (s1 * s1) / w1);
    if (sse < best - 1e-12) { best = sse; bestK = k; }
  }
  if (bestK < 0) return null;
  const low = S[bestK] / W[bestK], high = (S[n] - S[bestK]) / (W[n] - W[bestK]);
  return { low, high, cut: (low + high) / 2 };
}

/**
 * The noise threshold of a tree whose importances are computed (see the header for the rule),
 * from the element nodes seen on at least `minPages` pages.
 */
export function chooseThreshold(root: ElementNode, fixed: number | 'auto', minPages: number, order = postOrder(root)): ThresholdChoice {
  const values: number[] = [], weights: number[] = [];
  for (const e of order) {
    if (e === root || e.imp === null || e.pages < minPages) continue;
    values.push(e.imp);
    weights.push(e.pages);
  }
  if (fixed !== 'auto') return { threshold: fixed, method: 'fixed', low: null, high: null, nodes: values.length };
  const split = twoMeansSplit(values, weights);
  if (!split || split.high - split.low < MIN_SEPARATION) {
    return { threshold: FALLBACK_THRESHOLD, method: 'midpoint', low: split?.low ?? null, high: split?.high ?? null, nodes: values.length };
  }
  return { threshold: split.cut, method: 'two-means', low: split.low, high: split.high, nodes: values.length };
}

/**
 * Sets mark and hasNoisy of every element node for threshold t (Defs. 6–9), bottom-up. Nodes
 * seen on fewer than `minPages` pages are `uncertain` (see the header): not noisy, not noisy
 * descendants of their parent, and left to the page level by the mapping.
 */
export function markNodes(root: ElementNode, t: number, minPages: number, order = postOrder(root)): void {
  for (const e of order) {
    e.hasNoisy = false;
    if (e.imp === null) { e.mark = 'empty'; continue; }
    if (e.pages < minPages) { e.mark = 'uncertain'; continue; }
    if (e.isPureLeaf()) { e.mark = e.imp < t ? 'noisy' : 'meaningful'; continue; }
    let allNoisy = true, anyNoisy = false;
    for (const s of e.styleList()) {
      if (s.seq === LEAF_SEQ) {
        if (s.imp === null) continue;
        if (s.pages < minPages || s.imp >= t) allNoisy = false; else anyNoisy = true;
        continue;
      }
      for (const c of s.elems) {
        if (c.mark === 'empty') continue;
        if (c.mark === 'noisy') { anyNoisy = true; continue; }
        allNoisy = false;
        if (c.hasNoisy) anyNoisy = true;
      }
    }
    const noisy = allNoisy && e.imp < t;
    e.hasNoisy = anyNoisy;
    e.mark = noisy ? 'noisy' : anyNoisy ? 'mixed' : 'meaningful';
  }
}

/**
 * Locally noisy features of a meaningful node (enhancement 3): over every leaf at or below it,
 * the features with H ≥ 1 − t seen on at least `minPages` pages, highest entropy first.
 */
export function localNoise(node: ElementNode, t: number, minPages: number, ownLeafOnly = false): string[] {
  const found = new Map<string, number>();
  const stack = [node];
  const seen = new Set<ElementNode>([node]);
  while (stack.length) {
    const e = stack.pop()!;
    const leafStyle = e.styles.get(LEAF_SEQ);
    if (e.leaf && leafStyle) {
      const M = leafStyle.pages;
      for (const s of e.leaf.sorted()) {
        if (s.pages < minPages) continue;
        const h = featureEntropy(s, M);
        if (h >= 1 - t && h > (found.get(s.feature) ?? -1)) found.set(s.feature, h);
      }
    }
    if (ownLeafOnly) break;
    for (const c of childrenOf(e)) if (!seen.has(c)) { seen.add(c); stack.push(c); }
  }
  return [...found].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, MAX_LOCAL_NOISE).map((x) => x[0]);
}
