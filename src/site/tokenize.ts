/**
 * Tokenization and mutable-pattern normalization for suffix-array templates.
 *
 * Paper 004 (Foschini, "A fast and parameter-free template detection method for web pages and
 * online newspapers"), §3.2 step 1 (tokens, ids by an interning dictionary) and §3.3 (mutable
 * patterns: a token that matches one of a list of "mutable patterns" is replaced by a normalized
 * representation, so that the suffix array sees every date, number, URL, … as the same token),
 * with the pattern list of §5.2.
 *
 * Tokens are the thesis's `\S+` (runs of non-space characters), with two additions so that the
 * same tokenizer serves page text and raw HTML (§5.2 applies the method to both):
 *   - `<` starts a token and `>` ends one, so `<a href="/x">Home</a>` gives `<a`, `href="/x">`,
 *     `Home`, `</a>`;
 *   - each Han/Kana/Hangul character is a token of its own (those scripts do not use spaces).
 *
 * Normalized keys. A token's key is the string the suffix array compares. A literal token is its
 * own text (with `{` and `}` doubled); a token matched by a mutable pattern becomes a slot such as
 * `{number}` or `{weekday}`. The slot absorbs the token's leading and trailing punctuation, as
 * the thesis's patterns do (`(Monday|…)[[:punct:]]*`, `[\d,\.]+`). Inside an HTML attribute
 * token (`href="…"`) only the value is normalized (`href="{url}">`), and digit runs in other
 * attribute values become `{digits}` (`id="post-{digits}"`), because per-page ids and links are
 * the mutable part of markup templates.
 *
 * Slots (the thesis's list, §5.2, in the order they are tried): url, email, initials (`U.S.`),
 * ordinal (`27th`), number (`[\d,.]+`), datetime (`[\d\-/\\:]+`), numeric (money, phones:
 * `[$\d,.()\[\]\-/\\:]+`), dashes (`-+`), month, mon (abbreviated), weekday, wday (abbreviated),
 * timeunit (`(hr|day|minute|second)s*`), upper (upper-case runs, the thesis's UPCASE), abbrev
 * (`[[:upper:]]\w{1,4}\.`), and `By` folded to `by` (`[bB]y`).
 * Departures: currency signs other than `$`, `%` and `+` join the numeric class; `hour`, `week`,
 * `month`, `year`, `min`, `sec` join the time units (so "3 hours ago" and "2 weeks ago"
 * generalize); `Sept` joins the month abbreviations; the thesis's garbled upper-case pattern is
 * read as "two or more upper-case letters". No regular expression here can backtrack
 * catastrophically: each is a single anchored run or a fixed alternation, and tokens longer than
 * 256 characters are never classified (they stay literal).
 */
import { CJK_WEIGHT, isCjk, isSpace } from '../text/measure.js';

/** The slot names a normalized key may contain, e.g. `{number}`. */
export const SLOTS = [
  'url', 'email', 'initials', 'ordinal', 'number', 'datetime', 'numeric', 'dashes', 'month', 'mon',
  'weekday', 'wday', 'timeunit', 'upper', 'abbrev', 'digits',
] as const;
export type SlotName = (typeof SLOTS)[number];

/** A text cut into tokens: token i is `text.slice(starts[i], ends[i])` and compares as `keys[i]`. */
export interface Tokens {
  keys: string[];
  starts: Int32Array;
  ends: Int32Array;
  /** 1 where a token starts a line: the first token, or one with a line break before it. */
  lineStarts: Uint8Array;
}

/** Tokens longer than this are never classified: their key is their literal text. */
const MAX_CLASSIFY = 256;

const MONTHS = new Set(['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December']);
const MONS = new Set(['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec']);
const WEEKDAYS = new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const WDAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
const TIME_UNITS = new Set(['hr', 'hrs', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months',
  'year', 'years', 'minute', 'minutes', 'min', 'mins', 'second', 'seconds', 'sec', 'secs']);

const RE_URL = /^(?:https?:\/\/|ftp:\/\/|www\.)\S/i;
const RE_EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const RE_INITIALS = /^(?:\p{Lu}\.){2,}$/u;
const RE_ORDINAL = /^\d+(?:st|nd|rd|th)$/;
const RE_NUMBER = /^[\d,.]+$/;
const RE_DATETIME = /^[\d\-/\\:]+$/;
const RE_NUMERIC = /^[$€£¥\d,.()[\]\-/\\:%+]+$/u;
const RE_DASHES = /^[-\u2010-\u2015]+$/;
const RE_UPPER = /^\p{Lu}{2,}$/u;
const RE_ABBREV = /^\p{Lu}[\p{L}\p{N}_]{1,4}\.$/u;
const RE_ATTR = /^([A-Za-z_:][-A-Za-z0-9_:.]*)=(.*)$/s;
const RE_DIGITS = /\d+/g;

