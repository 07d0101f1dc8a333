/**
 * Exact duplicates: paper 000 §7.2 notes that "the exact copies can be easily detected without
 * exception". Two texts are exact duplicates when their normalized forms are equal: NFKC, lower
 * case, ’ as ', and every run of white space as one space, trimmed (so the same topic content
 * re-wrapped or re-indented by another template is still an exact copy). The index keys the MD5
 * of the normalized UTF-8 text, a 128-bit checksum whose accidental collisions are negligible.
 * A text with no letter or digit has no signature (see replica-index.ts).
 */
import { normalizeText } from '../../text/terms.js';
import { hexDigest, Md5, md5Hex } from './md5.js';
import { DigestIndex, type ReplicaIndexOptions } from './replica-index.js';

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/** The normalized form that exact duplicates share. */
export function normalizeForExact(text: string): string {
  return normalizeText(text).replace(/\s+/gu, ' ').trim();
}

/** Characters normalized and hashed at once by exactKey: a long text is read in pieces of about this size. */
const EXACT_PIECE = 1 << 16;

/**
 * The exact-duplicate key of a text (32 hex digits), or null for a text with no letter or digit.
 * A text longer than `piece` is normalized and hashed piece by piece, cut only where white space
 * follows a character that is not (so no run of spaces, NFKC composition or final sigma spans a
 * cut): the same key as the whole text's, without the whole normalized copy and its UTF-8 bytes
 * in memory at once (a 44-million-character content took 500 MB more).
 */
export function exactKey(text: string, piece = EXACT_PIECE): string | null {
  if (text.length <= piece) {
    const n = normalizeForExact(text);
    return HAS_WORD_CHAR.test(n) ? md5Hex(n) : null;
  }
  const md5 = new Md5();
  let started = false, pendingSpace = false, words = false;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + piece);
    while (end < text.length && !(/\s/u.test(text[end]) && !/\s/u.test(text[end - 1]))) end++;
    let n = normalizeText(text.slice(start, end)).replace(/\s+/gu, ' ');
    start = end;
    // Runs of white space across a cut are one space, and the text is trimmed at both ends.
    if (n.startsWith(' ') && (pendingSpace || !started)) n = n.slice(1);
    if (!n) continue;
    if (pendingSpace) { md5.update(' '); pendingSpace = false; }
    if (n.endsWith(' ')) { n = n.slice(0, -1); pendingSpace = true; }
    if (!n) continue;
    md5.update(n);
    started = true;
    words ||= HAS_WORD_CHAR.test(n);
  }
  return words ? hexDigest(md5.digest()) : null;
}

export class ExactIndex extends DigestIndex {
  readonly method = 'exact' as const;

  constructor(options: ReplicaIndexOptions = {}) { super(options); }

  protected signature(text: string): string | null { return exactKey(text); }
}
