/**
 * Calls to action set into an article (the output contract, contract.ts, cuts them): a short box
 * between the article's paragraphs that asks the reader to click or type: a form control (the
 * parser dropped it and counted it, DomElement.ownControls), a link on a line of its own short
 * enough to be a button, or a link marked paid (rel="sponsored"). Newsletter and membership
 * pitches, paywall notices, affiliate product picks, donation appeals and blocked-embed
 * placeholders ("accept cookies to view") share this shape in every language, whatever the
 * theme names its classes. Only a box in the flow of the article's prose counts: the records of
 * a forum thread, a product grid or a repository list carry buttons too, but sit among records,
 * not paragraphs. Measured in docs/extraction-quality.md (fourteenth session).
 */
import type { DomElement, DomNode } from '../dom/node.js';
import { BLOCK_TAGS, HEADING_TAGS } from '../dom/tags.js';

/** A call-to-action box is short: a newsletter pitch, a paywall notice, a product pick. */
const MAX_CTA_CHARS = 500;
/** Elements below it, at most: a box of a few lines (and a bound on the scan below). */
const MAX_CTA_TAGS = 60;
/** A link on a line of its own this short is a button ("Subscribe now", "Donate $10", "Check price"). */
const MAX_CTA_LINK_CHARS = 40;
/** Prose beside the box: a paragraph at least this long. */
const MIN_PROSE_CHARS = 80;
/** What a box of the article's own holds and a promo does not (a code sample's "Copy" button, a listing's record). */
const NOT_CTA = new Set(['pre', 'code', 'table', 'blockquote', 'h1', 'article']);

/**
 * Whether `el` is a call to action set into the article. `els` is the document's elements in
 * pre-order; `flows` remembers, per parent, whether it is a flow of prose (one map per page).
 */
export function isCallToAction(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  if (!CTA_BOX.has(el.tag) || el.textLen === 0 || el.textLen > MAX_CTA_CHARS || el.tags > MAX_CTA_TAGS) return false;
  let sponsored = false, headed = false;
  for (let j = el.id + 1, end = el.id + el.tags; j <= end; j++) {
    const d = els[j];
    if (NOT_CTA.has(d.tag)) return false;
    if (HEADING_TAGS.has(d.tag)) headed = true;
    else if (d.tag === 'a' && !sponsored && SPONSORED.test(d.attr('rel') ?? '')) sponsored = true;
  }
  // A paid link says so (rel="sponsored", which search engines ask for): a box around one is an
  // affiliate pick, unless it has a heading of its own: a buying guide's picks are its sections.
  const asks = el.controls > 0 || (sponsored && !headed) || el.children.some((c, i) => isButtonLink(el.children, i, els));
  if (!asks) return false;
  return inProseFlow(el, els, flows);
}
const SPONSORED = /\bsponsored\b/i;
const CTA_BOX = new Set(['div', 'section', 'aside', 'form']);

/**
 * Whether `children[i]` is a link that stands as a button: short, all of it linked, no heading (a
 * teaser's linked title is not a button), and on a line of its own, next to nothing but blocks,
 * line breaks and other such links ("click <a>here</a> to learn" and a wiki's linked package
 * name followed by its <sup> are prose).
 */
function isButtonLink(children: readonly DomNode[], i: number, els: readonly DomElement[]): boolean {
  const c = children[i];
  if (!isShortLink(c)) return false;
  for (let j = c.id, end = c.id + c.tags; j <= end; j++) if (HEADING_TAGS.has(els[j].tag)) return false;
  return standsApart(children, i, -1) && standsApart(children, i, 1);
}

function isShortLink(n: DomNode): n is DomElement {
  return n.kind === 1 && n.textLen > 0 && n.textLen <= MAX_CTA_LINK_CHARS && n.linkTextLen === n.textLen;
}

/** Whether the nearest node before (step −1) or after (+1) children[i] leaves it a line of its own. */
function standsApart(children: readonly DomNode[], i: number, step: number): boolean {
  for (let j = i + step; j >= 0 && j < children.length; j += step) {
    const n = children[j];
    if (n.kind === 3) { if (WORD_CHAR.test(n.data)) return false; continue; }
    if (n.textLen === 0 && n.tag !== 'br' && !BLOCK_TAGS.has(n.tag)) continue;
    return n.tag === 'br' || BLOCK_TAGS.has(n.tag) || isShortLink(n);
  }
  return true;
}
/** Text with a letter or digit is words beside the link; "·" or "|" between buttons is not. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Whether the element sits in the article's prose: its previous or next element sibling is a
 * paragraph, and its parent holds another one or that one is long (a record's one description
 * line is not a flow).
 * The siblings are found by pre-order ids, and whether a parent is a flow is asked once
 * (`flows`): a parent of thousands of boxes must not be read once per box.
 */
function inProseFlow(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  const parent = el.parent;
  if (!parent) return false;
  const after = els[el.id + el.tags + 1];
  let before: DomElement | null = el.id > parent.id + 1 ? els[el.id - 1] : null;
  while (before && before.parent !== parent) before = before.parent;
  const b = isProse(before ?? undefined) ? before! : null, a = after?.parent === parent && isProse(after) ? after : null;
  if (!b && !a) return false;
  // A long paragraph beside it is prose enough: a paywall after an article's one free paragraph.
  if (Math.max(b?.textLen ?? 0, a?.textLen ?? 0) >= LONG_PROSE_CHARS) return true;
  let flow = flows.get(parent);
  if (flow === undefined) {
    let paras = 0;
    for (const c of parent.children) if (isProse(c) && ++paras >= MIN_PROSE_PARAS) break;
    flows.set(parent, (flow = paras >= MIN_PROSE_PARAS));
  }
  return flow;
}
/** Paragraphs of prose the box's parent holds, at least, unless the one beside it is long. */
const MIN_PROSE_PARAS = 2;
const LONG_PROSE_CHARS = 300;

function isProse(n: DomNode | undefined): boolean {
  return n !== undefined && n.kind === 1 && n.tag === 'p' && n.textLen >= MIN_PROSE_CHARS && n.linkTextLen * 2 < n.textLen;
}
