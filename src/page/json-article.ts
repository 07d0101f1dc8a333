/**
 * The fallback output for a page whose article exists only in its JSON (JSON-LD `articleBody`, a
 * Next.js `__NEXT_DATA__` or Nuxt payload, read by page/metadata/): the visible page is an empty
 * shell its scripts would fill. extract() takes it when every labeler kept less than a short
 * article and the JSON holds more than they kept; `attempts` records it as 'json'.
 */
import { CLEAN_HTML_GENERATOR, escapeText, HEADLINE_MARK } from '../render/html.js';

export interface JsonArticle {
  text: string;
  markdown: string;
  html(title: string, headline: boolean): string;
}

/** Below this many characters the JSON's text is a summary, not an article. */
const MIN_JSON_CHARS = 200;

/** The article from the page's JSON, as paragraphs, when it holds more than the `visibleChars` the labelers kept. */
export function jsonArticle(articleBody: string | undefined, visibleChars: number): JsonArticle | null {
  if (!articleBody) return null;
  const paragraphs = articleBody.split(/\n+/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const text = paragraphs.join('\n');
  if (text.length < MIN_JSON_CHARS || text.length <= visibleChars) return null;
  return {
    text,
    markdown: paragraphs.map(escapeMarkdownLine).join('\n\n') + '\n',
    // Marked as thresher's clean HTML, as renderHtml marks it, so that it extracts again to the
    // same text (read afresh, a labeler dropped paragraphs of it; found by the fuzz campaign).
    html: (title, headline) => `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<meta name="generator" content="${CLEAN_HTML_GENERATOR}">\n` +
      `<title>${escapeText(title)}</title>\n</head>\n<body>\n${headline && title ? `<h1 ${HEADLINE_MARK}>${escapeText(title)}</h1>\n` : ''}` +
      paragraphs.map((p) => `<p>${escapeText(p)}</p>\n`).join('') + '</body>\n</html>\n',
  };
}

/** A paragraph of plain text as a Markdown paragraph: a leading marker character is escaped. */
function escapeMarkdownLine(p: string): string {
  return p.replace(/([\\`*_[\]<])/g, '\\$1').replace(/^([#>+-]|\d+[.)])/, '\\$1');
}
