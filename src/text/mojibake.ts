/**
 * Repair of double-encoded UTF-8 ("mojibake"): text that was UTF-8, was read as windows-1252 or
 * ISO-8859-1, and was written out as UTF-8 again, so that "é" reads "Ã©" and "’" reads "â€™" (or
 * "â\u0080\u0099"). Pages carry it when their own publishing pipeline decoded twice, and when they
 * declare a single-byte charset for UTF-8 bytes, which the WHATWG decoding rules (and a browser)
 * then honour.
 *
 * A lead character (U+00C2-U+00F4: the Latin-1 reading of a UTF-8 lead byte) followed by the
 * continuation characters its byte calls for (U+0080-U+00BF, or the windows-1252 characters of
 * bytes 0x80-0x9F) is replaced by its UTF-8 decoding when that decoding is valid and is a
 * character such text is written in: Latin letters and signs, Greek, Cyrillic, Hebrew, Arabic;
 * punctuation, currency and letterlike signs; emoji. Scripts whose characters take three bytes
 * (CJK, Hangul, Indic, Thai) are decoded only in runs of two or more sequences, because a lone
 * one is what a French "é", a no-break space and "»" look like. Real text almost never holds the
 * rest: "Ã©" is no word in any language.
 */

/** Characters windows-1252 gives bytes 0x80-0x9F (WHATWG: the five undefined bytes read as C1 controls). */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Character → the byte a Latin-1 or windows-1252 reading took it from. */
const BYTE_OF = new Map<number, number>();
for (let b = 0x80; b <= 0xff; b++) BYTE_OF.set(b, b);
for (let i = 0; i < CP1252_HIGH.length; i++) BYTE_OF.set(CP1252_HIGH.charCodeAt(i), 0x80 + i);

const CONTINUATION = `\\u0080-\\u00bf${[...new Set(CP1252_HIGH)].join('')}`;
const CANDIDATE = new RegExp(`[\\u00c2-\\u00f4][${CONTINUATION}]{1,3}`, 'g');

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Decodings accepted on their own: Latin letters and signs, Greek, Cyrillic, Hebrew, Arabic; punctuation, currency, letterlike signs; emoji. */
function plausibleAlone(cp: number, bytes: number): boolean {
  if (bytes === 2) {
    return (cp >= 0xa0 && cp <= 0x17f) || (cp >= 0x218 && cp <= 0x21b) || (cp >= 0x370 && cp <= 0x4ff) ||
      (cp >= 0x5d0 && cp <= 0x5ea) || (cp >= 0x600 && cp <= 0x6ff);
  }
  if (bytes === 3) return cp >= 0x2000 && cp <= 0x214f;
  return (cp >= 0x1f000 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x2ffff);
}

/**
 * Three-byte decodings accepted only next to another candidate sequence: Indic, Thai, Vietnamese
 * Latin, arrows, CJK, Hangul, full-width forms. A lone one is more often a French "é" before a
 * no-break space and "»" (E9 A0 BB, a CJK character) than a double-encoded character.
 */
function plausibleInRun(cp: number): boolean {
  return (cp >= 0x900 && cp <= 0xe7f) || (cp >= 0x1e00 && cp <= 0x1eff) || (cp >= 0x2190 && cp <= 0x21ff) ||
    (cp >= 0x3000 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xff00 && cp <= 0xffef);
}

const LEAD_AND_CONTINUATION = new RegExp(`^[\\u00c2-\\u00f4][${CONTINUATION}]`);

/**
 * True when another candidate sequence ends right before `at` or starts right at `end`, or a
 * character of those scripts, decoded already, stands there: a run repaired in part (in a
 * rendering whose markup kept the sequences apart) is repaired whole, as the whole run would be.
 */
function hasNeighbour(text: string, at: number, end: number): boolean {
  if (LEAD_AND_CONTINUATION.test(text.slice(end, end + 2))) return true;
  if ((end < text.length && plausibleInRun(text.charCodeAt(end))) || (at > 0 && plausibleInRun(text.charCodeAt(at - 1)))) return true;
  for (let back = 2; back <= 4; back++) {
    if (at - back >= 0 && LEAD_AND_CONTINUATION.test(text.slice(at - back, at - back + 2)) &&
      CONTINUATION_ONLY.test(text.slice(at - back + 1, at))) return true;
  }
  return false;
}
const CONTINUATION_ONLY = new RegExp(`^[${CONTINUATION}]+$`);
/** What the renderers rewrite as a space (collapseSpace, oneLine). */
const WHITE = /[\s\u200b]/;

function repairRun(run: string, at: number, text: string): string {
  const lead = run.charCodeAt(0);
  const bytes = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  if (run.length < bytes) return run;
  const buf = new Uint8Array(bytes);
  buf[0] = lead;
  for (let i = 1; i < bytes; i++) buf[i] = BYTE_OF.get(run.charCodeAt(i))!;
  let decoded: string;
  try {
    decoded = STRICT_UTF8.decode(buf);
  } catch {
    return run;
  }
  const cp = decoded.codePointAt(0)!;
  // A C1 control decoded from "Â" and that same control (never text of its own) is a layer of
  // text encoded more than once: the next pass decodes it with its neighbours.
  const layer = bytes === 2 && cp >= 0x80 && cp <= 0x9f && run.charCodeAt(1) === cp;
  // Never white space (U+2002 from "â€‚", U+202F from "â€¯"): the text renderers collapse it, so a
  // repaired space made the clean HTML extract to another text than the page (fuzz campaign, issue 25).
  const ok = !WHITE.test(decoded) && (layer || plausibleAlone(cp, bytes) || (bytes === 3 && plausibleInRun(cp) && hasNeighbour(text, at, at + bytes)));
  // The greedy match may run past this sequence into continuation characters of no lead: kept as they are.
  return ok ? decoded + run.slice(bytes) : run;
}

/**
 * `text` with its double-encoded UTF-8 sequences decoded, layer after layer (text encoded three
 * times comes out whole, so a repaired text needs no repair again: extraction is idempotent); the
 * same string when it has none. Each layer at least doubles the bytes of what it encodes, so a
 * text holds few of them; the bound is only a guard.
 */
export function repairMojibake(text: string): string {
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const repaired = text.replace(CANDIDATE, repairRun);
    if (repaired === text) break;
    text = repaired;
  }
  return text;
}
const MAX_LAYERS = 8;
