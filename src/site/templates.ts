/**
 * Learning a site's text templates: frequent maximal token strings, cut by the histogram energy.
 *
 * Paper 004 (Foschini), §3.2 (the algorithm), §3.3 (mutable patterns; idioms filtered across
 * sites) and §3.4 step 1–2 (templates emitted as expressions). The steps, and where they live:
 *   1. tokenize every document, normalize mutable patterns, intern tokens to ids (tokenize.ts);
 *   2. concatenate the documents, each followed by a separator unique in the corpus, with a
 *      position → document map (`buildCorpus`); with `splitLines` (a departure, used by the site
 *      model's one-block-per-line text) every line break is such a separator too;
 *   3–4. suffix array and LCP array (suffix-array.ts);
 *   5–6. occurrences and document frequency of every maximal repeated string (repeats.ts);
 *   7. drop strings shorter than two tokens and strings in too few documents (`minTokens`, `minDocs`);
 *   8. histogram of the strings by document frequency, 100 bins;
 *   9. the cut-off bin minimizing the energy of Eq. 3.1, by brute force (`energyCut`);
 *   then idioms are filtered (§3.3) and the survivors are emitted as token patterns whose
 *   mutable tokens are slots such as `{weekday}`; `pattern` is the readable string form.
 *
 * Departures, and why:
 *   - Identical documents are counted once. A replica says nothing about what varies, and left in
 *     it turns its whole text into a "template" (document frequency 2 for everything).
 *   - The thesis's cross-site idiom filter needs other sites; `crossSiteIdioms` and
 *     `learnSitesTextTemplates` do it when they are given. For one site alone, two guards stand in:
 *     strings made only of function words, punctuation and slots ("of the", "in the {month}")
 *     are idioms; and a short string (≤ 6 tokens) found in more than a quarter of its occurrences
 *     alone inside running text (≥ 40 non-space characters of kept text on both sides, no line
 *     break next to it) is dropped ("at the same time"). That is the locality heuristic the thesis
 *     proposes as future work (§6.1), applied when learning rather than when cleaning, so that
 *     cleaning stays a monotone, idempotent operation. In Chinese and Japanese, where each
 *     character is a token, a string of fewer than four characters is kept only when it stands
 *     as a whole line in at least half of its occurrences (`shortCjkCandidates`).
 *   - Gap merging and the locality guard count a Han/Kana/Hangul character as CJK_WEIGHT
 *     characters (tokenize.ts tokenChars), as thresher's text measures do.
 *   - With one non-empty histogram bin there is no split to find; its strings are templates when
 *     they are in more than half the documents.
 *   - Beyond the thesis (periodic.ts, issue 25): of a periodic family (r², r³, … of one root r,
 *     which every long run of a repeated line yields) only the shortest member is kept, before
 *     the histogram, so a run counts once; and the templates hold at most maxTemplateTokens
 *     tokens (default 20,000), the strings in most documents first. What each cut is counted
 *     (counts.periodic, counts.overBudget, counts.overBudgetTokens). Memory: the corpus arrays
 *     (token ids, suffix and LCP arrays, the repeats' numbers: O(n) words for n tokens, n ≤
 *     maxTokens) plus the templates kept, which the budget bounds.
 */
import { ThresherError } from '../errors.js';
import { FUNCTION_WORDS } from '../text/function-words.js';
import { TokenDictionary, tokenChars, tokenize } from './tokenize.js';
import { isCjk } from '../text/measure.js';
import { suffixArray, lcpArray } from './suffix-array.js';
import { maximalRepeats, type MaximalRepeats } from './repeats.js';
import { budgetOrder, collapsePeriodic, DEFAULT_MAX_TEMPLATE_TOKENS } from './periodic.js';
import { TokenMatcher } from './matcher.js';
import { uniteIntervals } from './intervals.js';

export const TEXT_TEMPLATES_KIND = 'thresher.text-templates';
export const TEXT_TEMPLATES_VERSION = 1;
/** Histogram resolution (§3.2 step 9a). */
export const HISTOGRAM_BINS = 100;
/** Rounds of the single-site idiom guard, at most. */
const MAX_ISOLATION_ROUNDS = 8;

