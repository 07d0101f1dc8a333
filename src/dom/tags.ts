/** Tag classes shared by every algorithm (HTML Living Standard content categories, simplified). */

/** Elements that start a new line when rendered: text on either side does not run together. */
export const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'dir', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'ul', 'br', 'noframes',
  'frameset', 'title', 'listing', 'xmp', 'plaintext',
]);

/**
 * Paper 000 §3.1 container tags: they partition a page into content blocks. The paper names
 * TABLE, TR, TD, P and DIV; the HTML5 sectioning and grouping elements play the same role today.
 */
export const CONTAINER_TAGS = new Set([
  'body', 'div', 'p', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'article', 'main',
  'section', 'aside', 'nav', 'header', 'footer', 'ul', 'ol', 'dl', 'li', 'dd', 'dt', 'figure', 'figcaption',
  'pre', 'blockquote', 'form', 'fieldset', 'center', 'address', 'details', 'menu', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'hgroup',
]);

/**
 * Paper 000 §3.1 weighty tags and their force. The paper gives no numbers, only that H1 outweighs
 * H3; these follow the default rendered size ratios of the UA stylesheet. A Map: every element's
 * tag is looked up, and an object indexed by a tag string that the parser cut from the page (not
 * an interned one) took twice as long.
 */
export const WEIGHTY_FORCE: ReadonlyMap<string, number> = new Map(Object.entries({
  h1: 2.0, h2: 1.5, h3: 1.17, h4: 1.0, h5: 0.83, h6: 0.67, strong: 1.2, b: 1.2, em: 1.1, i: 1.1, u: 1.1,
  big: 1.2, font: 1.05, mark: 1.1, title: 2.0,
}));

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Block elements whose text is one unit of prose. */
export const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'td', 'th', 'figcaption', 'address']);

/**
 * Elements whose white space is kept (the user agent style sheet gives them white-space: pre):
 * <pre>, and the obsolete raw-text <xmp>, <listing> and <plaintext>, which the clean HTML writes as <pre>.
 */
export const PRE_TAGS = new Set(['pre', 'xmp', 'listing', 'plaintext']);
