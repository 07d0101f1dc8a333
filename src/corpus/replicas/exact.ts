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
import { SignatureIndex, type BucketKey, type ReplicaIndexOptions } from './replica-index.js';

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

export class ExactIndex extends SignatureIndex<string> {
  readonly method = 'exact' as const;
  private readonly byKey = new Map<string, number[]>();
  private readonly keys: string[] = [];

  constructor(options: ReplicaIndexOptions = {}) { super(options); }

  protected signature(text: string): string | null { return exactKey(text); }
  protected candidates(sig: string, visit: (doc: number) => void): void {
    const docs = this.byKey.get(sig);
    if (docs) for (const d of docs) visit(d);
  }
  protected compare(a: string, b: string): number { return a === b ? 1 : -1; }
  bucketKeys(sig: string): BucketKey[] { return [sig]; }
  encode(sig: string): Uint8Array { return Buffer.from(sig, 'latin1'); }
  decode(bytes: Uint8Array): string { return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'); }
  protected insert(sig: string, doc: number): void {
    this.keys[doc] = sig;
    const docs = this.byKey.get(sig);
    if (docs) docs.push(doc); else this.byKey.set(sig, [doc]);
  }
  protected stored(doc: number): string { return this.keys[doc]; }
}
