/**
 * Mapping a page onto a Site Style Tree: which of its parts are noise, which are meaningful, and
 * which the tree cannot say (left to the page-level extractor).
 *
 * Paper 001 (Yi, Liu, Li, KDD 2003), §3.3, the mapping algorithm on the simplified SST: walk the
 * page's tree and the SST together from the root; where the SST node is (maximal) noisy the page's
 * subtree is noise; where it is meaningful the subtree is content; otherwise the page element's
 * child tag sequence is looked up among the node's style nodes and the walk goes on pairwise; a
 * part with no match is "possibly meaningful". §3.4 enhancement 3: inside a meaningful part,
 * elements whose features are all locally noisy are noise.
 *
 * Departures, and why:
 *   - No exact style match: the paper keeps the whole element as possibly meaningful, so one new
 *     block in `<body>` (a banner on today's page) hides every template part around it. Here the
 *     style node whose element keys overlap the page's children most (Dice ≥ 0.5 on the key
 *     multisets) is aligned with them by longest common subsequence of keys (greedy in-order
 *     matching beyond 10⁶ cells), aligned pairs are mapped on, and only the unaligned children are
 *     unmatched. Below Dice 0.5 the element is unmatched, as in the paper.
 *   - A page element on a node that never held content (`empty`), or that was seen on too few
 *     pages to judge (`uncertain`, style-importance.ts), is unmatched when it has content
 *     features now, and left alone otherwise.
 *   - The lists hold the outermost elements of each kind, in document order; everything inside
 *     one shares its kind. Elements on the matched path above them (SST nodes that hold both noise
 *     and content) are in none of the lists.
 *   - Locally noisy elements are searched among elements of at most 64 descendants (links,
 *     images, short inline runs), which bounds the work on a huge meaningful part.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { Labels, NOISE, CONTENT, UNSET } from '../page/labels.js';
import { elementChildren, elementKey, leafFeatures, leafFlags, pageTop } from './style-features.js';
import { SEQ_SEP } from './style-nodes.js';
import { checkDocument, type StyleTree, type StyleTreeElement } from './style-tree.js';
import { validateStyleTree } from './style-tree-validate.js';

export { validateStyleTree } from './style-tree-validate.js';

export interface StyleMapping {
  /** Outermost page elements mapped onto noisy SST nodes (template). */
  noisy: DomElement[];
  /** Outermost page elements mapped onto meaningful SST nodes (content). */
  meaningful: DomElement[];
  /**
   * Outermost page elements with no match in the SST, or matched to a node it cannot judge (seen
   * on too few pages, or never with content): possibly meaningful, for the page level.
   */
  unmatched: DomElement[];
  /**
   * Outermost elements of meaningful parts (or whole meaningful parts) whose features are all
   * locally noisy (enhancement 3): noise.
   */
  locallyNoisy: DomElement[];
  /** The composite importance of the SST node each noisy or meaningful element was mapped onto. */
  importance: Map<DomElement, number>;
  /** Pages the SST node was seen on, for the same elements. */
  pages: Map<DomElement, number>;
  threshold: number;
}

/** Largest LCS table filled; past it, children are aligned greedily. */
const MAX_LCS_CELLS = 1_000_000;
/** Least Dice overlap of element keys for an inexact style match. */
const MIN_DICE = 0.5;
/** Largest element (in descendants) tested for local noise. */
const MAX_LOCAL_TAGS = 64;

interface Compiled {
  /** Per element index: its styles by sequence key, built on first use. */
  bySeq: Array<Map<string, number> | undefined>;
  localNoise: Array<Set<string> | undefined>;
}
const compiledCache = new WeakMap<StyleTree, Compiled>();

function compile(tree: StyleTree): Compiled {
  let c = compiledCache.get(tree);
  if (!c) {
    validateStyleTree(tree);
    c = { bySeq: new Array(tree.elements.length), localNoise: new Array(tree.elements.length) };
    compiledCache.set(tree, c);
  }
  return c;
}

function stylesBySeq(tree: StyleTree, c: Compiled, ei: number): Map<string, number> {
  let m = c.bySeq[ei];
  if (!m) {
    m = new Map();
    for (const si of tree.elements[ei].styles) {
      const seq = tree.styles[si].elements.map((k) => tree.elements[k].key).join(SEQ_SEP);
      if (!m.has(seq)) m.set(seq, si);
    }
    c.bySeq[ei] = m;
  }
  return m;
}

