/**
 * Whole-word phrase rules over lower-case class/id strings, matched by a scan instead of a regex.
 *
 * A rule is a list of phrase patterns in a small regex dialect: letters, "x?" (an optional
 * character, as in "comments?" or "comment-?list"), "(?:a|b)" groups, and "(?:…)?". A phrase
 * matches where it is neither preceded nor followed by a letter a-z, exactly as the regex
 * `(?:^|[^a-z])(?:p1|p2|…)(?:$|[^a-z])` would (test/word-phrases.test.ts and
 * test/boilerplate.test.ts check the two agree).
 *
 * Why a scan: every element with a class or id asks which of 15 ordered rules its string names,
 * and most pages bring strings no earlier page had. A memo, one alternation of all 150 phrases,
 * then each rule's regex in turn on a hit took 0.30 ms of a trafilatura page; this scan takes
 * 0.19. (For one short list, as boilerplate.ts's content words, a single regex is faster still.)
 * Each pattern is expanded once into the finite set of strings it matches. A match can only start
 * where a run of letters starts and end where one ends, and only single hyphens may join runs
 * inside it (no phrase holds anything else), so the scan looks up each such span in a hash index
 * (range-index.ts), without cutting it out.
 */
import { ThresherError } from '../errors.js';
import { findRange, rangeIndex, type RangeIndex } from './range-index.js';

export interface PhraseRules {
  /** Every string a pattern matches → the index of the first rule that has it. */
  index: RangeIndex;
  /** 1 at pairIndex(c0, c1) for the first two characters of every such string: most spans fail this. */
  starts: Uint8Array;
  /** Length of the longest such string: no span longer can match. */
  maxLen: number;
}

/** Compiles rules (in priority order) of phrase patterns. */
export function compilePhraseRules(rules: readonly (readonly string[])[]): PhraseRules {
  const ruleOf: Record<string, number> = {};
  const starts = new Uint8Array(26 * 27 + 1);
  let maxLen = 0;
  rules.forEach((patterns, r) => {
    for (const p of patterns) {
      for (const s of expandPattern(p)) {
        if (!/^[a-z](?:-?[a-z])+$/.test(s)) throw new ThresherError('E_BAD_OPTION', `phrase pattern "${p}" matches "${s}": a phrase is two or more letters a-z joined by single hyphens`);
        starts[pairIndex(s.charCodeAt(0), s.charCodeAt(1))] = 1;
        if (!(s in ruleOf)) ruleOf[s] = r;
        if (s.length > maxLen) maxLen = s.length;
      }
    }
  });
  return { index: rangeIndex(ruleOf), starts, maxLen };
}

/** The first rule with a phrase in `s` as a whole word, or -1. */
export function firstPhraseRule(rules: PhraseRules, s: string): number {
  const n = s.length;
  let best = -1;
  for (let i = 0; i < n;) {
    if (!isLetter(s.charCodeAt(i))) { i++; continue; }
    // A run of letters starts at i: try it, and it joined by single hyphens to the runs after it.
    const runEnd = lettersEnd(s, i + 1, n);
    // No phrase starts with these two characters (or with a lone letter at the end).
    if (i + 1 >= n || rules.starts[pairIndex(s.charCodeAt(i), s.charCodeAt(i + 1))] === 0) { i = runEnd; continue; }
    for (let e = runEnd; e - i <= rules.maxLen;) {
      const j = findRange(rules.index, s, i, e);
      if (j >= 0) {
        const r = rules.index.scores[j];
        if (best < 0 || r < best) best = r;
      }
      // Reads stay inside the string: an out-of-range charCodeAt is a slow path in optimized code.
      if (e + 1 >= n || s.charCodeAt(e) !== HYPHEN || !isLetter(s.charCodeAt(e + 1))) break;
      e = lettersEnd(s, e + 2, n);
    }
    i = runEnd;
  }
  return best;
}

const HYPHEN = 45;

/** A slot per (letter, letter or hyphen) after letter c0; the last slot, always 0, for anything else. */
function pairIndex(c0: number, c1: number): number {
  return c1 === HYPHEN ? (c0 - 97) * 27 + 26 : isLetter(c1) ? (c0 - 97) * 27 + c1 - 97 : 26 * 27;
}

function isLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

function lettersEnd(s: string, i: number, n: number): number {
  while (i < n && isLetter(s.charCodeAt(i))) i++;
  return i;
}

/** Every string the pattern matches (letters, "x?", "(?:a|b)", "(?:…)?"). */
export function expandPattern(pattern: string): string[] {
  const { alternatives, end } = expandSequence(pattern, 0);
  if (end !== pattern.length) throw new ThresherError('E_BAD_OPTION', `phrase pattern "${pattern}": unexpected "${pattern[end]}" at ${end}`);
  return [...new Set(alternatives)];
}

/** The alternatives of pattern[at…] up to a "|" or ")" at this level, and where it stopped. */
function expandSequence(pattern: string, at: number): { alternatives: string[]; end: number } {
  let out = [''];
  let i = at;
  while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
    let item: string[];
    if (pattern.startsWith('(?:', i)) {
      item = [];
      i += 3;
      for (;;) {
        const alt = expandSequence(pattern, i);
        item.push(...alt.alternatives);
        i = alt.end;
        if (pattern[i] === '|') { i++; continue; }
        if (pattern[i] !== ')') throw new ThresherError('E_BAD_OPTION', `phrase pattern "${pattern}": unclosed group`);
        i++;
        break;
      }
    } else if (/[a-z-]/.test(pattern[i])) {
      item = [pattern[i++]];
    } else {
      throw new ThresherError('E_BAD_OPTION', `phrase pattern "${pattern}": "${pattern[i]}" at ${i} is not a letter, "-", "?" or a (?:…) group`);
    }
    if (pattern[i] === '?') { item = [...item, '']; i++; }
    out = out.flatMap((head) => item.map((tail) => head + tail));
  }
  return { alternatives: out, end: i };
}