/** Opening punctuation a slot absorbs. */
function isLeadPunct(c: number): boolean {
  return c === 40 || c === 91 || c === 123 || c === 34 || c === 39 || c === 0x201c || c === 0x2018 ||
    c === 0xab || c === 0xbf || c === 0xa1;
}
/** Closing punctuation a slot absorbs (`.` is handled apart: abbreviations and initials keep it). */
function isTrailPunct(c: number): boolean {
  return c === 44 || c === 59 || c === 58 || c === 33 || c === 63 || c === 41 || c === 93 || c === 125 ||
    c === 34 || c === 39 || c === 0x201d || c === 0x2019 || c === 0xbb || c === 0x2026;
}

/** A literal token as a key: braces doubled (so no literal looks like a slot), NUL replaced. */
export function literalKey(s: string): string {
  if (s.indexOf('{') < 0 && s.indexOf('}') < 0 && s.indexOf('\u0000') < 0) return s;
  return s.replace(/\u0000/g, '\ufffd').replace(/\{/g, '{{').replace(/\}/g, '}}');
}

const slot = (name: SlotName): string => `{${name}}`;

/**
 * The mutable-pattern class of a token, with the token's surrounding punctuation ignored,
 * or null when it is an ordinary word.
 */
export function classifyToken(tok: string): SlotName | null {
  if (tok.length === 0 || tok.length > MAX_CLASSIFY) return null;
  let a = 0;
  while (a < tok.length && isLeadPunct(tok.charCodeAt(a))) a++;
  let b = tok.length;
  while (b > a && isTrailPunct(tok.charCodeAt(b - 1))) b--;
  if (a >= b) return null;
  const body = tok.slice(a, b); // keeps a trailing '.'
  if (RE_URL.test(body) || (body.indexOf('://') > 0 && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(body))) return 'url';
  if (body.indexOf('@') > 0 && RE_EMAIL.test(body)) return 'email';
  if (RE_INITIALS.test(body)) return 'initials';
  let e = body.length;
  while (e > 0 && body.charCodeAt(e - 1) === 46) e--;
  const core = e === body.length ? body : body.slice(0, e);
  if (core.length === 0) return null;
  const c0 = core.charCodeAt(0);
  if (hasDigit(core)) {
    if (RE_ORDINAL.test(core)) return 'ordinal';
    if (RE_NUMBER.test(core)) return 'number';
    if (RE_DATETIME.test(core)) return 'datetime';
    if (RE_NUMERIC.test(core)) return 'numeric';
    return null;
  }
  if (RE_DASHES.test(core)) return 'dashes';
  if (c0 >= 65 && c0 <= 90) {
    if (MONTHS.has(core)) return 'month';
    if (MONS.has(core)) return 'mon';
    if (WEEKDAYS.has(core)) return 'weekday';
    if (WDAYS.has(core)) return 'wday';
  }
  if (TIME_UNITS.has(core) || (c0 >= 65 && c0 <= 90 && TIME_UNITS.has(core.toLowerCase()) && core.length > 1 &&
      core.charCodeAt(1) >= 97)) return 'timeunit';
  if (RE_UPPER.test(core)) return 'upper';
  if (RE_ABBREV.test(body)) return 'abbrev';
  return null;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 48 && c <= 57) return true; }
  return false;
}

