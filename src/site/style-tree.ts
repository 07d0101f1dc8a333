/**
 * Learning a Site Style Tree (SST) from a site's pages, as plain versioned JSON.
 *
 * Paper 001 (Yi, Liu, Li, "Eliminating noisy information in web pages for data mining", KDD 2003):
 *   - §3.1: the style tree; each page's DOM tree is merged into it top-down from a virtual root
 *     above `<body>`: where a page's sequence of child tags under an element node matches one of
 *     its style nodes, that style node's page count rises by one and merging goes on below; where
 *     it does not, a new style node is made and the page's subtree is copied under it
 *     (`StyleTreeBuilder.add`);
 *   - §3.2–3.3: importance, marking, the threshold (style-importance.ts), leaf entropy
 *     (style-leaf-stats.ts);
 *   - §3.3: the simplified SST: everything below maximal noisy and maximal meaningful nodes is
 *     cut (`serialise`); that is what is stored and mapped (style-map.ts);
 *   - §3.4: element-node merging (style-merge.ts), virtual leaf nodes (style-features.ts),
 *     locally noisy features (style-importance.ts).
 *
 * Departures, and why:
 *   - Pages are counted once: a replica (same tags, attributes and text under `<body>`) says
 *     nothing about what varies and would inflate every count. Fewer than two distinct pages give
 *     E_SITE_SAMPLE: a style tree of one page marks everything meaningful.
 *   - Memory: a page is merged and dropped (`StyleTreeBuilder`), so learning holds the tree, not
 *     the pages; leaves hold bounded feature samples (style-leaf-stats.ts). The tree still grows
 *     with every page whose layout is new (an article with one more paragraph is a new style),
 *     so site models learn it from a bounded, hash-chosen sample of page skeletons
 *     (`pageSkeleton`, site/model.ts `maxStylePages`; paper 001: 500 pages were enough).
 *   - Order independence: the tree is the same for the same pages in any order (property-tested):
 *     style nodes are kept in sequence order, counts are integers, merging runs on the finished
 *     tree, and the JSON lists nodes in a canonical breadth-first order.
 *   - Each element node of the JSON keeps its composite importance, its mark and page count, so a
 *     mapping can say why a part of a page is noise.
 */
import { ThresherError } from '../errors.js';
import type { DomDocument, DomElement } from '../dom/node.js';
import { elementChildren, elementKey, leafFeatures, leafFlags, pageFingerprint, pageTop } from './style-features.js';
import { FeatureSample } from './style-leaf-stats.js';
import { ElementNode, LEAF_SEQ, SEQ_SEP, StyleNode, postOrder, type Mark } from './style-nodes.js';
import { mergeElementNodes } from './style-merge.js';
import { chooseThreshold, computeImportance, localNoise, markNodes, type ThresholdChoice } from './style-importance.js';

export const STYLE_TREE_KIND = 'thresher.style-tree';
export const STYLE_TREE_VERSION = 1;

export interface StyleTreeOptions {
  /** γ, the attenuating factor of composite importance (paper: 0.9). */
  gamma: number;
  /** The noise threshold t, or 'auto' to derive it from the data (style-importance.ts). */
  threshold: number | 'auto';
  /** Enhancement 2: parents of leaf tags are the leaves (style-features.ts). */
  virtualLeaves: boolean;
  /** Enhancement 1: merge similar element nodes across style nodes (style-merge.ts). */
  mergeElements: boolean;
  /** λ: share of a node's pages a feature must appear on to be characteristic. */
  mergeMinDocShare: number;
  /** σ: overlap coefficient of characteristic sets at which two element nodes merge. */
  mergeMinSimilarity: number;
  /** Enhancement 3: locally noisy features inside meaningful nodes. */
  localNoise: boolean;
  /** A locally noisy feature appears on at least this many pages. */
  localNoiseMinPages: number;
  /** Leave function words out of the leaf features. */
  dropFunctionWords: boolean;
  /** Distinct features kept per leaf (a bottom-k sample beyond it). */
  maxLeafFeatures: number;
  /** Pages a node must be seen on to be noisy or meaningful (style-importance.ts, "Evidence"). */
  minEvidencePages: number;
}

export const DEFAULT_STYLE_TREE_OPTIONS: Readonly<StyleTreeOptions> = Object.freeze({
  gamma: 0.9,
  threshold: 'auto',
  virtualLeaves: true,
  mergeElements: true,
  mergeMinDocShare: 0.5,
  mergeMinSimilarity: 0.5,
  localNoise: true,
  localNoiseMinPages: 3,
  dropFunctionWords: true,
  maxLeafFeatures: 1024,
  minEvidencePages: 3,
});

