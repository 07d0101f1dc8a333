/**
 * The "raw page" of paper 000 §7.1 (the classifier trained on the raw page, against the same
 * classifier trained on topic content): the visible text of the whole page — the body rendered
 * as text with nothing cleaned away except what the markup hides (hidden attribute, inline
 * display:none / visibility:hidden, aria-hidden) and what the parser prunes (script, style,
 * template, form controls).
 */
import { computeFeatures } from '../dom/features.js';
import type { DomDocument } from '../dom/node.js';
import { decodeHtml } from '../dom/decode.js';
import { parseHtml } from '../dom/parse.js';
import { CONTENT, Labels, NOISE } from '../page/labels.js';
import { renderText } from '../render/text.js';

/** The visible text of a parsed page (features computed), one block per line. */
export function visibleText(doc: DomDocument): string {
  const labels = new Labels(doc);
  const root = doc.body ?? doc.root;
  if (root.id < 0) return '';
  labels.set(root, CONTENT, 'the whole page');
  for (let i = root.id + 1, end = root.id + root.tags; i <= end; i++) {
    const el = doc.elements[i];
    if (el.hidden) { labels.set(el, NOISE, 'hidden by markup'); i += el.tags; }
  }
  return renderText(labels);
}

/** The visible text of a page given as HTML text or bytes. */
export function pageVisibleText(input: string | Uint8Array): string {
  const html = typeof input === 'string' ? input : decodeHtml(input).text;
  const doc = parseHtml(html);
  computeFeatures(doc);
  return visibleText(doc);
}
