/**
 * The default labeler: thresher's own combination of the papers' signals with what the
 * benchmarks show matters. It goes beyond its sources where measurement said so.
 *
 *  1. Text units (paper 000's content blocks at paragraph grain): each block element's own text,
 *     split into good text (non-anchor, prose-like) and bad text (anchor text, stray fragments).
 *  2. Markup boilerplate (boilerplate.ts) is set aside unless it holds most of the page's text.
 *  3. The topic root is the element that maximises good − λ·bad over its subtree: a maximum-
 *     weight subtree, the tree form of paper 003's "topic blocks aggregate" observation, solved
 *     exactly in one bottom-up pass instead of with fixed α/β/γ thresholds.
 *  4. Siblings of the root that are mostly good text join it (content split across containers).
 *  5. Inside, markup boilerplate and link-dense blocks are cut (paper 000 topic-page cleaning:
 *     prune hub blocks from the topic content tree).
 *  6. The page's headline joins when it stands just outside the root.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS, HEADING_TAGS } from '../dom/tags.js';
import { boilerKinds, contentNamed, type BoilerKind } from './boilerplate.js';
import { replyThreads } from './reply-threads.js';
import { CONTENT, NOISE, Labels } from './labels.js';
import type { PageType } from '../types.js';

export interface DefaultParams {
  /** Weight of bad text against good text when choosing the root. Tuned on wcxb-dev + cleaneval. */
  lambda: number;
  /** A unit shorter than this (CJK-weighted chars) without punctuation counts half good. */
  shortUnit: number;
  /** A sibling joins the root when its good text is at least this share of the root's. */
  siblingShare: number;
  /** Inside the root, a block is cut when its anchor-text density exceeds this. */
  maxLinkDensity: number;
  /** Share of anchor text counted as good text (link lists are content on hub pages). */
  linkGood: number;
  /** Hub page: anchor text is over this share of the page's non-boilerplate text… */
  hubLinkShare: number;
  /** …and the topic root holds under this share of it. */
  hubRootShare: number;
  /** A hub page's central area: the deepest element holding this share of its text. */
  hubCentralShare: number;
  /** Boilerplate markup is overruled on a block holding this share of the page's non-anchor text. */
  overruleShare: number;
  /** Score factor for a root candidate inside markup boilerplate. */
  boilerDiscount: number;
  /** Keep user comments as content. Off: comments are never body (README "The result"; comments.ts lists them apart). */
  keepComments: boolean;
  /** A comments block is a discussion (kept) from this much non-anchor text on. */
  minDiscussion: number;
  /** Cut the run of short, unpunctuated blocks that ends the content (box titles, bylines, widgets). */
  trimTail: boolean;
  /** Root-score bonus for elements whose markup names them content. */
  contentBonus: number;
  /** Add the page's headline when it stands outside the topic root. */
  headline: boolean;
}

export const DEFAULT_PARAMS: DefaultParams = { lambda: 1.0, shortUnit: 40, siblingShare: 0.1, maxLinkDensity: 0.5, linkGood: 0,
  hubLinkShare: 0.5, hubRootShare: 0.25, hubCentralShare: 0.8, overruleShare: 0.5, boilerDiscount: 0.5, keepComments: false, minDiscussion: 100, trimTail: true, contentBonus: 0.2, headline: true };


/**
 * After any labeler (contract.ts): every comments block the markup declares, every reply thread
 * found by its shape (reply-threads.ts), and the `others` the caller found (a product page's
 * customer reviews: customer-reviews.ts) is cut, outermost first, so comments never reach the
 * body whatever a labeler kept. As everywhere, a block holding
 * most of the page's prose is not boilerplate, whatever its class; and where the declared threads
 * together hold most of it, they are the page: a forum or Q&A thread, whose posts are its content
 * (wcxb-dev's forum pages: .737 -> .812 in-sample when their posts stay).
 */
