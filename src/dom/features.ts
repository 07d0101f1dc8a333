/**
 * Per-node features in one bottom-up pass (DESIGN: "features in one pass"): text length (CJK
 * weighted), anchor-text length, words, punctuation, links, images, descendant tags and blocks,
 * and paper 000's weighty force. No algorithm calls textContent in a loop; they read these.
 *
 * Pseudo-weighty filter (paper 000 §3.1): a weighty tag whose text is mostly anchor text, or that
 * holds no text (a logo image in <b>), adds no force — such tags highlight banners, not content.
 */
import { type DomDocument, type DomElement } from './node.js';
import { BLOCK_TAGS, WEIGHTY_FORCE } from './tags.js';
import { measureText, type TextMeasure } from '../text/measure.js';

const PARA_LIKE = new Set(['p', 'pre', 'blockquote']);

/** Fills `doc.elements` (pre-order) and every element's feature fields. Iterative: no recursion. */
export function computeFeatures(doc: DomDocument): void {
  const elements: DomElement[] = [];
  const stack: DomElement[] = [doc.root];
  doc.root.depth = 0;
  while (stack.length) {
    const el = stack.pop()!;
    el.id = elements.length;
    elements.push(el);
    const ch = el.children;
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 1) { c.depth = el.depth + 1; stack.push(c); }
    }
  }
  doc.elements = elements;
  const m: TextMeasure = { len: 0, words: 0, punct: 0, commas: 0 };
  // Reverse pre-order visits every child before its parent.
  for (let k = elements.length - 1; k >= 0; k--) aggregate(elements[k], m);
}

function aggregate(el: DomElement, m: TextMeasure): void {
  let textLen = 0, linkTextLen = 0, ownTextLen = 0, maxTextNodeLen = 0, words = 0, punct = 0, commas = 0;
  let links = 0, images = 0, controls = el.ownControls, tags = 0, blocks = 0, paras = 0, force = 0;
  let inlineLen = 0, inlineLinkLen = 0, inlinePunct = 0, inlineWords = 0;
  const ch = el.children;
  for (let i = 0; i < ch.length; i++) {
    const c = ch[i];
    if (c.kind === 3) {
      measureText(c.data, m);
      if (m.len === 0) continue;
      // Adjacent inline runs are separated by a rendered space.
      textLen += m.len + (textLen > 0 ? 1 : 0);
      ownTextLen += m.len;
      if (m.len > maxTextNodeLen) maxTextNodeLen = m.len;
      words += m.words; punct += m.punct; commas += m.commas;
      inlineLen += m.len + (inlineLen > 0 ? 1 : 0); inlinePunct += m.punct + m.commas; inlineWords += m.words;
      continue;
    }
    if (c.textLen > 0) textLen += c.textLen + (textLen > 0 ? 1 : 0);
    linkTextLen += c.linkTextLen;
    if (c.maxTextNodeLen > maxTextNodeLen) maxTextNodeLen = c.maxTextNodeLen;
    words += c.words; punct += c.punct; commas += c.commas;
    links += c.links; images += c.images; controls += c.controls; tags += c.tags + 1; blocks += c.blocks; paras += c.paras;
    force += c.force;
    if (BLOCK_TAGS.has(c.tag)) blocks++;
    else if (c.inlineLen > 0) {
      inlineLen += c.inlineLen + (inlineLen > 0 ? 1 : 0); inlineLinkLen += c.inlineLinkLen;
      inlinePunct += c.inlinePunct; inlineWords += c.inlineWords;
    }
    if (PARA_LIKE.has(c.tag) && c.textLen > 0) paras++;
  }
  const tag = el.tag;
  if (tag === 'a' && el.attr('href') !== undefined) {
    links++; linkTextLen = textLen; inlineLinkLen = inlineLen;
    // Icon links (no text) are the common short ones: only a symbol's one or two characters are looked at.
    if (textLen > 0 && textLen <= 2 && isPermalinkAnchor(el)) el.hidden = true;
  }
  else if (tag === 'img') images++;
  const f = WEIGHTY_FORCE.get(tag);
  if (f !== undefined && textLen > 0 && linkTextLen * 2 < textLen) force += f;
  el.textLen = textLen; el.linkTextLen = linkTextLen; el.ownTextLen = ownTextLen;
  el.maxTextNodeLen = maxTextNodeLen; el.words = words; el.punct = punct; el.commas = commas;
  el.inlineLen = inlineLen; el.inlineLinkLen = inlineLinkLen; el.inlinePunct = inlinePunct; el.inlineWords = inlineWords;
  el.links = links; el.images = images; el.controls = controls; el.tags = tags; el.blocks = blocks; el.paras = paras; el.force = force;
}

/** The whole text of a heading's permalink anchor (Sphinx and MkDocs "¶", "§", "#", a link symbol). */
const PERMALINK_TEXT = /^\s*(?:¶|§|#|🔗|⚓)\s*$/u;

/**
 * A link to a place on its own page whose whole text is a permalink symbol: documentation themes
 * put one after every heading ("Configuring the cache¶") and show it only on hover, so a reader
 * never sees it. It is hidden here, as the markup hides other invisible text: the headline and the
 * headings are read without it.
 */
export function isPermalinkAnchor(el: DomElement): boolean {
  if (el.tag !== 'a' || !el.attr('href')?.startsWith('#') || el.children.length !== 1) return false;
  const c = el.children[0];
  return c.kind === 3 && PERMALINK_TEXT.test(c.data);
}

/** Anchor-text share of an element's text, 0 when it has none. */
export function linkDensity(el: DomElement): number {
  return el.textLen > 0 ? el.linkTextLen / el.textLen : 0;
}