/** One learned template: a token pattern. */
export interface TextTemplate {
  /** Normalized tokens: literal text (braces doubled) or a slot such as `{number}`. */
  tokens: string[];
  /** The readable form: the tokens joined by spaces. */
  pattern: string;
  /** Distinct documents it occurs in. */
  docs: number;
  /** Occurrences in the corpus. */
  occurrences: number;
}

/** Guard against idioms (see the header). */
export interface IsolationOptions {
  /** Strings of at most this many tokens are checked. */
  maxTokens: number;
  /** Kept text (non-space characters) needed on both sides for an occurrence to be "alone in running text". */
  minContextChars: number;
  /** Dropped when more than this share of its occurrences are alone in running text. */
  maxShare: number;
}

export interface LearnTextOptions {
  /** Shortest template, in tokens. Thesis: strings of less than two tokens are discarded. */
  minTokens?: number;
  /** Fewest documents a template must occur in. */
  minDocs?: number;
  /** Patterns (the `pattern` strings) known to be idioms, e.g. from `crossSiteIdioms`. */
  idioms?: readonly string[];
  /** Drop strings made only of function words, punctuation and slots. */
  dropFunctionWordStrings?: boolean;
  /** The single-site locality guard; false turns it off. */
  isolation?: IsolationOptions | false;
  /** Cleaning: removed intervals closer than this many non-space characters are merged (§3.4). */
  mergeGapChars?: number;
  /** Budget: most tokens over all documents. */
  maxTokens?: number;
  /** Budget: most tokens over all the templates (periodic.ts; default DEFAULT_MAX_TEMPLATE_TOKENS). */
  maxTemplateTokens?: number;
  /**
   * Lines are segments: a template never runs from one line into the next. For text with one
   * block per line (the site model's unit lines), a template is then a block's worth of chrome,
   * and still matches text that another tool flattened with different neighbours.
   */
  splitLines?: boolean;
}

/**
 * Defaults. minTokens 2 and the 100 bins are the thesis's. minDocs 2: a string in one document
 * is no repeat across pages. mergeGapChars 10 and the isolation guard (6 tokens, 40 characters,
 * a quarter of the occurrences) are set by hand on the synthetic sites of test/site-*.test.ts: long
 * enough to bridge a short per-page word or count between template pieces, shorter than an
 * author's name or a sentence of article text.
 */
export const DEFAULT_LEARN_TEXT_OPTIONS = {
  minTokens: 2,
  minDocs: 2,
  dropFunctionWordStrings: true,
  isolation: { maxTokens: 6, minContextChars: 40, maxShare: 0.25 } as IsolationOptions | false,
  mergeGapChars: 10,
  maxTokens: 50_000_000,
  maxTemplateTokens: DEFAULT_MAX_TEMPLATE_TOKENS,
};

/** What was learned, as plain JSON. */
export interface TextTemplates {
  kind: typeof TEXT_TEMPLATES_KIND;
  version: typeof TEXT_TEMPLATES_VERSION;
  learnedFrom: {
    /** Strings given. */
    inputs: number;
    /** Distinct non-empty documents used. */
    documents: number;
    /** Inputs dropped as exact (normalized) copies of another. */
    duplicates: number;
    /** Inputs with no tokens. */
    empty: number;
    tokens: number;
  };
  options: {
    minTokens: number;
    minDocs: number;
    dropFunctionWordStrings: boolean;
    isolation: IsolationOptions | null;
    mergeGapChars: number;
    splitLines?: boolean;
    /** The budget the templates were kept within (absent in models learned before it existed). */
    maxTemplateTokens?: number;
  };
  /**
   * Share of the training tokens that the templates remove (one cleaning pass). Near 1 means the
   * pages barely differ (near-copies, or too few of them): the templates would erase content.
   */
  coverage: number;
  /** Strings per bin of document frequency: bin i holds df in (i·N/100, (i+1)·N/100]. */
  histogram: number[];
  /** The cut-off bin of Eq. 3.1 and the smallest document frequency it admits (HISTOGRAM_BINS: none). */
  cut: { bin: number; minDocs: number };
  /**
   * How many strings each step kept or dropped. periodic: longer members of a periodic family,
   * folded into its shortest (periodic.ts); overBudget and overBudgetTokens: strings above the cut
   * left out, and their tokens, because the templates already held maxTemplateTokens. (These
   * three are absent in models learned before they existed.)
   */
  counts: {
    maximal: number; short: number; fewDocs: number; periodic?: number; belowCut: number;
    idioms: number; functionWords: number; overBudget?: number; overBudgetTokens?: number;
    isolated: number; templates: number;
  };
  templates: TextTemplate[];
}