export function cutComments(doc: DomDocument, labels: Labels, others: readonly DomElement[] = [], params: DefaultParams = DEFAULT_PARAMS): void {
  const body = doc.body ?? doc.root;
  const bodyPlain = Math.max(1, body.textLen - body.linkTextLen);
  const declared = boilerKinds(doc);
  const shaped = new Set(replyThreads(doc).map((t) => t.thread.id));
  for (const el of others) shaped.add(el.id);
  const isThread = (i: number): boolean => declared[i] === 'comments' || shaped.has(i);
  const els = doc.elements;
  let threadPlain = 0;
  for (let i = body.id; i <= body.id + body.tags; i++) {
    if (!isThread(i)) continue;
    threadPlain += els[i].textLen - els[i].linkTextLen;
    i += els[i].tags;
  }
  if (threadPlain > params.overruleShare * bodyPlain) return;
  const renders = labels.rendersSomething();
  for (let i = body.id; i <= body.id + body.tags; i++) {
    const el = els[i];
    if (!isThread(i) || holdsMostProse(el, bodyPlain, params)) continue;
    // Only where something inside would be rendered: the block itself or any element below it.
    if (renders(el)) labels.cut(el, 'user comments (never body; comments: true lists them apart)');
    i += el.tags;
  }
}

/** A markup hint is overruled on a block that holds this much of the body's non-anchor text. */
export function holdsMostProse(el: DomElement, bodyPlain: number, params: DefaultParams = DEFAULT_PARAMS): boolean {
  return el.textLen - el.linkTextLen > params.overruleShare * bodyPlain;
}

/** Per-element sums over the subtree, boilerplate excluded (arrays indexed by element id). */
interface Masses {
  good: Float64Array; bad: Float64Array; link: Float64Array;
  kinds: (BoilerKind | null)[];
  /** 1 for elements inside (or being) markup boilerplate. */
  inBoiler: Uint8Array;
}

export type DefaultLabels = Labels & { pageType: PageType; root: DomElement };

export function labelDefault(doc: DomDocument, params: DefaultParams = DEFAULT_PARAMS): DefaultLabels {
  const labels = new Labels(doc) as DefaultLabels;
  const body = doc.body ?? doc.root;
  const m = scoreSubtrees(doc, body, params);
  // Inside markup boilerplate a root is possible (the hint can be wrong) but discounted.
  // Markup that names the content (article, main, entry-content, articleBody) earns a bonus.
  const named = contentNamed(doc);
  const root = bestSubtree(doc, body, (i) => (m.good[i] - params.lambda * m.bad[i]) *
    (m.inBoiler[i] ? params.boilerDiscount : 1) * (named[i] ? 1 + params.contentBonus : 1));

  // Paper 000 §4.1: the page type follows the central area. When the topic root holds little of
  // the page's non-boilerplate text and that text is mostly anchors, the page is a hub, and its
  // content is the central link lists, not the one prose block.
  const total = m.good[body.id] + m.link[body.id];
  const hub = m.link[body.id] > params.hubLinkShare * total && m.good[root.id] < params.hubRootShare * total;
  labels.pageType = hub ? 'hub' : 'topic';
  labels.root = root;
  if (hub) {
    const hubRoot = centralArea(body, m, params.hubCentralShare);
    labels.root = hubRoot;
    labels.set(hubRoot, CONTENT, `hub page: central area holding ${(100 * params.hubCentralShare).toFixed(0)}% of its text`);
    cutNoise(hubRoot, labels, m, params, false);
    return labels;
  }
  labels.set(root, CONTENT, `topic root: good ${m.good[root.id].toFixed(0)}, bad ${m.bad[root.id].toFixed(0)}`);

  // Siblings that are mostly good text join the root.
  const parent = root.parent;
  if (parent && root !== body) {
    for (const c of parent.children) {
      if (c.kind !== 1 || c === root || m.kinds[c.id]) continue;
      const g = m.good[c.id], b = m.bad[c.id];
      if (g >= params.siblingShare * m.good[root.id] && g > 2 * b) labels.set(c, CONTENT, 'sibling of the topic root, mostly good text');
    }
  }
  for (const r of labels.contentRoots()) cutNoise(r, labels, m, params, true);

  const headline = params.headline ? findHeadline(doc, root, labels) : null;
  if (headline) labels.set(headline, CONTENT, 'headline just before the topic root');
  if (params.trimTail) trimTail(labels);
  cutOrphanHeadings(labels);
  return labels;
}

