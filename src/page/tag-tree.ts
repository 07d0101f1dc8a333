/**
 * Paper 000 (Zhang, Chen & Li, "A preprocessing framework and approach for web applications",
 * J. Web Eng. 2004): the markup tag tree (§3.1), block weight (§3.2, Algorithm 1), the
 * block-weighted feature vector (§3.2, Formula 2), page type (§4.1) and page cleaning (§4.2).
 *
 * Tag tree (§3.1). The nodes are the container elements (CONTAINER_TAGS: the paper's TABLE, TR,
 * TD, P, DIV plus the HTML5 sectioning/grouping elements) and the body as root. Every other
 * element — weighty tags, images, links, text — is an attribute of its nearest container
 * ancestor. The tree is a set of arrays indexed by block (pre-order) over the DomDocument, not a
 * copy of the DOM. Terms are words (measure.ts: a CJK character is one word).
 *
 * Block type (§3.1): hub when anchor terms / terms > hubBlock; else image when images / terms >
 * imageBlock; else topic. Departure: the counts are over the block's subtree (the visual chunk,
 * nested chunks included), not only the attributes attached to the node itself, so that a
 * sidebar widget (heading + list of links) is one hub block rather than a topic heading next to
 * hub list items. A block with images and no terms is an image block.
 *
 * Central area (§4.1 says it "can be identified by the attributes of the content blocks"; we
 * have no layout). Departure, structural definition: (a) blocks whose markup declares them
 * peripheral — header / nav / footer / aside by tag, ARIA role or class words (boilerplate.ts) —
 * are outside it, unless one holds more than half of the page's terms or is an article header
 * with the headline; (b) from the body, descend the path of maximal term mass: move to the child
 * block with the most non-peripheral terms while it holds at least `centralShare` of its
 * parent's. The last block reached is the central root; the central area is its subtree minus
 * peripheral blocks.
 *
 * Page type (§4.1): the central area is partitioned top-down into maximal hub blocks, maximal
 * image blocks, and the text attached to topic blocks. Hub page when hub terms / central terms >
 * hubPage; else image page when image terms / central terms > imagePage (a central area with
 * images and no terms is an image page); else topic.
 *
 * Cleaning (§4.2), all inside the central area (outside it nothing is content):
 *  - topic page: the topic content tree — hub and image blocks are pruned;
 *  - hub page: the central hyperlinks — hub blocks are kept whole, leaf blocks and image blocks
 *    holding no link are pruned;
 *  - image page: images with their descriptive text — image blocks are kept whole (with their
 *    captions), hub blocks are pruned, a topic leaf block is kept only beside an image block.
 *
 * Block weight (Algorithm 1) and Formula 2 are exported for keyword extraction; see blockWeights.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS, CONTAINER_TAGS } from '../dom/tags.js';
import { measureText, type TextMeasure } from '../text/measure.js';
import type { PageType } from '../types.js';
import { boilerKind } from './boilerplate.js';
import { CONTENT, NOISE, UNSET, Labels } from './labels.js';

export interface TagTreeParams {
  /** A block is hub when its anchor terms exceed this share of its terms. */
  hubBlock: number;
  /** A block (not hub) is image when its images exceed this many per term. */
  imageBlock: number;
  /** A page is hub when hub blocks hold more than this share of the central area's terms. */
  hubPage: number;
  /** A page (not hub) is image when image blocks hold more than this share of central terms. */
  imagePage: number;
  /** The central path descends into the heaviest child block while it holds this share of its parent's terms. */
  centralShare: number;
}

/**
 * Defaults. The paper gives no numbers. hubBlock 0.5: a block is hub when most of its words are
 * link words (menus are near 1, prose with inline links under 0.3). imageBlock 0.1: more than one
 * image per ten words (a thumbnail with a short caption; an illustrated article has far fewer).
 * hubPage and imagePage 0.5: the majority of the central area's words. centralShare 0.7 was
 * chosen among 0.5–0.9 on wcxb-dev (ROUGE/word F1 of the tagtree labeler); see the test notes.
 */
