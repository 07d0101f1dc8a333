/**
 * The content statistics of one leaf element node of the Site Style Tree, and its entropy.
 *
 * Paper 001 (Yi, Liu, Li, KDD 2003), §3.2 Def. 5 (leaf composite importance, formula in
 * ../shared/papers/NOTES.md): for a leaf E seen on M pages with N actual features a₁…a_N,
 *   CompImp(E) = 1 − (Σᵢ H(aᵢ)) / N,   H(aᵢ) = −Σⱼ pᵢⱼ·log_M pᵢⱼ,
 * pᵢⱼ being the share of aᵢ's occurrences in E that fall on page j; CompImp(E) = 1 when M = 1.
 *
 * How it is computed without keeping pages: with cⱼ the occurrences on page j and C = Σⱼ cⱼ,
 *   H = (ln C − (Σⱼ cⱼ·ln cⱼ) / C) / ln M,
 * so each feature needs only C, Σ cⱼ·ln cⱼ and its page count, added one page at a time.
 *
 * Departures, and why:
 *   - Σ cⱼ·ln cⱼ is accumulated in fixed point (units of 2⁻²⁰) as an integer: integer sums do not
 *     depend on the order of the pages, so the same pages in any order give bit-identical trees.
 *   - Memory per leaf is bounded: when a leaf has more than `capacity` distinct features, only the
 *     `capacity` features of smallest hash are kept (a bottom-k sample). The sample is the same
 *     whatever the page order (a feature is dropped only once `capacity` smaller ones are known,
 *     and those are never dropped), its statistics are exact, and the mean entropy over it is an
 *     unbiased estimate of Σ H / N. Below the capacity everything is exact.
 */
import { fnv1a } from './style-features.js';

/** Fixed-point unit of Σ c·ln c. */
const SCALE = 1 << 20;

/** Exact integer c·ln c in fixed point (c = 1 gives 0, the common case). */
function cLnC(c: number): number {
  return c <= 1 ? 0 : Math.round(c * Math.log(c) * SCALE);
}

export interface FeatureStat {
  feature: string;
  hash: number;
  /** Occurrences over all pages. */
  total: number;
  /** Σ over pages of c·ln c, fixed point. */
  sumCLnC: number;
  /** Pages on which the feature occurs. */
  pages: number;
}

function before(h1: number, f1: string, h2: number, f2: string): boolean {
  return h1 < h2 || (h1 === h2 && f1 < f2);
}

export class FeatureSample {
  private map = new Map<string, FeatureStat>();
  /** Features ordered after (cutHash, cutFeature) can never be in the final sample. */
  private cutHash = Infinity;
  private cutFeature = '';
  private sortedCache: FeatureStat[] | null = null;

  constructor(readonly capacity: number) {}

  get size(): number { return this.map.size; }

  /** One page's features of this leaf (feature → occurrences on that page). */
  addPage(counts: ReadonlyMap<string, number>): void {
    this.sortedCache = null;
    for (const [f, c] of counts) {
      if (c <= 0) continue;
      let s = this.map.get(f);
      if (!s) {
        const h = fnv1a(f);
        if (!before(h, f, this.cutHash, this.cutFeature) && !(h === this.cutHash && f === this.cutFeature)) continue;
        s = { feature: f, hash: h, total: 0, sumCLnC: 0, pages: 0 };
        this.map.set(f, s);
      }
      s.total += c;
      s.sumCLnC += cLnC(c);
      s.pages++;
    }
    if (this.map.size > 2 * this.capacity) this.prune();
  }

  /** Adds another leaf's statistics (element-node merging: the pages of the two are disjoint). */
  merge(other: FeatureSample): void {
    this.sortedCache = null;
    for (const o of other.map.values()) {
      let s = this.map.get(o.feature);
      if (!s) {
        s = { feature: o.feature, hash: o.hash, total: 0, sumCLnC: 0, pages: 0 };
        this.map.set(o.feature, s);
      }
      s.total += o.total;
      s.sumCLnC += o.sumCLnC;
      s.pages += o.pages;
    }
    if (before(other.cutHash, other.cutFeature, this.cutHash, this.cutFeature)) {
      this.cutHash = other.cutHash;
      this.cutFeature = other.cutFeature;
      this.prune();
    } else if (this.map.size > this.capacity) {
      this.prune();
    }
  }

  /** Keeps the `capacity` smallest features and everything at or before the cut. */
  private prune(): void {
    if (this.map.size <= this.capacity && this.cutHash === Infinity) return;
    const all = [...this.map.values()].sort((a, b) => (a.hash - b.hash) || (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0));
    let keep = all.filter((s) => !before(this.cutHash, this.cutFeature, s.hash, s.feature));
    if (keep.length > this.capacity) {
      keep = keep.slice(0, this.capacity);
      const last = keep[keep.length - 1];
      this.cutHash = last.hash;
      this.cutFeature = last.feature;
    }
    if (keep.length !== this.map.size) {
      this.map = new Map(keep.map((s) => [s.feature, s]));
    }
  }

  /** The final sample in canonical order (hash, then feature): every sum over it is order-independent. */
  sorted(): FeatureStat[] {
    if (this.sortedCache) return this.sortedCache;
    if (this.map.size > this.capacity) this.prune();
    this.sortedCache = [...this.map.values()].sort((a, b) => (a.hash - b.hash) || (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0));
    return this.sortedCache;
  }
}

/** H(a) of one feature over a leaf seen on M pages, in [0, 1]. */
export function featureEntropy(s: FeatureStat, M: number): number {
  if (M <= 1 || s.pages <= 1) return 0;
  const C = s.total;
  const h = (Math.log(C) - s.sumCLnC / SCALE / C) / Math.log(M);
  return h < 0 ? 0 : h > 1 ? 1 : h;
}

/**
 * CompImp of a leaf seen on `M` pages (Def. 5); null when it never held a feature (an empty
 * spacer carries no evidence either way).
 */
export function leafImportance(sample: FeatureSample | null, M: number): number | null {
  if (!sample || sample.size === 0) return null;
  if (M <= 1) return 1;
  const feats = sample.sorted();
  let sum = 0;
  for (let i = 0; i < feats.length; i++) sum += featureEntropy(feats[i], M);
  const imp = 1 - sum / feats.length;
  return imp < 0 ? 0 : imp > 1 ? 1 : imp;
}