/** Marks markup boilerplate, then sums good, bad and anchor text per subtree, children first. */
function scoreSubtrees(doc: DomDocument, body: DomElement, params: DefaultParams): Masses {
  const els = doc.elements;
  const n = els.length;
  const good = new Float64Array(n), bad = new Float64Array(n), link = new Float64Array(n);
  const kinds: (BoilerKind | null)[] = new Array(n).fill(null);
  const bodyPlain = Math.max(1, body.textLen - body.linkTextLen);
  const declared = boilerKinds(doc);
  for (let i = 0; i < n; i++) {
    const el = els[i];
    const k = declared[i];
    if (!k) continue;
    // Kept comments are the discussion itself, not an empty thread's form or "no comments yet".
    if (k === 'comments' && params.keepComments && el.textLen - el.linkTextLen >= params.minDiscussion) continue;
    if (k === 'header' && (insideArticle(el) || hasHeadline(el))) continue;
    // A hint, not a verdict: no block that holds most of the page's prose is boilerplate.
    if (holdsMostProse(el, bodyPlain, params)) continue;
    kinds[i] = k;
  }
  for (let i = n - 1; i >= 0; i--) {
    if (kinds[i]) continue;
    const el = els[i];
    let g = 0, b = 0, l = 0;
    const L = el.inlineLen;
    if (L > 0 && (BLOCK_TAGS.has(el.tag) || el === body || el.parent === null)) {
      l = el.inlineLinkLen;
      const plain = Math.max(0, L - l);
      const w = L >= params.shortUnit || el.inlinePunct > 0 ? 1 : 0.5;
      g = plain * w + l * params.linkGood; b = l * (1 - params.linkGood) + plain * (1 - w);
    }
    const ch = el.children;
    for (let j = 0; j < ch.length; j++) {
      const c = ch[j];
      if (c.kind === 1) { g += good[c.id]; b += bad[c.id]; l += link[c.id]; }
    }
    good[i] = g; bad[i] = b; link[i] = l;
  }
  // Inside or being boilerplate, in one pre-order pass (marking each boilerplate subtree in turn
  // is quadratic when such blocks nest deep).
  const inBoiler = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const parent = els[i].parent;
    inBoiler[i] = kinds[i] || (parent && inBoiler[parent.id]) ? 1 : 0;
  }
  return { good, bad, link, kinds, inBoiler };
}

/** The element of `scope`'s subtree with the highest score; ties go to the deeper element. */
function bestSubtree(doc: DomDocument, scope: DomElement, score: (id: number) => number): DomElement {
  const els = doc.elements;
  let best = scope, bestScore = -Infinity;
  for (let i = scope.id, end = scope.id + scope.tags; i <= end; i++) {
    const s = score(i);
    if (s > bestScore || (s === bestScore && els[i].depth > best.depth)) { bestScore = s; best = els[i]; }
  }
  return best;
}

/** Descends from `body` while one child holds at least `share` of the text: the central area. */
function centralArea(body: DomElement, m: Masses, share: number): DomElement {
  const mass = (el: DomElement) => m.good[el.id] + m.link[el.id];
  let el = body;
  for (;;) {
    const total = mass(el);
    let next: DomElement | null = null;
    for (const c of el.children) if (c.kind === 1 && !m.kinds[c.id] && mass(c) >= share * total) { next = c; break; }
    if (!next || total === 0) return el;
    el = next;
  }
}

