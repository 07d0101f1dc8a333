/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §3.3 "page block
 * extraction" and Table 1: DVPS walks the DIV_FOREST top-down; each data block is marked D
 * (dividable) or I (indivisible) by the six segmentation rules, an I block gets a Doc (degree of
 * coherence, 1–10) and goes into the page block pool, and division stops where Doc reaches PDoc.
 *
 * Table 1, as the paper states it:
 *   1. the DIV subtree holds a visual segmentation tag such as <hr>: D;
 *   2. every node of the block is a virtual text node (text included): I, Doc 9;
 *   3. the DIV subtrees of the block share one background colour: I, Doc 6–8 by the number of
 *      sub-trees holding important tags; otherwise D;
 *   4. the block's largest sub-node is under a size threshold: I, Doc 7;
 *   5. the block holds a nested <table>, or a <table> whose cells look obviously different: D;
 *   6. the block's (Chinese) word count is under a threshold T: I, Doc 6.
 *
 * Choices where the paper is vague (tested in test/dvps.test.ts):
 *  - Order. The paper lists the rules without an order; read in its order, rule 3 alone would
 *    stop the division of any page whose blocks share a background (most pages today): the whole
 *    page would be one I block. The D rules come first (1, 5), then a size gate (next item), then
 *    the I rules from the most coherent down (2: Doc 9, 6, 4, 3), and rule 3's "otherwise D" last.
 *  - Size gate ("container"): the converse of rule 4. A block with a sub-node of at least
 *    largeShare of the viewport is a layout container (a page, a column set) and is divided, as
 *    VIPS divides by default. It applies to blocks that can be divided (not basic DIV blocks).
 *    Rule 4's own threshold (smallShare) is below it, so rule 3 decides the blocks in between.
 *  - Sizes are areas relative to the viewport's: what a reader sees as small on the screen.
 *  - Rule 3's Doc: 8 when at most one sub-tree holds body identification tags (§4.3: p, h1–h6,
 *    hr), 7 for two, 6 for three or more: sub-trees that each carry their own text are separate
 *    pieces, so the block is less coherent. "Sub-trees" are the block's child DIV nodes and its
 *    own content leaves; colours are compared as painted (layout.ts), a child DIV against the block.
 *  - Rule 6's T: fewWords (12) words, a CJK character counting one word (text/measure.ts): a
 *    block that short is a label, a menu or a caption, not worth dividing.
 *  - A basic DIV block (no inner DIV with shown content) cannot be divided further: the model's
 *    unit. When a D rule holds for one, it still enters the pool, with Doc = dividableDoc (5),
 *    below PDoc, so that reconstruction never merges it (reconstruct.ts).
 *  - A divided block's own content (text outside its inner DIVs) is a basic block of its own
 *    (div-forest.ts), judged by the same rules as a basic DIV block.
 */
import { area } from './layout.js';
import { addFeatures, emptyFeatures, type BlockFeatures, type DivForest, type DivNode } from './div-forest.js';
import type { DvpsParams } from './dvps-params.js';
import { sameColour, type Rgba } from './colour.js';

export type Mark = 'D' | 'I';
export type RuleId = 'rule 1' | 'rule 2' | 'rule 3' | 'rule 4' | 'rule 5' | 'rule 6' | 'container';

export interface Verdict {
  mark: Mark;
  rule: RuleId;
  /** The Doc the rule gives (an I block); dividableDoc for a D block. */
  doc: number;
  why: string;
}

/** What Table 1 reads of a data block. */
export interface RuleInput {
  /** A basic DIV block: cannot be divided further. */
  basic: boolean;
  hr: number;
  nestedTables: number;
  mixedTables: number;
  /** The largest sub-node's area over the viewport's. */
  largestShare: number;
  virtualText: boolean;
  words: number;
  sameBackground: boolean;
  /** Sub-trees (child DIV nodes and own leaves) that hold body identification tags. */
  bodyTagSubtrees: number;
}