function noiseSet(tree: StyleTree, c: Compiled, ei: number): Set<string> | null {
  const ln = tree.elements[ei].localNoise;
  if (!ln || ln.length === 0) return null;
  let s = c.localNoise[ei];
  if (!s) { s = new Set(ln); c.localNoise[ei] = s; }
  return s;
}

/** The page element holds content features now (the same features the learner counts). */
const hasContent = (d: DomElement, dropFunctionWords: boolean): boolean =>
  (d.textLen > 0 || d.images > 0 || d.links > 0) && leafFeatures(d, dropFunctionWords).size > 0;

/** Longest common subsequence of two key lists, as index pairs; greedy in-order matching when too big. */
export function alignKeys(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length, m = b.length;
  const pairs: Array<[number, number]> = [];
  if ((n + 1) * (m + 1) > MAX_LCS_CELLS) return alignGreedy(a, b);
  const w = m + 1;
  const L = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      L[i * w + j] = a[i] === b[j] ? L[(i + 1) * w + j + 1] + 1 : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
    }
  }
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) { pairs.push([i, j]); i++; j++; }
    else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** Positions of each key, in order. */
function positions(xs: readonly string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  xs.forEach((k, i) => { let l = at.get(k); if (!l) { l = []; at.set(k, l); } l.push(i); });
  return at;
}

/** First entry of the sorted list `l` that is ≥ x, or -1. */
function firstAtLeast(l: number[] | undefined, x: number): number {
  if (!l) return -1;
  let lo = 0, hi = l.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (l[mid] < x) lo = mid + 1; else hi = mid; }
  return lo < l.length ? l[lo] : -1;
}

/**
 * A common subsequence in O((n + m) log) for lists too big for the table: equal heads pair;
 * otherwise the side whose head reappears sooner on the other side waits, and the other skips.
 */
function alignGreedy(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const inA = positions(a), inB = positions(b);
  const pairs: Array<[number, number]> = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { pairs.push([i, j]); i++; j++; continue; }
    const jb = firstAtLeast(inB.get(a[i]), j), ia = firstAtLeast(inA.get(b[j]), i);
    if (jb < 0 && ia < 0) { i++; j++; }
    else if (jb < 0) i++;
    else if (ia < 0) j++;
    else if (jb - j <= ia - i) j = jb;
    else i = ia;
  }
  return pairs;
}

/** The style node of `e` that best fits `keys` when none matches exactly (see the header), or -1. */
function closestStyle(tree: StyleTree, e: StyleTreeElement, keys: readonly string[]): number {
  const count = new Map<string, number>();
  for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  let best = -1, bestDice = 0;
  for (const si of e.styles) {
    const st = tree.styles[si];
    if (st.elements.length === 0) continue;
    const used = new Map<string, number>();
    let overlap = 0;
    for (const ci of st.elements) {
      const k = tree.elements[ci].key;
      const u = used.get(k) ?? 0;
      if (u < (count.get(k) ?? 0)) { overlap++; used.set(k, u + 1); }
    }
    const dice = (2 * overlap) / (keys.length + st.elements.length);
    if (dice > bestDice + 1e-12 || (best >= 0 && Math.abs(dice - bestDice) <= 1e-12 && st.pages > tree.styles[best].pages)) {
      best = si; bestDice = dice;
    }
  }
  return bestDice >= MIN_DICE ? best : -1;
}

/**
 * Maps a page (parsed and annotated with computeFeatures) onto a style tree. Every element of the
 * page ends up inside a noisy, a meaningful or an unmatched element, or on the matched path above
 * them.
 */