type Resolved = Required<Omit<LearnTextOptions, 'idioms'>> & { idioms: ReadonlySet<string> };

function resolveOptions(options: LearnTextOptions | undefined): Resolved {
  const o = options ?? {};
  if (typeof o !== 'object') throw new ThresherError('E_BAD_OPTION', 'learnTextTemplates: options must be an object');
  const d = DEFAULT_LEARN_TEXT_OPTIONS;
  const int = (v: unknown, name: string, def: number, min: number): number => {
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
      throw new ThresherError('E_BAD_OPTION', `learnTextTemplates: ${name} must be an integer ≥ ${min}, got ${String(v)}`);
    }
    return v;
  };
  let isolation = d.isolation;
  if (o.isolation !== undefined) {
    if (o.isolation === false) isolation = false;
    else {
      const i = o.isolation;
      if (typeof i !== 'object' || i === null || !(i.maxShare >= 0 && i.maxShare <= 1)) {
        throw new ThresherError('E_BAD_OPTION', 'learnTextTemplates: isolation must be false or {maxTokens, minContextChars, maxShare in [0, 1]}');
      }
      isolation = { maxTokens: int(i.maxTokens, 'isolation.maxTokens', 6, 1), minContextChars: int(i.minContextChars, 'isolation.minContextChars', 40, 0), maxShare: i.maxShare };
    }
  }
  if (o.idioms !== undefined && (!Array.isArray(o.idioms) || o.idioms.some((x) => typeof x !== 'string'))) {
    throw new ThresherError('E_BAD_OPTION', 'learnTextTemplates: idioms must be an array of pattern strings');
  }
  return {
    minTokens: int(o.minTokens, 'minTokens', d.minTokens, 1),
    minDocs: int(o.minDocs, 'minDocs', d.minDocs, 2),
    dropFunctionWordStrings: o.dropFunctionWordStrings ?? d.dropFunctionWordStrings,
    isolation,
    mergeGapChars: int(o.mergeGapChars, 'mergeGapChars', d.mergeGapChars, 0),
    maxTokens: int(o.maxTokens, 'maxTokens', d.maxTokens, 1),
    maxTemplateTokens: int(o.maxTemplateTokens, 'maxTemplateTokens', d.maxTemplateTokens, 1),
    splitLines: o.splitLines === true,
    idioms: new Set(o.idioms ?? []),
  };
}

/** The documents as id sequences, identical ones dropped. */
interface Corpus {
  dict: TokenDictionary;
  docs: Int32Array[];
  /** Per document: non-space characters of each token. */
  chars: Int32Array[];
  /** Per document: 1 where a token starts a line (a line break before it, or the document start). */
  lineStart: Uint8Array[];
  duplicates: number;
  empty: number;
  tokens: number;
}

function hashIds(ids: Int32Array): number {
  let h = 0x811c9dc5 >>> 0, g = 0;
  for (let i = 0; i < ids.length; i++) {
    h = Math.imul(h ^ ids[i], 16777619) >>> 0;
    g = (Math.imul(g, 31) + ids[i]) | 0;
  }
  return h * 4096 + ((g ^ ids.length) & 4095);
}

