/**
 * Gradient-boosted decision trees for binary classification (logistic loss, soft targets),
 * histogram-based: features are cut into at most 255 quantile bins once, and each split is
 * found from per-bin gradient sums (the LightGBM/XGBoost "hist" method). Hand-written because
 * the model is small (a few hundred shallow trees) and must run without a native dependency.
 *
 * Trees are stored flat (structure of arrays) so a model is plain JSON and prediction is a loop.
 */
import { ThresherError } from '../errors.js';

export interface GbdtTree {
  /** Per node: the feature index, or -1 for a leaf. */
  feature: number[];
  /** Per node: go left when x[feature] <= threshold. */
  threshold: number[];
  left: number[];
  right: number[];
  /** Per node: the leaf value (log-odds increment); 0 on inner nodes. */
  value: number[];
}

export interface GbdtModel {
  nFeatures: number;
  /** Initial log-odds. */
  base: number;
  trees: GbdtTree[];
}

export interface GbdtOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** A split leaves at least this much hessian on each side. */
  minChildWeight: number;
  /** Share of rows drawn (without replacement) for each tree. */
  subsample: number;
  bins: number;
  seed: number;
}

export const GBDT_DEFAULTS: GbdtOptions = {
  trees: 200, depth: 5, learningRate: 0.1, lambda: 1, minChildWeight: 1, subsample: 0.5, bins: 64, seed: 1,
};

/**
 * All trees of a model in typed arrays, node indices made global: prediction walks two flat
 * arrays instead of one JSON object per tree (the block model runs once per text unit of every
 * page). Built once per model object.
 */
interface PackedTrees {
  /** Per node: feature index, or -1 on a leaf. */
  feature: Int32Array;
  /** Per node: left child (right is child + 1 is not guaranteed, so both are kept). */
  left: Int32Array;
  right: Int32Array;
  /** Per node: the threshold on inner nodes, the leaf value on leaves. */
  value: Float64Array;
  roots: Int32Array;
}
const PACKED = new WeakMap<GbdtModel, PackedTrees>();

function packed(model: GbdtModel): PackedTrees {
  let p = PACKED.get(model);
  if (p) return p;
  const total = model.trees.reduce((s, t) => s + t.feature.length, 0);
  p = { feature: new Int32Array(total), left: new Int32Array(total), right: new Int32Array(total),
    value: new Float64Array(total), roots: new Int32Array(model.trees.length) };
  let at = 0;
  model.trees.forEach((t, k) => {
    p!.roots[k] = at;
    for (let n = 0; n < t.feature.length; n++) {
      const leaf = t.feature[n] < 0;
      p!.feature[at + n] = leaf ? -1 : t.feature[n];
      p!.left[at + n] = at + t.left[n];
      p!.right[at + n] = at + t.right[n];
      p!.value[at + n] = leaf ? t.value[n] : t.threshold[n];
    }
    at += t.feature.length;
  });
  PACKED.set(model, p);
  return p;
}

/** Log-odds for one row. */
export function predictRaw(model: GbdtModel, x: ArrayLike<number>, offset = 0): number {
  const { feature, left, right, value, roots } = packed(model);
  let s = model.base;
  for (let k = 0; k < roots.length; k++) {
    let n = roots[k];
    for (let f = feature[n]; f >= 0; f = feature[n]) n = x[offset + f] <= value[n] ? left[n] : right[n];
    s += value[n];
  }
  return s;
}

export function predictProba(model: GbdtModel, x: ArrayLike<number>, offset = 0): number {
  return 1 / (1 + Math.exp(-predictRaw(model, x, offset)));
}

/** Quantile cut points per feature, from (a sample of) the rows. */
function binEdges(X: Float32Array, n: number, F: number, bins: number): Float64Array[] {
  const edges: Float64Array[] = [];
  const step = Math.max(1, Math.floor(n / 50_000));
  for (let f = 0; f < F; f++) {
    const vals: number[] = [];
    for (let i = 0; i < n; i += step) vals.push(X[i * F + f]);
    vals.sort((a, b) => a - b);
    const cuts: number[] = [];
    for (let b = 1; b < bins; b++) {
      const v = vals[Math.floor((b * vals.length) / bins)];
      if (cuts.length === 0 || v > cuts[cuts.length - 1]) cuts.push(v);
    }
    // A cut equal to the maximum separates nothing.
    while (cuts.length && cuts[cuts.length - 1] >= vals[vals.length - 1]) cuts.pop();
    edges.push(Float64Array.from(cuts));
  }
  return edges;
}

function binOf(cuts: Float64Array, v: number): number {
  let lo = 0, hi = cuts.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (v <= cuts[mid]) hi = mid; else lo = mid + 1; }
  return lo;
}