export function mapStyleTree(tree: StyleTree, doc: DomDocument): StyleMapping {
  const c = compile(tree);
  checkDocument(doc, 'mapStyleTree');
  const t = tree.threshold;
  const leaf = leafFlags(doc, tree.options.virtualLeaves);
  const top = pageTop(doc);
  const out: StyleMapping = { noisy: [], meaningful: [], unmatched: [], locallyNoisy: [], importance: new Map(), pages: new Map(), threshold: t };
  const decide = (d: DomElement, imp: number, pages: number, ei: number): void => {
    out.importance.set(d, imp);
    out.pages.set(d, pages);
    if (imp < t) { out.noisy.push(d); return; }
    const noise = noiseSet(tree, c, ei);
    if (noise && allLocallyNoisy(d, noise, tree.options.dropFunctionWords)) { out.locallyNoisy.push(d); return; }
    out.meaningful.push(d);
    if (noise) findLocalNoise(d, noise, tree.options.dropFunctionWords, out.locallyNoisy);
  };
  const stack: Array<[number, DomElement | null]> = [[tree.root, null]];
  while (stack.length) {
    const [ei, d] = stack.pop()!;
    const e = tree.elements[ei];
    if (d !== null && e.mark !== 'mixed') {
      if (e.mark === 'empty' || e.mark === 'uncertain') { if (hasContent(d, tree.options.dropFunctionWords)) out.unmatched.push(d); continue; }
      // A noisy or meaningful node has an importance by construction; a damaged file may say otherwise.
      decide(d, e.imp ?? (e.mark === 'noisy' ? 0 : 1), e.pages, ei);
      continue;
    }
    const isLeaf = d !== null && leaf[d.id] === 1;
    const kids = d === null ? [top] : isLeaf ? [] : elementChildren(d);
    const keys = kids.map(elementKey);
    const si = stylesBySeq(tree, c, ei).get(keys.join(SEQ_SEP));
    if (si !== undefined) {
      const st = tree.styles[si];
      if (st.elements.length === 0) {
        if (st.imp === null || st.pages < tree.evidencePages) { if (d && hasContent(d, tree.options.dropFunctionWords)) out.unmatched.push(d); }
        else decide(d!, st.imp, st.pages, ei);
        continue;
      }
      for (let i = kids.length - 1; i >= 0; i--) stack.push([st.elements[i], kids[i]]);
      continue;
    }
    const best = kids.length ? closestStyle(tree, e, keys) : -1;
    if (best < 0) { out.unmatched.push(d ?? top); continue; }
    const st = tree.styles[best];
    const pairs = alignKeys(keys, st.elements.map((k) => tree.elements[k].key));
    const paired = new Uint8Array(kids.length);
    for (let p = pairs.length - 1; p >= 0; p--) {
      const [i, j] = pairs[p];
      paired[i] = 1;
      stack.push([st.elements[j], kids[i]]);
    }
    for (let i = 0; i < kids.length; i++) if (!paired[i]) out.unmatched.push(kids[i]);
  }
  const byId = (a: DomElement, b: DomElement): number => a.id - b.id;
  out.noisy.sort(byId); out.meaningful.sort(byId); out.unmatched.sort(byId); out.locallyNoisy.sort(byId);
  return out;
}

/** A small element whose features are all locally noisy (and that has some). */
function allLocallyNoisy(x: DomElement, noise: Set<string>, dropFunctionWords: boolean): boolean {
  if (x.tags > MAX_LOCAL_TAGS || (x.textLen === 0 && x.images === 0 && x.links === 0)) return false;
  const f = leafFeatures(x, dropFunctionWords);
  if (f.size === 0) return false;
  for (const k of f.keys()) if (!noise.has(k)) return false;
  return true;
}

/** Enhancement 3: the outermost small elements inside `root` whose features are all locally noisy. */
function findLocalNoise(root: DomElement, noise: Set<string>, dropFunctionWords: boolean, out: DomElement[]): void {
  const stack: DomElement[] = [];
  const push = (el: DomElement): void => {
    const ch = el.children;
    for (let i = ch.length - 1; i >= 0; i--) { const x = ch[i]; if (x.kind === 1) stack.push(x); }
  };
  push(root);
  while (stack.length) {
    const x = stack.pop()!;
    if (allLocallyNoisy(x, noise, dropFunctionWords)) { out.push(x); continue; }
    push(x);
  }
}

function fmt(x: number): string {
  return x.toFixed(3);
}

/**
 * The mapping as a labels overlay: NOISE on noisy elements and on locally noisy ones, CONTENT on
 * meaningful ones (each with the reason and importance), UNSET on unmatched ones (their reason
 * says they are left to the page level).
 */
export function styleTreeLabels(tree: StyleTree, doc: DomDocument): Labels {
  const m = mapStyleTree(tree, doc);
  const labels = new Labels(doc);
  const t = fmt(m.threshold), n = tree.pages;
  for (const el of m.noisy) {
    labels.set(el, NOISE, `style tree: noisy template part (importance ${fmt(m.importance.get(el)!)} < threshold ${t}; on ${m.pages.get(el)} of ${n} pages)`);
  }
  for (const el of m.meaningful) {
    labels.set(el, CONTENT, `style tree: meaningful part (importance ${fmt(m.importance.get(el)!)} ≥ threshold ${t}; on ${m.pages.get(el)} of ${n} pages)`);
  }
  for (const el of m.locallyNoisy) labels.set(el, NOISE, 'style tree: locally noisy features inside a meaningful part');
  for (const el of m.unmatched) labels.set(el, UNSET, 'style tree: no match in the site style tree (possibly meaningful; left to the page level)');
  return labels;
}
