/**
 * Exact duplicates: paper 000 §7.2 notes that "the exact copies can be easily detected without
 * exception". Two texts are exact duplicates when their normalized forms are equal: NFKC, lower
 * case, ’ as ', and every run of white space as one space, trimmed (so the same topic content
 * re-wrapped or re-indented by another template is still an exact copy). The index keys the MD5
 * of the normalized UTF-8 text, a 128-bit checksum whose accidental collisions are negligible.
 * A text with no letter or digit has no signature (see replica-index.ts).
 */
import { normalizeText } from '../../text/terms.js';
import { md5Hex } from './md5.js';
import { DigestIndex, type ReplicaIndexOptions } from './replica-index.js';

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/** The normalized form that exact duplicates share. */
export function normalizeForExact(text: string): string {
  return normalizeText(text).replace(/\s+/gu, ' ').trim();
}

/** The exact-duplicate key of a text (32 hex digits), or null for a text with no letter or digit. */
export function exactKey(text: string): string | null {
  const n = normalizeForExact(text);
  return HAS_WORD_CHAR.test(n) ? md5Hex(n) : null;
}

export class ExactIndex extends DigestIndex {
  readonly method = 'exact' as const;

  constructor(options: ReplicaIndexOptions = {}) { super(options); }

  protected signature(text: string): string | null { return exactKey(text); }
}
