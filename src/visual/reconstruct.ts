/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §3.3 "semantic
 * block reconstruction": the blocks on the two sides of the lowest-weight separator are combined
 * into a new semantic block, which gets a new Doc; the loop runs up to the separators of the
 * largest weight, and stops when every block meets Doc > PDoc.
 *
 * How this reads the paper (its §3.3 principles: a block with closer links inside has a larger
 * Doc, and a sub-block's Doc is larger than its block's):
 *  - The Doc of a block made across a separator of weight w is
 *      Doc(A ∪ B) = min(Doc(A), Doc(B), docScale·(1 − w)),
 *    the VIPS convention (a merged block is as coherent as its weakest seam). So Doc never grows
 *    by merging, and a sub-block's Doc is never below its block's.
 *  - Separators are taken in increasing weight (ties by block indices: deterministic). A merge is
 *    kept when its Doc stays above PDoc; otherwise the two sides stay apart, and the next
 *    separator is tried. The loop ends after the heaviest separator: every block made by merging
 *    then has Doc > PDoc. A pool block that entered with Doc ≤ PDoc (a basic block that a rule
 *    marked D) is never merged: it cannot meet the criterion, and it cannot be divided.
 *  - Blocks are sets of pool blocks (union-find), so a semantic block need not be a DOM subtree,
 *    and every pool block ends in exactly one semantic block.
 */
import type { Separator } from './separators.js';

export interface MergeStep {
  /** Index of the separator in the input list. */
  separator: number;
  /** The smallest pool block index of each side, before the merge. */
  left: number;
  right: number;
  weight: number;
  /** Doc of the block the merge would make. */
  doc: number;
  accepted: boolean;
}

export interface Reconstruction {
  /** Semantic blocks: pool block indices, ascending; the blocks ordered by their first index. */
  groups: number[][];
  /** Doc of each semantic block. */
  docs: number[];
  /** Every separator between two different blocks, in the order it was tried. */
  steps: MergeStep[];
}

export function reconstructBlocks(docs: readonly number[], separators: readonly Separator[], p: { pDoc: number; docScale: number }): Reconstruction {
  const n = docs.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const doc = Float64Array.from(docs);
  const least = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; }
    return x;
  };
  const order = separators.map((_, i) => i).sort((i, k) => {
    const s = separators[i], t = separators[k];
    return s.weight - t.weight || s.a - t.a || s.b - t.b || i - k;
  });
  const steps: MergeStep[] = [];
  for (const k of order) {
    const s = separators[k];
    const ra = find(s.a), rb = find(s.b);
    if (ra === rb) continue;
    const merged = Math.min(doc[ra], doc[rb], p.docScale * (1 - s.weight));
    const accepted = merged > p.pDoc;
    steps.push({ separator: k, left: Math.min(least[ra], least[rb]), right: Math.max(least[ra], least[rb]), weight: s.weight, doc: merged, accepted });
    if (!accepted) continue;
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    parent[drop] = keep;
    doc[keep] = merged;
    least[keep] = Math.min(least[ra], least[rb]);
  }
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    (byRoot.get(r) ?? byRoot.set(r, []).get(r)!).push(i);
  }
  const groups = [...byRoot.values()].sort((x, y) => x[0] - y[0]);
  return { groups, docs: groups.map((g) => doc[find(g[0])]), steps };
}
