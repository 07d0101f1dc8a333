/**
 * Paper 003 (Qi & Sun, "Eliminating noisy information in webpage through heuristic rules"),
 * §3.2 and §3.3.3: the satisfiable sub-tree and the maximal satisfiable sub-tree set.
 *
 * For every non-empty text node, go up G generations to its pgNode. A pgNode is *satisfiable*
 * when (1) among its descendants within G generations there is a text node with
 * LENGTH ≥ α, and (2) over all text nodes of its subtree SL_text ≥ β and SL_anchor ≤ γ·SL_text.
 * The satisfiable pgNodes form SST; dropping every one contained in another gives
 * ROOT(SST_max), whose subtrees are the topic content (labelled CONTENT here).
 *
 * Faithful to the paper, with these choices where it is silent or where thresher differs:
 *  - LENGTH is the CJK-weighted rendered length of text/measure.ts (whitespace runs count 1,
 *    a CJK character counts CJK_WEIGHT), so α and β, set on Chinese portals by the authors
 *    but read by us as Latin characters, do not penalise CJK pages. SL_text and SL_anchor are
 *    sums of text-node lengths (element feature ownTextLen summed over the subtree), exactly
 *    as the paper's Σ, not the rendered textLen (which adds separators).
 *  - "anchor text node": a text node inside <a href> (the same rule as the linkTextLen feature).
 *  - "In G-generation child node": text nodes at depth 1..G below the pgNode.
 *  - The traversal starts at <body> as the paper's getTheme() does; a text node closer than G
 *    generations to the body climbs no higher than the body.
 *  - Hidden elements, script, style and comments are already pruned by the parser (the paper's
 *    §3.3.2 filtering step).
 *
 * Linear time: one pass measures each element's longest direct text node and pushes it up at
 * most G−1 levels (the G-limited maximum), one reverse pass sums SL_text and SL_anchor per
 * subtree, one pass evaluates each element that holds text, and one pre-order pass keeps the
 * maximal roots using the pre-order subtree ranges [id, id + tags]. No recursion: 100,000-deep
 * pages are fine.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { measureText, type TextMeasure } from '../text/measure.js';
import { CONTENT, Labels } from './labels.js';

export interface SatisfiableParams {
  /** Generations to climb from a text node to its pgNode, and to search below it for condition 1. */
  G: number;
  /** Condition 1: some text node within G generations has LENGTH ≥ α. */
  alpha: number;
  /** Condition 2: SL_text ≥ β. */
  beta: number;
  /** Condition 2: SL_anchor ≤ γ·SL_text (0 ≤ γ ≤ 1). */
  gamma: number;
}

/** The paper's values (§4: "when the value of G, α, β, γ is 2, 40, 100, 0.3"), found on 4 Chinese portals. */
export const SATISFIABLE_PARAMS: Readonly<SatisfiableParams> = Object.freeze({ G: 2, alpha: 40, beta: 100, gamma: 0.3 });

/** Per-element quantities of paper 003, indexed by element id. */
export interface SatisfiableMeasures {
  /** Longest text node at depth 1..G below the element. */
  maxNearText: Float64Array;
  /** SL_text: sum of the lengths of all text nodes of the subtree. */
  slText: Float64Array;
  /** SL_anchor: sum of the lengths of the anchor text nodes of the subtree. */
  slAnchor: Float64Array;
}

export interface SatisfiableResult {
  /** Element ids of the satisfiable pgNodes (SST roots), ascending (document order). */
  sst: number[];
  /** Element ids of ROOT(SST_max), ascending. */
  roots: number[];
  measures: SatisfiableMeasures;
}

function isLink(el: DomElement): boolean {
  return el.tag === 'a' && el.attr('href') !== undefined;
}

/** The element the traversal starts at: the body, else the document root. */
function startOf(doc: DomDocument): DomElement {
  return doc.body ?? doc.root;
}