export const TAG_TREE_PARAMS: Readonly<TagTreeParams> = Object.freeze({
  hubBlock: 0.5, imageBlock: 0.1, hubPage: 0.5, imagePage: 0.5, centralShare: 0.7,
});

export const TOPIC = 0;
export const HUB = 1;
export const IMAGE = 2;
export type BlockTypeCode = typeof TOPIC | typeof HUB | typeof IMAGE;
const TYPE_NAMES: PageType[] = ['topic', 'hub', 'image'];

/**
 * The markup tag tree: blocks in pre-order (block 0 is the root), as parallel arrays. The
 * subtree of block b is blocks [b, b + sub[b]]; its first child is b + 1, the next sibling of a
 * child c is c + sub[c] + 1.
 */
export interface TagTree {
  readonly doc: DomDocument;
  readonly size: number;
  /** Element of each block. */
  readonly el: DomElement[];
  /** Parent block, -1 for the root. */
  readonly parent: Int32Array;
  /** Number of descendant blocks. */
  readonly sub: Int32Array;
  /** Block of each element (nearest container ancestor-or-self), -1 outside the root. */
  readonly blockOf: Int32Array;
  /** Attributes attached to the block itself (not to nested blocks). */
  readonly ownTerms: Float64Array;
  readonly ownAnchorTerms: Float64Array;
  readonly ownImages: Float64Array;
  readonly ownLinks: Float64Array;
  /** Sum of the forces of the weighty tags attached to the block (pseudo-weighty filtered), 0 if none. */
  readonly ownForce: Float64Array;
  /** The same counts over the block's subtree. */
  readonly terms: Float64Array;
  readonly anchorTerms: Float64Array;
  readonly images: Float64Array;
  readonly links: Float64Array;
  /** TOPIC, HUB or IMAGE (§3.1). */
  readonly type: Uint8Array;
}

function isLink(el: DomElement): boolean {
  return el.tag === 'a' && el.attr('href') !== undefined;
}

/** Builds the tag tree of `doc` (features must be computed). Linear in the size of the page. */
export function buildTagTree(doc: DomDocument, params: Partial<TagTreeParams> = {}): TagTree {
  const p: TagTreeParams = { ...TAG_TREE_PARAMS, ...params };
  const els = doc.elements;
  const root = doc.body ?? doc.root;
  const first = root.id, last = root.id + root.tags;
  const blockOf = new Int32Array(els.length).fill(-1);
  const blockEls: DomElement[] = [];
  const parents: number[] = [];
  for (let i = first; i <= last; i++) {
    const el = els[i];
    if (i === first || CONTAINER_TAGS.has(el.tag)) {
      parents.push(i === first ? -1 : blockOf[el.parent!.id]);
      blockOf[i] = blockEls.length;
      blockEls.push(el);
    } else blockOf[i] = blockOf[el.parent!.id];
  }
  const size = blockEls.length;
  const t: TagTree = {
    doc, size, el: blockEls, parent: Int32Array.from(parents), sub: new Int32Array(size), blockOf,
    ownTerms: new Float64Array(size), ownAnchorTerms: new Float64Array(size), ownImages: new Float64Array(size),
    ownLinks: new Float64Array(size), ownForce: new Float64Array(size), terms: new Float64Array(size),
    anchorTerms: new Float64Array(size), images: new Float64Array(size), links: new Float64Array(size),
    type: new Uint8Array(size),
  };
  if (size === 0) return t;
  attachAttributes(t, first, last);
  aggregate(t);
  for (let b = 0; b < size; b++) t.type[b] = blockType(t, b, p);
  return t;
}