function sameIds(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function readCorpus(inputs: readonly string[], maxTokens: number): Corpus {
  const dict = new TokenDictionary();
  const cache = new Map<string, string>();
  const byHash = new Map<number, Int32Array[]>();
  const c: Corpus = { dict, docs: [], chars: [], lineStart: [], duplicates: 0, empty: 0, tokens: 0 };
  for (const text of inputs) {
    const t = tokenize(text, cache);
    if (t.keys.length === 0) { c.empty++; continue; }
    const ids = new Int32Array(t.keys.length);
    for (let i = 0; i < ids.length; i++) ids[i] = dict.intern(t.keys[i]);
    const h = hashIds(ids);
    const same = byHash.get(h);
    if (same?.some((o) => sameIds(o, ids))) { c.duplicates++; continue; }
    if (same) same.push(ids); else byHash.set(h, [ids]);
    c.tokens += ids.length;
    if (c.tokens > maxTokens) {
      throw new ThresherError('E_INPUT_TOO_LARGE', `learnTextTemplates: more than ${maxTokens} tokens (maxTokens)`, { maxTokens });
    }
    const chars = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) chars[i] = tokenChars(text, t.starts[i], t.ends[i]);
    c.docs.push(ids); c.chars.push(chars); c.lineStart.push(t.lineStarts);
  }
  return c;
}

/** §3.2 step 2: T = d₁ $₁ d₂ $₂ …, separators unique (ids after the dictionary's), and T → D. */
function buildCorpus(c: Corpus, splitLines: boolean): { text: Int32Array; docOf: Int32Array; alphabet: number } {
  let seps = c.docs.length;
  if (splitLines) c.lineStart.forEach((ls) => { for (let i = 1; i < ls.length; i++) seps += ls[i]; });
  const n = c.tokens + seps;
  const text = new Int32Array(n), docOf = new Int32Array(n);
  let p = 0, sep = c.dict.size;
  c.docs.forEach((ids, d) => {
    const ls = c.lineStart[d];
    for (let i = 0; i < ids.length; i++) {
      // A line break is a separator of its own, unique like a document's: no repeat spans it.
      if (splitLines && i > 0 && ls[i]) { text[p] = sep++; docOf[p] = -1; p++; }
      text[p] = ids[i]; docOf[p] = d; p++;
    }
    text[p] = sep++; docOf[p] = -1; p++;
  });
  return { text, docOf, alphabet: sep };
}

/** §3.2 step 8–9a: the bin of a document frequency df among N documents. */
export function histogramBin(df: number, N: number): number {
  return Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.ceil((df * HISTOGRAM_BINS) / N) - 1));
}

/**
 * Eq. 3.1: the cut-off bin b_c minimizing E(b_c) = Σ_{i<b_c} (i − x)²·hᵢ + Σ_{i≥b_c} (i − y)²·hᵢ,
 * x and y the weighted means of the two sides, by brute force over the bins. Equal energies
 * (a run of empty bins between the modes) are resolved by the equation's b_c = (x + y)/2: the
 * candidate nearest the midpoint of the two means wins (the upper one when two are as near). Returns hist.length when nothing is
 * above the cut.
 */
export function energyCut(hist: ArrayLike<number>): number {
  const B = hist.length;
  let W = 0, S1 = 0, S2 = 0, nonEmpty = 0, only = -1;
  for (let i = 0; i < B; i++) {
    const h = hist[i];
    if (h > 0) { nonEmpty++; only = i; }
    W += h; S1 += i * h; S2 += i * i * h;
  }
  if (nonEmpty === 0) return B;
  if (nonEmpty === 1) return only >= B / 2 ? only : B;
  let best = Infinity, bestBin = B, bestDist = Infinity;
  let wL = 0, s1L = 0, s2L = 0;
  for (let bc = 1; bc < B; bc++) {
    const h = hist[bc - 1];
    wL += h; s1L += (bc - 1) * h; s2L += (bc - 1) * (bc - 1) * h;
    const wR = W - wL;
    if (wL === 0 || wR === 0) continue;
    const s1R = S1 - s1L, s2R = S2 - s2L;
    const x = s1L / wL, y = s1R / wR;
    const e = (s2L - x * s1L) + (s2R - y * s1R); // Σ(i − x)²h = Σi²h − x·Σih
    const dist = Math.abs(bc - (x + y) / 2);
    const tol = 1e-9 * Math.max(1, Math.abs(best));
    if (e < best - tol || (Math.abs(e - best) <= tol && dist <= bestDist)) { best = e; bestBin = bc; bestDist = dist; }
  }
  return bestBin;
}