/** Computes LENGTH maxima within G generations and the SL_text / SL_anchor sums, in linear time. */
export function satisfiableMeasures(doc: DomDocument, G: number): SatisfiableMeasures {
  const els = doc.elements;
  const n = els.length;
  const maxNearText = new Float64Array(n), slText = new Float64Array(n), slAnchor = new Float64Array(n);
  const inAnchor = new Uint8Array(n);
  const m: TextMeasure = { len: 0, words: 0, punct: 0, commas: 0 };
  const up = Math.max(0, Math.floor(G) - 1);
  // Pre-order: parents before children, so the anchor flag is inherited top-down.
  for (let i = 0; i < n; i++) {
    const el = els[i];
    const p = el.parent;
    inAnchor[i] = isLink(el) || (p !== null && inAnchor[p.id] === 1) ? 1 : 0;
    if (el.ownTextLen === 0) continue;
    slText[i] = el.ownTextLen;
    if (inAnchor[i]) slAnchor[i] = el.ownTextLen;
    if (G < 1) continue;
    let own = 0;
    const ch = el.children;
    for (let j = 0; j < ch.length; j++) {
      const c = ch[j];
      if (c.kind === 3) { const len = measureText(c.data, m).len; if (len > own) own = len; }
    }
    // A direct text child is at depth 1 below el, depth k+1 below its k-th ancestor.
    let a: DomElement | null = el;
    for (let k = 0; k <= up && a; k++, a = a.parent) if (own > maxNearText[a.id]) maxNearText[a.id] = own;
  }
  // Reverse pre-order: children before parents.
  for (let i = n - 1; i > 0; i--) {
    const p = els[i].parent;
    if (p) { slText[p.id] += slText[i]; slAnchor[p.id] += slAnchor[i]; }
  }
  return { maxNearText, slText, slAnchor };
}

/** Conditions (1) and (2) of §3.2 for the subtree rooted at element `id`. */
export function isSatisfiable(id: number, ms: SatisfiableMeasures, p: SatisfiableParams): boolean {
  const t = ms.slText[id];
  return ms.maxNearText[id] >= p.alpha && t >= p.beta && ms.slAnchor[id] <= p.gamma * t;
}

/** SST and ROOT(SST_max) of a page. */
export function satisfiableSubtrees(doc: DomDocument, params: Partial<SatisfiableParams> = {}): SatisfiableResult {
  const p: SatisfiableParams = { ...SATISFIABLE_PARAMS, ...params };
  const ms = satisfiableMeasures(doc, p.G);
  const els = doc.elements;
  const start = startOf(doc);
  const end = start.id + start.tags;
  const sat = new Uint8Array(els.length);
  const climb = Math.max(0, Math.floor(p.G) - 1);
  for (let i = start.id; i <= end; i++) {
    const el = els[i];
    if (el.ownTextLen === 0) continue; // no non-empty text node child
    // The text node's parent is generation 1; climb G−1 more, never above the start.
    let pg = el;
    for (let k = 0; k < climb && pg !== start && pg.parent; k++) pg = pg.parent;
    if (sat[pg.id] === 0 && isSatisfiable(pg.id, ms, p)) sat[pg.id] = 1;
  }
  const sst: number[] = [], roots: number[] = [];
  let coveredTo = -1;
  for (let i = start.id; i <= end; i++) {
    if (sat[i] === 0) continue;
    sst.push(i);
    if (i <= coveredTo) continue; // inside a satisfiable ancestor: not maximal
    roots.push(i);
    coveredTo = i + els[i].tags;
  }
  return { sst, roots, measures: ms };
}

/** Paper 003 labeler: the subtrees of ROOT(SST_max) are the topic content. */
export function labelSatisfiable(doc: DomDocument, params: Partial<SatisfiableParams> = {}): Labels {
  const labels = new Labels(doc);
  if (doc.elements.length === 0) return labels;
  const { roots, measures: ms } = satisfiableSubtrees(doc, params);
  for (const id of roots) {
    const t = ms.slText[id];
    labels.set(doc.elements[id], CONTENT,
      `maximal satisfiable sub-tree: longest near text ${ms.maxNearText[id]}, SL_text ${t}, SL_anchor ${ms.slAnchor[id]} (${(t ? ms.slAnchor[id] / t : 0).toFixed(2)})`);
  }
  return labels;
}
