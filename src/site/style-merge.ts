/**
 * Element-node merging in the Site Style Tree.
 *
 * Paper 001 (Yi, Liu, Li, KDD 2003), §3.4 enhancement 1: two element nodes under the same parent
 * that sit in different style nodes, with the same tag and attributes, are one logical element
 * (the same navigation bar, on pages whose other blocks differ) when their characteristic feature
 * sets are similar; they are merged into one node that both style nodes point to. The
 * characteristic set of E is the features whose document frequency within E is at least λ.
 *
 * Departures, and why:
 *   - The paper merges while it builds, as each new element node is created; here merging is one
 *     pass over the finished tree, top-down (a parent's children are merged before their own
 *     children are looked at). Merging two subtrees is the union of the trees the same pages would
 *     have built into one node, so the structure is the paper's; but every decision reads the
 *     statistics of all pages, not of the pages seen so far, so the result does not depend on the
 *     order of the pages (a property the learner guarantees and tests).
 *   - Candidates with the same key are taken by page count (then by style and position, both
 *     canonical), each joins the first cluster whose founder is similar and has no member from its
 *     style node yet (one style node cannot hold the same element twice); only the first 32
 *     clusters of a key are candidates, so that 10⁵ siblings of one tag do not make merging
 *     quadratic.
 *   - Similarity is the overlap coefficient of the two characteristic sets, |A ∩ B| / min(|A|, |B|),
 *     not Jaccard: a copy seen on one or two pages has all its features characteristic (its
 *     content too), and what matters is that it holds the stable part of the big node. Two nodes
 *     with no characteristic feature at all (content that varies on every page) are similar:
 *     same key, nothing stable to tell them apart.
 *   - The lost constants: λ (`mergeMinDocShare`, default 0.5: a feature on at least half the
 *     node's pages) and σ (`mergeMinSimilarity`, default 0.5), measured by
 *     bench/site-style-tree-merge.mjs on the synthetic 'gazette' site of the tests (optional
 *     blocks, so `<body>` has several styles; 8 seeds, 5–40 pages, 5 unseen pages each): σ makes
 *     no difference over {0.3, 0.5, 0.7}; λ = 0.3 removes less template at 5 pages (0.715 against
 *     0.759), 0.5 and 0.7 are equal. Merging itself lifts the template text removed from 0.599 to
 *     0.759 at 5 pages, 0.657 to 0.816 at 10, 0.770 to 0.836 at 20; no content is removed.
 */
import { LEAF_SEQ, type ElementNode, childrenOf } from './style-nodes.js';

export interface MergeOptions {
  mergeMinDocShare: number;
  mergeMinSimilarity: number;
}

/** The characteristic feature set of an element node: features of the leaves below it on ≥ λ of its pages. */
function characteristic(e: ElementNode, lambda: number): Set<string> {
  const need = lambda * e.pages;
  const out = new Set<string>();
  const stack = [e];
  const seen = new Set<ElementNode>([e]);
  while (stack.length) {
    const x = stack.pop()!;
    if (x.leaf) for (const s of x.leaf.sorted()) if (s.pages >= need) out.add(s.feature);
    for (const c of childrenOf(x)) if (!seen.has(c)) { seen.add(c); stack.push(c); }
  }
  return out;
}

/**
 * Overlap coefficient |A ∩ B| / min(|A|, |B|): 1 when both are empty, 0 when one is. A copy seen
 * on few pages has every feature of those pages as characteristic (its content included); the
 * stable set of the node seen on many pages is what it must contain.
 */
export function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return a.size === b.size ? 1 : 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const f of small) if (large.has(f)) inter++;
  return inter / small.size;
}

/** Adds `b`'s pages, statistics and styles into `a` (same key, disjoint pages). Iterative. */
export function unionInto(a: ElementNode, b: ElementNode): void {
  const stack: Array<[ElementNode, ElementNode]> = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    x.pages += y.pages;
    if (y.leaf) {
      if (x.leaf) x.leaf.merge(y.leaf);
      else x.leaf = y.leaf;
    }
    for (const sy of y.styles.values()) {
      const sx = x.styles.get(sy.seq);
      if (!sx) { x.addStyle(sy); continue; }
      sx.pages += sy.pages;
      for (let i = 0; i < sx.elems.length; i++) stack.push([sx.elems[i], sy.elems[i]]);
    }
  }
}

interface Member { si: number; pos: number; node: ElementNode }

/**
 * Clusters a candidate is compared with: the first ones made, whose founders have the most pages.
 * Long runs of one key (10⁵ list items) would otherwise make merging quadratic; a logical block
 * that recurs across styles founds one of the first clusters of its key.
 */
const MAX_CANDIDATES = 32;

/** Merges similar element nodes under every element node, top-down. Returns how many were merged away. */
export function mergeElementNodes(root: ElementNode, opts: MergeOptions): number {
  let merged = 0;
  const stack = [root];
  const seen = new Set<ElementNode>([root]);
  while (stack.length) {
    const e = stack.pop()!;
    const styles = e.styleList();
    if (styles.length >= 2) merged += mergeUnder(styles, opts);
    for (const c of childrenOf(e)) if (!seen.has(c)) { seen.add(c); stack.push(c); }
  }
  return merged;
}

function mergeUnder(styles: ReturnType<ElementNode['styleList']>, opts: MergeOptions): number {
  const groups = new Map<string, Member[]>();
  styles.forEach((s, si) => {
    if (s.seq === LEAF_SEQ) return;
    s.elems.forEach((node, pos) => {
      let g = groups.get(node.key);
      if (!g) { g = []; groups.set(node.key, g); }
      g.push({ si, pos, node });
    });
  });
  let merged = 0;
  const chars = new Map<ElementNode, Set<string>>();
  const charOf = (n: ElementNode): Set<string> => {
    let c = chars.get(n);
    if (!c) { c = characteristic(n, opts.mergeMinDocShare); chars.set(n, c); }
    return c;
  };
  for (const members of groups.values()) {
    if (members.length < 2 || members.every((m) => m.si === members[0].si)) continue;
    members.sort((x, y) => (y.node.pages - x.node.pages) || (x.si - y.si) || (x.pos - y.pos));
    const clusters: Array<{ rep: ElementNode; styles: Set<number>; members: Member[] }> = [];
    for (const m of members) {
      let home = null;
      for (let ci = 0, end = Math.min(clusters.length, MAX_CANDIDATES); ci < end; ci++) {
        const c = clusters[ci];
        if (c.styles.has(m.si)) continue;
        if (overlap(charOf(c.rep), charOf(m.node)) >= opts.mergeMinSimilarity) { home = c; break; }
      }
      if (home) { home.members.push(m); home.styles.add(m.si); }
      else clusters.push({ rep: m.node, styles: new Set([m.si]), members: [m] });
    }
    for (const c of clusters) {
      for (const m of c.members) {
        if (m.node === c.rep) continue;
        unionInto(c.rep, m.node);
        styles[m.si].elems[m.pos] = c.rep;
        merged++;
      }
    }
  }
  return merged;
}