/** A string made only of function words, punctuation and slots: language, not a site's template. */
function isFunctionWordString(tokens: readonly string[]): boolean {
  for (const t of tokens) {
    if (t.startsWith('{') && !t.startsWith('{{')) continue; // a slot
    const word = t.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, '');
    if (word.length === 0) continue; // punctuation only
    if (!FUNCTION_WORDS.has(word)) return false;
  }
  return true;
}

interface Candidate { ids: Int32Array; docs: number; occurrences: number; tokens: string[]; pattern: string }

/**
 * The single-site locality guard: candidates whose occurrences (as the longest match ending
 * somewhere) mostly form short removal intervals inside running text: at least
 * minContextChars of kept text on both sides, and no line break on either side.
 */
function isolatedCandidates(cands: Candidate[], corpus: Corpus, iso: IsolationOptions, mergeGapChars: number): Set<number> {
  const matcher = new TokenMatcher(cands.map((c) => c.ids));
  const occ = new Float64Array(cands.length), lonely = new Float64Array(cands.length);
  corpus.docs.forEach((ids, d) => {
    const chars = corpus.chars[d], lineStart = corpus.lineStart[d];
    const { ends, pats, comps } = documentComponents(matcher, ids, chars, mergeGapChars);
    for (const p of pats) occ[p]++;
    const compOf = (pos: number): number => { // the component holding token pos (comps are sorted)
      let lo = 0, hi = comps.length / 2 - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (comps[2 * mid] <= pos) lo = mid; else hi = mid - 1; }
      return lo;
    };
    const alone = new Uint8Array(comps.length / 2);
    for (let c = 0; c < comps.length; c += 2) {
      const cs = comps[c], ce = comps[c + 1];
      const before = c > 0 ? comps[c - 1] + 1 : 0, after = c + 2 < comps.length ? comps[c + 2] : ids.length;
      // A whole line (a line break on either side) is a block, as templates are: not running text.
      const block = lineStart[cs] === 1 || ce + 1 >= ids.length || lineStart[ce + 1] === 1;
      alone[c / 2] = !block && ce - cs + 1 <= iso.maxTokens &&
        sumChars(chars, before, cs, iso.minContextChars) >= iso.minContextChars &&
        sumChars(chars, ce + 1, after, iso.minContextChars) >= iso.minContextChars ? 1 : 0;
    }
    for (let k = 0; k < ends.length; k++) if (alone[compOf(ends[k])]) lonely[pats[k]]++;
  });
  const out = new Set<number>();
  for (let i = 0; i < cands.length; i++) if (occ[i] > 0 && lonely[i] > iso.maxShare * occ[i]) out.add(i);
  return out;
}

/** Candidates made only of Han/Kana/Hangul characters (and punctuation) shorter than this are checked. */
const MIN_CJK_TOKENS = 4;

function isShortCjk(tokens: readonly string[]): boolean {
  if (tokens.length >= MIN_CJK_TOKENS) return false;
  let cjk = 0;
  for (const t of tokens) {
    const c = t.codePointAt(0)!;
    if (c >= 0x3040 && isCjk(c)) { cjk++; continue; }
    if (/^[\p{P}\p{S}]+$/u.test(t)) continue;
    return false;
  }
  return cjk > 0;
}

