/**
 * The title chooser's text (title.ts): the key two spellings of one headline share, and the
 * title's segments between separators ("Headline | Section | Site").
 */
import { decodedRef, simpleCharRef } from '../../dom/char-refs.js';

/** Longer strings are cut before any regex runs: no headline is this long. */
export const MAX_CHARS = 600;
/** Title segments considered: "A | B | C | D" rarely has more than five. */
const MAX_SEGMENTS = 10;

// ---- text keys ---------------------------------------------------------------------------------

export function clean(s: string | undefined): string {
  if (!s) return '';
  const c = s.length > MAX_CHARS ? s.slice(0, MAX_CHARS) : s;
  // Most texts (an element's text is one line already) have nothing to remove or fold: one test.
  if (!INVISIBLE_OR_SPACES.test(c)) return c.trim();
  // Bidirectional marks and zero-width characters are invisible: a title wrapped in them is
  // the same title.
  return c.replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+/g, '').replace(/\s+/g, ' ').trim();
}
/** What either replace in clean() changes: an invisible character, white space other than a space, two in a row. */
const INVISIBLE_OR_SPACES = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[^\S ]|\s\s/;

/**
 * JSON-LD is JSON, not HTML: WordPress and others still write "It&#8217;s" into its headline.
 * Simple references (a number, or a name from the parser's table) are decoded; others stay.
 */
export function decodeRefs(s: string): string {
  if (!s.includes('&')) return s;
  let out = '', from = 0;
  for (let at = s.indexOf('&'); at >= 0; at = s.indexOf('&', at + 1)) {
    if (!simpleCharRef(s, at)) continue;
    out += s.slice(from, at) + decodedRef.text;
    from = decodedRef.end;
    at = from - 1;
  }
  return out + s.slice(from);
}

/**
 * What two spellings of one headline share: letters and digits, lower case, compatibility forms
 * folded. Quotes, dashes and spacing differ between <title>, og:title and the visible <h1>.
 */
export function key(s: string): string {
  return memo === null ? keyOf(s) : remembered(memo.keys, s, keyOf);
}
function keyOf(s: string): string {
  // NFKC changes no ASCII string, and there the letters and digits are [a-z0-9] once lower-cased:
  // most titles take the plain regex, which runs several times faster than the Unicode one.
  if (!NON_ASCII.test(s)) return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
const NON_ASCII = /[^\x00-\x7f]/;

let memo: { keys: Map<string, string>; splits: Map<string, Split> } | null = null;
/**
 * Runs `fn` with key() and split() remembering their answers, forgotten when `fn` returns. The
 * title chooser keys the same few texts (a title's spans, the candidates' texts) some 25 times a
 * page, 8 of them distinct, a third of them on the Unicode path; and splits 2 or 3 titles 6
 * times. Not kept across pages: the texts can be slices of the page's source, which a
 * module-wide memo would keep alive. Callers never change a Split.
 */
export function withTitleMemo<T>(fn: () => T): T {
  if (memo !== null) return fn();
  memo = { keys: new Map(), splits: new Map() };
  try { return fn(); } finally { memo = null; }
}
function remembered<V>(answers: Map<string, V>, s: string, compute: (s: string) => V): V {
  let v = answers.get(s);
  if (v === undefined) { v = compute(s); answers.set(s, v); }
  return v;
}

// ---- the title's segments ----------------------------------------------------------------------

export interface Segment { start: number; end: number; text: string }
export interface Split { text: string; segs: Segment[]; seps: string[] }

/**
 * Separators between a headline and the site name: bars (full-width and box-drawing ones too, as
 * CJK titles write them), bullets, guillemets, double colons and underscores with or without
 * spaces; dashes, slashes, ">" and "@" only with a space on each side (a hyphenated word is no
 * separator); a colon only next to a space ("Site: Headline", "Headline :site", not "10:30"); an opening
 * parenthesis whose group closes the title ("Headline (from The Herald)"); a hyphen with a space
 * after it but none before ("Music- Headline", "Headline- Section"): a hyphenated word has no
 * space after its hyphen, and a suspended one ("pre- and post-war", "Feuerwehr- und
 * Katastrophenschutz") by a conjunction. No quantifier is nested and clean() has collapsed white space, so the scan is linear.
 */
const SEPARATOR = /\s*(?:\|+|::|»|«|›|‹|·|•|~|_+|｜|│|‖)\s*|\s+(?:-{1,2}|–|—|\/|>|@)\s+|(?<=[^\s-])-\s+(?!(?:and|or|to|und|oder|bis|sowie|et|ou|y|e|o|en|of)\s)|\s*:\s+|\s+:|\s*\((?=[^()]{2,48}\)\s*$)/g;

export function split(title: string): Split {
  return memo === null ? splitOf(title) : remembered(memo.splits, title, splitOf);
}
function splitOf(title: string): Split {
  const segs: Segment[] = [];
  const seps: string[] = [];
  let at = 0;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(title); m; m = SEPARATOR.exec(title)) {
    if (m[0].length === 0) { SEPARATOR.lastIndex++; continue; }
    if (segs.length >= MAX_SEGMENTS - 1) break;
    const text = title.slice(at, m.index).trim();
    // Two separators in a row, or one at the start, make no segment.
    if (text) { segs.push({ start: at, end: m.index, text }); seps.push(m[0].trim()); }
    at = m.index + m[0].length;
  }
  let rest = title.slice(at).trim();
  if (rest && seps.length && seps[seps.length - 1] === '(') rest = rest.replace(/\)\s*$/, '').trim();
  if (rest) segs.push({ start: at, end: title.length, text: rest });
  else if (segs.length) seps.pop();
  return { text: title, segs, seps };
}

/** The title from segment i to segment j, as the page wrote it. */
export function span(s: Split, i: number, j: number): string {
  return s.text.slice(s.segs[i].start, s.segs[j].end).trim();
}

/** Words with a letter in them: "January 23, 2001" has one. */
export function letterWords(s: string): number {
  return countMatches(LETTER_WORD, s);
}
const LETTER_WORD = /[\p{N}]*\p{L}[\p{L}\p{N}]*/gu;

export function words(s: string): number {
  return countMatches(WORD, s);
}
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Matches of a global regex in `s`, counted up to 41. test() moves lastIndex along without
 * building a match array for each word, as matchAll() would: the title chooser counts the words
 * of every candidate text.
 */
function countMatches(re: RegExp, s: string): number {
  let n = 0;
  re.lastIndex = 0;
  while (re.test(s)) if (++n > 40) break;
  return n;
}
