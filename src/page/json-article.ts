/**
 * The fallback output for a page whose article exists only in its JSON (JSON-LD `articleBody`, a
 * Next.js `__NEXT_DATA__` or Nuxt payload, read by page/metadata/): the visible page is an empty
 * shell its scripts would fill, or shows only what stands around the article (its lead, a
 * caption, a byline, a paywall's offer). extract() takes it when the labelers kept less than a
 * short article, or when what they kept is a small part of the JSON's length and repeats almost
 * none of its text; `attempts` records it as 'json'.
 */
import { CLEAN_HTML_GENERATOR, escapeText, HEADLINE_MARK } from '../render/html.js';
import { gramShare, wordGrams, wordsOf } from './article-body.js';
import { cjkWeightedLength } from '../text/measure.js';

export interface JsonArticle {
  text: string;
  markdown: string;
  html(title: string, headline: boolean): string;
}

/** Below this many characters the JSON's text is a summary, not an article. */
const MIN_JSON_CHARS = 200;
/**
 * Less kept text than this (a CJK character counting CJK_WEIGHT, text/measure.ts) is no article: extract()'s cascade then tries the next labeler, and a
 * JSON article, when the page has one, is taken.
 */
export const SHORT_ARTICLE_CHARS = 250;
/**
 * Longer kept text gives way to the JSON's only when the JSON is this many times longer and the
 * kept text holds less than MAX_SHOWN_SHARE of its word trigrams: the page shows something else
 * than the article (on the dev sets: a caption and a byline beside a 4,300-character body; a
 * teaser and a subscription offer beside a 3,700-character one).
 */
const MIN_JSON_RATIO = 3;
const MAX_SHOWN_SHARE = 0.2;

/** A standfirst is a sentence or a few: shorter is a label, longer is not a summary. */
const MIN_STANDFIRST_CHARS = 40;
const MAX_STANDFIRST_CHARS = 600;

/**
 * The article from the page's JSON, as paragraphs, when the `kept` text the labelers gave does not
 * show it. `description` is the page's summary (metadata): a JSON body often leaves out the
 * standfirst the page shows above it, so when the kept text shows the description and the JSON
 * does not hold it, it opens the article, as on the page.
 */
export function jsonArticle(articleBody: string | undefined, kept: string, description?: string): JsonArticle | null {
  if (!articleBody) return null;
  const paragraphs = articleBody.split(/\n+/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const body = paragraphs.join('\n');
  if (body.length < MIN_JSON_CHARS || body.length <= kept.length) return null;
  if (cjkWeightedLength(kept) >= SHORT_ARTICLE_CHARS &&
    (body.length < MIN_JSON_RATIO * kept.length || gramShare(wordsOf(body), wordGrams(wordsOf(kept))) >= MAX_SHOWN_SHARE)) return null;
  const standfirst = description?.replace(/\s+/g, ' ').trim();
  if (standfirst && standfirst.length >= MIN_STANDFIRST_CHARS && standfirst.length <= MAX_STANDFIRST_CHARS &&
    kept.replace(/\s+/g, ' ').includes(standfirst) && !body.includes(standfirst.slice(0, MIN_STANDFIRST_CHARS))) paragraphs.unshift(standfirst);
  const text = paragraphs.join('\n');
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