/** Counts terms, anchor terms, images and links attached to each block. */
function attachAttributes(t: TagTree, first: number, last: number): void {
  const els = t.doc.elements;
  const inAnchor = new Uint8Array(els.length);
  const m: TextMeasure = { len: 0, words: 0, punct: 0, commas: 0 };
  for (let i = first; i <= last; i++) {
    const el = els[i];
    const b = t.blockOf[i];
    const link = isLink(el);
    inAnchor[i] = link || (i !== first && inAnchor[el.parent!.id] === 1) ? 1 : 0;
    if (link) t.ownLinks[b]++;
    else if (el.tag === 'img') t.ownImages[b]++;
    if (el.ownTextLen === 0) continue;
    let words = 0;
    const ch = el.children;
    for (let j = 0; j < ch.length; j++) { const c = ch[j]; if (c.kind === 3) words += measureText(c.data, m).words; }
    t.ownTerms[b] += words;
    if (inAnchor[i]) t.ownAnchorTerms[b] += words;
  }
}

/** Subtree sums and sizes, children before parents; own force = the element's force minus its child blocks'. */
function aggregate(t: TagTree): void {
  const childForce = new Float64Array(t.size);
  for (let b = 0; b < t.size; b++) {
    t.terms[b] = t.ownTerms[b]; t.anchorTerms[b] = t.ownAnchorTerms[b];
    t.images[b] = t.ownImages[b]; t.links[b] = t.ownLinks[b];
  }
  for (let b = t.size - 1; b >= 0; b--) {
    const own = t.el[b].force - childForce[b];
    t.ownForce[b] = own > 1e-9 ? Math.round(own * 1e9) / 1e9 : 0;
    const q = t.parent[b];
    if (q < 0) continue;
    t.sub[q] += t.sub[b] + 1;
    t.terms[q] += t.terms[b]; t.anchorTerms[q] += t.anchorTerms[b];
    t.images[q] += t.images[b]; t.links[q] += t.links[b];
    childForce[q] += t.el[b].force;
  }
}

function blockType(t: TagTree, b: number, p: TagTreeParams): BlockTypeCode {
  const terms = t.terms[b];
  if (terms > 0 && t.anchorTerms[b] > p.hubBlock * terms) return HUB;
  if (t.images[b] > 0 && (terms === 0 || t.images[b] > p.imageBlock * terms)) return IMAGE;
  return TOPIC;
}

