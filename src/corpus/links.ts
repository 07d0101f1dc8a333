/**
 * Paper 000 §6, Relevant hyperlinks. Two heuristics: anchor text describes the linked page, and
 * related links sit together in one content block; so whole hub blocks are accepted or rejected
 * by the cosine similarity (Eq. 3) between the block's feature vector φ_i and the topic content's
 * φ: accept when similarity > β. On a hub page the topic content *is* the main hyperlinks (§2,
 * §4.2), so they come first, and marginal hub blocks are then judged the same way (§4.2: "useful
 * links in the marginal area of a hub page ... will be picked in the Web page integration").
 *
 * Departures:
 *  - Candidate blocks. The paper tests "every leaf block of hub type". In an HTML5 tag tree every
 *    <li> is a block, so a leaf is one link and its anchor text is too short to compare. A
 *    candidate here is a hub block outside the topic content that holds ≥ 2 links and is not a
 *    wrapper of several link lists (at most one of its child blocks holds ≥ 2 links): a
 *    "Related" box with its heading and list is one candidate; a sidebar holding two lists is two.
 *  - Blocks that the markup declares navigation, header or footer (tag, ARIA role or class
 *    words: page/tag-tree.ts's peripheralBlocks) are not candidates, nor is anything inside
 *    them or any block around them (a header block wrapping the logo and the menu): a menu belongs to the site, not to the topic, even when it names the topic ("Garden"
 *    in the menu of a gardening page would pass β on its own). Asides stay candidates: related
 *    stories often sit in one.
 *  - φ_i is Formula 2 over the block (its sub-blocks' text weighted by Algorithm 1, the same
 *    weights as the page's), with the same stop words as the topic vector.
 *  - β: the paper gives no value; see DOCVIEW_DEFAULTS in docview.ts.
 * Links are resolved against the page URL and normalised (url.ts); same-page anchors,
 * javascript:, mailto: and tel: links are left out; a URL listed twice is kept once; an image
 * link's text is its image's alt text.
 */
import type { DomElement } from '../dom/node.js';
import { elementText } from '../page/metadata/raw-title.js';
import { blockTexts, childBlocks, HUB, peripheralBlocks, type TagTree } from '../page/tag-tree.js';
import type { RelevantLink } from '../types.js';
import { normalizeUrl } from './url.js';

export type { RelevantLink };

export interface LinkOptions {
  /** β: a hub block is accepted when its similarity to the topic content is above this. */
  beta: number;
  /** The page URL, to resolve relative links. */
  url?: string;
  /** Feature terms of a text (with stop words already out, or see stopWords). */
  tokenize: (text: string) => string[];
  stopWords: ReadonlySet<string>;
  /** Block weights of t (Algorithm 1). */
  weights: Float64Array;
  /** Whether a hub page's own content links come first. */
  contentLinks: boolean;
}

const MIN_LINKS = 2;
const SKIP = /^\s*(#|javascript:|mailto:|tel:|data:)/i;

/** Hub blocks outside the content that hold one list of links (see the header). */
export function candidateBlocks(t: TagTree, mask: Uint8Array): number[] {
  const out: number[] = [];
  if (t.size === 0) return out;
  const peripheral = peripheralBlocks(t);
  // Whether a block is, or holds, site navigation (a header wrapping the menu holds it).
  const siteNav = new Uint8Array(t.size);
  for (let b = t.size - 1; b >= 0; b--) {
    const kind = peripheral[b];
    if (kind === 'nav' || kind === 'header' || kind === 'footer') siteNav[b] = 2;
    if (siteNav[b] && t.parent[b] >= 0) siteNav[t.parent[b]] ||= 1;
  }
  const stack = [0];
  while (stack.length) {
    const b = stack.pop()!;
    if (t.links[b] < MIN_LINKS || siteNav[b] === 2) continue;
    const kids = childBlocks(t, b);
    if (!siteNav[b] && !mask[t.el[b].id] && t.type[b] === HUB && kids.filter((c) => t.links[c] >= MIN_LINKS).length <= 1) { out.push(b); continue; }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out.sort((a, b) => a - b);
}

/** Cosine similarity (Eq. 3) of two sparse vectors. */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0, na = 0, nb = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [t, v] of small) { const w = large.get(t); if (w !== undefined) dot += v * w; }
  for (const v of a.values()) na += v * v;
  for (const v of b.values()) nb += v * v;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Formula 2 (unnormalised: cosine does not need it) over the blocks of b's subtree. */
function blockVector(t: TagTree, b: number, texts: string[], o: LinkOptions): Map<string, number> {
  const v = new Map<string, number>();
  for (let c = b, end = b + t.sub[b]; c <= end; c++) {
    if (!texts[c]) continue;
    for (const tok of o.tokenize(texts[c])) if (!o.stopWords.has(tok)) v.set(tok, (v.get(tok) ?? 0) + o.weights[c]);
  }
  return v;
}

/** An image link's text: the alt text of its first image that has one. */
function imageAlt(t: TagTree, a: DomElement): string {
  const els = t.doc.elements;
  for (let i = a.id + 1, end = a.id + a.tags; i <= end; i++) {
    const alt = els[i].tag === 'img' ? els[i].attr('alt')?.replace(/\s+/g, ' ').trim() : undefined;
    if (alt) return alt;
  }
  return '';
}

function linksIn(t: TagTree, root: DomElement, keep: (el: DomElement) => boolean, o: LinkOptions, seen: Set<string>, similarity?: number): RelevantLink[] {
  const out: RelevantLink[] = [];
  const els = t.doc.elements;
  for (let i = root.id, end = root.id + root.tags; i <= end; i++) {
    const el = els[i];
    if (el.tag !== 'a') continue;
    const href = el.attr('href');
    if (href === undefined || !href.trim() || SKIP.test(href) || !keep(el)) continue;
    const url = normalizeUrl(href, o.url !== undefined ? { base: o.url } : {}) ?? href.trim();
    if (seen.has(url)) continue;
    seen.add(url);
    const link: RelevantLink = { url, text: elementText(el) || imageAlt(t, el) };
    if (similarity !== undefined) link.similarity = Math.round(similarity * 1e6) / 1e6;
    out.push(link);
  }
  return out;
}

/** The relevant hyperlinks of a page: its content links on a hub page, then accepted hub blocks. */
export function relevantLinks(t: TagTree, mask: Uint8Array, topic: ReadonlyMap<string, number>, o: LinkOptions): RelevantLink[] {
  if (t.size === 0) return [];
  const seen = new Set<string>();
  const out: RelevantLink[] = o.contentLinks ? linksIn(t, t.el[0], (el) => mask[el.id] === 1, o, seen) : [];
  if (topic.size === 0) return out;
  const texts = blockTexts(t);
  for (const b of candidateBlocks(t, mask)) {
    const sim = cosine(topic, blockVector(t, b, texts, o));
    if (sim > o.beta) out.push(...linksIn(t, t.el[b], (el) => mask[el.id] === 0, o, seen, sim));
  }
  return out;
}