/**
 * The locality guard for Chinese and Japanese: every character is a token there, so a common
 * two- or three-character word is a "maximal repeat" in most of a site's articles. Such a short
 * string is a template only where it stands as a whole line (a menu item, "广告", "相关文章" is
 * four); one found inside a line in half of its occurrences or more is language.
 */
function shortCjkCandidates(cands: Candidate[], corpus: Corpus): Set<number> {
  const idx = cands.map((c, i) => (isShortCjk(c.tokens) ? i : -1)).filter((i) => i >= 0);
  const out = new Set<number>();
  if (idx.length === 0) return out;
  const matcher = new TokenMatcher(idx.map((i) => cands[i].ids));
  const occ = new Float64Array(idx.length), whole = new Float64Array(idx.length);
  corpus.docs.forEach((ids, d) => {
    const lineStart = corpus.lineStart[d];
    let s = 0;
    for (let i = 0; i < ids.length; i++) {
      s = matcher.step(s, ids[i]);
      const L = matcher.longestAt(s);
      if (L === 0) continue;
      const p = matcher.patternAt(s);
      occ[p]++;
      if (lineStart[i - L + 1] === 1 && (i + 1 >= ids.length || lineStart[i + 1] === 1)) whole[p]++;
    }
  });
  idx.forEach((ci, k) => { if (occ[k] > 0 && whole[k] < 0.5 * occ[k]) out.add(ci); });
  return out;
}

/**
 * One document's removal components (§3.4.1, one pass): the longest match ending at each token
 * (`ends`, pattern `pats`), united with gaps under mergeGapChars bridged (`comps`, flat pairs).
 */
function documentComponents(matcher: TokenMatcher, ids: Int32Array, chars: Int32Array, mergeGapChars: number): { ends: number[]; pats: number[]; comps: number[] } {
  const ends: number[] = [], starts: number[] = [], pats: number[] = [];
  let s = 0;
  for (let i = 0; i < ids.length; i++) {
    s = matcher.step(s, ids[i]);
    const L = matcher.longestAt(s);
    if (L > 0) { ends.push(i); starts.push(i - L + 1); pats.push(matcher.patternAt(s)); }
  }
  const comps = uniteIntervals(starts, ends, ends.length, mergeGapChars, (x, y, cap) => sumChars(chars, x + 1, y, cap));
  return { ends, pats, comps };
}

/** Share of the corpus tokens that one cleaning pass with `cands` removes. */
function coverage(cands: Candidate[], corpus: Corpus, mergeGapChars: number): number {
  if (cands.length === 0) return 0;
  const matcher = new TokenMatcher(cands.map((c) => c.ids));
  let removed = 0;
  corpus.docs.forEach((ids, d) => {
    const { comps } = documentComponents(matcher, ids, corpus.chars[d], mergeGapChars);
    for (let c = 0; c < comps.length; c += 2) removed += comps[c + 1] - comps[c] + 1;
  });
  return removed / corpus.tokens;
}

/** Non-space characters of tokens [from, to), counted up to `cap`. */
export function sumChars(chars: Int32Array, from: number, to: number, cap: number): number {
  let s = 0;
  for (let i = from; i < to && s < cap; i++) s += chars[i];
  return s;
}

/** The readable form of a token pattern. */
export function patternString(tokens: readonly string[]): string {
  return tokens.join(' ');
}

/**
 * Learns the text templates of one site from its documents (page text or raw HTML; at least two
 * distinct non-empty ones). The same documents in any order give the same result.
 */