/** The child blocks of block b, in document order. */
export function childBlocks(t: TagTree, b: number): number[] {
  const out: number[] = [];
  for (let c = b + 1, end = b + t.sub[b]; c <= end; c += t.sub[c] + 1) out.push(c);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Central area and page type (§4.1)

const PERIPHERAL_KINDS = new Set(['nav', 'footer', 'header', 'aside']);

/**
 * Blocks whose markup declares them peripheral (outside the central area), with the kind; a
 * block is not peripheral when it holds over half of the page's terms or is an article header.
 */
export function peripheralBlocks(t: TagTree): (string | null)[] {
  const out: (string | null)[] = new Array(t.size).fill(null);
  const total = t.size ? t.terms[0] : 0;
  for (let b = 1; b < t.size; b++) {
    const el = t.el[b];
    const kind = boilerKind(el);
    if (!kind || !PERIPHERAL_KINDS.has(kind)) continue;
    if (t.terms[b] > 0.5 * total) continue;
    if (kind === 'header' && (insideArticle(el) || hasHeadline(t, b))) continue;
    out[b] = kind;
  }
  return out;
}

function insideArticle(el: DomElement): boolean {
  for (let q = el.parent; q; q = q.parent) if (q.tag === 'article' || q.tag === 'main') return true;
  return false;
}

function hasHeadline(t: TagTree, b: number): boolean {
  for (let c = b, end = b + t.sub[b]; c <= end; c++) if (t.el[c].tag === 'h1') return true;
  return false;
}

export interface CentralArea {
  /** The central root block. */
  root: number;
  /** Peripheral kind per block, null when not peripheral. */
  peripheral: (string | null)[];
  /** Terms per block subtree with peripheral subtrees left out. */
  mass: Float64Array;
}

/** The central area: peripheral blocks set aside, then the path of maximal term mass. */
export function centralArea(t: TagTree, params: Partial<TagTreeParams> = {}): CentralArea {
  const p: TagTreeParams = { ...TAG_TREE_PARAMS, ...params };
  const peripheral = peripheralBlocks(t);
  const mass = new Float64Array(t.size);
  for (let b = t.size - 1; b >= 0; b--) {
    if (peripheral[b]) { mass[b] = 0; continue; }
    mass[b] += t.ownTerms[b];
    if (t.parent[b] >= 0) mass[t.parent[b]] += mass[b];
  }
  let root = 0;
  while (t.size > 0 && mass[root] > 0) {
    let best = -1;
    for (const c of childBlocks(t, root)) if (best < 0 || mass[c] > mass[best]) best = c;
    if (best < 0 || mass[best] < p.centralShare * mass[root]) break;
    root = best;
  }
  return { root, peripheral, mass };
}

export interface PageTypeDecision {
  pageType: PageType;
  /** Terms of the central area in maximal hub blocks, maximal image blocks, and topic blocks. */
  hubTerms: number;
  imageTerms: number;
  topicTerms: number;
  /** Images in the central area. */
  images: number;
}

/** §4.1: the page type from the types of the central blocks. */
export function decidePageType(t: TagTree, area: CentralArea, params: Partial<TagTreeParams> = {}): PageTypeDecision {
  const p: TagTreeParams = { ...TAG_TREE_PARAMS, ...params };
  let hubTerms = 0, imageTerms = 0, topicTerms = 0, images = 0;
  if (t.size === 0) return { pageType: 'topic', hubTerms, imageTerms, topicTerms, images };
  const stack = [area.root];
  while (stack.length) {
    const b = stack.pop()!;
    if (area.peripheral[b]) continue;
    if (t.type[b] === HUB) { hubTerms += area.mass[b]; continue; }
    if (t.type[b] === IMAGE) { imageTerms += area.mass[b]; images += t.images[b]; continue; }
    topicTerms += t.ownTerms[b];
    images += t.ownImages[b];
    for (const c of childBlocks(t, b)) stack.push(c);
  }
  const total = hubTerms + imageTerms + topicTerms;
  let pageType: PageType = 'topic';
  if (total === 0) pageType = images > 0 ? 'image' : 'topic';
  else if (hubTerms > p.hubPage * total) pageType = 'hub';
  else if (imageTerms > p.imagePage * total) pageType = 'image';
  return { pageType, hubTerms, imageTerms, topicTerms, images };
}

// ---------------------------------------------------------------------------------------------
// Cleaning (§4.2)

/** What to do with a block of the central area: keep it whole, prune it, or look inside. */
type Verdict = 'keep' | 'prune' | 'descend';

function verdict(t: TagTree, b: number, pageType: PageType, prev: number, next: number): Verdict {
  const type = t.type[b];
  const leaf = t.sub[b] === 0;
  if (pageType === 'topic') return type === TOPIC ? 'descend' : 'prune';
  if (pageType === 'hub') {
    if (type === HUB) return 'keep';
    if (type === IMAGE || leaf) return t.links[b] > 0 ? 'keep' : 'prune';
    return 'descend';
  }
  if (type === IMAGE) return 'keep';
  if (type === HUB) return 'prune';
  if (!leaf) return 'descend';
  return (prev >= 0 && t.type[prev] === IMAGE) || (next >= 0 && t.type[next] === IMAGE) ? 'keep' : 'prune';
}

function describe(t: TagTree, b: number): string {
  const type = TYPE_NAMES[t.type[b]];
  if (t.type[b] === HUB) return `hub block: ${t.anchorTerms[b]}/${t.terms[b]} anchor terms`;
  if (t.type[b] === IMAGE) return `image block: ${t.images[b]} images, ${t.terms[b]} terms`;
  return `${type} block: ${t.terms[b]} terms, ${t.links[b]} links`;
}

/** Labels the central area of `t` for a page of type `pageType` (page-type specific cleaning). */
export function cleanPage(t: TagTree, area: CentralArea, pageType: PageType, labels: Labels): void {
  if (t.size === 0) return;
  const r = area.root;
  labels.set(t.el[r], CONTENT, `central area of a ${pageType} page (${describe(t, r)})`);
  if (pageType !== 'topic' && verdict(t, r, pageType, -1, -1) !== 'descend') return;
  const stack = [r];
  while (stack.length) {
    const b = stack.pop()!;
    const kids = childBlocks(t, b);
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      if (area.peripheral[c]) { labels.set(t.el[c], NOISE, `peripheral markup: ${area.peripheral[c]}`); continue; }
      const v = verdict(t, c, pageType, i > 0 ? kids[i - 1] : -1, i + 1 < kids.length ? kids[i + 1] : -1);
      if (v === 'prune') labels.set(t.el[c], NOISE, `${describe(t, c)}, pruned on a ${pageType} page`);
      else if (v === 'descend') stack.push(c);
    }
  }
}

