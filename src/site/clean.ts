/**
 * Cleaning a text with learned text templates.
 *
 * Paper 004 (Foschini), §3.4.1: order-invariant cleaning. Every template is matched on the text,
 * the match intervals are united, intervals closer than a set number of characters are merged,
 * and the text in the union is removed. Works on page text and on raw HTML, like the learner.
 *
 * Departures, and why:
 *   - Templates are matched as token sequences with an Aho–Corasick automaton (matcher.ts), not
 *     as regular expressions: one pass, linear in the text, no backtracking.
 *   - Cleaning is run to a fixpoint, so it is idempotent: removing a template can bring two
 *     pieces of text together that form another template occurrence, which the thesis's single
 *     pass would leave for a second run. Only the places where text was removed can hold new
 *     occurrences, so each later pass re-reads the automaton from the token before the junction
 *     and stops as soon as its state equals the one stored for that token in the previous pass;
 *     total work stays proportional to the text plus the removed tokens times the longest
 *     template, and `stats.steps` counts it.
 *   - A removed stretch is replaced by one whitespace taken from its edges (a blank line, a line
 *     break, or a space), or by nothing when the neighbouring tokens stay apart without one
 *     (`<p>` after `</div>`); when they would run together, one space. Nothing else is ever added,
 *     and the cleaned text reads back as exactly the tokens kept.
 */
import { ThresherError } from '../errors.js';
import { isSpace } from '../text/measure.js';
import { tokenChars, tokenize, tokensJoinSafely } from './tokenize.js';
import { TokenMatcher, type MatchCounter } from './matcher.js';
import { uniteIntervals } from './intervals.js';
import { plainTextPositions } from './markup.js';
import { TEXT_TEMPLATES_KIND, TEXT_TEMPLATES_VERSION, type TextTemplates } from './templates.js';

export interface CleanTextOptions {
  /** Override the model's gap merging (non-space characters). */
  mergeGapChars?: number;
  /**
   * The text is raw HTML: removed stretches are shrunk to begin and end outside tags, comments
   * and raw-text elements, so no script, comment or attribute is exposed as text (markup.ts).
   */
  markup?: boolean;
}

export interface CleanTextResult {
  /** The text without its template occurrences. */
  text: string;
  /** Removed stretches of the input, as [start, end) character offsets, in order. */
  removed: Array<[number, number]>;
  stats: {
    tokens: number;
    removedTokens: number;
    /** Matching passes until nothing more was removed (1 when the first pass removed nothing). */
    passes: number;
    /** Automaton work: child look-ups plus failure moves, over all passes. */
    steps: number;
  };
}

interface Compiled {
  ids: Map<string, number>;
  matcher: TokenMatcher;
  mergeGapChars: number;
}

const compiledCache = new WeakMap<object, Compiled>();

function bad(reason: string, message: string, details?: Record<string, unknown>): ThresherError {
  return new ThresherError('E_MODEL', `text templates: ${message}`, { reason, ...details });
}

/** Checks that `x` is a text-templates object of this version; throws E_MODEL saying what is wrong. */
export function validateTextTemplates(x: unknown): asserts x is TextTemplates {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad('shape', 'expected an object from learnTextTemplates');
  const o = x as Record<string, unknown>;
  if (o.kind !== TEXT_TEMPLATES_KIND) throw bad('kind', `kind is ${JSON.stringify(o.kind)}, expected "${TEXT_TEMPLATES_KIND}"`);
  if (o.version !== TEXT_TEMPLATES_VERSION) {
    throw bad('version', `version ${JSON.stringify(o.version)} is not the supported version ${TEXT_TEMPLATES_VERSION}; learn the templates again`,
      { found: o.version, expected: TEXT_TEMPLATES_VERSION });
  }
  const opts = o.options as Record<string, unknown> | undefined;
  const gap = opts?.mergeGapChars;
  if (typeof gap !== 'number' || !Number.isInteger(gap) || gap < 0) throw bad('shape', 'options.mergeGapChars must be an integer ≥ 0');
  if (!Array.isArray(o.templates)) throw bad('shape', 'templates must be an array');
  o.templates.forEach((t: unknown, i) => {
    const tokens = (t as { tokens?: unknown } | null)?.tokens;
    if (!Array.isArray(tokens) || tokens.length === 0 || tokens.some((k) => typeof k !== 'string' || k.length === 0)) {
      throw bad('shape', `templates[${i}].tokens must be a non-empty array of non-empty strings`, { index: i });
    }
  });
}

