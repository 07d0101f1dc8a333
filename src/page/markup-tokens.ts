/**
 * A learned class/id vocabulary for the block classifier: how much topic content sits under
 * markup that carries a given class or id token, across many sites.
 *
 * boilerplate.ts holds the hand-written words every peer uses ("sidebar", "comments",
 * "entry-content"). The web has many more that are just as telling and shared by whole CMS
 * families ("td-post-content", "widget_text", "field-item", "wp-block-group"). Here each token's
 * content rate is learned from the development sets' truth and stored with the block model, as a
 * token table (token-table.ts: target encoding, cross-site by construction). Digit runs are
 * folded to 0 ("post-1234" and "post-99" are one token).
 *
 * Features per text unit (appended to BLOCK_FEATURES): the highest and lowest score among the
 * unit's own tokens, the highest and lowest among its ancestors' (up to <body>), and how many
 * known tokens it and its ancestors carry. 0 where no known token is.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { addUnitTokens, tokenTableMap, type PageTokenStats, type TokenTable } from './token-table.js';
import { findRange, rangeIndex, type RangeIndex } from '../text/range-index.js';

export const MARKUP_TOKEN_FEATURES: readonly string[] = ['tok_self_max', 'tok_self_min', 'tok_anc_max', 'tok_anc_min', 'tok_known'];

/** A class or id word longer than this is a generated hash or a CSS-in-JS name, never shared. */
const MAX_TOKEN_LEN = 40;

/**
 * Tokens of a class + id string (lower case, as DomElement.classId gives it): every
 * white-space-separated word with digit runs folded to 0, plus its parts of two or more characters
 * between punctuation ("entry-content" → entry-content, entry, content), each once, in order.
 */
export function markupTokens(classId: string): string[] {
  const out: string[] = [];
  forEachMarkupToken(classId, (s, from, to) => { out.push(s.slice(from, to)); });
  return distinct(out);
}

/**
 * Calls `visit(s, from, to)` for every token of a class + id string, in order, repeats included:
 * each white-space-separated word (when it has digits, `s` is a copy with digit runs folded to 0)
 * then its parts, the runs of [a-z0] two or more long that are not the whole word. A scanner, not
 * split/replace/split: every distinct class string of a page goes through here, and most pages
 * bring new ones (test/markup-tokens.test.ts checks it against the regex form).
 */
function forEachMarkupToken(classId: string, visit: (s: string, from: number, to: number) => void): void {
  const n = classId.length;
  for (let i = 0; i < n;) {
    while (i < n && isRegexSpace(classId.charCodeAt(i))) i++;
    let end = i, digits = false;
    for (let c: number; end < n && !isRegexSpace((c = classId.charCodeAt(end))); end++) if (c >= 48 && c <= 57) digits = true;
    if (end > i && end - i <= MAX_TOKEN_LEN) {
      if (digits) {
        const word = classId.slice(i, end).replace(/[0-9]+/g, '0');
        visitWordAndParts(word, 0, word.length, visit);
      } else visitWordAndParts(classId, i, end, visit);
    }
    i = end;
  }
}

/** The word s[from, to), then its parts. */
function visitWordAndParts(s: string, from: number, to: number, visit: (s: string, from: number, to: number) => void): void {
  visit(s, from, to);
  for (let i = from; i < to;) {
    while (i < to && !isPartChar(s.charCodeAt(i))) i++;
    let end = i;
    while (end < to && isPartChar(s.charCodeAt(end))) end++;
    if (end - i >= 2 && end - i < to - from) visit(s, i, end);
    i = end;
  }
}

function isPartChar(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 48;
}

/** First occurrences, in order. A class string holds a handful of tokens, where a linear search beats a Set. */
function distinct(tokens: string[]): string[] {
  if (tokens.length > 16) return [...new Set(tokens)];
  const out: string[] = [];
  for (const t of tokens) if (!out.includes(t)) out.push(t);
  return out;
}

/** The white space of a regex \s: ASCII \t-\r and space, U+00A0, U+1680, U+2000-200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF. */
function isRegexSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

// A site repeats the same few hundred class strings: their tokens are remembered (bounded, per
// process), as boilerplate.ts remembers their kinds.
const TOKENS_OF = new Map<string, readonly string[]>();
const TOKENS_MEMO_LIMIT = 20_000;
const NO_TOKENS: readonly string[] = [];

