/**
 * Words of a text, for every language: the feature extraction that paper 000 §3.2 and §5 assume
 * ("segmenting a page into words is an inevitable task for Chinese Web pages") and that its
 * keyword fingerprint, keywords and abstract read.
 *
 * Words come from `Intl.Segmenter` at word granularity, keeping the segments it marks isWordLike.
 * ICU's word breaker uses a dictionary for Chinese, Japanese, Thai, Lao, Khmer and Burmese
 * whatever the locale, so 我们今天去北京大学 gives 我们 | 今天 | 去 | 北京 | 大学 rather than one
 * term per character. (Checked on Node 20.20.2 with ICU 78.2, full ICU: Chinese, Japanese and
 * Thai segment into dictionary words; the CJK tests in test/terms.test.ts fail on a build whose
 * ICU lacks the dictionaries.)
 *
 * Normalization, applied to the whole text before segmenting: Unicode NFKC (full-width Latin and
 * digits, half-width katakana and ligatures fold to their plain forms), locale-independent lower
 * case, and the typographic apostrophe ’ folded to ' (so "don’t" and "don't" are one term).
 * Departure from plain segmentation: French and Italian elisions (l'homme, qu'il, dell'anno)
 * are cut after the apostrophe, because ICU keeps them as one word and the article would
 * otherwise fuse with every noun.
 *
 * Speed: V8's segment iterator costs time proportional to the length of the whole input at
 * every step (400 ms for 40,000 characters, 1.4 s for 80,000, on Node 20), so a long text is fed
 * to it in pieces of about CHUNK characters, cut only where no word can span the cut (white
 * space, CJK full stops and enumeration commas, ! ?, and , ; not after a digit). Pieces give the
 * same words as the whole (a property test checks it). A run of CHUNK characters with no such
 * place (a long unpunctuated CJK or Thai run) is cut at a word boundary the segmenter finds in a
 * window twice as long; ICU's dictionary segmentation is local enough that this agrees with the
 * whole text in the property test, but it is not guaranteed to.
 */
import { STOP_WORDS } from './stopwords.js';

export interface TermOptions {
  /** BCP 47 tag for the segmenter (its dictionaries apply whatever it is). Default: root locale. */
  lang?: string;
  /** Drop stop words: `true` uses STOP_WORDS (every language), a set uses that set. Default false. */
  stopWords?: boolean | ReadonlySet<string>;
  /** Keep terms with no letter in them (numbers, dates' parts). Default true. */
  numbers?: boolean;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Segmenters are costly to build (ICU loads rules and dictionaries), so one per locale is kept. */
function segmenterFor(lang: string | undefined): Intl.Segmenter {
  const key = lang ?? '';
  let s = segmenters.get(key);
  if (!s) {
    let locale: string | undefined;
    try { locale = lang ? Intl.getCanonicalLocales(lang)[0] : undefined; } catch { locale = undefined; }
    s = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(key, s);
  }
  return s;
}

/** NFKC, lower case, ’ → '. What every term and every stop-word list is compared in. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\u2019/g, "'");
}

/** Characters fed to the segmenter at once: 250–500 were fastest, measured on Node 20. */
const CHUNK = 320;

/** Whether a piece may end just before position i (no word spans it). */
function cuttable(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 32 || (c >= 9 && c <= 13) || c === 0x3002 || c === 0x3001 || c === 0x21 || c === 0x3f) return true;
  if (c === 0x2c || c === 0x3b) { const p = s.charCodeAt(i - 1); return !(p >= 48 && p <= 57); }
  return false;
}

/**
 * A cut for a stretch with no safe place (a long unpunctuated CJK or Thai run): the last word
 * boundary before start + chunk in the segmentation of a window twice as long, so that the
 * words near the cut see the same context on both sides as in the whole text.
 */
function boundaryNear(seg: Intl.Segmenter, text: string, start: number, chunk: number): number {
  for (let w = 2 * chunk; ; w *= 2) {
    const end = Math.min(text.length, start + w);
    let before = 0, after = 0;
    for (const s of seg.segment(text.slice(start, end))) {
      if (s.index === 0) continue;
      if (s.index <= chunk) before = s.index;
      else { after = s.index; break; }
    }
    if (before) return start + before;
    // One segment longer than the chunk (a 300-letter "word"): end the piece where it ends.
    if (after) return start + after;
    if (end === text.length) return end;
  }
}

/** The word-like segments of an (already normalized) text, fed to the segmenter in pieces. */
export function wordSegments(text: string, lang?: string, chunk = CHUNK): string[] {
  const seg = segmenterFor(lang);
  const out: string[] = [];
  const run = (piece: string): void => {
    for (const s of seg.segment(piece)) if (s.isWordLike) out.push(s.segment);
  };
  let start = 0;
  const n = text.length;
  while (n - start > chunk) {
    let cut = -1;
    for (let i = start + chunk; i > start + (chunk >> 2); i--) if (cuttable(text, i)) { cut = i; break; }
    if (cut < 0) cut = boundaryNear(seg, text, start, chunk);
    if (cut >= n) break;
    run(text.slice(start, cut));
    start = cut;
  }
  run(text.slice(start));
  return out;
}

const ELISION = /^((?:[cdjlmnst]|qu|dell|dall|nell|sull|all|quell|un)')(?=\p{L})/u;
const HAS_LETTER = /\p{L}/u;

/** The words of `text`, normalized, in order (repeats kept). */
export function terms(text: string, options: TermOptions = {}): string[] {
  const stop = options.stopWords === true ? STOP_WORDS : options.stopWords || null;
  const numbers = options.numbers ?? true;
  const out: string[] = [];
  const push = (t: string): void => {
    if (stop && stop.has(t)) return;
    if (!numbers && !HAS_LETTER.test(t)) return;
    out.push(t);
  };
  for (const w of wordSegments(normalizeText(text), options.lang)) {
    // Elisions only occur in words of 3+ characters with an apostrophe; test cheaply first.
    if (w.length > 2 && w.includes("'")) {
      const m = ELISION.exec(w);
      if (m) { push(m[1]); push(w.slice(m[1].length)); continue; }
    }
    push(w);
  }
  return out;
}

/** Term frequencies, in first-occurrence order. */
export function termFrequencies(list: readonly string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}