/** Table 1, in the order above. Pure: the same input gives the same verdict. */
export function applyRules(x: RuleInput, p: DvpsParams): Verdict {
  const d = (rule: RuleId, why: string): Verdict => ({ mark: 'D', rule, doc: p.dividableDoc, why });
  const i = (rule: RuleId, doc: number, why: string): Verdict => ({ mark: 'I', rule, doc, why });
  if (x.hr > 0) return d('rule 1', `holds ${x.hr} <hr>`);
  if (x.nestedTables > 0) return d('rule 5', `holds ${x.nestedTables} nested <table>`);
  if (x.mixedTables > 0) return d('rule 5', `holds ${x.mixedTables} <table> with cells of different looks`);
  if (!x.basic && x.largestShare >= p.largeShare) return d('container', `a sub-node covers ${pct(x.largestShare)} of the viewport`);
  if (x.virtualText) return i('rule 2', 9, 'virtual text nodes only');
  if (x.words < p.fewWords) return i('rule 6', 6, `${x.words} words`);
  if (x.largestShare < p.smallShare) return i('rule 4', 7, `largest sub-node ${pct(x.largestShare)} of the viewport`);
  if (x.sameBackground) {
    const k = x.bodyTagSubtrees;
    return i('rule 3', k <= 1 ? 8 : k === 2 ? 7 : 6, `one background; ${k} sub-trees with body tags`);
  }
  return d('rule 3', 'sub-trees of different backgrounds');
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** A block of the page block pool. */
export interface PageBlock {
  /** Position in the pool (document order). */
  index: number;
  /** The DIV node the block was cut at. */
  root: DivNode;
  /** True: the root's whole subtree (an I block); false: only the root's own content. */
  whole: boolean;
  /** The DIV nodes whose basic blocks (own content) it holds: those with shown leaves. */
  nodes: DivNode[];
  verdict: Verdict;
  doc: number;
  /** The summed own features of `nodes`, texts included. */
  features: BlockFeatures;
  /** The colour painted behind the root. */
  background: Rgba;
}

export interface PagePool {
  blocks: PageBlock[];
  /** By DIV node index: the verdict on the node's whole subtree, where one was asked. */
  verdicts: (Verdict | undefined)[];
}

/** Rule input for `node`: its whole subtree, or (basic) its own content only. */
export function ruleInput(forest: DivForest, node: DivNode, basic: boolean): RuleInput {
  const j = forest.join, vp = j.snapshot.viewport.width * j.snapshot.viewport.height;
  const f = basic ? node.own : node.sub;
  let largest = node.maxLeafArea, sameBackground = !node.leafBackgroundDiffers, bodyTagSubtrees = node.bodyTagLeaves;
  if (!basic) {
    const bg = j.background[node.el.id];
    for (const c of node.children) {
      if (c.sub.visibleLeaves === 0) continue;
      largest = Math.max(largest, area(c.sub.box));
      if (!sameColour(j.background[c.el.id], bg)) sameBackground = false;
      if (c.sub.bodyTags > 0) bodyTagSubtrees++;
    }
  }
  return {
    basic, hr: f.hr, nestedTables: f.nestedTables, mixedTables: f.mixedTables, largestShare: largest / vp,
    virtualText: f.virtualText, words: f.words, sameBackground, bodyTagSubtrees,
  };
}

/**
 * Page block extraction: top-down from the body, an I block enters the pool whole, a D block is
 * divided into its own content and its inner DIV nodes. Subtrees with nothing shown are skipped.
 * Iterative (DIV nesting can be deep); the pool comes out in document order.
 */
export function extractPageBlocks(forest: DivForest, p: DvpsParams): PagePool {
  const verdicts: (Verdict | undefined)[] = new Array(forest.nodes.length);
  const blocks: PageBlock[] = [];
  const add = (root: DivNode, whole: boolean, verdict: Verdict): void => {
    const nodes = whole ? forest.nodes.slice(root.index, root.end + 1).filter((n) => n.own.visibleLeaves > 0) : [root];
    const features = emptyFeatures();
    for (const n of nodes) addFeatures(features, n.own);
    blocks.push({
      index: 0, root, whole, nodes, verdict, doc: verdict.mark === 'I' ? verdict.doc : p.dividableDoc, features,
      background: forest.join.background[root.el.id],
    });
  };
  const stack: DivNode[] = forest.root ? [forest.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.sub.visibleLeaves === 0) continue;
    const shownChildren = node.children.filter((c) => c.sub.visibleLeaves > 0);
    if (shownChildren.length === 0) { add(node, true, applyRules(ruleInput(forest, node, true), p)); continue; }
    const v = applyRules(ruleInput(forest, node, false), p);
    verdicts[node.index] = v;
    if (v.mark === 'I') { add(node, true, v); continue; }
    if (node.own.visibleLeaves > 0) add(node, false, applyRules(ruleInput(forest, node, true), p));
    for (let k = shownChildren.length - 1; k >= 0; k--) stack.push(shownChildren[k]);
  }
  blocks.sort((a, b) => a.root.index - b.root.index || Number(a.whole) - Number(b.whole));
  blocks.forEach((b, k) => { b.index = k; });
  return { blocks, verdicts };
}
