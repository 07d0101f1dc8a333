/**
 * Text measures that do not penalise CJK text.
 *
 * Length thresholds in the papers and peers (paper 003's α = 40, β = 100; readability's 25 and
 * 140) were set on characters of alphabetic scripts, where a word is about 5–6 characters. A CJK
 * character carries about a word, so it counts CJK_WEIGHT. Whitespace runs count once, as a
 * browser renders them. Words are counted as alphabetic runs, and each CJK character as one word.
 */

/** One Han/Kana/Hangul character ≈ one word ≈ this many Latin characters. */
export const CJK_WEIGHT = 3;

export interface TextMeasure {
  /** Rendered length, CJK-weighted, leading/trailing whitespace ignored. */
  len: number;
  words: number;
  /** Sentence-ending punctuation (. ! ? and CJK 。！？). */
  punct: number;
  /** Commas, including CJK ，、. */
  commas: number;
}

export function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x2fa1f);
}

/**
 * A string's length with each CJK character counted CJK_WEIGHT times, as measureText counts it,
 * white space as it is: for thresholds on a result's length, which a CJK text meets in a third of
 * the characters.
 */
export function cjkWeightedLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x3040 && isCjk(c)) n += CJK_WEIGHT - 1;
  }
  return n;
}

export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x200b || c === 0x3000 || c === 0xfeff ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f;
}

// Character classes for measureText: what a code point does to the counts.
const OTHER = 0, SPACE = 1, ALNUM = 2, PUNCT = 3, COMMA = 4, CJK = 5;
/** Classes of the ASCII range, looked up instead of tested. */
const ASCII_CLASS = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    t[c] = isSpace(c) ? SPACE : (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? ALNUM
      : c === 46 || c === 33 || c === 63 ? PUNCT : c === 44 ? COMMA : OTHER;
  }
  return t;
})();

function classOf(c: number): number {
  if (isSpace(c)) return SPACE;
  if (c >= 0x3040 && isCjk(c)) return CJK;
  if (c === 0x3002 || c === 0xff01 || c === 0xff1f) return PUNCT;
  if (c === 0xff0c || c === 0x3001) return COMMA;
  return c >= 0xc0 ? ALNUM : OTHER;
}

// Text node strings come in many string representations (flat, sliced, concatenated; one- or
// two-byte), so a `s.charCodeAt` property load sees too many maps and goes megamorphic: a generic
// lookup per character. Called through the one builtin, the load is gone.
const charCodeAt = String.prototype.charCodeAt;

/** Measures `s` into `out` (reused by hot loops to avoid allocation) and returns it. */
export function measureText(s: string, out: TextMeasure = { len: 0, words: 0, punct: 0, commas: 0 }): TextMeasure {
  let len = 0, words = 0, punct = 0, commas = 0;
  let inSpace = true, inWord = false, pendingSpace = false;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = charCodeAt.call(s, i);
    let k: number;
    if (c < 128) k = ASCII_CLASS[c];
    else {
      // A high surrogate takes the next unit with it (as a pair, or skipped when it is not a low one).
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) { c = s.codePointAt(i)!; i++; }
      k = classOf(c);
    }
    if (k === SPACE) { if (!inSpace) pendingSpace = true; inSpace = true; inWord = false; continue; }
    if (pendingSpace) { len++; pendingSpace = false; }
    inSpace = false;
    if (k === ALNUM) { len++; if (!inWord) { words++; inWord = true; } continue; }
    inWord = false;
    if (k === CJK) { len += CJK_WEIGHT; words++; continue; }
    len++;
    if (k === PUNCT) punct++;
    else if (k === COMMA) commas++;
  }
  out.len = len; out.words = words; out.punct = punct; out.commas = commas;
  return out;
}
