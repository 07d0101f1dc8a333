/**
 * Text as the search index reads it, and queries built the same way (the store's FTS5 table,
 * src/pipeline/store.ts and search.ts).
 *
 * FTS5's unicode61 tokenizer splits at spaces and punctuation only, so a run of Chinese or
 * Japanese (or Thai, Lao, Khmer, Burmese) characters is one token, and 宇航员 could not be found in
 * 宇航员在太空中喝酒. Such runs are cut into words with the segmentation the terms code uses
 * (text/terms.ts: Intl.Segmenter, ICU's dictionaries), with a zero-width space between words: a
 * separator for unicode61 that does not show in a snippet (search.ts removes it anyway). A query
 * word is cut the same way and searched as a phrase, so its words must follow each other.
 *
 * The same phrase rule makes "don't" one match (its tokens don, t adjacent), not "don" and "t"
 * anywhere. `+` and `#` are token characters for the index (the store's tokenizer says
 * `tokenchars '+#'`), so c++ and c# are words of their own; but only as the end of a word: any
 * other + or # (1+1, #tag) is set apart with zero-width spaces, so "tag" still finds #tag.
 *
 * Segmentation costs some 2.5 µs a character (ICU's dictionaries): a field's first
 * INTEGRATE_TEXT_LIMIT characters of such runs are cut into words; past that, runs are cut
 * between every character (a 51 MB Chinese page took 33 s to index whole). A query word of
 * these scripts is therefore searched as its words OR its characters, each as a phrase: either
 * way it must appear as written.
 *
 * Korean needs no dictionary (words are spaced) but glues particles to them (우주비행사가 is
 * 우주비행사 + 가), so a query word ending in Hangul is searched as a prefix.
 *
 * Pure: it runs in a worker (the index text is made where the page is cleaned).
 */
import { wordSegments } from '../text/terms.js';
import { INTEGRATE_TEXT_LIMIT } from './text-limit.js';

/** Between words of a segmented run: a unicode61 separator (category Cf) that shows as nothing. */
export const INDEX_SEPARATOR = '\u200b';

/** Runs of the scripts that do not space their words (Script_Extensions, so ー, 々, 〆 count). */
const UNSPACED_RUN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]+/gu;
const UNSPACED_CHAR = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const PLUS_HASH = /[+#]+/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const HANGUL_END = /\p{Script=Hangul}$/u;

/** A run of an unspaced script with a separator around it and between its words. */
function segmentRun(run: string): string {
  let out = INDEX_SEPARATOR, at = 0;
  for (const w of wordSegments(run)) {
    const i = run.indexOf(w, at);
    if (i < 0) continue;
    out += run.slice(at, i) + INDEX_SEPARATOR + w;
    at = i + w.length;
  }
  return out + run.slice(at) + INDEX_SEPARATOR;
}

/** + and # end a word (c++, c#) when they follow a letter or digit and no letter or digit follows; elsewhere they stand apart. */
function separatePlusHash(text: string): string {
  return text.replace(PLUS_HASH, (m, at: number) => {
    const before = at > 0 && WORD_CHAR.test(text[at - 1]);
    const after = at + m.length < text.length && WORD_CHAR.test(text[at + m.length]);
    return before && !after ? m : INDEX_SEPARATOR + m + INDEX_SEPARATOR;
  });
}

/** A run cut between every character (code point). */
function characterRun(run: string): string {
  return INDEX_SEPARATOR + [...run].join(INDEX_SEPARATOR) + INDEX_SEPARATOR;
}

/**
 * A text as the index holds it: unspaced scripts cut into words (the first `segmentLimit`
 * characters of them; the rest into characters), + and # set apart unless they end a word.
 */
export function indexText(text: string, segmentLimit = INTEGRATE_TEXT_LIMIT): string {
  let out = text.includes('+') || text.includes('#') ? separatePlusHash(text) : text;
  if (UNSPACED_CHAR.test(out)) {
    let left = segmentLimit;
    out = out.replace(UNSPACED_RUN, (run) => {
      if (run.length > left) { left = 0; return characterRun(run); }
      left -= run.length;
      return segmentRun(run);
    });
  }
  return out;
}

/** A record's fields as the index holds them, where they differ from the record's own (most pages: none). */
export interface IndexFields { title?: string; abstract?: string; content?: string }

export function indexFields(r: { title: string; abstract?: string; content: string }): IndexFields | undefined {
  const out: IndexFields = {};
  for (const k of ['title', 'abstract', 'content'] as const) {
    const v = r[k];
    if (v === undefined) continue;
    const t = indexText(v);
    if (t !== v) out[k] = t;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Queries past this many distinct words are cut (FTS5's snippet and ranking grow with words × matches). */
export const MAX_QUERY_WORDS = 64;
/** A query word longer than this is cut (a phrase of thousands of tokens is no search). */
export const MAX_WORD_CHARS = 256;

export interface FtsQuery {
  /** The FTS5 MATCH expression; empty when the text has no word to search for. */
  match: string;
  /** The words searched for, as the user wrote them (after de-duplication and the caps). */
  words: string[];
  /** What was left out of the query, and why. */
  warnings: string[];
}

/**
 * Free text → an FTS5 query: each whitespace-separated word is a quoted phrase (so no user
 * punctuation is FTS syntax) of its index tokens, all required. Repeated words count once; past
 * MAX_QUERY_WORDS distinct words the rest are dropped, with a warning.
 */
export function buildFtsQuery(text: string): FtsQuery {
  const seen = new Set<string>();
  const phrases: string[] = [];
  const words: string[] = [];
  const warnings: string[] = [];
  let distinct = 0, longCut = 0;
  for (const raw of text.split(/\s+/u)) {
    if (!WORD_CHAR.test(raw)) continue;
    let word = raw;
    if ([...word].length > MAX_WORD_CHARS) { word = [...word].slice(0, MAX_WORD_CHARS).join(''); longCut++; }
    const key = word.normalize('NFKC').toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    distinct++;
    if (phrases.length >= MAX_QUERY_WORDS) continue;
    const prefix = HANGUL_END.test(word) ? ' *' : '';
    const phrase = (t: string): string => `"${t.replaceAll('"', '""')}"${prefix}`;
    const segmented = phrase(indexText(word));
    phrases.push(UNSPACED_CHAR.test(word) ? `(${segmented} OR ${phrase(indexText(word, 0))})` : segmented);
    words.push(word);
  }
  if (longCut) warnings.push(`${longCut} query word(s) longer than ${MAX_WORD_CHARS} characters were cut to their first ${MAX_WORD_CHARS}`);
  if (distinct > MAX_QUERY_WORDS) warnings.push(`the query has ${distinct} distinct words; only the first ${MAX_QUERY_WORDS} were searched for`);
  // Explicit AND: FTS5's implicit AND does not join a parenthesized OR group.
  return { match: phrases.join(' AND '), words, warnings };
}