/** One element node of the simplified SST. */
export interface StyleTreeElement {
  /** Tag and display attributes (style-features.ts `elementKey`). */
  key: string;
  /** Pages that contain it. */
  pages: number;
  /** Composite importance; null when no page held a content feature below it. */
  imp: number | null;
  /**
   * noisy / meaningful (maximal, nothing stored below) · mixed (look below) · empty (no content)
   * · uncertain (seen on too few pages to say: left to the page level).
   */
  mark: Mark;
  /** Child style nodes (indices into `styles`); empty below the cut. */
  styles: number[];
  /** Locally noisy features (meaningful nodes, and mixed nodes that are leaves on some pages). */
  localNoise?: string[];
}

/** One style node: a sequence of element nodes (indices into `elements`); [] is the leaf style. */
export interface StyleTreeStyle {
  pages: number;
  imp: number | null;
  elements: number[];
}

export interface StyleTree {
  kind: typeof STYLE_TREE_KIND;
  version: typeof STYLE_TREE_VERSION;
  /** Distinct pages learned from. */
  pages: number;
  learnedFrom: { inputs: number; duplicates: number };
  options: StyleTreeOptions;
  /** The noise threshold t, and how it was chosen. */
  threshold: number;
  thresholdRule: ThresholdChoice;
  /** Pages a node was needed on to be noisy or meaningful: min(options.minEvidencePages, pages). */
  evidencePages: number;
  /** Index of the virtual root (always 0): its styles hold the page's top element. */
  root: number;
  elements: StyleTreeElement[];
  styles: StyleTreeStyle[];
  /** Sizes of the full SST before simplification, and of the result. */
  counts: {
    elementNodes: number; styleNodes: number; mergedElementNodes: number;
    maximalNoisy: number; maximalMeaningful: number; keptElements: number;
  };
}

export function resolveStyleTreeOptions(options: Partial<StyleTreeOptions> = {}): StyleTreeOptions {
  const o: StyleTreeOptions = { ...DEFAULT_STYLE_TREE_OPTIONS, ...stripUndefined(options) };
  const unit = (name: string, v: number, open = false): void => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1 || (open && (v === 0 || v === 1))) {
      throw new ThresherError('E_BAD_OPTION', `style tree option ${name} must be a number in ${open ? '(0, 1)' : '[0, 1]'}, got ${String(v)}`);
    }
  };
  unit('gamma', o.gamma, true);
  if (o.threshold !== 'auto') unit('threshold', o.threshold);
  unit('mergeMinDocShare', o.mergeMinDocShare);
  unit('mergeMinSimilarity', o.mergeMinSimilarity);
  if (!Number.isInteger(o.maxLeafFeatures) || o.maxLeafFeatures < 1) {
    throw new ThresherError('E_BAD_OPTION', `style tree option maxLeafFeatures must be an integer ≥ 1, got ${String(o.maxLeafFeatures)}`);
  }
  if (!Number.isInteger(o.minEvidencePages) || o.minEvidencePages < 1) {
    throw new ThresherError('E_BAD_OPTION', `style tree option minEvidencePages must be an integer ≥ 1, got ${String(o.minEvidencePages)}`);
  }
  if (!Number.isInteger(o.localNoiseMinPages) || o.localNoiseMinPages < 2) {
    throw new ThresherError('E_BAD_OPTION', `style tree option localNoiseMinPages must be an integer ≥ 2, got ${String(o.localNoiseMinPages)}`);
  }
  for (const b of ['virtualLeaves', 'mergeElements', 'localNoise', 'dropFunctionWords'] as const) {
    if (typeof o[b] !== 'boolean') throw new ThresherError('E_BAD_OPTION', `style tree option ${b} must be a boolean`);
  }
  return o;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** The key of the page's top element as the virtual root sees it. */
export const ROOT_KEY = '#root';

/** Requires computeFeatures to have run: ids index `elements`. */
export function checkDocument(doc: DomDocument, who: string): void {
  const els = doc?.elements;
  if (!els || els.length === 0 || els[doc.root.id] !== doc.root) {
    throw new ThresherError('E_BAD_OPTION', `${who}: the document has no element index; run computeFeatures(doc) after parseHtml`);
  }
}