/** The matcher for a templates object, built once per object. */
function compile(t: TextTemplates): Compiled {
  let c = compiledCache.get(t);
  if (c) return c;
  validateTextTemplates(t);
  const ids = new Map<string, number>();
  const patterns = t.templates.map((tp) => tp.tokens.map((k) => {
    let id = ids.get(k);
    if (id === undefined) { id = ids.size; ids.set(k, id); }
    return id;
  }));
  c = { ids, matcher: new TokenMatcher(patterns), mergeGapChars: t.options.mergeGapChars };
  compiledCache.set(t, c);
  return c;
}

/** The token sequence being cleaned: a linked list over the original tokens, with per-token automaton states. */
interface Sequence {
  sym: Int32Array;
  chars: Int32Array;
  next: Int32Array;
  prev: Int32Array;
  alive: Uint8Array;
  /** Automaton state after each token in the current sequence; -1 before the first pass. */
  state: Int32Array;
}

function makeSequence(text: string, keys: string[], starts: Int32Array, ends: Int32Array, ids: Map<string, number>): Sequence {
  const n = keys.length;
  const seq: Sequence = {
    sym: new Int32Array(n), chars: new Int32Array(n), next: new Int32Array(n), prev: new Int32Array(n),
    alive: new Uint8Array(n).fill(1), state: new Int32Array(n).fill(-1),
  };
  for (let i = 0; i < n; i++) {
    seq.sym[i] = ids.get(keys[i]) ?? -1;
    seq.chars[i] = tokenChars(text, starts[i], ends[i]);
    seq.next[i] = i + 1 < n ? i + 1 : -1;
    seq.prev[i] = i - 1;
  }
  return seq;
}

/**
 * One pass: re-read the automaton from each scan start (in text order) until its state agrees
 * with the stored one, collecting the longest match ending at each token read. Returns the
 * matches as parallel start/end arrays, ends in text order.
 */
function scan(seq: Sequence, m: TokenMatcher, scanStarts: number[], firstPass: boolean, counter: MatchCounter): { starts: number[]; ends: number[] } {
  const starts: number[] = [], ends: number[] = [];
  let scannedTo = -1;
  for (const r of scanStarts) {
    if (r <= scannedTo) continue; // an earlier scan of this pass already read it
    let s = seq.prev[r] >= 0 ? seq.state[seq.prev[r]] : 0;
    for (let t = r; t >= 0; t = seq.next[t]) {
      const s2 = m.step(s, seq.sym[t], counter);
      const converged = seq.state[t] === s2;
      seq.state[t] = s2;
      s = s2;
      scannedTo = t;
      const L = m.longestAt(s2);
      if (L > 0 && !converged) {
        let b = t;
        if (firstPass) b = t - L + 1; // nothing removed yet: positions are contiguous
        else for (let k = 1; k < L; k++) b = seq.prev[b];
        starts.push(b); ends.push(t);
      }
      if (converged) break;
    }
  }
  return { starts, ends };
}

/**
 * With `markup`: each component shrunk to start at a token that begins in plain text and end at
 * one that ends in plain text (markup.ts); components with no such pair are dropped.
 */
function snapComponents(seq: Sequence, comps: number[], safeStart: Uint8Array, safeEnd: Uint8Array): number[] {
  const out: number[] = [];
  for (let c = 0; c < comps.length; c += 2) {
    let s = comps[c], e = comps[c + 1], ok = true;
    while (!safeStart[s]) { if (s === e) { ok = false; break; } s = seq.next[s]; }
    while (ok && !safeEnd[e]) { if (e === s) { ok = false; break; } e = seq.prev[e]; }
    if (ok) out.push(s, e);
  }
  return out;
}

/** Removes the components [cs, ce] from the sequence; returns the tokens right after each (the next scan starts). */
function removeComponents(seq: Sequence, comps: number[]): { junctions: number[]; removed: number } {
  const junctions: number[] = [];
  let removed = 0;
  for (let c = 0; c < comps.length; c += 2) {
    const cs = comps[c], ce = comps[c + 1];
    const left = seq.prev[cs], right = seq.next[ce];
    for (let t = cs; ; t = seq.next[t]) {
      seq.alive[t] = 0; removed++;
      if (t === ce) break;
    }
    if (left >= 0) seq.next[left] = right;
    if (right >= 0) { seq.prev[right] = left; junctions.push(right); }
  }
  return { junctions, removed };
}

/**
 * The whitespace that stands for a removed stretch between two kept tokens: the strongest break
 * among the whitespace right after the left token and right before the right one (a blank line,
 * a line break, a space), or nothing when there was none and the two tokens stay apart anyway.
 */