function tokensOf(classId: string): readonly string[] {
  if (!classId) return NO_TOKENS;
  let t = TOKENS_OF.get(classId);
  if (!t) {
    if (TOKENS_OF.size >= TOKENS_MEMO_LIMIT) TOKENS_OF.clear();
    TOKENS_OF.set(classId, (t = markupTokens(classId)));
  }
  return t;
}

/**
 * The markup of one page as the token features need it: every element of the body's subtree in
 * pre-order with its parent's position and its tokens, and where each text unit sits. The
 * trainer keeps this (not the tree) to re-encode the page under another table.
 */
export interface PageMarkupTokens {
  /** Per element (body subtree, pre-order): index of its parent in these arrays, -1 for the body. */
  parent: Int32Array;
  /** Per element: its tokens (one shared array per distinct class/id string). */
  tokens: readonly (readonly string[])[];
  /** Per text unit: its element's index in these arrays. */
  unitAt: Int32Array;
}

export function pageMarkupTokens(doc: DomDocument, units: readonly DomElement[]): PageMarkupTokens {
  const body = doc.body ?? doc.root;
  const n = body.tags + 1;
  const parent = new Int32Array(n);
  const tokens: (readonly string[])[] = new Array(n);
  const els = doc.elements;
  for (let k = 0; k < n; k++) {
    const el = els[body.id + k];
    parent[k] = k === 0 || !el.parent ? -1 : el.parent.id - body.id;
    tokens[k] = tokensOf(el.classId);
  }
  const unitAt = unitPositions(units, body);
  return { parent, tokens, unitAt };
}

/** Per text unit, its element's position in the body's subtree (pre-order, the body at 0). A loop: `Int32Array.from(units, f)` iterates generically. */
function unitPositions(units: readonly DomElement[], body: DomElement): Int32Array {
  const at = new Int32Array(units.length);
  for (let u = 0; u < units.length; u++) at[u] = units[u].id - body.id;
  return at;
}

/** Highest and lowest score of one element's tokens, and how many are known; 0 where none is. */
export interface TokenSummary { max: number; min: number; known: number }

function summarize(tokens: readonly string[], scores: ReadonlyMap<string, number>): TokenSummary {
  let max = 0, min = 0, known = 0;
  for (const t of tokens) {
    const s = scores.get(t);
    if (s === undefined) continue;
    known++;
    if (s > max) max = s;
    if (s < min) min = s;
  }
  // An object, not a [max, min, known] literal: arrays of small integers and of fractions have
  // different element kinds, and OwnScores.set deoptimised on every switch.
  return { max, min, known };
}

/**
 * Writes MARKUP_TOKEN_FEATURES for every unit into `rows` (row k starts at k·stride; the features
 * go at `offset`), from a page the trainer kept.
 */
export function writeMarkupTokenFeatures(page: PageMarkupTokens, table: TokenTable, rows: Float32Array, stride: number, offset: number): void {
  const own = new OwnScores(page.parent.length);
  const scores = tokenTableMap(table);
  for (let k = 0; k < own.max.length; k++) own.set(k, summarize(page.tokens[k], scores));
  own.inheritAndWrite(page.parent, page.unitAt, rows, stride, offset);
}

// Per table, the summary of every class/id string seen (bounded): extraction reads a page's
// elements once and looks each string up, without splitting it into tokens again.
const SUMMARIES = new WeakMap<TokenTable, Map<string, TokenSummary>>();

/** The same features as writeMarkupTokenFeatures(pageMarkupTokens(doc, units), …), straight from the tree. */
export function writePageMarkupTokenFeatures(doc: DomDocument, units: readonly DomElement[], table: TokenTable, rows: Float32Array, stride: number, offset: number): void {
  let memo = SUMMARIES.get(table);
  if (!memo) SUMMARIES.set(table, (memo = new Map()));
  const index = rangeIndex(table);
  const body = doc.body ?? doc.root;
  const n = body.tags + 1;
  const parent = new Int32Array(n);
  const own = new OwnScores(n);
  const els = doc.elements;
  for (let k = 0; k < n; k++) {
    const el = els[body.id + k];
    parent[k] = k === 0 || !el.parent ? -1 : el.parent.id - body.id;
  }
  // Only a unit's own tokens and its ancestors' reach its features: the rest of the page's
  // elements (links, spans, images inside units; text-less wrappers) are not summarised, which
  // halves the class/id strings looked at.
  const needed = new Uint8Array(n);
  const unitAt = unitPositions(units, body);
  for (let u = 0; u < unitAt.length; u++) for (let k = unitAt[u]; k >= 0 && needed[k] === 0; k = parent[k]) needed[k] = 1;
  for (let k = 0; k < n; k++) {
    if (needed[k] === 0) continue;
    const ci = els[body.id + k].classId;
    if (!ci) continue;
    let s = memo.get(ci);
    if (!s) {
      if (memo.size >= TOKENS_MEMO_LIMIT) memo.clear();
      memo.set(ci, (s = summarizeClassId(ci, index)));
    }
    own.set(k, s);
  }
  own.inheritAndWrite(parent, unitAt, rows, stride, offset);
}

