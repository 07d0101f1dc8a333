/**
 * The commonest function words of the languages most web text is written in. Prose is dense with
 * them and navigation, buttons and product grids are not (jusText's stop-word density signal).
 * A small closed list, so it carries no topic: it says "this is running text", nothing more.
 */
import { APOSTROPHE, LETTER, forEachRun } from './word-runs.js';
import { findRange, rangeIndex } from './range-index.js';

const LISTS = [
  // English
  'the a an and or but of to in on at for with by from as is are was were be been it its this that these those he she they we you i not have has had will would can could do does did which who what there their his her our your if than then so no',
  // German
  'der die das den dem des ein eine einen einem einer und oder aber nicht ist sind war waren wird werden hat haben mit von zu im in auf für bei aus als auch es sie er wir ich sich dass wie noch nur nach',
  // French
  'le la les un une des et ou mais de du au aux en dans sur pour par avec est sont était il elle ils nous vous je ne pas que qui ce cette se son sa ses plus',
  // Spanish / Portuguese / Italian
  'el los las y o pero del al en con por para es son fue lo que se su sus una uno como más este esta o os as um uma e mas do da dos das no na com não é il lo gli di che per con sono è un una non più',
  // Dutch
  'de het een en of maar van in op te voor met door is zijn was waren niet dat die er ook als aan bij om hij zij wij',
];

export const FUNCTION_WORDS: ReadonlySet<string> = new Set(LISTS.join(' ').split(' '));

const LONGEST = Math.max(...[...FUNCTION_WORDS].map((w) => w.length));

/** Share of the words (runs of letters and apostrophes) of `text` that are function words (0 with no words). */
export function functionWordShare(text: string): number {
  return functionWordShareOfLower(text.toLowerCase());
}

/** functionWordShare of text already lower-cased (callers that need the lower-case text anyway). */
export function functionWordShareOfLower(lower: string): number {
  scan.text = lower; scan.hits = 0;
  const words = forEachRun(lower, LETTER | APOSTROPHE, countFunctionWord);
  return words ? scan.hits / words : 0;
}

// Looked up by range, not by slice (range-index.ts), through a named callback and module state
// rather than a closure per call.
const INDEX = rangeIndex(Object.fromEntries([...FUNCTION_WORDS].map((w) => [w, 1])));
const scan = { text: '', hits: 0 };

function countFunctionWord(a: number, b: number): void {
  if (b - a <= LONGEST && findRange(INDEX, scan.text, a, b) >= 0) scan.hits++;
}