function joiner(gapText: string, leftTok: string, rightTok: string): string {
  // Plain loops, not /\s*$/: a regex anchored at the end rescans long whitespace runs (quadratic).
  let a = 0, b = gapText.length;
  while (a < b && isSpace(gapText.charCodeAt(a))) a++;
  while (b > a && isSpace(gapText.charCodeAt(b - 1))) b--;
  const lead = gapText.slice(0, a), trail = gapText.slice(b);
  const blank = /\n[^\S\n]*\n/;
  if (blank.test(lead) || blank.test(trail)) return '\n\n';
  if (lead.includes('\n') || trail.includes('\n')) return '\n';
  if (lead.length + trail.length > 0 || !tokensJoinSafely(leftTok, rightTok)) return ' ';
  return '';
}

function render(text: string, starts: Int32Array, ends: Int32Array, alive: Uint8Array): { text: string; removed: Array<[number, number]> } {
  const n = alive.length;
  const parts: string[] = [];
  const removed: Array<[number, number]> = [];
  let lastKept = -1;
  for (let i = 0; i < n;) {
    let j = i;
    if (!alive[i]) { // a removed run [i, j)
      while (j < n && !alive[j]) j++;
      removed.push([starts[i], ends[j - 1]]);
      i = j;
      continue;
    }
    while (j < n && alive[j]) j++; // a kept run [i, j), copied with its inner whitespace
    if (lastKept < 0) parts.push(i === 0 ? text.slice(0, starts[0]) : '');
    else {
      parts.push(joiner(text.slice(ends[lastKept], starts[i]),
        text.slice(starts[lastKept], ends[lastKept]), text.slice(starts[i], ends[i])));
    }
    parts.push(text.slice(starts[i], ends[j - 1]));
    lastKept = j - 1;
    i = j;
  }
  if (lastKept === n - 1) parts.push(text.slice(ends[n - 1]));
  return { text: parts.join(''), removed };
}

/**
 * Removes the template occurrences of `templates` (from learnTextTemplates) from `text`:
 * interval union, gap merging, to a fixpoint. Cleaning never adds text, the same text always
 * gives the same result, and cleaning a cleaned text changes nothing.
 */
export function cleanText(text: string, templates: TextTemplates, options?: CleanTextOptions): CleanTextResult {
  if (typeof text !== 'string') throw new ThresherError('E_BAD_OPTION', 'cleanText: text must be a string');
  const c = compile(templates);
  const gapChars = options?.mergeGapChars ?? c.mergeGapChars;
  if (!Number.isInteger(gapChars) || gapChars < 0) {
    throw new ThresherError('E_BAD_OPTION', `cleanText: mergeGapChars must be an integer ≥ 0, got ${String(gapChars)}`);
  }
  const tok = tokenize(text);
  const n = tok.keys.length;
  const stats = { tokens: n, removedTokens: 0, passes: 0, steps: 0 };
  if (n === 0 || c.matcher.patternCount === 0) return { text, removed: [], stats };
  const seq = makeSequence(text, tok.keys, tok.starts, tok.ends, c.ids);
  const counter: MatchCounter = { steps: 0 };
  const gap = (a: number, b: number, cap: number): number => {
    let s = 0;
    for (let i = seq.next[a]; i !== b && i >= 0 && s < cap; i = seq.next[i]) s += seq.chars[i];
    return s;
  };
  let safeStart: Uint8Array | null = null, safeEnd: Uint8Array | null = null;
  if (options?.markup) {
    const plain = plainTextPositions(text);
    safeStart = new Uint8Array(n); safeEnd = new Uint8Array(n);
    for (let i = 0; i < n; i++) { safeStart[i] = plain[tok.starts[i]]; safeEnd[i] = plain[tok.ends[i]]; }
  }
  let scanStarts = [0];
  for (;;) {
    stats.passes++;
    const found = scan(seq, c.matcher, scanStarts, stats.passes === 1, counter);
    if (found.ends.length === 0) break;
    let comps = uniteIntervals(found.starts, found.ends, found.ends.length, gapChars, gap);
    if (safeStart && safeEnd) comps = snapComponents(seq, comps, safeStart, safeEnd);
    if (comps.length === 0) break;
    const r = removeComponents(seq, comps);
    stats.removedTokens += r.removed;
    scanStarts = r.junctions;
    if (scanStarts.length === 0) break; // removed up to the end: nothing after can form a new occurrence
  }
  stats.steps = counter.steps;
  if (stats.removedTokens === 0) return { text, removed: [], stats };
  const out = render(text, tok.starts, tok.ends, seq.alive);
  return { text: out.text, removed: out.removed, stats };
}
