/**
 * Character references the tokenizer's whole-tag path (prescan.ts) decodes itself, so that a tag
 * whose attribute values hold `&amp;` or `&quot;` (URLs with queries, JSON in data-* attributes:
 * 7% of the trafilatura pages' characters) is not handed back to parse5's states.
 *
 * Only references whose meaning cannot depend on what follows them: a name from the table below
 * or a decimal or hexadecimal number, closed by ";", standing for a character that HTML's
 * tokenizer keeps as it is (no NUL, C1 or surrogate replacement, no control character). Every
 * other reference goes to parse5. A test decodes each one with plain parse5 as well.
 */

/** Named references, semicolon-terminated, with the character each stands for (WHATWG table). */
export const SIMPLE_NAMED_REFS: ReadonlyMap<string, string> = new Map([
  ['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', '\u00a0'],
  ['copy', '\u00a9'], ['reg', '\u00ae'], ['trade', '\u2122'], ['hellip', '\u2026'], ['mdash', '\u2014'],
  ['ndash', '\u2013'], ['lsquo', '\u2018'], ['rsquo', '\u2019'], ['ldquo', '\u201c'], ['rdquo', '\u201d'],
  ['laquo', '\u00ab'], ['raquo', '\u00bb'], ['middot', '\u00b7'], ['bull', '\u2022'], ['euro', '\u20ac'],
  ['times', '\u00d7'], ['deg', '\u00b0'], ['shy', '\u00ad'],
]);

const AMP = 38, HASH = 35, SEMI = 59;
/** Longest name in SIMPLE_NAMED_REFS, and the most digits a number may have here. */
const MAX_NAME = 6, MAX_DIGITS = 7;

/** The reference decoded by the last successful simpleCharRef call: its text and the index after its ";". */
export const decodedRef = { text: '', end: 0 };

/** True, with `decodedRef` set, when `html` holds a simple reference at `at` (its "&"). */
export function simpleCharRef(html: string, at: number): boolean {
  if (html.charCodeAt(at) !== AMP) return false;
  let i = at + 1;
  if (html.charCodeAt(i) === HASH) {
    i++;
    const hex = (html.charCodeAt(i) | 0x20) === 120;
    if (hex) i++;
    const from = i;
    let cp = 0;
    for (let c = html.charCodeAt(i); i - from < MAX_DIGITS; c = html.charCodeAt(++i)) {
      const d = hexDigit(c);
      if (d < 0 || (!hex && d > 9)) break;
      cp = cp * (hex ? 16 : 10) + d;
    }
    if (i === from || html.charCodeAt(i) !== SEMI || !keptAsIs(cp)) return false;
    decodedRef.text = String.fromCodePoint(cp);
    decodedRef.end = i + 1;
    return true;
  }
  const from = i;
  while (i - from <= MAX_NAME && isAsciiLetter(html.charCodeAt(i))) i++;
  if (i === from || html.charCodeAt(i) !== SEMI) return false;
  const text = SIMPLE_NAMED_REFS.get(html.slice(from, i));
  if (text === undefined) return false;
  decodedRef.text = text;
  decodedRef.end = i + 1;
  return true;
}

/** A code point a numeric reference yields unchanged and without a control character: printable ASCII, or above C1, no surrogate or noncharacter. */
function keptAsIs(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  if (cp < 0xa0 || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0xfdd0 && cp <= 0xfdef)) return false;
  return cp <= 0x10ffff && (cp & 0xfffe) !== 0xfffe;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

function isAsciiLetter(c: number): boolean {
  const l = c | 0x20;
  return l >= 97 && l <= 122;
}
