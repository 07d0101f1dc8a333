/**
 * Calls to action set into an article (the output contract, contract.ts, cuts them): a short box
 * between the article's paragraphs that asks the reader to click or type: a form control (the
 * parser dropped it and counted it, DomElement.ownControls), a link on a line of its own short
 * enough to be a button, or a link marked paid (rel="sponsored"). Newsletter and membership
 * pitches, paywall notices, affiliate product picks, donation appeals and blocked-embed
 * placeholders ("accept cookies to view") share this shape in every language, whatever the
 * theme names its classes. Only a box in the flow of the article's prose counts: the records of
 * a forum thread, a product grid or a repository list carry buttons too, but sit among records,
 * not paragraphs. A read-next line is the same ask in one line: a label and a link to another
 * story ("Read more: <a>Headline</a>"), in the same place. Measured in
 * docs/extraction-quality.md (fourteenth and fifteenth sessions).
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
 * paragraph (past up to MAX_SPACERS empty ones), and its parent holds another one or that one is
 * long (a record's one description line is not a flow).
 * The siblings are found by pre-order ids, and whether a parent is a flow is asked once
 * (`flows`): a parent of thousands of boxes must not be read once per box.
 */
export function inProseFlow(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  const parent = el.parent;
  if (!parent) return false;
  let after: DomElement | undefined = els[el.id + el.tags + 1];
  let before = previousSibling(el, parent, els);
  // An empty spacer (<p></p>, <div class="clear">) between the box and the prose is not a break in it.
  for (let k = 0; k < MAX_SPACERS && after?.parent === parent && isSpacer(after); k++) after = els[after.id + after.tags + 1];
  for (let k = 0; k < MAX_SPACERS && before && isSpacer(before); k++) before = previousSibling(before, parent, els);
  const b = isProse(before ?? undefined) ? before! : null, a = after?.parent === parent && isProse(after) ? after : null;
  if (!b && !a) return false;
  // A long paragraph beside it is prose enough: a paywall after an article's one free paragraph.
  if (Math.max(b?.textLen ?? 0, a?.textLen ?? 0) >= LONG_PROSE_CHARS) return true;
  return holdsProseFlow(parent, flows);
}
/** Whether `el`'s children include MIN_PROSE_PARAS paragraphs of prose; asked once per element (`flows`). */
export function holdsProseFlow(el: DomElement, flows: Map<DomElement, boolean>): boolean {
  let flow = flows.get(el);
  if (flow === undefined) {
    let paras = 0;
    for (const c of el.children) if (isProse(c) && ++paras >= MIN_PROSE_PARAS) break;
    flows.set(el, (flow = paras >= MIN_PROSE_PARAS));
  }
  return flow;
}
/** The element sibling before `el` (child of `parent`), by pre-order ids: the last one's subtree ends just before `el`. */
function previousSibling(el: DomElement, parent: DomElement, els: readonly DomElement[]): DomElement | null {
  let before: DomElement | null = el.id > parent.id + 1 ? els[el.id - 1] : null;
  while (before && before.parent !== parent) before = before.parent;
  return before;
}
/** Empty siblings stepped over to find the prose beside a box, at most. */
const MAX_SPACERS = 3;
function isSpacer(el: DomElement): boolean {
  return el.textLen === 0 && el.images === 0 && el.controls === 0;
}
/** Paragraphs of prose the box's parent holds, at least, unless the one beside it is long. */
const MIN_PROSE_PARAS = 2;
const LONG_PROSE_CHARS = 300;

function isProse(n: DomNode | undefined): boolean {
  return n !== undefined && n.kind === 1 && n.tag === 'p' && n.textLen >= MIN_PROSE_CHARS && n.linkTextLen * 2 < n.textLen;
}

/** A read-next line is short: a label and one story's headline. */
const MAX_READ_NEXT_CHARS = 250;
/** Its link is a headline, not "here" or a name: at least this long. */
const MIN_HEADLINE_CHARS = 15;
/** Its label ("Read more:", "Lesen Sie auch:", "VEA TAMBIÉN:") is short. */
const MAX_LABEL_CHARS = 40;
const READ_NEXT_TAGS = new Set(['p', 'div', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * A label ends as labels do in every script: a colon, a guillemet, an arrow, a bar, or a question
 * ("Schon gelesen?"). A sentence ending in a full stop before a link is prose ("… I've talked
 * about <a>this</a> before."), and a dash ends a comment's "Name — <a>date</a>" header.
 */
const LABEL_END = /[:：»›>|?]$/;
/** A link whose text is a URL is a reference ("Website: https://…"), not another story. */
const URL_TEXT = /^\s*(?:https?:|www\.)/i;

/**
 * Whether `el` is a read-next line set into the article: a label and one link to another story
 * ("Read more: <a>Headline</a>", "Czytaj też: <a>…</a>"), the link holding most of it and nothing
 * but a full stop after it, between paragraphs of prose (inProseFlow). The same call to action
 * as a sign-up box, asking the reader to leave for another page; a link inside a sentence, a
 * "See <a>here</a>" and a "Source: <a>https://…</a>" are not one.
 */
export function isReadNextLine(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  // Numbers first: the contract asks this of every element of the body.
  if (el.links !== 1 || el.textLen > MAX_READ_NEXT_CHARS || el.tags > MAX_CTA_TAGS || !READ_NEXT_TAGS.has(el.tag)) return false;
  // A box that is only its link (a menu item, a card's title) has no label.
  const labelChars = el.textLen - el.linkTextLen;
  if (el.linkTextLen < MIN_HEADLINE_CHARS || labelChars < 1 || labelChars > MAX_LABEL_CHARS) return false;
  let link: DomElement | null = null;
  for (let j = el.id + 1, end = el.id + el.tags; j <= end; j++) {
    const d = els[j];
    if (NOT_CTA.has(d.tag)) return false;
    if (d.tag === 'a' && d.linkTextLen > 0) link = d;
  }
  if (!link) return false;
  const parts = labelAndLink(el, link);
  if (!parts || !LABEL_END.test(parts.label.trim()) || URL_TEXT.test(parts.link)) return false;
  return inProseFlow(el, els, flows);
}

/**
 * The text before `link` in `el`, and the link's own; null when words (or a colon) follow the
 * link. Recursive: `el` holds at most MAX_CTA_TAGS elements.
 */
function labelAndLink(el: DomElement, link: DomElement): { label: string; link: string } | null {
  let label = '', after = false, wordsAfter = false;
  const walk = (n: DomNode): void => {
    if (n === link) { after = true; return; }
    if (n.kind === 1) { for (const c of n.children) walk(c); return; }
    if (!after) label += n.data;
    else if (/[^\s.]/.test(n.data)) wordsAfter = true;
  };
  walk(el);
  return wordsAfter ? null : { label, link: textOfNode(link) };
}

function textOfNode(n: DomNode): string {
  return n.kind === 3 ? n.data : n.children.map(textOfNode).join('');
}