/**
 * What merging needs of a page, without the page: the replica fingerprint, the child-key
 * sequence of every element the merge visits (pre-order from the virtual root; null for a leaf),
 * and each leaf's features with their counts. SiteSample keeps these for a bounded, hash-chosen
 * sample of pages instead of merging every page as it comes (site/model.ts).
 */
export interface PageSkeleton {
  fingerprint: string;
  seqs: (string | null)[];
  features: string[][];
  counts: Int32Array[];
}

/** A page's skeleton (see PageSkeleton), in the order StyleTreeBuilder merges it. Iterative. */
export function pageSkeleton(doc: DomDocument, options: Pick<StyleTreeOptions, 'virtualLeaves' | 'dropFunctionWords'>): PageSkeleton {
  checkDocument(doc, 'pageSkeleton');
  const top = pageTop(doc);
  const leaf = leafFlags(doc, options.virtualLeaves);
  const sk: PageSkeleton = { fingerprint: pageFingerprint(top), seqs: [], features: [], counts: [] };
  const stack: Array<DomElement | null> = [null];
  while (stack.length) {
    const el = stack.pop()!;
    if (el !== null && leaf[el.id]) {
      const m = leafFeatures(el, options.dropFunctionWords);
      sk.seqs.push(null);
      sk.features.push([...m.keys()]);
      sk.counts.push(Int32Array.from(m.values()));
      continue;
    }
    const kids = el === null ? [top] : elementChildren(el);
    sk.seqs.push(kids.map(elementKey).join(SEQ_SEP));
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return sk;
}

/**
 * Builds an SST one page at a time: `add` merges a page into the tree and keeps nothing of it
 * but its fingerprint, `finish` computes importances and returns the simplified SST.
 */
export class StyleTreeBuilder {
  readonly options: StyleTreeOptions;
  private readonly root = new ElementNode(ROOT_KEY);
  private readonly seen = new Set<string>();
  private inputs = 0;
  private finished = false;

  constructor(options: Partial<StyleTreeOptions> = {}) {
    this.options = resolveStyleTreeOptions(options);
  }

  /** Distinct pages merged so far. */
  get pages(): number { return this.seen.size; }

  /** Merges one page (paper 001 §3.1). Returns false for a replica of a page already merged. */
  add(doc: DomDocument): boolean {
    if (this.finished) throw new ThresherError('E_BAD_OPTION', 'StyleTreeBuilder.add after finish: make a new builder');
    checkDocument(doc, 'StyleTreeBuilder.add');
    return this.addSkeleton(pageSkeleton(doc, this.options));
  }

  /**
   * Merges one page given as its skeleton (pageSkeleton, made with this builder's virtualLeaves
   * and dropFunctionWords): the same as add(doc) for the page it was made from.
   */
  addSkeleton(sk: PageSkeleton): boolean {
    if (this.finished) throw new ThresherError('E_BAD_OPTION', 'StyleTreeBuilder.add after finish: make a new builder');
    this.inputs++;
    if (this.seen.has(sk.fingerprint)) return false;
    this.seen.add(sk.fingerprint);
    const { maxLeafFeatures } = this.options;
    const stack: ElementNode[] = [this.root];
    let i = 0, li = 0;
    while (stack.length) {
      const node = stack.pop()!;
      node.pages++;
      const seq = sk.seqs[i++];
      if (seq === null) {
        let s = node.styles.get(LEAF_SEQ);
        if (!s) { s = new StyleNode(LEAF_SEQ, []); node.addStyle(s); }
        s.pages++;
        node.leaf ??= new FeatureSample(maxLeafFeatures);
        const f = sk.features[li], c = sk.counts[li++];
        const counts = new Map<string, number>();
        for (let k = 0; k < f.length; k++) counts.set(f[k], c[k]);
        node.leaf.addPage(counts);
        continue;
      }
      let s = node.styles.get(seq);
      if (!s) { s = new StyleNode(seq, seq.split(SEQ_SEP).map((k) => new ElementNode(k))); node.addStyle(s); }
      s.pages++;
      for (let k = s.elems.length - 1; k >= 0; k--) stack.push(s.elems[k]);
    }
    return true;
  }

  /** Importances, threshold, marking, simplification. The builder cannot be used afterwards. */
  finish(): StyleTree {
    if (this.finished) throw new ThresherError('E_BAD_OPTION', 'StyleTreeBuilder.finish called twice');
    const pages = this.seen.size;
    if (pages < 2) {
      throw new ThresherError('E_SITE_SAMPLE',
        `learnStyleTree: a site style tree is what pages share; need at least 2 distinct pages, got ${pages} (${this.inputs - pages} duplicates of ${this.inputs} inputs)`,
        { pages, inputs: this.inputs });
    }
    this.finished = true;
    const o = this.options;
    const before = countNodes(this.root);
    const merged = o.mergeElements ? mergeElementNodes(this.root, o) : 0;
    const order = postOrder(this.root);
    const evidencePages = Math.min(o.minEvidencePages, pages);
    computeImportance(this.root, o.gamma, order);
    const rule = chooseThreshold(this.root, o.threshold, evidencePages, order);
    markNodes(this.root, rule.threshold, evidencePages, order);
    return serialise(this.root, {
      pages, inputs: this.inputs, options: o, rule, before, merged, evidencePages,
    });
  }
}

/** Sizes of the tree before merging: it is still a tree then, so a plain walk counts it. */
function countNodes(root: ElementNode): { elements: number; styles: number } {
  let elements = 0, styles = 0;
  const stack = [root];
  while (stack.length) {
    const e = stack.pop()!;
    elements++;
    styles += e.styles.size;
    for (const s of e.styles.values()) for (const c of s.elems) stack.push(c);
  }
  return { elements, styles };
}

interface SerialiseContext {
  pages: number;
  inputs: number;
  options: StyleTreeOptions;
  rule: ThresholdChoice;
  before: { elements: number; styles: number };
  merged: number;
  evidencePages: number;
}

/** The simplified SST as JSON: breadth-first from the root, styles in sequence order, cut below maximal nodes. */
function serialise(root: ElementNode, cx: SerialiseContext): StyleTree {
  const t = cx.rule.threshold;
  const order: ElementNode[] = [root];
  const index = new Map<ElementNode, number>([[root, 0]]);
  // The root's mark is computed like any node's, but it is never a page element: it stays open.
  const cut = (e: ElementNode): boolean => e !== root && e.mark !== 'mixed';
  for (let i = 0; i < order.length; i++) {
    const e = order[i];
    if (cut(e)) continue;
    for (const s of e.styleList()) {
      for (const c of s.elems) {
        if (!index.has(c)) { index.set(c, order.length); order.push(c); }
      }
    }
  }
  const elements: StyleTreeElement[] = [];
  const styles: StyleTreeStyle[] = [];
  let maximalNoisy = 0, maximalMeaningful = 0;
  for (const e of order) {
    const out: StyleTreeElement = { key: e.key, pages: e.pages, imp: e.imp, mark: e === root ? 'mixed' : e.mark, styles: [] };
    if (e !== root && e.mark === 'noisy') maximalNoisy++;
    if (e !== root && e.mark === 'meaningful') maximalMeaningful++;
    if (!cut(e)) {
      for (const s of e.styleList()) {
        out.styles.push(styles.length);
        styles.push({ pages: s.pages, imp: s.imp, elements: s.elems.map((c) => index.get(c)!) });
      }
    }
    if (cx.options.localNoise && e !== root) {
      let ln: string[] = [];
      if (e.mark === 'meaningful') ln = localNoise(e, t, cx.options.localNoiseMinPages);
      else if (e.mark === 'mixed' && e.leaf) ln = localNoise(e, t, cx.options.localNoiseMinPages, true);
      if (ln.length) out.localNoise = ln;
    }
    elements.push(out);
  }
  return {
    kind: STYLE_TREE_KIND,
    version: STYLE_TREE_VERSION,
    pages: cx.pages,
    learnedFrom: { inputs: cx.inputs, duplicates: cx.inputs - cx.pages },
    options: { ...cx.options },
    threshold: t,
    thresholdRule: cx.rule,
    evidencePages: cx.evidencePages,
    root: 0,
    elements,
    styles,
    counts: {
      elementNodes: cx.before.elements, styleNodes: cx.before.styles, mergedElementNodes: cx.merged,
      maximalNoisy, maximalMeaningful, keptElements: elements.length,
    },
  };
}

/**
 * Learns the simplified Site Style Tree of one site from its pages (parsed with parseHtml and
 * annotated with computeFeatures). The same pages in any order give the same tree.
 */
export function learnStyleTree(docs: readonly DomDocument[], options: Partial<StyleTreeOptions> = {}): StyleTree {
  if (!Array.isArray(docs)) throw new ThresherError('E_BAD_OPTION', 'learnStyleTree: docs must be an array of DomDocument');
  const b = new StyleTreeBuilder(options);
  for (const d of docs) b.add(d);
  return b.finish();
}
