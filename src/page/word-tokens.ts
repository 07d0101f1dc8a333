/**
 * A learned word vocabulary for the block classifier: how much topic content a text unit holds
 * when it opens with a given word, across many sites.
 *
 * The words a unit opens with say what it is, in whatever language the site writes: "Teilen Sie
 * dies mit", "Lesen Sie auch", "Lea también", "Schreib einen Kommentar", "71 Kommentare", "Add to
 * cart". A hand-written list of such phrases covers one language at a time. Here each word's
 * content rate is learned from the development sets' truth as a token table (token-table.ts), and
 * only words met on at least five hosts count, so the table holds the shared vocabulary of page
 * furniture and prose, not the topics of the training pages.
 *
 * Features per text unit (appended to BLOCK_FEATURES after the class/id features): the highest,
 * lowest and mean score of the unit's known opening words, and how many are known; 0 where none
 * is.
 */
import { LETTER, NUMBER, forEachRun } from '../text/word-runs.js';
import { addUnitTokens, tokenTableMap, type PageTokenStats, type TokenTable } from './token-table.js';
import { findRange, rangeIndex, type RangeIndex } from '../text/range-index.js';

export const WORD_TOKEN_FEATURES: readonly string[] = ['word_max', 'word_min', 'word_mean', 'word_known'];

/** Opening words read per unit: enough for a call to action or a lead-in label, not a paragraph's topic. */
export const OPENING_WORDS = 12;
/** Characters scanned for them; a word cut at this edge is dropped. */
const HEAD_CHARS = 256;
/** Longer letter runs are identifiers and hashes, never shared words. */
const MAX_WORD_LEN = 30;

/** The distinct words (letter and number runs, digit runs folded to 0) among the first OPENING_WORDS of `lower`, a unit's lower-cased text. */
export function openingWords(lower: string): string[] {
  const out: string[] = [];
  forEachOpeningWord(lower, (s, from, to) => {
    const w = s.slice(from, to);
    if (!out.includes(w)) out.push(w);
  });
  return out;
}

/**
 * The extractor's path: WORD_TOKEN_FEATURES of one unit (`lower`, its lower-cased text) written at
 * `rows[at]`, the same numbers as writeWordTokenFeatures([openingWords(lower)], …) (a property
 * test checks it), without word lists: each word is looked up by its range of the text
 * (text/range-index.ts), and only a word with digits to fold is cut out.
 */
export function writeUnitWordFeatures(lower: string, table: TokenTable, rows: Float32Array, at: number): void {
  unit.index = rangeIndex(table);
  unit.found = 0; unit.max = 0; unit.min = 0; unit.sum = 0;
  forEachOpeningWord(lower, noteOpeningWord);
  const known = unit.found;
  rows[at] = unit.max; rows[at + 1] = unit.min; rows[at + 2] = known ? unit.sum / known : 0; rows[at + 3] = known;
}

type WordVisitor = (s: string, from: number, to: number) => void;

/**
 * Calls `visit(s, from, to)` for each of the first OPENING_WORDS runs of `lower` that counts as a
 * word, repeats included: not over MAX_WORD_LEN, not cut by the HEAD_CHARS edge; when it has
 * digits, `s` is a copy with digit runs folded to 0. The one scanner behind both paths above.
 */
function forEachOpeningWord(lower: string, visit: WordVisitor): void {
  const cut = lower.length > HEAD_CHARS;
  scan.head = cut ? lower.slice(0, HEAD_CHARS) : lower;
  scan.cut = cut;
  scan.visit = visit;
  forEachRun(scan.head, LETTER | NUMBER, openingRun, OPENING_WORDS);
}

// The text being scanned by forEachOpeningWord, and the unit being summarised by
// writeUnitWordFeatures. Module state and named callbacks rather than closures per unit: a
// closure that updates its captured counters keeps them in a heap context.
const scan = { head: '', cut: false, visit: null as unknown as WordVisitor };
const unit = { index: null as unknown as RangeIndex, found: 0, max: 0, min: 0, sum: 0 };
/** Table entries already counted for this unit: the words are distinct, as openingWords gives them. */
const FOUND = new Int32Array(OPENING_WORDS);

function openingRun(a: number, b: number): void {
  const { head } = scan;
  if (b - a > MAX_WORD_LEN || (scan.cut && b === HEAD_CHARS)) return;
  if (hasDigitIn(head, a, b)) {
    const w = head.slice(a, b).replace(/[0-9]+/g, '0');
    scan.visit(w, 0, w.length);
  } else scan.visit(head, a, b);
}

/** One opening word: its score, once, if the table knows it. */
function noteOpeningWord(s: string, from: number, to: number): void {
  const j = findRange(unit.index, s, from, to);
  if (j < 0) return;
  for (let k = 0; k < unit.found; k++) if (FOUND[k] === j) return;
  FOUND[unit.found++] = j;
  const v = unit.index.scores[j];
  unit.sum += v;
  if (v > unit.max) unit.max = v;
  if (v < unit.min) unit.min = v;
}

function hasDigitIn(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) { const c = s.charCodeAt(i); if (c >= 48 && c <= 57) return true; }
  return false;
}

/** Per text unit of a page, in order: its opening words. */
export type PageWordTokens = readonly (readonly string[])[];

/** Writes WORD_TOKEN_FEATURES for every unit into `rows` (row k starts at k·stride; the features go at `offset`). */
export function writeWordTokenFeatures(page: PageWordTokens, table: TokenTable, rows: Float32Array, stride: number, offset: number): void {
  const scores = tokenTableMap(table);
  for (let u = 0; u < page.length; u++) summarizeWords(page[u], scores, rows, u * stride + offset);
}

/** Highest, lowest and mean score of the known `words`, and how many are known, at `rows[at]`. */
function summarizeWords(words: readonly string[], scores: ReadonlyMap<string, number>, rows: Float32Array, at: number): void {
  let max = 0, min = 0, sum = 0, known = 0;
  for (const w of words) {
    const s = scores.get(w);
    if (s === undefined) continue;
    known++;
    sum += s;
    if (s > max) max = s;
    if (s < min) min = s;
  }
  rows[at] = max; rows[at + 1] = min; rows[at + 2] = known ? sum / known : 0; rows[at + 3] = known;
}

/** `label` in [0, 1] and `weight` ≥ 0 per unit, as the trainer labels them; a unit counts for each of its opening words. */
export function pageWordStats(page: PageWordTokens, label: ArrayLike<number>, weight: ArrayLike<number>): PageTokenStats {
  const stats: PageTokenStats = new Map();
  for (let u = 0; u < page.length; u++) if (weight[u] > 0) addUnitTokens(stats, page[u], label[u], weight[u]);
  return stats;
}