export function learnTextTemplates(docs: readonly string[], options?: LearnTextOptions): TextTemplates {
  if (!Array.isArray(docs) || docs.some((d) => typeof d !== 'string')) {
    throw new ThresherError('E_BAD_OPTION', 'learnTextTemplates: docs must be an array of strings');
  }
  const o = resolveOptions(options);
  const corpus = readCorpus(docs, o.maxTokens);
  const N = corpus.docs.length;
  if (N < 2) {
    throw new ThresherError('E_SITE_SAMPLE', `learnTextTemplates: a template is what documents share; need at least 2 distinct non-empty documents, got ${N} (${corpus.duplicates} duplicates, ${corpus.empty} empty)`,
      { documents: N, duplicates: corpus.duplicates, empty: corpus.empty });
  }
  const { text, docOf, alphabet } = buildCorpus(corpus, o.splitLines);
  const sa = suffixArray(text, alphabet);
  const lcp = lcpArray(text, sa);
  const reps = maximalRepeats(text, docOf, sa, lcp, N, { minLength: o.minTokens, minDocs: o.minDocs });

  // A periodic family counts once, in the histogram as in the model (periodic.ts).
  const { keep, collapsed } = collapsePeriodic(text, reps);
  const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const i of keep) histogram[histogramBin(reps.docs[i], N)]++;
  const cutBin = energyCut(histogram);

  const counts = {
    maximal: reps.found, short: reps.short, fewDocs: reps.fewDocs, periodic: collapsed, belowCut: 0,
    idioms: 0, functionWords: 0, overBudget: 0, overBudgetTokens: 0, isolated: 0, templates: 0,
  };
  const above = keep.filter((i) => histogramBin(reps.docs[i], N) >= cutBin);
  counts.belowCut = keep.length - above.length;
  let cands = candidatesWithinBudget(above, reps, text, corpus.dict, o, counts);
  if (o.isolation) {
    const drop = shortCjkCandidates(cands, corpus);
    counts.isolated += drop.size;
    cands = cands.filter((_, i) => !drop.has(i));
  }
  // A string shadowed by a longer idiom ("well as" inside "as well as") is seen alone only
  // once the longer one is gone: repeat until nothing more drops (a few rounds in practice).
  for (let round = 0; o.isolation && cands.length > 0 && round < MAX_ISOLATION_ROUNDS; round++) {
    const drop = isolatedCandidates(cands, corpus, o.isolation, o.mergeGapChars);
    if (drop.size === 0) break;
    counts.isolated += drop.size;
    cands = cands.filter((_, i) => !drop.has(i));
  }
  cands.sort(compareTemplates);
  counts.templates = cands.length;
  const share = coverage(cands, corpus, o.mergeGapChars);
  return {
    kind: TEXT_TEMPLATES_KIND,
    version: TEXT_TEMPLATES_VERSION,
    learnedFrom: { inputs: docs.length, documents: N, duplicates: corpus.duplicates, empty: corpus.empty, tokens: corpus.tokens },
    options: {
      minTokens: o.minTokens, minDocs: o.minDocs, dropFunctionWordStrings: o.dropFunctionWordStrings,
      isolation: o.isolation || null, mergeGapChars: o.mergeGapChars,
      ...(o.splitLines ? { splitLines: true } : {}),
      maxTemplateTokens: o.maxTemplateTokens,
    },
    coverage: Math.round(share * 1e6) / 1e6,
    histogram,
    cut: { bin: cutBin, minDocs: cutBin >= HISTOGRAM_BINS ? N + 1 : Math.floor((cutBin * N) / HISTOGRAM_BINS) + 1 },
    counts,
    templates: cands.map((c) => ({ tokens: c.tokens, pattern: c.pattern, docs: c.docs, occurrences: c.occurrences })),
  };
}

/**
 * The strings above the cut that become candidates: idioms and function-word strings dropped,
 * the rest taken in budget order (periodic.ts) while their tokens fit maxTemplateTokens. Only
 * the strings taken are spelt out, so this costs O(strings + budget), whatever their lengths.
 */
