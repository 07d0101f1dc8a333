/**
 * A cheap pre-pass that removes what the tree would drop anyway, before the parser spends time
 * tokenizing it: the bodies of <script> and <style> (raw text, half the bytes of a modern page)
 * and comments. The tree parse5 builds from the result is the same, because raw text and comments
 * never create elements; where that is not certain (a script body holding "<!--", whose escape
 * states can move the end tag), the body is left for the parser.
 *
 * Inline <svg> bodies (icons: a tenth of a modern page) go too, since the tree never keeps svg,
 * unless the body holds a nested <svg> or a tag that breaks out of foreign content (HTML §13.2.6.5:
 * <p>, <div>, <b>, ... end the svg and become HTML elements, which the tree would keep).
 */

const OPENERS = /<(?:(script|style|svg)(?=[\s/>])|!--)/gi;
const SVG_BREAKOUT = /<(?:svg|b|big|blockquote|body|br|center|code|dd|div|dl|dt|em|embed|h[1-6]|head|hr|i|img|li|listing|menu|meta|nobr|ol|p|pre|ruby|s|small|span|strong|strike|sub|sup|table|tt|u|ul|var|font)[\s/>]/i;

export function stripRawText(html: string): string {
  OPENERS.lastIndex = 0;
  const out: string[] = [];
  let copied = 0;
  for (let m = OPENERS.exec(html); m; m = OPENERS.exec(html)) {
    const start = m.index;
    if (m[1] === undefined) {
      // Comment: "<!--" … "-->"; "<!-->" and "<!--->" are complete (empty) comments.
      const close = html.indexOf('-->', start + 2);
      if (close < 0) break;
      const end = close + 3;
      out.push(html.slice(copied, start));
      copied = end;
      OPENERS.lastIndex = end;
      continue;
    }
    const tagEnd = endOfStartTag(html, start + 1 + m[1].length);
    if (tagEnd < 0) break;
    const tag = m[1].toLowerCase();
    const closeRe = tag === 'script' ? /<\/script[\s/>]/gi : tag === 'style' ? /<\/style[\s/>]/gi : /<\/svg[\s/>]/gi;
    closeRe.lastIndex = tagEnd;
    const close = closeRe.exec(html);
    if (!close) break;
    const bodyStart = tagEnd;
    const bodyEnd = close.index;
    if ((tag === 'script' && html.lastIndexOf('<!--', bodyEnd) >= bodyStart) ||
      (tag === 'svg' && SVG_BREAKOUT.test(html.slice(bodyStart, bodyEnd)))) {
      OPENERS.lastIndex = bodyEnd;
      continue;
    }
    out.push(html.slice(copied, bodyStart));
    copied = bodyEnd;
    OPENERS.lastIndex = bodyEnd + 2;
  }
  if (copied === 0) return html;
  out.push(html.slice(copied));
  return out.join('');
}

/** Index just past the ">" closing a start tag, honouring quoted attribute values; -1 if none. */
function endOfStartTag(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote) { if (c === quote) quote = 0; continue; }
    if (c === 34 || c === 39) {
      // A quote only opens a value right after "=" (allowing spaces), as the tokenizer reads it.
      let j = i - 1;
      while (j > from && (html.charCodeAt(j) === 32 || html.charCodeAt(j) === 9 || html.charCodeAt(j) === 10)) j--;
      if (html.charCodeAt(j) === 61) quote = c;
      continue;
    }
    if (c === 62) return i + 1;
  }
  return -1;
}
