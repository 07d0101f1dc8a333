/**
 * Sentences of a text, for paper 000 §6's abstract ("the sentences with high weights are picked
 * from each paragraph"). The paper does not say how sentences are found; this is a rule-based
 * splitter that works for Chinese and Japanese as well as for alphabetic scripts.
 *
 * Boundaries:
 *  - a line break (the renderers put one between blocks, so a heading is its own sentence);
 *  - after 。！？｡ and their full-width kin (！？．), with any closing quotes or brackets
 *    (」』”’）】〉》") that follow — no space needed, CJK writes none;
 *  - after . ! ? … with any closing quotes or brackets, when white space follows and the next
 *    word does not start with a lower-case letter.
 * A full stop does not end a sentence after a known abbreviation (Mr., e.g., z.B., Jan.), after
 * a single letter (an initial: "J. R. R. Tolkien"), or inside a number. A few abbreviations
 * that often end a sentence (etc., Inc., U.S.) do end it when a capitalised word follows.
 * Departure from statistical splitters (Punkt): no corpus-trained abbreviation list; the list
 * below is written by hand for English, German, French and Spanish.
 */

/** Abbreviations (lower case, without the final period) after which a period is not an end. */
const ABBREVIATIONS = new Set(`
  mr mrs ms dr prof sr jr st mt ft rev gen col lt sgt capt cmdr hon pres gov sen rep
  vs v cf e.g i.e viz al approx ca no nos vol vols pp p fig figs eq eqs ch sec art
  jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
  dept univ assn bros ave blvd rd
  z.b bzw ca d.h evtl ggf inkl nr s.o u.a usw vgl bspw
  m mm mme mlle env p.ex
  sra sr srta ud uds pág
`.trim().split(/\s+/));

/** Abbreviations that end a sentence when the next word is capitalised. */
const FINAL_ABBREVIATIONS = new Set(['etc', 'inc', 'ltd', 'co', 'corp', 'u.s', 'u.k', 'a.m', 'p.m', 'usw']);

const CJK_STOPS = '。！？｡！？．';
const CLOSERS = '"\'”’」』）)]】〉》»';
const LATIN_STOPS = '.!?…';

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\u00a0' || c === '\u3000';
}

/** The word just before position `end` (exclusive), back to white space or an opening bracket. */
function wordBefore(text: string, end: number): string {
  let i = end;
  while (i > 0 && !isSpace(text[i - 1]) && text[i - 1] !== '\n' && !'(["“‘«'.includes(text[i - 1])) i--;
  return text.slice(i, end);
}

function startsLower(text: string, i: number): boolean {
  const c = text[i];
  return c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
}

function startsUpper(text: string, i: number): boolean {
  const c = text[i];
  return c !== undefined && c !== c.toLowerCase();
}

/** Whether a period at `dot` followed by a space, then text at `next`, ends a sentence. */
function periodEnds(text: string, dot: number, next: number): boolean {
  const word = wordBefore(text, dot).replace(/^[^\p{L}\p{N}]+/u, '');
  if (!word) return true;
  const lower = word.toLowerCase();
  if (FINAL_ABBREVIATIONS.has(lower)) return startsUpper(text, next);
  if (ABBREVIATIONS.has(lower)) return false;
  // An initial ("J.") or a dotted abbreviation ("U.N.", "e.g") is not an end.
  if (/^\p{Lu}$/u.test(word)) return false;
  if (/^(\p{L}\.)+\p{L}$/u.test(word)) return false;
  return true;
}

/** The sentences of `text`, trimmed, in order; empty pieces are left out. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const push = (end: number): void => {
    const s = text.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || c === '\r') { push(i); start = i + 1; continue; }
    const cjk = CJK_STOPS.includes(c);
    if (!cjk && !LATIN_STOPS.includes(c)) continue;
    // A run of stops ("?!", "...") and the closers after it belong to this sentence.
    let j = i + 1;
    while (j < text.length && (CJK_STOPS.includes(text[j]) || LATIN_STOPS.includes(text[j]))) j++;
    while (j < text.length && CLOSERS.includes(text[j])) j++;
    if (cjk) { push(j); i = j - 1; continue; }
    if (j < text.length && !isSpace(text[j]) && text[j] !== '\n') { i = j - 1; continue; }
    let k = j;
    while (k < text.length && isSpace(text[k])) k++;
    if (k >= text.length) { push(j); i = j - 1; continue; }
    if (startsLower(text, k)) { i = j - 1; continue; }
    if (c === '.' && j === i + 1 && !periodEnds(text, i, k)) { i = j - 1; continue; }
    push(j);
    i = j - 1;
  }
  push(text.length);
  return out;
}
