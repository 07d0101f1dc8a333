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
import { boilerKind, looksLikeContent, type BoilerKind } from './boilerplate.js';
import { CONTENT, NOISE, Labels } from './labels.js';

export interface DefaultParams {
  /** Weight of bad text against good text when choosing the root. Tuned on wcxb-dev + cleaneval. */
  lambda: number;
  /** A unit shorter than this (CJK-weighted chars) without punctuation counts half good. */
  shortUnit: number;
  /** A sibling joins the root when its good text is at least this share of the root's. */
  siblingShare: number;
  /** Inside the root, a block is cut when its anchor-text density exceeds this. */
  maxLinkDensity: number;
}

export const DEFAULT_PARAMS: DefaultParams = { lambda: 1.0, shortUnit: 40, siblingShare: 0.1, maxLinkDensity: 0.5 };

/** Boilerplate kinds that are never content even when large. */
const ALWAYS_NOISE = new Set<BoilerKind>(['comments', 'cookie', 'share', 'related', 'ad', 'newsletter', 'breadcrumb', 'pagination', 'form', 'nav', 'footer']);

export function labelDefault(doc: DomDocument, params: DefaultParams = DEFAULT_PARAMS): Labels {
  const labels = new Labels(doc);
  const body = doc.body ?? doc.root;
  const els = doc.elements;
  const n = els.length;
  const good = new Float64Array(n), bad = new Float64Array(n);
  const kinds: (BoilerKind | null)[] = new Array(n).fill(null);
  const bodyText = Math.max(1, body.textLen);

  // Markup boilerplate, top-down so an element inside marked boilerplate is not re-marked.
  for (let i = 0; i < n; i++) {
    const el = els[i];
    const k = boilerKind(el);
    if (!k) continue;
    if (k === 'header' && (insideArticle(el) || hasHeadline(el))) continue;
    if (!ALWAYS_NOISE.has(k) && el.textLen - el.linkTextLen > 0.5 * bodyText) continue;
    if (ALWAYS_NOISE.has(k) && looksLikeContent(el) && el.textLen > 0.6 * bodyText) continue;
    kinds[i] = k;
  }

  // Good and bad text per subtree, children before parents; boilerplate subtrees count for nothing.
  for (let i = n - 1; i >= 0; i--) {
    const el = els[i];
    if (kinds[i]) { good[i] = 0; bad[i] = 0; continue; }
    let g = 0, b = 0;
    const L = el.inlineLen;
    if (L > 0 && (BLOCK_TAGS.has(el.tag) || el === body || el.parent === null)) {
      const plain = Math.max(0, L - el.inlineLinkLen);
      const w = L >= params.shortUnit || el.inlinePunct > 0 ? 1 : 0.5;
      g = plain * w; b = el.inlineLinkLen + plain * (1 - w);
    }
    const ch = el.children;
    for (let j = 0; j < ch.length; j++) {
      const c = ch[j];
      if (c.kind === 1) { g += good[c.id]; b += bad[c.id]; }
    }
    good[i] = g; bad[i] = b;
  }

  // The topic root: maximum of good − λ·bad over the body's subtree.
  let root = body, best = -Infinity;
  for (let i = body.id, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    const s = good[i] - params.lambda * bad[i];
    if (s > best || (s === best && el.depth > root.depth)) { best = s; root = el; }
  }
  labels.set(root, CONTENT, `topic root: good ${good[root.id].toFixed(0)}, bad ${bad[root.id].toFixed(0)}`);

  // Siblings that are mostly good text join the root.
  const parent = root.parent;
  if (parent && root !== body) {
    for (const c of parent.children) {
      if (c.kind !== 1 || c === root || kinds[c.id]) continue;
      const g = good[c.id], b = bad[c.id];
      if (g >= params.siblingShare * good[root.id] && g > 2 * b) labels.set(c, CONTENT, 'sibling of the topic root, mostly good text');
    }
  }

  // Inside the content: cut boilerplate and link-dense blocks.
  for (const r of labels.contentRoots()) cutNoise(r, labels, kinds, good, bad, params);

  const headline = findHeadline(doc, root, labels);
  if (headline) labels.set(headline, CONTENT, 'headline just before the topic root');
  return labels;
}

function cutNoise(root: DomElement, labels: Labels, kinds: (BoilerKind | null)[], good: Float64Array,
  bad: Float64Array, p: DefaultParams): void {
  const stack: DomElement[] = [];
  for (const c of root.children) if (c.kind === 1) stack.push(c);
  while (stack.length) {
    const el = stack.pop()!;
    const k = kinds[el.id];
    if (k) { labels.set(el, NOISE, `boilerplate markup: ${k}`); continue; }
    const g = good[el.id], b = bad[el.id];
    if (el.textLen > 0 && el.linkTextLen > p.maxLinkDensity * el.textLen && b > g && el.tag !== 'a' && BLOCK_TAGS.has(el.tag)) {
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