/** Cuts markup boilerplate inside a content root and, on topic pages, link-dense blocks. */
function cutNoise(root: DomElement, labels: Labels, m: Masses, p: DefaultParams, cutLinkDense: boolean): void {
  const { kinds, good, bad } = m;
  const stack: DomElement[] = [];
  for (const c of root.children) if (c.kind === 1) stack.push(c);
  while (stack.length) {
    const el = stack.pop()!;
    const k = kinds[el.id];
    if (k) { labels.set(el, NOISE, `boilerplate markup: ${k}`); continue; }
    const g = good[el.id], b = bad[el.id];
    // A heading that is a link is a title, not a link list; orphaned ones go later.
    if (cutLinkDense && !HEADING_TAGS.has(el.tag) && el.textLen > 0 && el.linkTextLen > p.maxLinkDensity * el.textLen && b > g && el.tag !== 'a' && BLOCK_TAGS.has(el.tag)) {
      labels.set(el, NOISE, `link-dense block: ${(el.linkTextLen / el.textLen).toFixed(2)} anchor text`);
      continue;
    }
    for (const c of el.children) if (c.kind === 1) stack.push(c);
  }
}

function insideArticle(el: DomElement): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.tag === 'article' || p.tag === 'main') return true;
  return false;
}

function hasHeadline(el: DomElement): boolean {
  const stack: DomElement[] = [el];
  let seen = 0;
  while (stack.length && seen++ < 200) {
    const e = stack.pop()!;
    if (e.tag === 'h1') return true;
    for (const c of e.children) if (c.kind === 1) stack.push(c);
  }
  return false;
}

/** The h1 (else the first h2) outside the root and before it, if the root does not hold one. */
function findHeadline(doc: DomDocument, root: DomElement, labels: Labels): DomElement | null {
  const els = doc.elements;
  let rootHasH1 = false;
  for (let i = root.id, end = root.id + root.tags; i <= end; i++) if (els[i].tag === 'h1') { rootHasH1 = true; break; }
  if (rootHasH1) return null;
  let candidate: DomElement | null = null;
  for (let i = 0; i < root.id; i++) {
    const el = els[i];
    if (!HEADING_TAGS.has(el.tag) || el.textLen === 0 || el.textLen > 300) continue;
    if (labels.effective(el) === CONTENT) continue;
    if (el.tag === 'h1') candidate = el;
    else if (!candidate && el.tag === 'h2') candidate = el;
  }
  return candidate;
}

/** The text units of the content, in document order (leaf blocks and headings, NOISE skipped). */
function contentUnits(labels: Labels): DomElement[] {
  const seq: DomElement[] = [];
  for (const root of labels.contentRoots()) {
    const stack: DomElement[] = [root];
    while (stack.length) {
      const el = stack.pop()!;
      if (labels.marks[el.id] === NOISE) continue;
      if (HEADING_TAGS.has(el.tag)) { if (el.textLen > 0) seq.push(el); continue; }
      if (el.inlineLen > 0 && BLOCK_TAGS.has(el.tag)) seq.push(el);
      for (let i = el.children.length - 1; i >= 0; i--) { const c = el.children[i]; if (c.kind === 1) stack.push(c); }
    }
  }
  return seq;
}

/** Short, unpunctuated or anchor-dominated: the shape of widget titles and link boxes. */
function isFragment(el: DomElement): boolean {
  const plain = el.inlineLen - el.inlineLinkLen;
  return el.inlinePunct === 0 ? el.inlineWords < 6 || plain < el.inlineLen / 2 : el.inlineWords < 3;
}

/** Articles end in prose: the run of fragments after the last prose unit is page furniture. */
function trimTail(labels: Labels): void {
  const seq = contentUnits(labels);
  for (let k = seq.length - 1; k > 0 && isFragment(seq[k]); k--) labels.set(seq[k], NOISE, 'trailing fragment after the last prose block');
}

/**
 * A heading with nothing under it before the next heading of its level (or the end) introduces
 * something that was cut — a "Related articles" over a removed link list — so it goes too.
 */
function cutOrphanHeadings(labels: Labels): void {
  const seq = contentUnits(labels);
  for (let k = 0; k < seq.length; k++) {
    const h = seq[k];
    if (!HEADING_TAGS.has(h.tag)) continue;
    const next = seq[k + 1];
    if (next === undefined || (HEADING_TAGS.has(next.tag) && next.tag <= h.tag)) labels.set(h, NOISE, 'heading with no content under it');
  }
}