/** Paper 000 labeler: tag tree, block types, central area, page type, page-type cleaning. */
export function labelTagTree(doc: DomDocument, params: Partial<TagTreeParams> = {}): Labels & { pageType: PageType } {
  const labels = new Labels(doc);
  if (doc.elements.length === 0) return Object.assign(labels, { pageType: 'topic' as PageType });
  const t = buildTagTree(doc, params);
  const area = centralArea(t, params);
  const { pageType } = decidePageType(t, area, params);
  cleanPage(t, area, pageType, labels);
  return Object.assign(labels, { pageType });
}

// ---------------------------------------------------------------------------------------------
// Block weight (§3.2, Algorithm 1) and the block-weighted feature vector (Formula 2)

export interface BlockWeightOptions {
  /**
   * What pforce_i, the factor a leaf n_i applies to its parent's and siblings' weights, is. The
   * paper does not define it. 'parent' (default): the force of parent(n_i). 'own': the leaf's
   * own force_i, transferred to its neighbours (a reading of the paper's Figure 2).
   */
  pforce?: 'parent' | 'own';
}

/** Natural-log bound on a weight: weights stay positive and finite on any page. */
const LOG_BOUND = 700;

/**
 * Algorithm 1, block weight per block of `t`:
 *   bw_i = 1; force_i = Σ forces of the weighty tags in n_i, or 1 if it has none;
 *   for each leaf n_i: bw_i *= force_i; bw_parent *= pforce_i; bw_sibling *= pforce_i for every sibling.
 * The products are accumulated as sums of logarithms in O(blocks) (a leaf's factor on its k
 * siblings is applied per parent, not per pair) and clamped to e^±700, so that a parent with
 * thousands of weighty children still has a finite weight. "Weighty tags in n_i" are those
 * attached to n_i in the tag tree (not those of nested blocks), pseudo-weighty filtered.
 */
export function blockWeights(t: TagTree, options: BlockWeightOptions = {}): Float64Array {
  const mode = options.pforce ?? 'parent';
  const n = t.size;
  const logForce = new Float64Array(n);
  for (let b = 0; b < n; b++) logForce[b] = t.ownForce[b] > 0 ? Math.log(t.ownForce[b]) : 0;
  const logW = new Float64Array(n);
  // For each parent: the summed log-factor of its leaf children, applied to it and to each child.
  const leafSum = new Float64Array(n);
  for (let b = 0; b < n; b++) {
    if (t.sub[b] !== 0) continue;
    logW[b] += logForce[b];
    const q = t.parent[b];
    if (q < 0) continue;
    leafSum[q] += mode === 'parent' ? logForce[q] : logForce[b];
  }
  for (let b = 1; b < n; b++) {
    const q = t.parent[b];
    let s = leafSum[q];
    if (t.sub[b] === 0) s -= mode === 'parent' ? logForce[q] : logForce[b]; // a leaf is not its own sibling
    logW[b] += s;
  }
  for (let b = 0; b < n; b++) logW[b] += leafSum[b];
  const w = new Float64Array(n);
  for (let b = 0; b < n; b++) w[b] = Math.exp(Math.max(-LOG_BOUND, Math.min(LOG_BOUND, logW[b])));
  return w;
}

