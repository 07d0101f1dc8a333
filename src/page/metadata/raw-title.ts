/**
 * The page's raw title (<title>, else og:title, else the first <h1>), as the block model reads it
 * for its headline feature, and an element's text on one line. The repaired title is title.ts's.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { oneLine } from '../../text/whitespace.js';
import { renderElementText, finish } from '../../render/text.js';
import { isPermalinkAnchor } from '../../dom/features.js';

function firstElement(root: DomElement | null, tag: string, limit = 5000): DomElement | null {
  if (!root) return null;
  const stack: DomElement[] = [root];
  let seen = 0;
  while (stack.length && seen++ < limit) {
    const el = stack.pop()!;
    if (el.tag === tag) return el;
    for (let i = el.children.length - 1; i >= 0; i--) { const c = el.children[i]; if (c.kind === 1) stack.push(c); }
  }
  return null;
}

function metaContent(head: DomElement | null, key: string): string | undefined {
  if (!head) return undefined;
  for (const c of head.children) {
    if (c.kind !== 1 || c.tag !== 'meta') continue;
    if (c.attr('property') === key || c.attr('name') === key) return c.attr('content');
  }
  return undefined;
}

export function elementText(el: DomElement): string {
  const out: string[] = [];
  renderElementText(el, null, out);
  return oneLine(finish(out));
}

/**
 * An element's text as a reader sees it: without what the markup hides (a permalink anchor shown
 * on hover, a collapsed variant of a heading). aria-hidden hides only from a screen reader (a dash
 * set between a kicker and a headline): that text stays.
 */
export function shownElementText(el: DomElement): string {
  const out: string[] = [];
  renderElementText(el, null, out, false, false, isUnseen);
  return oneLine(finish(out));
}

function isUnseen(el: DomElement): boolean {
  return el.hidden && (el.attr('aria-hidden') !== 'true' || isPermalinkAnchor(el));
}

export function pageTitle(doc: DomDocument): string {
  const t = firstElement(doc.head, 'title') ?? firstElement(doc.root, 'title');
  const title = t ? elementText(t) : '';
  if (title) return title;
  const og = metaContent(doc.head, 'og:title');
  if (og) return oneLine(og);
  const h1 = firstElement(doc.body, 'h1');
  return h1 ? elementText(h1) : '';
}