/** The key of an HTML attribute token `name="value"…`, or null when `tok` is not one. */
function attributeKey(tok: string): string | null {
  const m = RE_ATTR.exec(tok);
  if (!m) return null;
  const name = m[1], rest = m[2];
  let q = '', i = 0;
  if (rest.startsWith('"') || rest.startsWith("'")) { q = rest[0]; i = 1; }
  let j = q ? rest.indexOf(q, i) : rest.length;
  if (j < 0) j = rest.length;
  if (!q) { // unquoted: the value ends before a closing '>' or '/>'
    if (rest.endsWith('/>')) j = rest.length - 2; else if (rest.endsWith('>')) j = rest.length - 1;
  }
  const value = rest.slice(i, j), tail = rest.slice(j);
  const head = literalKey(`${name}=${q}`), end = literalKey(tail);
  if (value.length === 0) return null;
  const cls = classifyToken(value);
  if (cls === 'url' || cls === 'email' || cls === 'number' || cls === 'datetime' || cls === 'numeric' ||
      cls === 'ordinal') return head + slot(cls) + end;
  const v0 = value.charCodeAt(0);
  if (v0 === 47 || v0 === 35 || v0 === 63 || value.startsWith('./') || value.startsWith('../') ||
      (value.indexOf('/') > 0 && value.indexOf(' ') < 0 && /\.[a-z]{2,5}(?:$|[?#/])/i.test(value))) {
    return head + slot('url') + end;
  }
  if (hasDigit(value)) return head + literalKey(value).replace(RE_DIGITS, slot('digits')) + end;
  return null;
}

/** The normalized key of one token (see the file header). */
export function tokenKey(tok: string): string {
  if (tok.length > MAX_CLASSIFY) return literalKey(tok);
  const c0 = tok.charCodeAt(0);
  if (c0 === 60) return literalKey(tok); // a tag opener or closer: `<div`, `</a>`, `<br/>`
  if (tok.indexOf('=') > 0) {
    const k = attributeKey(tok);
    if (k !== null) return k;
  }
  const cls = classifyToken(tok);
  if (cls !== null) return slot(cls);
  if (tok === 'By') return 'by';
  return literalKey(tok);
}

/** Token text → key, shared by all calls that bring no cache of their own; cleared when full. */
const SHARED_CACHE = new Map<string, string>();
const SHARED_CACHE_MAX = 50_000;

/**
 * Cuts `text` into tokens with their character spans and keys. `cache` (token text → key) may
 * be shared by the calls of one learning run: a site's documents repeat most of their tokens.
 * Without one, a small module-wide memo is used (tokenKey is a pure function).
 */
export function tokenize(text: string, cache?: Map<string, string>): Tokens {
  const memo = cache ?? SHARED_CACHE;
  const limit = cache ? 1_000_000 : SHARED_CACHE_MAX;
  const starts: number[] = [], ends: number[] = [], keys: string[] = [], lines: number[] = [];
  let s = -1, newline = true;
  const flush = (e: number) => {
    if (s >= 0 && e > s) {
      const tok = text.slice(s, e);
      let k = memo.get(tok);
      if (k === undefined) {
        k = tokenKey(tok);
        if (memo.size >= limit) { if (cache) return push(k, e); memo.clear(); }
        memo.set(tok, k);
      }
      push(k, e);
    }
    s = -1;
  };
  const push = (k: string, e: number) => {
    starts.push(s); ends.push(e); keys.push(k); lines.push(newline ? 1 : 0);
    newline = false; s = -1;
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    let w = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) { c = text.codePointAt(i)!; w = c > 0xffff ? 2 : 1; }
    if (isSpace(c)) { flush(i); if (c === 10) newline = true; continue; }
    if (c === 60) { flush(i); s = i; continue; }          // '<' starts a token
    if (c >= 0x3040 && isCjk(c)) { flush(i); s = i; flush(i + w); i += w - 1; continue; }
    if (s < 0) s = i;
    if (c === 62) flush(i + 1);                          // '>' ends one
    i += w - 1;
  }
  flush(n);
  return { keys, starts: Int32Array.from(starts), ends: Int32Array.from(ends), lineStarts: Uint8Array.from(lines) };
}

/**
 * A token's weight in "characters" for gap merging and the isolation guard: its length, except a
 * Han/Kana/Hangul token (one character, about one word) counts CJK_WEIGHT, as everywhere in
 * thresher's text measures. Without it a 10-character gap spans about one English word but five
 * Chinese ones, and template pieces merge across Chinese article text.
 */
export function tokenChars(text: string, start: number, end: number): number {
  if (end - start <= 2) {
    const c = text.codePointAt(start)!;
    if (c >= 0x3040 && isCjk(c)) return CJK_WEIGHT;
  }
  return end - start;
}

/**
 * Whether two tokens written one right after the other (no space between) would be read back
 * as the same two tokens: true after a `>`, before a `<`, or next to a CJK character.
 */
export function tokensJoinSafely(left: string, right: string): boolean {
  if (left.length === 0 || right.length === 0) return true;
  const a = left.codePointAt(left.length - 1 - (left.length > 1 && isLowSurrogate(left.charCodeAt(left.length - 1)) ? 1 : 0))!;
  const b = right.codePointAt(0)!;
  return a === 62 || b === 60 || isCjk(a) || isCjk(b);
}

function isLowSurrogate(c: number): boolean { return c >= 0xdc00 && c <= 0xdfff; }

/** Token ids by interning: the same key always gets the same id, ids are 0, 1, 2, … in order of first sight. */
export class TokenDictionary {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];
  /** The id of `key`, interning it when new. */
  intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) { id = this.list.length; this.ids.set(key, id); this.list.push(key); }
    return id;
  }
  /** The id of `key`, or -1 when it was never interned. */
  lookup(key: string): number { return this.ids.get(key) ?? -1; }
  key(id: number): string { return this.list[id]; }
  get size(): number { return this.list.length; }
}
