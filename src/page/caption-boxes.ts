/**
 * Captions by their shape, where the markup names nothing (the output contract, contract.ts): a
 * small box set between the article's paragraphs that holds one image and a line or two of text
 * in elements of their own, the way a <figure> holds an <img> and its <figcaption>. Themes with
 * generated class names ("css-q81xz0") write captions so; the words of the class say nothing, the
 * shape says what it is in every language.
 */
import type { DomElement } from '../dom/node.js';
import { HEADING_TAGS } from '../dom/tags.js';
import { holdsProseFlow, inProseFlow } from './call-to-action.js';

/** A caption and its credit are short. */
const MAX_CAPTION_BOX_CHARS = 300;
/** An image, a wrapper or two, a caption and a credit: a few elements. */
const MAX_CAPTION_BOX_TAGS = 12;
const BOX_TAGS = new Set(['div', 'section', 'span', 'aside']);
/** What a box of the article's own holds and a caption box does not. */
const NOT_CAPTION = new Set(['pre', 'code', 'table', 'blockquote', 'ul', 'ol', 'li', 'article', 'form', 'p']);

/**
 * Whether `el` is a caption box: one image, at most MAX_CAPTION_BOX_CHARS of text in elements of
 * its own (a <p> with an image floated in its text is a paragraph), no more than half of it link
 * text, no heading, list or paragraph, and a paragraph of prose beside it (inProseFlow) or the
 * article's paragraphs right after it (leadsProse).
 */
export function isCaptionBox(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  if (!BOX_TAGS.has(el.tag) || el.images !== 1 || el.textLen === 0 || el.textLen > MAX_CAPTION_BOX_CHARS || el.tags > MAX_CAPTION_BOX_TAGS) return false;
  if (el.linkTextLen * 2 > el.textLen) return false;
  for (const c of el.children) if (c.kind === 3 && /\S/.test(c.data)) return false;
  for (let j = el.id + 1, end = el.id + el.tags; j <= end; j++) {
    const d = els[j];
    if (NOT_CAPTION.has(d.tag) || HEADING_TAGS.has(d.tag)) return false;
  }
  return inProseFlow(el, els, flows) || leadsProse(el, els, flows);
}

/**
 * The lead image's box: the element right after it holds the article's paragraphs. Between a
 * standfirst and the body's own container, the box has no paragraph for a sibling.
 */
function leadsProse(el: DomElement, els: readonly DomElement[], flows: Map<DomElement, boolean>): boolean {
  const after = els[el.id + el.tags + 1];
  return after !== undefined && after.parent === el.parent && holdsProseFlow(after, flows);
}
