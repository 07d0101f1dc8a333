/**
 * Punkt sentence splitting, inference only: a port of NLTK 3.8's PunktSentenceTokenizer.tokenize()
 * (nltk/tokenize/punkt.py), i.e. what `nltk.sent_tokenize(text, 'english')` returns. rouge-score's
 * ROUGE-LSum (split_summaries=True), and so the WCEB benchmark, splits sentences with it.
 *
 * Parameters: NLTK's English model (punkt-english.json; Apache-2.0, see README.md here).
 * Python `re`/`str` semantics (\s, \S, \d, isupper, islower) come from the tables in pyunicode.ts.
 */
import { D, LOWER, NWD, UPPER, WS } from './pyunicode.js';
import english from './punkt-english.json' with { type: 'json' };

export interface PunktParams {
  abbrev_types: string[];
  collocations: [string, string][] | string[][];
  sent_starters: string[];
  ortho_context: Record<string, number>;
}

const S = `[${WS}]`;      // python \s
const NS = `[^${WS}]`;    // python \S

// PunktLanguageVars defaults
const SENT_END_CHARS = new Set(['.', '?', '!']);
const NON_WORD = '(?:[)";}\\]*:@\'({\\[?!])';                       // _re_non_word_chars
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.${S}){2,}\\.)`;           // _re_multi_char_punct
const WORD_START = '[^("`{\\[:;&#*@)}\\]\\-,]';                       // _re_word_start
const WORD_TOKENIZE_RE = new RegExp(
  `(${MULTI_CHAR}|(?=${WORD_START})${NS}+?(?=${S}|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|${S}|${NON_WORD}|${MULTI_CHAR}))|${NS})`,
  'gu');
const PERIOD_CONTEXT_RE = new RegExp(`[.?!](?=(?<after_tok>${NON_WORD}|${S}+(?<next_tok>${NS}+)))`, 'gdu');
// re_boundary_realignment = r'["\')\]}]+?(?:\s+|(?=--)|$)' with re.MULTILINE, used with .match()
const BOUNDARY_REALIGN_RE = new RegExp(`["')\\]}]+?(?:${S}+|(?=--)|(?=\\n)|$)`, 'yu');

// PunktToken
const RE_ELLIPSIS = /^\.\.+$/u;
const RE_NUMERIC = new RegExp(`^-?[.,]?[${D}][${D},.\\-]*\\.?$`, 'u');
const RE_INITIAL = new RegExp(`^[${NWD}]\\.$`, 'u');
const RE_UPPER = new RegExp(`^[${UPPER}]`, 'u');
const RE_LOWER = new RegExp(`^[${LOWER}]`, 'u');
const RE_TRAILING_WS = new RegExp(`${S}+$`, 'u');
const RE_HAS_NONWS = new RegExp(NS, 'u');

const ORTHO_BEG_UC = 1 << 1, ORTHO_MID_UC = 1 << 2, ORTHO_UNK_UC = 1 << 3;
const ORTHO_BEG_LC = 1 << 4, ORTHO_MID_LC = 1 << 5, ORTHO_UNK_LC = 1 << 6;
const ORTHO_UC = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
const ORTHO_LC = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;
const PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);
/** string.whitespace, which _match_potential_end_contexts uses (not \s). */
const ASCII_WS = new Set([' ', '\t', '\n', '\r', '\x0b', '\x0c']);

class Token {
  readonly type: string;
  readonly periodFinal: boolean;
  sentbreak = false;
  abbr = false;
  ellipsis = false;
  constructor(readonly tok: string) {
    const low = tok.toLowerCase();
    this.type = RE_NUMERIC.test(low) ? '##number##' : low;
    this.periodFinal = tok.endsWith('.');
  }
  get typeNoPeriod(): string {
    const t = this.type;
    return t.length > 1 && t[t.length - 1] === '.' ? t.slice(0, -1) : t;
  }
  get typeNoSentperiod(): string { return this.sentbreak ? this.typeNoPeriod : this.type; }
  get firstUpper(): boolean { return RE_UPPER.test(this.tok); }
  get firstLower(): boolean { return RE_LOWER.test(this.tok); }
  get isEllipsis(): boolean { return RE_ELLIPSIS.test(this.tok); }
  get isInitial(): boolean { return RE_INITIAL.test(this.tok); }
}

/** len(s.rstrip()) with Python's whitespace. */
const rstripLen = (s: string): number => s.replace(RE_TRAILING_WS, '').length;

type Ortho = boolean | 'unknown';
type Slice = [number, number];

export class Punkt {
  private readonly abbrev: Set<string>;
  private readonly collocations: Set<string>;
  private readonly sentStarters: Set<string>;
  private readonly ortho: Map<string, number>;

  constructor(params: PunktParams) {
    this.abbrev = new Set(params.abbrev_types);
    this.collocations = new Set(params.collocations.map(([a, b]) => a + '\u0000' + b));
    this.sentStarters = new Set(params.sent_starters);
    this.ortho = new Map(Object.entries(params.ortho_context));
  }

  /** Sentences of `text`, as nltk.sent_tokenize(text, 'english'). */
  tokenize(text: string): string[] {
    return this.realignBoundaries(text, this.slicesFromText(text)).map(([a, b]) => text.slice(a, b));
  }

  /** _tokenize_words: line by line, skipping blank lines. */
  private tokenizeWords(text: string): Token[] {
    const out: Token[] = [];
    for (const line of text.split('\n')) {
      if (!RE_HAS_NONWS.test(line)) continue;
      for (const m of line.matchAll(WORD_TOKENIZE_RE)) out.push(new Token(m[1]));
    }
    return out;
  }

  /** _first_pass_annotation */
  private firstPass(t: Token): void {
    const tok = t.tok;
    if (SENT_END_CHARS.has(tok)) t.sentbreak = true;
    else if (t.isEllipsis) t.ellipsis = true;
    else if (t.periodFinal && !tok.endsWith('..')) {
      const low = tok.slice(0, -1).toLowerCase();
      const parts = low.split('-');
      if (this.abbrev.has(low) || this.abbrev.has(parts[parts.length - 1])) t.abbr = true;
      else t.sentbreak = true;
    }
  }

  /** _ortho_heuristic */
  private orthoHeuristic(t: Token): Ortho {
    if (PUNCTUATION.has(t.tok)) return false;
    const oc = this.ortho.get(t.typeNoSentperiod) ?? 0;
    if (t.firstUpper && (oc & ORTHO_LC) && !(oc & ORTHO_MID_UC)) return true;
    if (t.firstLower && ((oc & ORTHO_UC) || !(oc & ORTHO_BEG_LC))) return false;
    return 'unknown';
  }

  /** _second_pass_annotation */
  private secondPass(t1: Token, t2: Token | undefined): void {
    if (!t2 || !t1.periodFinal) return;
    const typ = t1.typeNoPeriod;
    const nextTyp = t2.typeNoSentperiod;
    const isInitial = t1.isInitial;
    if (this.collocations.has(typ + '\u0000' + nextTyp)) { t1.sentbreak = false; t1.abbr = true; return; }
    if ((t1.abbr || t1.ellipsis) && !isInitial) {
      if (this.orthoHeuristic(t2) === true) { t1.sentbreak = true; return; }
      if (t2.firstUpper && this.sentStarters.has(nextTyp)) { t1.sentbreak = true; return; }
    }
    if (isInitial || typ === '##number##') {
      const s = this.orthoHeuristic(t2);
      if (s === false) { t1.sentbreak = false; t1.abbr = true; return; }
      if (s === 'unknown' && isInitial && t2.firstUpper && !((this.ortho.get(nextTyp) ?? 0) & ORTHO_LC)) {
        t1.sentbreak = false; t1.abbr = true;
      }
    }
  }

  /** text_contains_sentbreak: _annotate_second_pass yields token i after annotating (i, i+1). */
  private textContainsSentbreak(text: string): boolean {
    const toks = this.tokenizeWords(text);
    for (const t of toks) this.firstPass(t);
    let found = false;
    for (let i = 0; i < toks.length; i++) {
      this.secondPass(toks[i], toks[i + 1]);
      if (found) return true;
      if (toks[i].sentbreak) found = true;
    }
    return false;
  }

  /** _match_potential_end_contexts: each candidate end with the text from the previous word break. */
  private potentialEndContexts(text: string): [RegExpMatchArray, string][] {
    const out: [RegExpMatchArray, string][] = [];
    let prevStart = 0, prevStop = 0;
    let prev: RegExpMatchArray | null = null;
    const ctx = (m: RegExpMatchArray, a: number, b: number): string => text.slice(a, b) + m[0] + (m.groups?.after_tok ?? '');
    for (const m of text.matchAll(PERIOD_CONTEXT_RE)) {
      const index = m.index ?? 0;
      let idx = lastWhitespaceIndex(text, prevStop, index);
      if (idx >= 0) idx += 1;
      else idx = prevStart;
      if (prev && prevStop <= idx) out.push([prev, ctx(prev, prevStart, prevStop)]);
      prev = m; prevStart = idx; prevStop = index;
    }
    if (prev) out.push([prev, ctx(prev, prevStart, prevStop)]);
    return out;
  }

  /** _slices_from_text */
  private slicesFromText(text: string): Slice[] {
    const out: Slice[] = [];
    let lastBreak = 0;
    for (const [m, context] of this.potentialEndContexts(text)) {
      if (!this.textContainsSentbreak(context)) continue;
      const end = (m.index ?? 0) + m[0].length;
      out.push([lastBreak, end]);
      const nextTok = m.indices?.groups?.next_tok;
      lastBreak = m.groups?.next_tok && nextTok ? nextTok[0] : end;
    }
    out.push([lastBreak, rstripLen(text)]);
    return out;
  }

  /** _realign_boundaries: moves closing quotes/brackets after a break onto the sentence before. */
  private realignBoundaries(text: string, slices: Slice[]): Slice[] {
    const out: Slice[] = [];
    let realign = 0;
    for (let k = 0; k < slices.length; k++) {
      const s1: Slice = [slices[k][0] + realign, slices[k][1]];
      const s2 = slices[k + 1];
      if (!s2) {
        if (s1[1] > s1[0]) out.push(s1);
        continue;
      }
      BOUNDARY_REALIGN_RE.lastIndex = 0;
      const m = BOUNDARY_REALIGN_RE.exec(text.slice(s2[0], s2[1]));
      if (m) {
        out.push([s1[0], s2[0] + rstripLen(m[0])]);
        realign = m[0].length;
      } else {
        realign = 0;
        if (s1[1] > s1[0]) out.push(s1);
      }
    }
    return out;
  }
}

/**
 * NLTK's quirk kept: `before.rfind-whitespace` returns index 0 both for "none found" and for a
 * whitespace at offset 0 of `before`; both fall back to the previous start. Returns the absolute
 * index of the last string.whitespace char in text[from, to), or -1 (also for offset 0).
 */
function lastWhitespaceIndex(text: string, from: number, to: number): number {
  for (let i = to - 1; i > from; i--) if (ASCII_WS.has(text[i])) return i;
  return -1;
}

let english_: Punkt | null = null;
/** The English Punkt model (built once per process). */
export function punktEnglish(): Punkt {
  english_ ??= new Punkt(english as PunktParams);
  return english_;
}

/** nltk.sent_tokenize(text, 'english') */
export function sentTokenize(text: string): string[] {
  return punktEnglish().tokenize(text);
}
