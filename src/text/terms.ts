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
  for (const seg of segmenterFor(options.lang).segment(normalizeText(text))) {
    if (!seg.isWordLike) continue;
    const w = seg.segment;
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
