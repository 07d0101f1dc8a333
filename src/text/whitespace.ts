/**
 * White space collapsing, the way a browser renders normal-flow text. Hot: every text node of
 * every kept block and every text unit goes through it, and most already hold nothing but single
 * spaces between words, so those are returned as they are, without a regex replace's new string.
 */

/** Some white space other than a lone U+0020: two in a row, or any other white-space character. */
const NEEDS_COLLAPSE = /\s\s|[^\S ]/;

/** Every run of white space (\s, which includes U+00A0) becomes one space. */
export function collapseSpace(s: string): string {
  return NEEDS_COLLAPSE.test(s) ? s.replace(/\s+/g, ' ') : s;
}

/**
 * One line of text, as a title or label renders: every run of white space, zero-width spaces
 * included (\s already holds U+00A0, U+3000 and the BOM), becomes one space, and the ends are trimmed.
 */
export function oneLine(s: string): string {
  return s.replace(/[\s\u200b]+/g, ' ').trim();
}