/**
 * summarize(markupTokens(classId), table) straight from the class/id string: each token is looked
 * up by its range of the string (text/range-index.ts), and only a word with digits to fold is cut
 * out. Tokens repeat (a word twice, a part equal to a word); a known one counts once, as after
 * markupTokens' dedup. A property test checks the two agree.
 */
export function summarizeClassId(classId: string, index: RangeIndex): TokenSummary {
  seen.index = index; seen.count = 0; seen.max = 0; seen.min = 0;
  forEachMarkupToken(classId, noteToken);
  return { max: seen.max, min: seen.min, known: seen.count };
}

// The string being summarised by summarizeClassId: module state, no closure or array per string.
const seen = { index: null as unknown as RangeIndex, count: 0, max: 0, min: 0 };
/** Known entries met in this class/id string (grown for the rare string with more). */
let SEEN_ENTRIES = new Int32Array(32);

function noteToken(s: string, from: number, to: number): void {
  const j = findRange(seen.index, s, from, to);
  if (j < 0) return;
  for (let k = 0; k < seen.count; k++) if (SEEN_ENTRIES[k] === j) return;
  if (seen.count === SEEN_ENTRIES.length) { const more = new Int32Array(2 * seen.count); more.set(SEEN_ENTRIES); SEEN_ENTRIES = more; }
  SEEN_ENTRIES[seen.count++] = j;
  const v = seen.index.scores[j];
  if (v > seen.max) seen.max = v;
  if (v < seen.min) seen.min = v;
}

/** Each element's own token scores, then (one pre-order pass) its ancestors' combined. */
class OwnScores {
  readonly max: Float32Array;
  readonly min: Float32Array;
  readonly known: Int32Array;
  constructor(n: number) {
    this.max = new Float32Array(n); this.min = new Float32Array(n); this.known = new Int32Array(n);
  }
  set(k: number, summary: TokenSummary): void {
    this.max[k] = summary.max; this.min[k] = summary.min; this.known[k] = summary.known;
  }
  inheritAndWrite(parent: Int32Array, unitAt: Int32Array, rows: Float32Array, stride: number, offset: number): void {
    const n = parent.length;
    const ancMax = new Float32Array(n), ancMin = new Float32Array(n), ancKnown = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const p = parent[k];
      if (p < 0) continue;
      ancMax[k] = Math.max(ancMax[p], this.max[p]);
      ancMin[k] = Math.min(ancMin[p], this.min[p]);
      ancKnown[k] = ancKnown[p] + this.known[p];
    }
    for (let u = 0; u < unitAt.length; u++) {
      const k = unitAt[u], r = u * stride + offset;
      rows[r] = this.max[k]; rows[r + 1] = this.min[k]; rows[r + 2] = ancMax[k]; rows[r + 3] = ancMin[k];
      rows[r + 4] = this.known[k] + ancKnown[k];
    }
  }
}

/** `label` in [0, 1] and `weight` ≥ 0 per unit, as the trainer labels them; a unit counts for the tokens of its element and every ancestor. */
export function pageTokenStats(page: PageMarkupTokens, label: ArrayLike<number>, weight: ArrayLike<number>): PageTokenStats {
  const stats: PageTokenStats = new Map();
  const seen = new Set<string>();
  for (let u = 0; u < page.unitAt.length; u++) {
    if (!(weight[u] > 0)) continue;
    seen.clear();
    for (let k = page.unitAt[u]; k >= 0; k = page.parent[k]) for (const t of page.tokens[k]) seen.add(t);
    addUnitTokens(stats, seen, label[u], weight[u]);
  }
  return stats;
}