function candidatesWithinBudget(above: readonly number[], reps: MaximalRepeats, text: Int32Array, dict: TokenDictionary,
  o: Resolved, counts: { idioms: number; functionWords: number; overBudget: number; overBudgetTokens: number }): Candidate[] {
  // Tokens that are not a function word, punctuation or a slot, counted up to each position: a
  // string is a function-word string when it holds none (O(1), not O(its length)).
  const content = new Int32Array(text.length + 1);
  if (o.dropFunctionWordStrings) {
    const fw = new Uint8Array(dict.size); // 0 not yet known, 1 a function token, 2 content
    for (let j = 0; j < text.length; j++) {
      const id = text[j]; // separators (ids ≥ dict.size) are never inside a string
      if (id < dict.size && fw[id] === 0) fw[id] = isFunctionWordString([dict.key(id)]) ? 1 : 2;
      content[j + 1] = content[j] + (id < dict.size && fw[id] === 1 ? 0 : 1);
    }
  }
  let idiomTokens = 0; // an idiom longer than this many tokens cannot match: no need to spell a string out
  for (const p of o.idioms) idiomTokens = Math.max(idiomTokens, p.split(' ').length);
  const out: Candidate[] = [];
  let used = 0;
  for (const i of budgetOrder(reps, above)) {
    const start = reps.start[i], len = reps.length[i];
    const spell = (): string[] => Array.from(text.subarray(start, start + len), (id) => dict.key(id));
    if (len <= idiomTokens && o.idioms.has(patternString(spell()))) { counts.idioms++; continue; }
    if (o.dropFunctionWordStrings && content[start + len] === content[start]) { counts.functionWords++; continue; }
    if (used + len > o.maxTemplateTokens) { counts.overBudget++; counts.overBudgetTokens += len; continue; }
    used += len;
    const tokens = spell();
    out.push({ ids: text.subarray(start, start + len), docs: reps.docs[i], occurrences: reps.occurrences[i], tokens, pattern: patternString(tokens) });
  }
  return out;
}

/** Deterministic order: more documents first, then longer, then by pattern text. */
function compareTemplates(a: { docs: number; tokens: string[]; pattern: string }, b: typeof a): number {
  return b.docs - a.docs || b.tokens.length - a.tokens.length || (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0);
}

/**
 * §3.3's second-level filter: the patterns that are templates on at least `minSites` of the given
 * sites (default max(2, ⌈sites/10⌉)). Frequent on many unrelated sites means language, not a
 * site's template. Sorted.
 */
export function crossSiteIdioms(sites: readonly TextTemplates[], options?: { minSites?: number }): string[] {
  const minSites = options?.minSites ?? Math.max(2, Math.ceil(sites.length / 10));
  if (!Number.isInteger(minSites) || minSites < 2) {
    throw new ThresherError('E_BAD_OPTION', `crossSiteIdioms: minSites must be an integer ≥ 2, got ${String(minSites)}`);
  }
  const seen = new Map<string, number>();
  for (const s of sites) for (const p of new Set(s.templates.map((t) => t.pattern))) seen.set(p, (seen.get(p) ?? 0) + 1);
  return [...seen].filter(([, k]) => k >= minSites).map(([p]) => p).sort();
}

/** A copy of `model` without the templates whose pattern is in `idioms`. */
export function withoutIdioms(model: TextTemplates, idioms: Iterable<string>): TextTemplates {
  const drop = new Set(idioms);
  const templates = model.templates.filter((t) => !drop.has(t.pattern));
  const removed = model.templates.length - templates.length;
  return { ...model, counts: { ...model.counts, idioms: model.counts.idioms + removed, templates: templates.length }, templates };
}

/**
 * Learns every site, then filters idioms across them (§3.3). `sites` maps a site name (host) to
 * its documents. Sites with too few documents throw, as in learnTextTemplates.
 */
export function learnSitesTextTemplates(sites: Readonly<Record<string, readonly string[]>>, options?: LearnTextOptions & { idiomMinSites?: number }): Record<string, TextTemplates> {
  if (typeof sites !== 'object' || sites === null) throw new ThresherError('E_BAD_OPTION', 'learnSitesTextTemplates: sites must be an object of name → documents');
  const names = Object.keys(sites).sort();
  const models = names.map((n) => learnTextTemplates(sites[n], options));
  const idioms = crossSiteIdioms(models, { minSites: options?.idiomMinSites });
  const out: Record<string, TextTemplates> = {};
  names.forEach((n, i) => { out[n] = withoutIdioms(models[i], idioms); });
  return out;
}