export interface FeatureVectorOptions {
  /** Block weights (default: blockWeights(t)). */
  weights?: Float64Array;
  /** Count only text whose effective label is CONTENT (e.g. the topic content tree). */
  labels?: Labels;
}

/**
 * Formula 2: w_i = Σ_j BWeight_j · BTf_ij / sqrt(Σ_i (Σ_j BWeight_j · BTf_ij)²), where BTf_ij is
 * the number of occurrences of feature i in the text attached to block j. `tokenize` turns text
 * into features; tokens in `stopWords` are left out (step 2 of §3.2). Returns feature → weight.
 */
export function featureVector(t: TagTree, tokenize: (text: string) => string[], stopWords: ReadonlySet<string>,
  options: FeatureVectorOptions = {}): Map<string, number> {
  const weights = options.weights ?? blockWeights(t);
  const texts = blockTexts(t, options.labels);
  const acc = new Map<string, number>();
  for (let b = 0; b < t.size; b++) {
    const s = texts[b];
    if (!s) continue;
    for (const tok of tokenize(s)) {
      if (!tok || stopWords.has(tok)) continue;
      acc.set(tok, (acc.get(tok) ?? 0) + weights[b]);
    }
  }
  let norm = 0;
  for (const v of acc.values()) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0 && Number.isFinite(norm)) for (const [k, v] of acc) acc.set(k, v / norm);
  return acc;
}

/**
 * The text attached to each block, in document order; block-level boundaries inside a block
 * become spaces. With `labels`, only text whose effective label is CONTENT. Iterative walk.
 */
export function blockTexts(t: TagTree, labels?: Labels): string[] {
  const pieces: string[][] = Array.from({ length: t.size }, () => []);
  if (t.size === 0) return [];
  const eff = labels ? effectiveContent(t, labels) : null;
  type Frame = { el: DomElement; i: number };
  const stack: Frame[] = [{ el: t.el[0], i: 0 }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) { stack.pop(); if (BLOCK_TAGS.has(f.el.tag)) pieces[t.blockOf[f.el.id]].push(' '); continue; }
    const c = ch[f.i++];
    if (c.kind === 3) {
      if (!eff || eff[f.el.id]) pieces[t.blockOf[f.el.id]].push(c.data);
      continue;
    }
    if (BLOCK_TAGS.has(c.tag)) pieces[t.blockOf[f.el.id]].push(' ');
    stack.push({ el: c, i: 0 });
  }
  return pieces.map((p) => p.join('').trim());
}

/** 1 for elements whose effective label is CONTENT, in one top-down pass over the tag tree's range. */
function effectiveContent(t: TagTree, labels: Labels): Uint8Array {
  const els = t.doc.elements;
  const out = new Uint8Array(els.length);
  const first = t.el[0].id, last = first + t.el[0].tags;
  // Labels above the root decide what the root inherits.
  const rootLabel = labels.effective(t.el[0]);
  for (let i = first; i <= last; i++) {
    const m = labels.marks[i];
    const inherited = i === first ? (rootLabel === CONTENT ? 1 : 0) : out[els[i].parent!.id];
    out[i] = m === UNSET ? inherited : m === CONTENT ? 1 : 0;
  }
  return out;
}
