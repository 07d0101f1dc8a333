/**
 * Word runs without regular expressions: the hot feature loops scan every text unit of every
 * page, and a Unicode-property regex (/[\p{L}\p{N}]+/gu) allocates an array of strings per call.
 * These scanners visit the same runs as those regexes (test/word-runs.test.ts checks it on
 * arbitrary Unicode) and hand out offsets, so a caller slices only the words it needs.
 */

/** Bits of a code point's class. */
export const LETTER = 1, NUMBER = 2, APOSTROPHE = 4;

let bmp: Uint8Array | null = null;
const astral = new Map<number, number>();
const IS_LETTER = /\p{L}/u, IS_NUMBER = /\p{N}/u;

function classify(s: string): number {
  return IS_LETTER.test(s) ? LETTER : IS_NUMBER.test(s) ? NUMBER : s === "'" ? APOSTROPHE : 0;
}

/** Built on first use (about 15 ms): one regex test per BMP code unit, never again after. */
function bmpTable(): Uint8Array {
  if (bmp) return bmp;
  const t = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) if (c < 0xd800 || c > 0xdfff) t[c] = classify(String.fromCharCode(c));
  return (bmp = t);
}

/**
 * Calls `run(start, end)` for every maximal run of code points whose class has a bit of `mask`,
 * in order, up to `limit` (1 or more) runs; returns the number of runs. Lone surrogates belong to no class, as
 * in a /u regex.
 */
export function forEachRun(s: string, mask: number, run: ((start: number, end: number) => void) | null, limit = Infinity): number {
  const t = bmpTable();
  let count = 0, start = -1;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let k: number, width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        let a = astral.get(cp);
        if (a === undefined) astral.set(cp, (a = classify(String.fromCodePoint(cp))));
        k = a; width = 2;
      } else k = 0;
    } else k = t[c];
    if (k & mask) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      count++;
      if (run) run(start, i);
      if (count >= limit) return count;
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0) {
    count++;
    if (run) run(start, n);
  }
  return count;
}
