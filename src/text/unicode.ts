/**
 * Unicode normalization of the outputs: canonical composition (NFC). A page may write "ü" as one
 * code point or as "u" followed by a combining diaeresis (text pasted from macOS file names, some
 * CMSs and PDF converters write the decomposed form). Both render alike, but a search, a
 * deduplicator or a string comparison sees two different words. The W3C Character Model
 * (https://www.w3.org/TR/charmod-norm/) recommends NFC for text on the web, and NFC changes no
 * character's meaning: unlike NFKC it keeps ligatures, full-width forms and superscripts.
 */

const NON_ASCII = /[^\x00-\x7f]/;

/** `s` in NFC; ASCII text is its own NFC and is returned as is without a scan by ICU. */
export function toNfc(s: string): string {
  return NON_ASCII.test(s) ? s.normalize('NFC') : s;
}
