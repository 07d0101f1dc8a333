/**
 * The DocView's language (an addition to paper 000's eight fields, asked for by the design).
 * A page declares one in <html lang>, and it is often wrong (a template's default), so the topic
 * content's words are asked too:
 *  - script first: kana → ja, Hangul → ko, Han without kana → zh, Thai → th;
 *  - otherwise the language whose stop words (text/stopwords.ts) make up most of the words, when
 *    they are at least MIN_HITS of them and at least RATIO times the runner-up's.
 * The declared language wins when it agrees with the detected one (it is often more specific,
 * en-GB) or when detection is unsure; a confident detection that disagrees replaces it.
 * Departure: no n-gram language model — closed-class word lists separate the languages thresher
 * has lists for, and the others keep their declared tag.
 */
import { STOP_WORD_LISTS, stopWordsFor } from '../text/stopwords.js';

const MIN_HITS = 5;
const RATIO = 1.5;
/** Share of letters a script needs before it decides. */
const SCRIPT_SHARE = 0.3;

const LANGS = Object.keys(STOP_WORD_LISTS).filter((l) => l !== 'zh' && l !== 'ja');

function scriptLanguage(text: string): string | undefined {
  let letters = 0, han = 0, kana = 0, hangul = 0, thai = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) { if ((c | 32) >= 97 && (c | 32) <= 122) letters++; continue; }
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9d)) { kana++; letters++; } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x20000 && c <= 0x2ffff)) { han++; letters++; } else if ((c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f)) { hangul++; letters++; } else if (c >= 0x0e00 && c <= 0x0e7f) { thai++; letters++; } else if (/\p{L}/u.test(ch)) letters++;
  }
  if (letters === 0) return undefined;
  if (kana > 0 && (kana + han) >= SCRIPT_SHARE * letters && kana >= 0.05 * (kana + han)) return 'ja';
  if (han >= SCRIPT_SHARE * letters) return 'zh';
  if (hangul >= SCRIPT_SHARE * letters) return 'ko';
  if (thai >= SCRIPT_SHARE * letters) return 'th';
  return undefined;
}

/** The language of a text from its script or its stop words (primary subtag), undefined when unsure. */
export function detectLanguage(text: string, words: readonly string[]): string | undefined {
  const byScript = scriptLanguage(text);
  if (byScript) return byScript;
  const hits = LANGS.map((l) => {
    const set = stopWordsFor(l);
    let n = 0;
    for (const w of words) if (set.has(w)) n++;
    return [l, n] as const;
  }).sort((a, b) => b[1] - a[1]);
  const [best, second] = hits;
  if (!best || best[1] < MIN_HITS || best[1] < RATIO * (second?.[1] ?? 0)) return undefined;
  return best[0];
}

/** The declared language when it agrees or detection is unsure; the detected one otherwise. */
export function pageLanguage(declared: string | undefined, detected: string | undefined): string | undefined {
  if (!detected) return declared;
  if (declared && declared.toLowerCase().split(/[-_]/)[0] === detected) return declared;
  return detected;
}