/** A small seeded PRNG (mulberry32): the same data and seed give the same model. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function trainGbdt(X: Float32Array, F: number, y: Float32Array, w: Float32Array, options: Partial<GbdtOptions> = {}): GbdtModel {
  const o = { ...GBDT_DEFAULTS, ...options };
  const n = y.length;
  if (X.length !== n * F || w.length !== n) throw new ThresherError('E_MODEL', `trainGbdt: ${n} targets, ${w.length} weights and ${X.length} feature values for ${F} features do not fit`);
  const edges = binEdges(X, n, F, o.bins);
  const B = new Uint8Array(n * F);
  for (let i = 0; i < n; i++) for (let f = 0; f < F; f++) B[i * F + f] = binOf(edges[f], X[i * F + f]);
  let sw = 0, swy = 0;
  for (let i = 0; i < n; i++) { sw += w[i]; swy += w[i] * y[i]; }
  const p0 = Math.min(1 - 1e-6, Math.max(1e-6, swy / sw));
  const model: GbdtModel = { nFeatures: F, base: Math.log(p0 / (1 - p0)), trees: [] };
  const raw = new Float64Array(n).fill(model.base);
  const g = new Float64Array(n), h = new Float64Array(n);
  const rand = rng(o.seed);
  for (let t = 0; t < o.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-raw[i]));
      g[i] = w[i] * (p - y[i]); h[i] = w[i] * Math.max(p * (1 - p), 1e-6);
    }
    const rows: number[] = [];
    for (let i = 0; i < n; i++) if (rand() < o.subsample) rows.push(i);
    const tree = growTree(B, F, edges, g, h, Int32Array.from(rows), o);
    model.trees.push(tree);
    const one: GbdtModel = { nFeatures: F, base: 0, trees: [tree] };
    for (let i = 0; i < n; i++) raw[i] += predictRaw(one, X, i * F);
  }
  return model;
}

interface Split { gain: number; feature: number; bin: number }

function growTree(B: Uint8Array, F: number, edges: Float64Array[], g: Float64Array, h: Float64Array, rows: Int32Array, o: GbdtOptions): GbdtTree {
  const tree: GbdtTree = { feature: [], threshold: [], left: [], right: [], value: [] };
  const nb = o.bins + 1;
  const histG = new Float64Array(F * nb), histH = new Float64Array(F * nb);
  const grow = (idx: Int32Array, depth: number): number => {
    const node = tree.feature.length;
    tree.feature.push(-1); tree.threshold.push(0); tree.left.push(-1); tree.right.push(-1); tree.value.push(0);
    let G = 0, H = 0;
    for (let k = 0; k < idx.length; k++) { G += g[idx[k]]; H += h[idx[k]]; }
    tree.value[node] = (-G / (H + o.lambda)) * o.learningRate;
    if (depth >= o.depth || H < 2 * o.minChildWeight) return node;
    const split = bestSplit(B, F, edges, g, h, idx, G, H, histG, histH, nb, o);
    if (!split) return node;
    const li: number[] = [], ri: number[] = [];
    for (let k = 0; k < idx.length; k++) (B[idx[k] * F + split.feature] <= split.bin ? li : ri).push(idx[k]);
    tree.feature[node] = split.feature;
    tree.threshold[node] = edges[split.feature][split.bin];
    tree.value[node] = 0;
    tree.left[node] = grow(Int32Array.from(li), depth + 1);
    tree.right[node] = grow(Int32Array.from(ri), depth + 1);
    return node;
  };
  grow(rows, 0);
  return tree;
}

function bestSplit(B: Uint8Array, F: number, edges: Float64Array[], g: Float64Array, h: Float64Array, idx: Int32Array,
  G: number, H: number, histG: Float64Array, histH: Float64Array, nb: number, o: GbdtOptions): Split | null {
  histG.fill(0); histH.fill(0);
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k], gi = g[i], hi = h[i], r = i * F;
    for (let f = 0; f < F; f++) { const b = f * nb + B[r + f]; histG[b] += gi; histH[b] += hi; }
  }
  const parent = (G * G) / (H + o.lambda);
  let best: Split | null = null;
  for (let f = 0; f < F; f++) {
    let gl = 0, hl = 0;
    // The last bin cannot be a left side: there is no cut after it.
    for (let b = 0; b < edges[f].length; b++) {
      gl += histG[f * nb + b]; hl += histH[f * nb + b];
      const gr = G - gl, hr = H - hl;
      if (hl < o.minChildWeight || hr < o.minChildWeight) continue;
      const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
      if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: f, bin: b };
    }
  }
  return best;
}
