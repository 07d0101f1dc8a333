/**
 * The two node kinds of paper 001's style tree (Yi, Liu, Li, KDD 2003, §3.1, Defs. 1–2), as the
 * learner holds them in memory (style-tree.ts serialises them to plain JSON):
 *   - an element node E = (tag, attr, Ss): here `key` (tag and display attributes, see
 *     style-features.ts) and `styles`, its child style nodes keyed by their tag sequence;
 *   - a style node S = (Es, n): `elems` and `pages`.
 *
 * Departure: a page on which the element is a leaf uses the style node with the empty sequence
 * (`LEAF_SEQ`), and the leaf's content statistics live on the element (`leaf`). The paper's
 * leaves and internal nodes are then one kind, and an element that is a leaf on some pages and
 * has children on others (a sidebar box, empty on some pages) needs no special case: its leaf
 * style is one more presentation style, whose importance is the leaf importance of Def. 5.
 */
import type { FeatureSample } from './style-leaf-stats.js';

/** Separates the element keys of a style node's sequence; cannot occur in a key. */
export const SEQ_SEP = '\u0001';
/** The sequence of the leaf style. */
export const LEAF_SEQ = '';

export type Mark = 'noisy' | 'meaningful' | 'mixed' | 'empty' | 'uncertain';

export class StyleNode {
  pages = 0;
  /** CompImp(S): the mean of its elements' composite importances (the leaf importance for LEAF_SEQ). */
  imp: number | null = null;
  constructor(readonly seq: string, public elems: ElementNode[]) {}
}

export class ElementNode {
  /** Pages that contain this element node. */
  pages = 0;
  readonly styles = new Map<string, StyleNode>();
  /** Content statistics from the pages on which this element was a leaf. */
  leaf: FeatureSample | null = null;
  // ---- filled by style-importance.ts ----
  nodeImp: number | null = null;
  /** Composite importance; null when no page held a content feature below it. */
  imp: number | null = null;
  mark: Mark = 'empty';
  /** Some strict descendant (or the leaf style) is noisy. */
  hasNoisy = false;
  private sortedStyles: StyleNode[] | null = null;

  constructor(readonly key: string) {}

  /** Child style nodes in canonical order (by sequence): every pass that sums reads them so. */
  styleList(): StyleNode[] {
    if (!this.sortedStyles) {
      this.sortedStyles = [...this.styles.values()].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    }
    return this.sortedStyles;
  }

  addStyle(s: StyleNode): void {
    this.styles.set(s.seq, s);
    this.sortedStyles = null;
  }

  isPureLeaf(): boolean {
    return this.styles.size === 1 && this.styles.has(LEAF_SEQ);
  }
}

/**
 * Every element node reachable from `root`, each once, children before parents. Iterative: trees
 * can be 100,000 deep. After element-node merging an element node can sit in several style nodes
 * of its parent, so this is a walk over a DAG.
 */
export function postOrder(root: ElementNode): ElementNode[] {
  const out: ElementNode[] = [];
  const seen = new Set<ElementNode>([root]);
  const stack: Array<{ node: ElementNode; kids: ElementNode[]; i: number }> = [{ node: root, kids: childrenOf(root), i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.i < top.kids.length) {
      const c = top.kids[top.i++];
      if (!seen.has(c)) {
        seen.add(c);
        stack.push({ node: c, kids: childrenOf(c), i: 0 });
      }
      continue;
    }
    out.push(top.node);
    stack.pop();
  }
  return out;
}

/** The distinct element nodes of all of E's style nodes, in canonical order. */
export function childrenOf(e: ElementNode): ElementNode[] {
  const out: ElementNode[] = [];
  const styles = e.styleList();
  if (styles.length === 1) return styles[0].elems.slice();
  const seen = new Set<ElementNode>();
  for (const s of styles) for (const c of s.elems) if (!seen.has(c)) { seen.add(c); out.push(c); }
  return out;
}
